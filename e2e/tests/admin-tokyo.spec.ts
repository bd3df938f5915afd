import type { Browser, BrowserContext, Page } from '@playwright/test';
import { brightSmile, expect, test, type DemoRole, type SignedIn } from './admin-fixtures';
import { bookNewPatient } from './admin-patients-support';
import { installClock } from './test-clock';

/*
 * Issue 19, "Times" and "Legible records": the admin run in a browser in Tokyo shows every time on
 * the location's (or, for a time of no location, the practice's) clock with the zone named — never
 * Tokyo's — and its screens do not scroll sideways at 1280 and 1440 px.
 */

const TOKYO = 'Asia/Tokyo';

/** A signed-in page whose browser is in `timezoneId` at `width` × 900. */
async function openAs(
  browser: Browser,
  signedIn: (role: DemoRole) => Promise<SignedIn>,
  baseURL: string | undefined,
  role: DemoRole,
  options: { timezoneId?: string; width?: number } = {},
): Promise<{ page: Page; context: BrowserContext }> {
  const { state } = await signedIn(role);
  const context = await browser.newContext({
    baseURL,
    storageState: state,
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    viewport: { width: options.width ?? 1440, height: 900 },
  });
  await installClock(context);
  return { page: await context.newPage(), context };
}

/** The generic short name of a zone ('ET', 'CT' …), as people read it beside a time. */
function zoneAbbreviation(timeZone: string, at: Date): string {
  return (
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortGeneric' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone
  );
}

/** 'HH:MM' on the location's clock → '8:00 AM'. */
function twelveHour(timeLocal: string): string {
  const [hours = 0, minutes = 0] = timeLocal.split(':').map(Number);
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** The same instant on Tokyo's clock ('11:00 PM'): what must NOT be shown. */
function tokyoTime(startUtc: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: TOKYO, hour: 'numeric', minute: '2-digit' })
    .format(new Date(startUtc))
    .replace(/[\u202f\u00a0]/g, ' ');
}

interface Filters {
  locations: { locationId: string; timeZone: string }[];
  defaultTimeZone: string;
}

test.describe('the admin in a Tokyo browser', () => {
  test.describe.configure({ timeout: 150_000 });

  test("shows the location's times, zone named, in the patient list, the patient page and the audit log", async ({
    browser,
    signedIn,
    baseURL,
    request,
  }) => {
    const booked = await bookNewPatient(request, { tag: 'Tokyo', channel: 'website' });
    const { base, clientId } = await brightSmile(signedIn, 'staff');
    const { page, context } = await openAs(browser, signedIn, baseURL, 'staff', { timezoneId: TOKYO });
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(TOKYO);

    const filtersResponse = await context.request.get(
      `/api/patient-management/get_filters?clientId=${clientId}`,
    );
    expect(filtersResponse.status()).toBe(200);
    const filters = (await filtersResponse.json()) as Filters;
    const locationZone = filters.locations.find((l) => l.locationId === booked.slot.locationId)?.timeZone;
    if (!locationZone) throw new Error(`location ${booked.slot.locationId} not in get_filters`);
    const start = new Date(booked.slot.startUtc);
    // '10:30 AM ET': the appointment on its location's clock, its zone named.
    const expected = `${twelveHour(booked.slot.timeLocal)} ${zoneAbbreviation(locationZone, start)}`;
    const wrong = tokyoTime(booked.slot.startUtc);
    expect(wrong).not.toBe(twelveHour(booked.slot.timeLocal));
    const practiceZone = zoneAbbreviation(filters.defaultTimeZone, new Date());

    // The patient list: the next appointment on the location's clock.
    await page.goto(`${base}/patients`);
    await page.getByRole('searchbox', { name: /Search by name, phone/ }).fill(booked.patient.lastName);
    const link = page.getByRole('link', { name: `${booked.patient.lastName}, ${booked.patient.firstName}` });
    await expect(link).toBeVisible();
    const row = page.getByRole('row').filter({ has: link });
    await expect(row).toContainText(expected);
    await expect(row).not.toContainText(`${wrong} `);
    await expect(row).not.toContainText('GMT+9');

    // The patient page: the appointment in its location's zone; "Patient since" in the practice's, named.
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Patient details' })).toBeVisible();
    const upcoming = page.getByRole('table', { name: 'Upcoming appointments' });
    await expect(upcoming.getByRole('link', { name: new RegExp(expected) })).toBeVisible();
    const contact = page.getByRole('region', {
      name: `${booked.patient.firstName} ${booked.patient.lastName}`,
    });
    const since = contact
      .locator('dt', { hasText: 'Patient since' })
      .locator('xpath=following-sibling::dd[1]');
    await expect(since).toHaveText(new RegExp(`\\d{1,2}:\\d{2} [AP]M ${practiceZone}$`));
    await expect(page.getByText('GMT+9')).toHaveCount(0);
    await context.close();

    // The audit log (owners): the read of that record as a sentence, its time in the practice's zone.
    const owner = await openAs(browser, signedIn, baseURL, 'owner', { timezoneId: TOKYO });
    const ownerBase = (await brightSmile(signedIn, 'owner')).base;
    await owner.page.goto(`${ownerBase}/auditlog`);
    await owner.page.getByRole('searchbox', { name: /Action/ }).fill('patient.read');
    const log = owner.page.getByRole('table', { name: 'Audit log' });
    const entry = log
      .getByRole('row')
      .filter({
        has: owner.page.getByRole('link', { name: `${booked.patient.firstName} ${booked.patient.lastName}` }),
      })
      .first();
    await expect(entry).toContainText(
      `opened the record of ${booked.patient.firstName} ${booked.patient.lastName}`,
    );
    await expect(entry.locator('time')).toHaveText(new RegExp(`\\d{1,2}:\\d{2} [AP]M ${practiceZone}$`));
    await expect(log).not.toContainText('GMT+9');
    await expect(log).not.toContainText(/user #\d/);
    await owner.context.close();
  });

  for (const width of [1280, 1440]) {
    test(`admin screens do not scroll sideways at ${width} px`, async ({ browser, signedIn, baseURL }) => {
      const { base } = await brightSmile(signedIn, 'owner');
      const { page, context } = await openAs(browser, signedIn, baseURL, 'owner', {
        width,
        timezoneId: TOKYO,
      });
      const overflow = () =>
        page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      const screens: [string, string, string][] = [
        ['locationconfig', 'Locations', 'Locations'],
        ['patients', 'Patients', 'Patients'],
        ['waitlist', 'Waitlist', 'Waitlist'],
        ['auditlog', 'Audit log', 'Audit log'],
        ['reports', 'Reports', 'Appointment report'],
      ];
      for (const [segment, heading, table] of screens) {
        await page.goto(`${base}/${segment}`);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.getByRole('table', { name: table }).getByRole('row').nth(1)).toBeVisible();
        await expect(page.getByText('Loading…').filter({ visible: true })).toHaveCount(0);
        expect(await overflow(), `${heading} at ${width} px`).toBeLessThanOrEqual(0);
        // Inside its card a table with long data may scroll (its first column stays in view); the
        // Locations table, whose Edit column was scrolled out of view, fits whole.
        const region = page.getByRole('region', { name: `${table} (scrollable)` });
        const inner = await region.evaluate((element) => element.scrollWidth - element.clientWidth);
        const firstCell = region.getByRole('row').nth(1).locator('th, td').first();
        console.info(`${heading} at ${width} px: the table scrolls ${inner} px inside its card`);
        if (segment === 'locationconfig')
          expect(inner, `Locations table at ${width} px`).toBeLessThanOrEqual(0);
        else if (inner > 0) {
          const position = await firstCell.evaluate((element) => getComputedStyle(element).position);
          expect(position, `${heading}: first column fixed while the table scrolls`).toBe('sticky');
        }
      }

      // A patient's page (the first patient of the list, opened on an appointment).
      await page.goto(`${base}/patients`);
      await page.getByRole('table', { name: 'Patients' }).getByRole('link').first().click();
      await expect(page.getByRole('heading', { level: 1, name: 'Patient details' })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Upcoming appointments' })).toBeVisible();
      await expect(page.getByText(/Loading/).filter({ visible: true })).toHaveCount(0);
      expect(await overflow(), `Patient details at ${width} px`).toBeLessThanOrEqual(0);
      await context.close();
    });
  }
});
