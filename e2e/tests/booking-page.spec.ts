import type { Page } from '@playwright/test';
import { expect, test } from './test-clock';
import {
  bookingAnswerOf,
  choosePayment,
  continueToFindAppointment,
  expectNoSidewaysScroll,
  expectNoViolations,
  expectThankYou,
  fillIdentity,
  locationsOf,
  newPatient,
  openLanding,
  pickSlot,
  setDarkMode,
  slotButtons,
  zonedLabel,
} from './booking-support';

/*
 * Issue 16, the booking page as patients meet it: a new patient WITHOUT insurance books on a phone
 * and on a desktop, on both demo brands, in the light and the dark theme. Every step is scanned
 * with axe (0 violations of any impact), every time shown names its location's zone (and the
 * patient's own time when the browser's zone differs), and the thank-you page shows the
 * confirmation number, the zone and the wording that matches the practice's auto-confirm setting
 * (BrightSmile books, Northside's office confirms later).
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1440, height: 900 } };

interface Walk {
  client: 'brightsmile' | 'northside';
  service: RegExp;
  dark: boolean;
  phone: boolean;
  viewerZone: string;
}

/** Counts what the patient does (a tap, a choice, a field typed into). */
function counter() {
  let actions = 0;
  return {
    get count() {
      return actions;
    },
    async do(action: () => Promise<unknown>) {
      actions += 1;
      await action();
    },
  };
}

async function newPatientWithoutInsurance(page: Page, walk: Walk) {
  const patient = newPatient(walk.phone ? 'Nophone' : 'Nodesk');
  const locations = await locationsOf(page.request, walk.client);
  const zoneOf = new Map(locations.map((location) => [location.id, location.timeZone]));
  const actions = counter();
  const scan = async (what: string) => {
    await expectNoViolations(page, `${walk.client} ${walk.dark ? 'dark' : 'light'} ${what}`);
    if (walk.phone) await expectNoSidewaysScroll(page);
  };

  await openLanding(page, 'all', '', walk.client);
  // The header: the practice's name and phone; dark mode sits in the menu.
  const header = page.getByRole('banner');
  await expect(header).toContainText(
    walk.client === 'northside' ? 'Northside Family Medicine' : 'BrightSmile Dental',
  );
  await expect(header.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:\+1\d{10}$/);
  await setDarkMode(page, walk.dark);
  await expect(page.getByRole('navigation', { name: 'Booking steps' })).toContainText('Step 1 of 6');
  await scan('landing');

  await actions.do(() => page.getByRole('radio', { name: /new patient/ }).check());
  await actions.do(() => page.getByRole('radio', { name: walk.service }).check());
  // "Any location" is the URL's choice already; how the patient pays is asked beside the rest.
  await expect(page.getByRole('radio', { name: /^Any location/ })).toBeChecked();
  await actions.do(() => choosePayment(page, 'none'));
  await scan('landing, answered');
  await actions.do(() => continueToFindAppointment(page));

  await expect(slotButtons(page).first()).toBeVisible();
  // Every time names its location's zone, and the patient's own time when the zone differs.
  const first = slotButtons(page).first();
  const startUtc = (await first.getAttribute('data-start-utc')) ?? '';
  const zone = zoneOf.get((await first.getAttribute('data-location-id')) ?? '') ?? '';
  const label = zonedLabel(startUtc, zone, walk.viewerZone);
  await expect(first).toContainText(label.full);
  if (label.yourTime) await expect(first).toContainText(label.yourTime);
  else await expect(first).not.toContainText('your time');
  // The end of the booking window is said, with the phone for later dates.
  await expect(
    page.getByText(/^Online booking is open through [A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}\./),
  ).toBeVisible();
  // Scanned once the search has settled (no search in flight).
  await expect(page.locator('.find-results')).toHaveAttribute('aria-busy', 'false');
  await scan('find appointment');

  await actions.do(() => pickSlot(page, 0));
  await expect(page).toHaveURL(/\/additionaldetails/);
  await expect(page.getByRole('region', { name: 'Your appointment' })).toContainText(
    /\d{1,2}:\d{2} [AP]M (ET|CT|MT|PT)/,
  );
  await scan('additional details');
  await actions.do(() => page.getByRole('button', { name: 'Continue' }).click());

  await expect(page).toHaveURL(/\/insurance/);
  // The landing's answer is kept: no insurance, and nothing more to fill in.
  await expect(page.getByRole('radio', { name: "I don't have insurance" })).toBeChecked();
  await expect(page.getByLabel('Member ID')).toHaveCount(0);
  await scan('insurance');
  await actions.do(() => page.getByRole('button', { name: 'Continue' }).click());

  await expect(page).toHaveURL(/\/identity/);
  await expect(page.getByRole('checkbox', { name: 'Remember me on this device' })).not.toBeChecked();
  await scan('identity');
  // Five fields typed and two consents ticked: seven actions.
  await fillIdentity(page, patient);
  for (let field = 0; field < 7; field += 1) await actions.do(() => Promise.resolve());
  const booking = await bookingAnswerOf(page, () =>
    actions.do(() => page.getByRole('button', { name: 'Book appointment' }).click()),
  );
  expect(booking.status).toBe(walk.client === 'northside' ? 'pending' : 'booked');

  await expectThankYou(page, booking, walk.viewerZone);
  await expect(page.getByRole('button', { name: 'Add to calendar' })).toBeVisible();
  await scan('thank you');
  test.info().annotations.push({
    type: 'actions',
    description: `a new patient without insurance booked in ${actions.count} actions (${walk.client}, ${walk.phone ? 'phone' : 'desktop'})`,
  });
  console.info(`a new patient without insurance booked in ${actions.count} actions`);
  // Fewer actions than the 18 of the old flow.
  expect(actions.count).toBeLessThan(18);
}

test.describe('a new patient without insurance, on a phone in Los Angeles', () => {
  test.use({ ...PHONE, timezoneId: 'America/Los_Angeles' });

  test('books on BrightSmile (light theme)', async ({ page }) => {
    await newPatientWithoutInsurance(page, {
      client: 'brightsmile',
      service: /Emergency Dental Visit/,
      dark: false,
      phone: true,
      viewerZone: 'America/Los_Angeles',
    });
  });

  test('books on Northside (dark theme), where the office confirms', async ({ page }) => {
    await newPatientWithoutInsurance(page, {
      client: 'northside',
      service: /New Patient Visit/,
      dark: true,
      phone: true,
      viewerZone: 'America/Los_Angeles',
    });
  });
});

test.describe('a new patient without insurance, on a desktop in New York', () => {
  test.use({ ...DESKTOP, timezoneId: 'America/New_York' });

  test('books on BrightSmile (dark theme)', async ({ page }) => {
    await newPatientWithoutInsurance(page, {
      client: 'brightsmile',
      service: /New Patient Exam/,
      dark: true,
      phone: false,
      viewerZone: 'America/New_York',
    });
  });

  test('books on Northside (light theme), where the office confirms', async ({ page }) => {
    await newPatientWithoutInsurance(page, {
      client: 'northside',
      service: /New Patient Visit/,
      dark: false,
      phone: false,
      viewerZone: 'America/New_York',
    });
  });
});
