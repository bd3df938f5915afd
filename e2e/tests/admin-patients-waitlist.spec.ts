import { brightSmile, expect, expectNotification, seriousViolations, test } from './admin-fixtures';
import { chooseOption, SCOPE, shiftDate } from './admin-patients-support';
import { clockNow } from './test-clock';
import { addWaitingEntry, openServerDatabase, uniqueLastName, type Entry } from './waitlist-fixtures';

/*
 * The waitlist: staff see who waits for which location, provider and service, book a waiting
 * patient into a free time or another time beyond the patient booking window (staff booking,
 * POST bookFromWaitList: the entry is marked booked in the same transaction), mark one contacted
 * and remove one after confirming. An entry without a date of birth (the API always takes one, so
 * the spec writes it into the server's SQLite database) is booked with the date staff enter.
 * Each test adds the waiting entry it works on (waitlist-fixtures.ts), for a provider with free times.
 */

test.describe('waitlist', () => {
  test.describe.configure({ timeout: 120_000 });

  test('staff filter the waitlist and book a waiting patient into a free time', async ({
    pageAs,
    signedIn,
  }) => {
    const { base, clientId, ruleId } = await brightSmile(signedIn, 'staff');
    const page = await pageAs('staff');

    // A waiting entry whose provider (or location) has free times for its service.
    const { entry } = await addWaitingEntry(page.request, {
      clientId,
      schedulerId: ruleId,
      firstName: 'Wanda',
      lastName: uniqueLastName('Waiting'),
      dateOfBirth: '1984-09-21',
    });
    if (!entry.location || !entry.service) throw new Error('the entry has no location or service');

    await page.goto(`${base}/waitlist`);
    await expect(page.getByRole('heading', { level: 1, name: 'Waitlist' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Waitlist' })).toBeVisible();
    await expect(page.getByText(/Loading/).filter({ visible: true })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    await chooseOption(page, 'Location', entry.location.name);
    await chooseOption(page, 'Service', entry.service.name);
    if (entry.provider) await chooseOption(page, 'Provider', entry.provider.name);
    await chooseOption(page, 'Status', /^Waiting$/);
    const name = `${entry.firstName} ${entry.lastName}`;
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(/today|day|week|month/);

    await row.getByRole('button', { name: `Book ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Book ${name}` });
    await expect(dialog).toBeVisible();
    // The patient is the entry's: its contact details are shown, not re-typed.
    await expect(dialog).toContainText(entry.lastName);

    // A time is required.
    await dialog.getByRole('switch', { name: /text messages/ }).check();
    await dialog.getByRole('switch', { name: /e-mails/ }).check();
    await dialog.getByRole('button', { name: 'Book appointment' }).click();
    await expect(dialog.getByText('Choose a time')).toBeVisible();

    await dialog.getByRole('radio').first().check();
    await expect(page.getByText(/Looking for free times/)).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Book appointment' }).click();
    await expectNotification(page, new RegExp(`^Booked ${name} with `));
    await expect(dialog).toHaveCount(0);
    // The entry is marked booked: it leaves the waiting list.
    await expect(row).toHaveCount(0);
    const booked = await page.request.get(
      `/api/scheduler/getWaitList?clientId=${clientId}&status=booked&pageSize=100`,
    );
    expect(((await booked.json()) as { items: Entry[] }).items.map((item) => item.waitlistEntryId)).toContain(
      entry.waitlistEntryId,
    );

    // The patient now has an appointment, booked by staff at the front desk.
    await page.goto(`${base}/patients`);
    await page.getByRole('searchbox', { name: /Search by name, phone/ }).fill(entry.lastName);
    await page.getByRole('link', { name: `${entry.lastName}, ${entry.firstName}` }).click();
    await expect(page.getByRole('table', { name: 'Upcoming appointments' })).toContainText(
      'Front desk (booked by staff)',
    );
  });

  test('staff book a waiting patient at another time, beyond the patient booking window', async ({
    pageAs,
    signedIn,
    request,
  }) => {
    const { base, clientId, ruleId } = await brightSmile(signedIn, 'staff');
    const page = await pageAs('staff');

    // A waiting entry for a provider with free times: the same weekday and time four weeks later
    // lies inside the provider's weekly hours but beyond what patients may book online.
    const added = await addWaitingEntry(page.request, {
      clientId,
      schedulerId: ruleId,
      firstName: 'Lorna',
      lastName: uniqueLastName('Later'),
      dateOfBirth: '1971-02-08',
    });
    let found: { entry: Entry; dateLocal: string; timeLocal: string; latestDate: string } | undefined;
    const candidate = added.entry;
    if (candidate.location && candidate.service && candidate.provider) {
      const slots = await request.get(
        `/api/scheduler/getProviders?${SCOPE}&appointmentTypeId=${candidate.service.appointmentTypeId}` +
          `&locationId=${candidate.location.locationId}&providerId=${candidate.provider.providerId}` +
          `&isExistingPatient=false`,
      );
      expect(slots.status()).toBe(200);
      const body = (await slots.json()) as {
        window: { latestDate: string };
        providers: { slots: { dateLocal: string; timeLocal: string }[] }[];
      };
      const slot = body.providers[0]?.slots[0];
      if (slot) found = { entry: candidate, ...slot, latestDate: body.window.latestDate };
    }
    expect(found, 'a waiting entry of a provider with free times').toBeDefined();
    if (!found?.entry.location || !found.entry.service || !found.entry.provider) return;
    const { entry } = found;
    const date = shiftDate(found.dateLocal, 28);
    expect(date > found.latestDate, 'the date is beyond the patient booking window').toBe(true);

    await page.goto(`${base}/waitlist`);
    await expect(page.getByRole('table', { name: 'Waitlist' })).toBeVisible();
    await chooseOption(page, 'Location', entry.location!.name);
    await chooseOption(page, 'Status', /^Waiting$/);
    const name = `${entry.firstName} ${entry.lastName}`;
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `Book ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Book ${name}` });
    await expect(dialog).toBeVisible();
    await expect(page.getByText(/Looking for free times/)).toHaveCount(0);

    const another = dialog.getByRole('group', { name: 'Another time' });
    await another.getByLabel('Date', { exact: true }).fill(date);
    await another.getByLabel('Time', { exact: true }).fill(found.timeLocal);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Book appointment' }).click();
    await expectNotification(page, new RegExp(`^Booked ${name} with ${entry.provider!.name}`));
    await expect(dialog).toHaveCount(0);
    await expect(row).toHaveCount(0);
    const booked = await page.request.get(
      `/api/scheduler/getWaitList?clientId=${clientId}&status=booked&pageSize=100`,
    );
    expect(((await booked.json()) as { items: Entry[] }).items.map((item) => item.waitlistEntryId)).toContain(
      entry.waitlistEntryId,
    );

    await page.goto(`${base}/patients`);
    await page.getByRole('searchbox', { name: /Search by name, phone/ }).fill(entry.lastName);
    await page.getByRole('link', { name: `${entry.lastName}, ${entry.firstName}` }).click();
    const upcoming = page.getByRole('table', { name: 'Upcoming appointments' });
    await expect(upcoming).toContainText('Front desk (booked by staff)');
    await expect(upcoming).toContainText(entry.provider!.name);
  });

  test('staff mark a waiting patient contacted, then remove the entry after confirming', async ({
    pageAs,
    signedIn,
  }) => {
    const { base, clientId, ruleId } = await brightSmile(signedIn, 'staff');
    const page = await pageAs('staff');
    const listOf = async (status: string) => {
      const response = await page.request.get(
        `/api/scheduler/getWaitList?clientId=${clientId}&status=${status}&pageSize=100`,
      );
      expect(response.status()).toBe(200);
      return ((await response.json()) as { items: Entry[] }).items;
    };
    // A new waiting entry, its name unique on the list.
    const { entry } = await addWaitingEntry(page.request, {
      clientId,
      schedulerId: ruleId,
      firstName: 'Colin',
      lastName: uniqueLastName('Contacted'),
      dateOfBirth: '1990-12-30',
    });
    expect((await listOf('waiting')).map((item) => item.waitlistEntryId)).toContain(entry.waitlistEntryId);
    const name = `${entry.firstName} ${entry.lastName}`;

    await page.goto(`${base}/waitlist`);
    await expect(page.getByRole('table', { name: 'Waitlist' })).toBeVisible();
    await chooseOption(page, 'Status', /^Waiting$/);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);

    // Contacted: it leaves the "Waiting" list and shows as contacted among the open entries.
    await row.getByRole('button', { name: `Mark contacted: ${name}` }).click();
    await expectNotification(page, `Marked ${name} as contacted`);
    await expect(row).toHaveCount(0);
    await chooseOption(page, 'Status', 'Waiting or contacted');
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell', { name: 'contacted', exact: true })).toBeVisible();

    // Remove asks first; Cancel keeps the entry.
    await row.getByRole('button', { name: `Remove ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Remove ${name} from the waitlist?` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('The entry is kept with the status removed.');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toHaveCount(1);

    // Confirmed with the keyboard: the entry leaves the list and is kept as removed.
    await row.getByRole('button', { name: `Remove ${name}` }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Remove', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expectNotification(page, `Removed ${name} from the waitlist`);
    await expect(dialog).toHaveCount(0);
    await expect(row).toHaveCount(0);
    expect((await listOf('removed')).map((item) => item.waitlistEntryId)).toContain(entry.waitlistEntryId);
    expect((await listOf('open')).map((item) => item.waitlistEntryId)).not.toContain(entry.waitlistEntryId);

    await chooseOption(page, 'Status', 'Removed');
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('button', { name: `Remove ${name}` })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('staff book a waiting patient whose entry has no date of birth, entering it in the dialog', async ({
    pageAs,
    signedIn,
  }) => {
    const { base, clientId, ruleId } = await brightSmile(signedIn, 'staff');
    const page = await pageAs('staff');

    // An entry with free times, but without a date of birth (taken over the phone).
    const firstName = 'Nadia';
    const lastName = uniqueLastName('Nobirth');
    const name = `${firstName} ${lastName}`;
    await addWaitingEntry(page.request, {
      clientId,
      schedulerId: ruleId,
      firstName,
      lastName,
      dateOfBirth: null,
    });

    await page.goto(`${base}/waitlist`);
    await expect(page.getByRole('table', { name: 'Waitlist' })).toBeVisible();
    await chooseOption(page, 'Status', /^Waiting$/);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `Book ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Book ${name}` });
    await expect(dialog).toBeVisible();
    await expect(page.getByText(/Looking for free times/)).toHaveCount(0);
    await dialog.getByRole('radio').first().check();

    // The date of birth is asked for, and required before anything is sent.
    const dateOfBirth = dialog.getByLabel('Date of birth');
    await expect(dateOfBirth).toBeVisible();
    await expect(dateOfBirth).toHaveAttribute('required', '');
    await dialog.getByRole('button', { name: 'Book appointment' }).click();
    await expect(dialog.getByText("Enter the patient's date of birth")).toBeVisible();
    await expect(dateOfBirth).toBeFocused();
    await expect(dateOfBirth).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousViolations(page)).toEqual([]);

    // A real past date, at most 120 years ago.
    await dateOfBirth.fill(shiftDate(clockNow().toISOString().slice(0, 10), 2));
    await dialog.getByRole('button', { name: 'Book appointment' }).click();
    await expect(dialog.getByText('The date of birth must be in the past')).toBeVisible();
    await dateOfBirth.fill(`${clockNow().getUTCFullYear() - 121}-06-01`);
    await dialog.getByRole('button', { name: 'Book appointment' }).click();
    await expect(dialog.getByText(/more than 120 years ago/)).toBeVisible();

    await dateOfBirth.fill('1979-05-17');
    await expect(dateOfBirth).not.toHaveAttribute('aria-invalid', 'true');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Book appointment' }).click();
    await expectNotification(page, new RegExp(`^Booked ${name} with `));
    await expect(dialog).toHaveCount(0);
    await expect(row).toHaveCount(0);

    // The patient record was created with that date of birth.
    const check = openServerDatabase();
    try {
      const patient = check
        .prepare('select date_of_birth from patients where client_id = ? and last_name = ?')
        .get(Number(clientId), lastName) as { date_of_birth: string } | undefined;
      expect(patient?.date_of_birth).toBe('1979-05-17');
    } finally {
      check.close();
    }
  });

  test('a viewer has no waitlist and cannot remove an entry through the API', async ({
    pageAs,
    signedIn,
  }) => {
    const { clientId } = await brightSmile(signedIn, 'viewer');
    const page = await pageAs('viewer');
    await page.goto('/');
    const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const refused = await page.request.delete(
      `/api/scheduler/deleteWaitList?clientId=${clientId}&waitlistEntryId=1`,
      { headers: { 'x-xsrf-token': xsrf } },
    );
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    // Reports filters are open to the viewer (no patient data), patient reads are not.
    expect(
      (await page.request.get(`/api/patient-management/get_filters?clientId=${clientId}`)).status(),
    ).toBe(200);
    expect(
      (await page.request.get(`/api/patient-management/getPatientList?clientId=${clientId}`)).status(),
    ).toBe(403);
  });
});
