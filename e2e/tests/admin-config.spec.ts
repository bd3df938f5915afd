import type { APIRequestContext, Page } from '@playwright/test';
import { brightSmile, expect, expectNotification, seriousViolations, test } from './admin-fixtures';

/*
 * Configuration changes made in the admin screens, each checked where patients see it: the booking
 * landing and find-appointment pages, and the public scheduler API they use.
 */

const SCOPE = 'clientName=brightsmile&scheduler=main';
/** Spec section 9, thankYouScreen 1. */
const DEFAULT_THANK_YOU =
  'Your appointment has been scheduled! If you need to reschedule, please contact us at least 48 hours in advance.';

interface PublicConfig {
  rulesConfig: { settings: { group: string; order: number; value: string }[] }[];
}

async function publicSettings(request: APIRequestContext) {
  const response = await request.get(`/api/scheduler/getConfig?${SCOPE}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as PublicConfig).rulesConfig[0]?.settings ?? [];
}

/** Opens the booking landing at `location`, as a new patient choosing `service`. */
async function chooseOnLanding(page: Page, location: string, service: string) {
  await page.goto(`/brightsmile/main/${location}/landing`);
  await expect(page.getByRole('heading', { level: 1, name: 'Book an appointment' })).toBeVisible();
  await page.getByRole('radio', { name: "No, I'm a new patient" }).check();
  await page.getByRole('radio', { name: new RegExp(`^${service}`) }).check();
}

test.describe('configuration takes effect in the booking flow', () => {
  test.describe.configure({ timeout: 120_000 });

  test('scheduler settings: the thank-you message and grouping slots by provider', async ({
    pageAs,
    signedIn,
    page,
  }) => {
    const { base } = await brightSmile(signedIn, 'admin');
    const admin = await pageAs('admin');
    await admin.goto(`${base}/managescheduler`);
    for (const group of ['Landing page', 'Appointment', 'Insurance', 'Thank-you screen', 'Patient intake']) {
      await expect(admin.getByRole('heading', { level: 2, name: group })).toBeVisible();
    }
    // Defaults are shown with each setting.
    await expect(admin.getByText(/Default: No\./).first()).toBeVisible();

    // Inline validation from the domain's rules.
    await admin.getByLabel('Lead window (how far out)').fill('999');
    await admin.getByRole('button', { name: 'Save settings' }).click();
    await expect(admin.getByText('Enter a whole number from 0 to 365')).toBeVisible();
    await admin.getByLabel('Lead window (how far out)').fill('15');

    const message = `Thank you for booking with BrightSmile (${Date.now()}).`;
    await admin.getByLabel('Primary message', { exact: true }).fill(message);
    await admin.getByRole('switch', { name: 'Group slots by provider' }).check();
    await admin.getByRole('button', { name: 'Save settings' }).click();
    await expectNotification(admin, 'Scheduler settings saved');

    await admin.reload();
    await expect(admin.getByLabel('Primary message', { exact: true })).toHaveValue(message);
    await expect(admin.getByRole('switch', { name: 'Group slots by provider' })).toBeChecked();

    // What the booking flow reads.
    const settings = await publicSettings(page.request);
    expect(settings).toContainEqual({ group: 'thankYouScreen', order: 1, value: message });
    expect(settings).toContainEqual({ group: 'appointment', order: 17, value: 'Yes' });

    // Find-appointment now lists times under each provider.
    await chooseOnLanding(page, 'midtown-manhattan', 'New Patient Exam & Cleaning');
    await page.getByRole('button', { name: 'Find a time' }).click();
    await expect(page).toHaveURL(/\/findappointment/);
    await expect(page.getByRole('article', { name: /Emily Carter/ })).toBeVisible();

    // Back to one merged list of times.
    await admin.getByRole('switch', { name: 'Group slots by provider' }).uncheck();
    await admin.getByRole('button', { name: 'Save settings' }).click();
    await expectNotification(admin, 'Scheduler settings saved');
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: /^Times/ })).toBeVisible();
    await expect(page.getByRole('article', { name: /Emily Carter/ })).toHaveCount(0);

    // Put the spec's default message back for the other specs' bookings.
    await admin.getByLabel('Primary message', { exact: true }).fill(DEFAULT_THANK_YOU);
    await admin.getByRole('button', { name: 'Save settings' }).click();
    await expectNotification(admin, 'Scheduler settings saved');
    expect(await publicSettings(page.request)).toContainEqual({
      group: 'thankYouScreen',
      order: 1,
      value: DEFAULT_THANK_YOU,
    });
  });

  test("a provider's working hours", async ({ pageAs, signedIn, page }) => {
    const { base } = await brightSmile(signedIn, 'admin');
    const admin = await pageAs('admin');
    await admin.goto(`${base}/providercontrol`);
    await admin.getByLabel('Search providers by name').fill('Raman');
    await expect(admin.getByRole('table', { name: 'Providers' }).getByRole('row')).toHaveCount(2);
    await admin.getByRole('link', { name: 'Edit Dr. Priya Raman' }).click();
    await expect(admin).toHaveURL(/providercontroleditprovider\?providerId=\d+$/);
    const providerId = new URL(admin.url()).searchParams.get('providerId');
    await expect(admin.getByRole('heading', { level: 1, name: /Edit Dr\. Priya Raman/ })).toBeVisible();

    // Dr. Raman does not work on Wednesdays: give her an early Wednesday hour.
    const wednesday = admin.getByRole('group', { name: 'Wednesday' });
    await expect(wednesday).toContainText('Not working');
    await admin.getByRole('button', { name: 'Add hours on Wednesday' }).click();
    await wednesday.getByLabel('Start').fill('06:00');
    await wednesday.getByLabel('End').fill('07:00');
    await admin.getByRole('button', { name: 'Save working hours' }).click();
    await expectNotification(admin, 'Working hours saved');

    // The public slot search offers her Wednesday 06:00 at Midtown Manhattan.
    const services = (await (await page.request.get(`/api/scheduler/getServiceType?${SCOPE}`)).json()) as {
      serviceTypes: { appointmentTypeId: string; name: string }[];
    };
    const emergency = services.serviceTypes.find((service) => service.name === 'Emergency Dental Visit');
    const locations = (await (await page.request.get(`/api/scheduler/getLocation?${SCOPE}`)).json()) as {
      locations: { id: string; slug: string }[];
    };
    const midtown = locations.locations.find((location) => location.slug === 'midtown-manhattan');
    const search = await page.request.get(
      `/api/scheduler/getProviders?${SCOPE}&appointmentTypeId=${emergency?.appointmentTypeId}&locationId=${midtown?.id}&providerId=${providerId}`,
    );
    expect(search.status()).toBe(200);
    const result = (await search.json()) as {
      providers: { slots: { dateLocal: string; timeLocal: string }[] }[];
    };
    const earlyWednesdays = (result.providers[0]?.slots ?? []).filter(
      (slot) => slot.timeLocal === '06:00' && new Date(`${slot.dateLocal}T12:00:00Z`).getUTCDay() === 3,
    );
    expect(earlyWednesdays.length).toBeGreaterThan(0);

    // And the find-appointment page shows that 6 AM time on that Wednesday.
    const wednesdayDate = new Date(`${earlyWednesdays[0]?.dateLocal ?? ''}T00:00:00Z`);
    // The month calendar names its days in full: 'Wednesday, November 11, 2026, times available'.
    const fullDay = new Intl.DateTimeFormat('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(wednesdayDate);
    await chooseOnLanding(page, 'midtown-manhattan', 'Emergency Dental Visit');
    await page.getByRole('button', { name: 'Find a time' }).click();
    const calendar = page.locator('.month-calendar');
    const day = calendar.locator(`button[aria-label^="${fullDay}"]`);
    await expect(calendar.locator('button[aria-label$=", times available"]').first()).toBeVisible();
    if ((await day.count()) === 0)
      await calendar.getByRole('button', { name: 'Go to the Next Month' }).click();
    await day.click();
    // Midtown Manhattan is in New York: the time names its zone.
    await expect(page.getByRole('button', { name: /^6:00 AM ET\b.*Priya Raman/ })).toBeVisible();

    // A stale edit: someone else saved the provider since this page read it.
    const other = await pageAs('owner');
    await other.goto(admin.url().replace(/\/admin\/[^/]+\/[^/]+\//, `${base}/`));
    await other.getByLabel('Specialty').fill('Pediatric Dentistry');
    await other.getByRole('button', { name: 'Save details' }).click();
    await expectNotification(other, 'Provider details saved');

    await admin.getByRole('button', { name: 'Remove Wednesday hours 06:00 to 07:00' }).click();
    await admin.getByRole('button', { name: 'Save working hours' }).click();
    await expect(
      admin.getByText('This record was changed by someone else. Reload to see the latest version.'),
    ).toBeVisible();
    // Reloading shows the other person's change and keeps this page's unsaved hours, which now save.
    await admin.getByRole('button', { name: 'Reload' }).click();
    await expect(admin.getByLabel('Specialty')).toHaveValue('Pediatric Dentistry');
    await expect(admin.getByRole('group', { name: 'Wednesday' })).toContainText('Not working');
    await admin.getByRole('button', { name: 'Save working hours' }).click();
    await expectNotification(admin, 'Working hours saved');
    await expect(admin.getByRole('group', { name: 'Wednesday' })).toContainText('Not working');
  });

  test('a service flag: call to schedule', async ({ pageAs, signedIn, page }) => {
    const { base } = await brightSmile(signedIn, 'admin');
    const admin = await pageAs('admin');
    await admin.goto(`${base}/configservices`);
    const table = admin.getByRole('table', { name: 'Services' });
    await expect(table).toContainText('Teeth Whitening Consultation');

    await chooseOnLanding(page, 'all', 'Teeth Whitening Consultation');
    await expect(page.getByText(/The selected service is not available for online scheduling/)).toHaveCount(
      0,
    );

    await admin.getByRole('button', { name: 'Edit Teeth Whitening Consultation' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Edit Teeth Whitening Consultation' });
    await dialog.getByLabel('Duration (minutes)').fill('2');
    await dialog.getByRole('button', { name: 'Save service' }).click();
    await expect(dialog.getByText('Use at least 5 minutes')).toBeVisible();
    await dialog.getByLabel('Duration (minutes)').fill('30');
    await dialog.getByRole('switch', { name: 'Call to schedule' }).check();
    await dialog.getByRole('button', { name: 'Save service' }).click();
    await expectNotification(admin, 'Teeth Whitening Consultation saved');
    await expect(table.getByRole('row', { name: /Teeth Whitening Consultation/ })).toContainText('Yes');

    await chooseOnLanding(page, 'all', 'Teeth Whitening Consultation');
    await expect(
      page.getByText(
        'The selected service is not available for online scheduling. Please call our office to schedule your appointment',
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Find a time' })).toBeDisabled();

    // Put it back.
    await admin.getByRole('button', { name: 'Edit Teeth Whitening Consultation' }).click();
    await admin.getByRole('dialog').getByRole('switch', { name: 'Call to schedule' }).uncheck();
    await admin.getByRole('dialog').getByRole('button', { name: 'Save service' }).click();
    await expectNotification(admin, 'Teeth Whitening Consultation saved');
  });

  test("a location's online switch", async ({ pageAs, signedIn, page }) => {
    const { base } = await brightSmile(signedIn, 'admin');
    const admin = await pageAs('admin');
    await admin.goto(`${base}/locationconfig`);
    const online = admin.getByRole('switch', { name: 'Online booking at BrightSmile Cherry Creek' });
    await expect(online).toBeChecked();

    await chooseOnLanding(page, 'denver-cherry-creek', 'Emergency Dental Visit');
    await expect(page.getByRole('button', { name: 'Find a time' })).toBeEnabled();

    await online.uncheck();
    await expectNotification(admin, 'Online booking off at BrightSmile Cherry Creek');
    await expect(online).not.toBeChecked();

    await chooseOnLanding(page, 'denver-cherry-creek', 'Emergency Dental Visit');
    await expect(
      page.getByText(
        'The selected location is not available for online scheduling. Please call our office to schedule your appointment.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Find a time' })).toBeDisabled();

    await online.check();
    await expectNotification(admin, 'Online booking on at BrightSmile Cherry Creek');
  });

  test('an owner invites a person (never a password), changes a role and revokes the invitation', async ({
    pageAs,
    signedIn,
  }) => {
    // Accepting the invitation, the new person's own password, removal: accounts.spec.ts.
    const { base } = await brightSmile(signedIn, 'owner');
    const owner = await pageAs('owner');
    await owner.goto(`${base}/users`);
    await expect(owner.getByRole('table', { name: 'Users of the practice' })).toContainText(
      'admin@demo.health',
    );

    const email = `new.viewer.${Date.now()}@demo.health`;
    const form = owner.getByRole('region', { name: 'Invite a person' });
    await form.getByLabel('E-mail').fill('not-an-email');
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await expect(form.getByText('Enter a valid e-mail address')).toBeVisible();
    await form.getByLabel('E-mail').fill(email);
    await form.getByRole('combobox', { name: 'Role' }).click();
    await owner.getByRole('option', { name: 'Viewer' }).click();
    await form.getByRole('button', { name: 'Send invitation' }).click();
    // The run's SMTP sink is configured: the invitation is e-mailed, no link or password is shown.
    await expectNotification(owner, `Invitation sent to ${email}`);
    await expect(owner.getByRole('dialog')).toHaveCount(0);
    await expect(owner.locator('input[type="password"]')).toHaveCount(0);
    await expect(owner.getByRole('table', { name: 'Pending invitations' })).toContainText(email);

    const row = owner
      .getByRole('table', { name: 'Users of the practice' })
      .getByRole('row', { name: /viewer@demo\.health/ });
    await row.getByRole('combobox', { name: /^Role of / }).click();
    await owner.getByRole('option', { name: 'Staff' }).click();
    await expectNotification(owner, /is now Staff$/);
    await row.getByRole('combobox', { name: /^Role of / }).click();
    await owner.getByRole('option', { name: 'Viewer' }).click();
    await expectNotification(owner, /is now Viewer$/);

    await owner.getByRole('button', { name: `Revoke the invitation to ${email}` }).click();
    await expectNotification(owner, `Invitation to ${email} revoked`);
    await expect(owner.getByRole('region', { name: 'Pending invitations' })).not.toContainText(email);
  });
});

test.describe('configuration lists: server-side paging, search, conflicts and insurance types', () => {
  test.describe.configure({ timeout: 120_000 });

  test('insurance plans: search and page through the list the server sorts', async ({ pageAs, signedIn }) => {
    const { base } = await brightSmile(signedIn, 'admin');
    const admin = await pageAs('admin');
    await admin.goto(`${base}/insuranceconfig`);
    const table = admin.getByRole('table', { name: 'Insurance plans' });
    const plansRegion = admin.getByRole('region', { name: 'Insurance plans (scrollable)' });
    const pager = plansRegion.locator('xpath=..').locator('.MuiTablePagination-root');
    await expect(table).toContainText('Aetna Dental PPO');
    await expect(pager).toContainText(/1–10 of \d+/);

    // Page 2 comes from the server: other rows, the first page's are gone.
    await pager.getByRole('button', { name: 'Go to next page' }).click();
    await expect(pager).toContainText(/11–\d+ of \d+/);
    await expect(table).not.toContainText('Aetna Dental PPO');
    await expect(table.locator('tbody tr').first()).toBeVisible();

    // Sorting by plan name, descending.
    await table.getByRole('button', { name: 'Plan' }).click();
    await table.getByRole('button', { name: 'Plan' }).click();
    await expect(table.getByRole('columnheader', { name: 'Plan' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    // A search goes back to page 1 and finds only the matching plans.
    await admin.getByLabel('Search plans or carriers').fill('delta');
    await expect(table.locator('tbody tr')).toHaveCount(3);
    for (const row of await table.locator('tbody tr').all()) await expect(row).toContainText(/Delta/i);
    await expect(pager).toContainText('1–3 of 3');
    await admin.getByLabel('Search plans or carriers').fill('no such plan 123');
    await expect(table).toContainText('No plan matches your search.');
    expect(await seriousViolations(admin)).toEqual([]);
  });

  test('a stale edit of a service shows the conflict message and reloads the latest version', async ({
    pageAs,
    signedIn,
  }) => {
    const { base } = await brightSmile(signedIn, 'admin');
    const admin = await pageAs('admin');
    const owner = await pageAs('owner');
    for (const page of [admin, owner]) {
      await page.goto(`${base}/configservices`);
      await page.getByLabel('Search services').fill('root canal');
      await expect(page.getByRole('table', { name: 'Services' }).locator('tbody tr')).toHaveCount(1);
      await page.getByRole('button', { name: 'Edit Root Canal Therapy' }).click();
      await expect(page.getByRole('dialog', { name: 'Edit Root Canal Therapy' })).toBeVisible();
    }

    // The owner saves first.
    const ownersText = `Saved by the owner at ${Date.now()}.`;
    const ownerDialog = owner.getByRole('dialog', { name: 'Edit Root Canal Therapy' });
    await ownerDialog.getByLabel('Description').fill(ownersText);
    await ownerDialog.getByRole('button', { name: 'Save service' }).click();
    await expectNotification(owner, 'Root Canal Therapy saved');

    // The admin's edit, made on the version read before, is refused and nothing is overwritten.
    const dialog = admin.getByRole('dialog', { name: 'Edit Root Canal Therapy' });
    await dialog.getByLabel('Description').fill('Saved by the admin, who had not seen the change.');
    await dialog.getByRole('button', { name: 'Save service' }).click();
    await expect(
      dialog.getByText('This record was changed by someone else. Reload to see the latest version.'),
    ).toBeVisible();
    expect(await seriousViolations(admin)).toEqual([]);

    // Reload: the dialog shows the owner's text; a save on the latest version goes through.
    await dialog.getByRole('button', { name: 'Reload' }).click();
    const reloaded = admin.getByRole('dialog', { name: 'Edit Root Canal Therapy' });
    await expect(reloaded.getByLabel('Description')).toHaveValue(ownersText);
    await expect(reloaded.getByText(/changed by someone else/)).toHaveCount(0);
    await reloaded.getByLabel('Description').fill(`${ownersText} Checked by the admin.`);
    await reloaded.getByRole('button', { name: 'Save service' }).click();
    await expectNotification(admin, 'Root Canal Therapy saved');
  });

  test('insurance types: add, rename, refuse a duplicate and delete', async ({ pageAs, signedIn }) => {
    const { base } = await brightSmile(signedIn, 'admin');
    const admin = await pageAs('admin');
    await admin.goto(`${base}/insuranceconfig`);
    const types = admin.getByRole('table', { name: 'Insurance types' });
    await expect(types).toContainText('PPO');

    const name = `Vision ${Date.now()}`;
    await admin.getByRole('button', { name: 'Add type' }).click();
    const add = admin.getByRole('dialog', { name: 'Add an insurance type' });
    await add.getByRole('button', { name: 'Add type' }).click();
    await expect(add.getByText('Enter a type name')).toBeVisible();
    expect(await seriousViolations(admin)).toEqual([]);
    await add.getByLabel('Type name').fill(name);
    await add.getByRole('button', { name: 'Add type' }).click();
    await expectNotification(admin, `${name} added`);

    await admin.getByLabel('Search insurance types').fill(name);
    await expect(types.locator('tbody tr')).toHaveCount(1);
    await types.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = admin.getByRole('dialog', { name: `Edit ${name}` });
    await edit.getByLabel('Type name').fill('ppo');
    await edit.getByRole('button', { name: 'Save type' }).click();
    await expect(edit.getByText('Another insurance type already has this name')).toBeVisible();
    await edit.getByLabel('Type name').fill(`${name} Plus`);
    await edit.getByRole('button', { name: 'Save type' }).click();
    await expectNotification(admin, `${name} Plus saved`);

    await admin.getByLabel('Search insurance types').fill(`${name} Plus`);
    await types.getByRole('button', { name: `Delete ${name} Plus` }).click();
    await admin
      .getByRole('dialog', { name: `Delete ${name} Plus?` })
      .getByRole('button', { name: 'Delete type' })
      .click();
    await expectNotification(admin, `${name} Plus deleted`);
    await expect(types).toContainText('No insurance type matches your search.');
  });
});
