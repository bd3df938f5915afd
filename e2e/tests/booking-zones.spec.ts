import { expect, test } from './test-clock';
import {
  bookingAnswerOf,
  chooseOnLanding,
  continueToFindAppointment,
  expectThankYou,
  fillDetails,
  fillIdentity,
  locationIdOf,
  locationsOf,
  newPatient,
  openLanding,
  pickSlot,
  slotButtons,
  zonedLabel,
} from './booking-support';

/*
 * Issue 16, time zones: the browser runs in Los Angeles and books a time at the Chicago location.
 * Every time on the way names the location's zone ("8:00 AM CT") with the patient's own time
 * beside it ("6:00 AM your time"): the times, the summary card, the thank-you page and the .ics
 * (TZID=America/Chicago). "Any location" lists its times by location, each group labelled with
 * the location's name and zone, in local time order, nearest first with a ZIP code.
 */

const VIEWER = 'America/Los_Angeles';
const CHICAGO = 'America/Chicago';

test.describe('a patient in Los Angeles', () => {
  test.use({ viewport: { width: 1440, height: 900 }, timezoneId: VIEWER });

  test('books a Chicago time end to end, every time named in CT with their own time beside it', async ({
    page,
  }) => {
    const chicago = await locationIdOf(page.request, 'chicago-loop');
    await openLanding(page, 'chicago-loop');
    await chooseOnLanding(page, { service: /Emergency Dental Visit/, payment: 'none' });
    await continueToFindAppointment(page);

    // The times: '8:00 AM CT' and '6:00 AM your time' on every button of the day.
    await expect(slotButtons(page).first()).toBeVisible();
    const buttons = await slotButtons(page).all();
    expect(buttons.length).toBeGreaterThan(0);
    for (const button of buttons.slice(0, 6)) {
      expect(await button.getAttribute('data-location-id')).toBe(chicago);
      const label = zonedLabel((await button.getAttribute('data-start-utc')) ?? '', CHICAGO, VIEWER);
      expect(label.zone).toBe('CT');
      expect(label.yourTime).toMatch(/your time$/);
      await expect(button).toContainText(label.full);
      await expect(button).toContainText(label.yourTime ?? '');
      await expect(button).toHaveAttribute(
        'aria-label',
        new RegExp(`^${label.full} with .+ at BrightSmile Chicago Loop, `),
      );
    }

    const slot = await pickSlot(page, 0);
    const label = zonedLabel(slot.startUtc, CHICAGO, VIEWER);
    await expect(page).toHaveURL(/\/additionaldetails/);
    const summary = page.getByRole('region', { name: 'Your appointment' });
    await expect(summary).toContainText(`at ${label.full}`);
    await expect(summary).toContainText(label.yourTime ?? '');
    await fillDetails(page, 'A chipped tooth');
    await expect(page.getByRole('radio', { name: "I don't have insurance" })).toBeChecked();
    await expect(summary).toContainText(label.full);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/identity/);
    await expect(page.getByRole('region', { name: 'Your appointment' })).toContainText(label.full);
    await fillIdentity(page, newPatient('Zone'));
    const booking = await bookingAnswerOf(page, () =>
      page.getByRole('button', { name: 'Book appointment' }).click(),
    );
    expect(booking.timeZone).toBe(CHICAGO);
    expect(booking.startUtc).toBe(new Date(slot.startUtc).toISOString());
    await expectThankYou(page, booking, VIEWER);
    await expect(page.locator('dl')).toContainText(`${label.time} CT`);

    // Add to calendar: the Chicago wall-clock time with its zone, not a floating or UTC time.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Add to calendar' }).click();
    const chunks: Buffer[] = [];
    for await (const chunk of await (await download).createReadStream()) chunks.push(chunk as Buffer);
    const ics = Buffer.concat(chunks)
      .toString('utf8')
      .replace(/\r\n[ \t]/g, '');
    const local = new Intl.DateTimeFormat('sv-SE', {
      timeZone: CHICAGO,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .format(new Date(slot.startUtc))
      .replace(/[-:]/g, '')
      .replace(' ', 'T');
    expect(ics).toContain(`DTSTART;TZID=${CHICAGO}:${local}`);
    expect(ics).toContain('BEGIN:VTIMEZONE');
    expect(ics).toContain(`TZID:${CHICAGO}`);
  });

  test('"Any location" groups the times by location, each labelled with its zone, in local time order', async ({
    page,
  }) => {
    const zoneOf = new Map((await locationsOf(page.request)).map((place) => [place.id, place.timeZone]));
    await openLanding(page, 'all');
    await chooseOnLanding(page, { service: /Emergency Dental Visit/ });
    await continueToFindAppointment(page);
    await expect(slotButtons(page).first()).toBeVisible();

    const groups = page.locator('section.time-part--location');
    await expect(groups.first()).toBeVisible();
    const count = await groups.count();
    expect(count).toBeGreaterThan(1);
    const seen = new Set<string>();
    const zones = new Set<string>();
    for (let index = 0; index < count; index += 1) {
      const group = groups.nth(index);
      const heading = ((await group.getByRole('heading', { level: 3 }).textContent()) ?? '').trim();
      expect(heading).toMatch(/^BrightSmile [A-Za-z ]+ · times in (ET|CT|MT|PT)$/);
      const times = await group.locator('button[data-start-utc]').evaluateAll((list) =>
        list.map((button) => ({
          startUtc: button.getAttribute('data-start-utc') ?? '',
          locationId: button.getAttribute('data-location-id') ?? '',
        })),
      );
      expect(times.length).toBeGreaterThan(0);
      // One location per group, never seen in another group: no mixed list.
      const locationIds = new Set(times.map((time) => time.locationId));
      expect(locationIds.size).toBe(1);
      const [locationId = ''] = locationIds;
      expect(seen.has(locationId)).toBe(false);
      seen.add(locationId);
      const zone = zoneOf.get(locationId) ?? '';
      const zoneName = zonedLabel(times[0]?.startUtc ?? '', zone, VIEWER).zone;
      zones.add(zoneName);
      expect(heading.endsWith(`times in ${zoneName}`)).toBe(true);
      // In the location's own time order.
      const starts = times.map((time) => Date.parse(time.startUtc));
      expect([...starts].sort((a, b) => a - b)).toEqual(starts);
      // Each time names the group's zone.
      await expect(group.locator('button[data-start-utc]').first()).toContainText(` ${zoneName}`);
    }
    expect(zones.size).toBeGreaterThan(1);

    // With a ZIP code the nearest location comes first, its distance shown. The distance slider
    // stops at 30 miles, which would leave one location: the search is sent without a limit
    // (distance=0, the API's "no limit"), as for a patient willing to travel.
    await page.route('**/api/scheduler/getProviders?*', async (route) => {
      const url = new URL(route.request().url());
      if (url.searchParams.has('distance')) url.searchParams.set('distance', '0');
      await route.continue({ url: url.toString() });
    });
    await page.getByLabel('Your ZIP code').fill('60603');
    await expect(groups.first().getByRole('heading', { level: 3 })).toContainText(/miles? away/);
    const headings = await groups.getByRole('heading', { level: 3 }).allTextContents();
    const miles = headings.map((text) => Number(/([\d.]+) miles? away/.exec(text)?.[1] ?? Number.NaN));
    expect(miles.every((value) => Number.isFinite(value))).toBe(true);
    expect([...miles].sort((a, b) => a - b)).toEqual(miles);
    expect(headings[0]).toContain('BrightSmile Chicago Loop');
  });
});
