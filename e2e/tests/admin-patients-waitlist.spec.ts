import { brightSmile, expect, expectNotification, seriousViolations, test } from './admin-fixtures';
import { chooseOption, SCOPE } from './admin-patients-support';

/*
 * The waitlist: staff see who waits for which location, provider and service, and book a waiting
 * patient into a free time.
 */

interface Entry {
  waitlistEntryId: string;
  status: string;
  firstName: string;
  lastName: string;
  location: { locationId: string; name: string } | null;
  provider: { providerId: string; name: string } | null;
  service: { appointmentTypeId: string; name: string } | null;
}

test.describe('waitlist', () => {
  test.describe.configure({ timeout: 120_000 });

  test('staff filter the waitlist and book a waiting patient into a free time', async ({
    pageAs,
    signedIn,
    request,
  }) => {
    const { base, clientId } = await brightSmile(signedIn, 'staff');
    const page = await pageAs('staff');

    // A waiting entry whose provider (or location) has free times for its service.
    const list = await page.request.get(
      `/api/scheduler/getWaitList?clientId=${clientId}&status=waiting&pageSize=100`,
    );
    expect(list.status()).toBe(200);
    const { items } = (await list.json()) as { items: Entry[] };
    let entry: Entry | undefined;
    for (const candidate of items) {
      if (!candidate.location || !candidate.service) continue;
      const provider = candidate.provider ? `&providerId=${candidate.provider.providerId}` : '';
      const slots = await request.get(
        `/api/scheduler/getProviders?${SCOPE}&appointmentTypeId=${candidate.service.appointmentTypeId}` +
          `&locationId=${candidate.location.locationId}${provider}&isExistingPatient=false&days=14`,
      );
      if (slots.status() !== 200) continue;
      const body = (await slots.json()) as { providers: { slots: unknown[] }[] };
      if (body.providers.some((card) => card.slots.length > 0)) {
        entry = candidate;
        break;
      }
    }
    expect(entry, 'a waiting entry with free times').toBeDefined();
    if (!entry?.location || !entry.service) return;

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
    await expect(dialog.getByRole('textbox', { name: /First name/ })).toHaveValue(entry.firstName);

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

    // The patient now has an appointment, booked through the waitlist channel.
    await page.goto(`${base}/patients`);
    await page.getByRole('searchbox', { name: /Search by name, phone/ }).fill(entry.lastName);
    await page.getByRole('link', { name: `${entry.lastName}, ${entry.firstName}` }).click();
    await expect(page.getByRole('table', { name: 'Upcoming appointments' })).toContainText('waitlist');
  });
});
