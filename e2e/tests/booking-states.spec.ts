import type { Page } from '@playwright/test';
import { expect, test } from './test-clock';
import {
  chooseOnLanding,
  continueToFindAppointment,
  expectNoViolations,
  openLanding,
  showNextDay,
  shownDay,
  slotButtons,
  timesHeading,
} from './booking-support';

/*
 * Issue 16, false and missing states of the find-a-time step: while a day's times load the page
 * shows placeholders and never "No times" (the search answers are held back by a delayed route);
 * the end of the booking window says how far ahead online booking goes and gives the phone
 * (Northside); an unknown practice or scheduler gets a plain not-found page without the stepper.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1440, height: 900 } };
const DELAY_MS = 2500;

/** Holds back every day search (fromDate) by DELAY_MS while `slow.on` is set. */
async function delaySearches(page: Page) {
  const slow = { on: false, held: 0 };
  await page.route('**/api/scheduler/getProviders?*', async (route) => {
    if (slow.on && new URL(route.request().url()).searchParams.has('fromDate')) {
      slow.held += 1;
      await new Promise((resolve) => setTimeout(resolve, DELAY_MS));
    }
    await route.continue().catch(() => undefined); // a newer search may have cancelled this one
  });
  return slow;
}

/** Records, in the page, whether "No times" is ever shown (even for one frame) from now on. */
async function watchForNoTimes(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { sawNoTimes: string | null };
    w.sawNoTimes = null;
    const check = () => {
      const text = document.querySelector('main')?.textContent ?? '';
      const match = /No times on (this day|[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2})/.exec(text);
      if (match && w.sawNoTimes === null) w.sawNoTimes = match[0];
    };
    new MutationObserver(check).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  return () => page.evaluate(() => (window as unknown as { sawNoTimes: string | null }).sawNoTimes);
}

async function loadingNeverSaysNoTimes(page: Page) {
  const slow = await delaySearches(page);
  await openLanding(page, 'midtown-manhattan');
  await chooseOnLanding(page, { service: /Emergency Dental Visit/ });
  await continueToFindAppointment(page);
  await expect(slotButtons(page).first()).toBeVisible();
  const sawNoTimes = await watchForNoTimes(page);

  slow.on = true;
  const before = await shownDay(page);
  const moved = showNextDay(page);
  // While the next day's times load: placeholders, announced; no "No times", no stale times.
  await expect(page.getByRole('status', { name: 'Loading available times' })).toBeVisible();
  await expect(page.getByText(/No times/)).toHaveCount(0);
  await expect(slotButtons(page)).toHaveCount(0);
  await moved;
  expect(slow.held).toBeGreaterThan(0);
  expect(await shownDay(page)).not.toBe(before);
  await expect(slotButtons(page).first()).toBeVisible();
  expect(await sawNoTimes()).toBeNull();
  await expectNoViolations(page, 'find appointment after a slow day');
}

test.describe('loading a day never says "No times"', () => {
  test.describe('on a phone (day strip)', () => {
    test.use(PHONE);
    test('shows placeholders while the day loads', async ({ page }) => {
      await loadingNeverSaysNoTimes(page);
    });
  });
  test.describe('on a desktop (month calendar)', () => {
    test.use(DESKTOP);
    test('shows placeholders while the day loads', async ({ page }) => {
      await loadingNeverSaysNoTimes(page);
    });
  });
});

test.describe('the end of the booking window on Northside', () => {
  test.use(PHONE);

  test('says how far ahead online booking goes and gives the phone for later dates', async ({ page }) => {
    const window = page.waitForResponse((response) =>
      response.url().includes('/api/scheduler/getProviders?'),
    );
    await openLanding(page, 'lincoln-park', '', 'northside');
    await chooseOnLanding(page, { service: /Sick Visit/ });
    await continueToFindAppointment(page);
    const { window: bookingWindow } = (await (await window).json()) as { window: { latestDate: string } };
    const latest = new Intl.DateTimeFormat('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${bookingWindow.latestDate}T00:00:00Z`));
    await expect(slotButtons(page).first()).toBeVisible();

    // The last day with times: the next-day arrow stops, and the page says why.
    const days = page.getByRole('listbox', { name: 'Days with times' });
    await days.getByRole('option', { selected: true }).focus();
    await page.keyboard.press('End');
    await expect(page.getByRole('button', { name: 'Next day with times' })).toBeDisabled();
    await expect(timesHeading(page)).toBeVisible();
    const note = page.getByText(`Online booking is open through ${latest}.`, { exact: false });
    await expect(note).toBeVisible();
    await expect(note).toContainText('For later dates, call (773) 555-0190.');
    await expect(note.getByRole('link', { name: '(773) 555-0190' })).toHaveAttribute(
      'href',
      'tel:+17735550190',
    );
    await expectNoViolations(page, 'northside end of window');
  });
});

test.describe('an unknown booking page', () => {
  for (const path of ['/nosuchpractice/main/all/landing', '/brightsmile/nosuchscheduler/all/landing']) {
    test(`${path} is a plain not-found page without the stepper`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
      await expect(page.getByRole('navigation', { name: 'Booking steps' })).toHaveCount(0);
      await expect(page.getByText(/Step \d of \d/)).toHaveCount(0);
      await expectNoViolations(page, `not found ${path}`);
    });
  }
});

test.describe('stale answers and kept answers', () => {
  test.use(DESKTOP);

  test('a plan staff deactivated since is dropped from the search, visibly', async ({ page }) => {
    await openLanding(page, 'all');
    await chooseOnLanding(page, { service: /Emergency Dental Visit/, payment: { plan: 'Delta Dental PPO' } });
    await continueToFindAppointment(page);
    await expect(slotButtons(page).first()).toBeVisible();

    // Staff deactivate the plan: the catalogue no longer lists it.
    await page.route('**/api/scheduler/getInsurance?*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { carriers: { plans: { name: string }[] }[] };
      for (const carrier of body.carriers)
        carrier.plans = carrier.plans.filter((plan) => plan.name !== 'Delta Dental PPO');
      await route.fulfill({ response, json: body });
    });
    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/scheduler/getProviders?')) searches.push(request.url());
    });
    await page.reload();
    await expect(
      page.getByText('The insurance plan "Delta Dental PPO" is no longer offered for online booking'),
    ).toBeVisible();
    await expect(slotButtons(page).first()).toBeVisible();
    await expect.poll(() => searches.length).toBeGreaterThan(0);
    expect(new URL(searches.at(-1) ?? '').searchParams.has('insurancePlanId')).toBe(false);
    await expect(page.getByLabel('Insurance')).toHaveValue('');
    await expectNoViolations(page, 'stale plan notice');
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('no longer offered for online booking', { exact: false })).toHaveCount(0);
  });

  test('"Next available" never points to a day before the one shown', async ({ page }) => {
    // The demo groups by time (appointment 17 'No'); this answer is the same search grouped by provider.
    await page.route('**/api/scheduler/getProviders?*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...body, groupBy: 'provider', timeGroups: [] } });
    });
    await openLanding(page, 'all');
    await chooseOnLanding(page, { service: /Emergency Dental Visit/ });
    await continueToFindAppointment(page);
    await expect(page.getByRole('article').first()).toBeVisible();
    const year = Number(new Intl.DateTimeFormat('en-US', { year: 'numeric' }).format(Date.now()));
    const dayOf = (label: string) => Date.parse(`${label.replace(/^[A-Z][a-z]{2}, /, '')}, ${year}`);
    for (let move = 0; move < 4; move += 1) {
      const shown = dayOf(await shownDay(page));
      for (const text of await page.getByRole('button', { name: /^Next available: / }).allTextContents()) {
        const next = /^Next available: ([A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2})/.exec(text)?.[1] ?? '';
        expect(dayOf(next), `${text} while ${await shownDay(page)} is shown`).toBeGreaterThan(shown);
      }
      if (!(await showNextDay(page))) break;
    }
  });

  test('the reason for the visit survives a reload', async ({ page }) => {
    await openLanding(page, 'midtown-manhattan');
    await chooseOnLanding(page, { service: /Emergency Dental Visit/ });
    await continueToFindAppointment(page);
    await slotButtons(page).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Additional details' })).toBeVisible();
    await page.getByLabel('Reason for visit').fill('A loose crown on the left');
    await page.waitForTimeout(1500); // the encrypted state is written asynchronously
    await page.reload();
    await expect(page.getByLabel('Reason for visit')).toHaveValue('A loose crown on the left');
  });
});
