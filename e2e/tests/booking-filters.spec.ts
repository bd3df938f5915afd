import { expect, test } from './test-clock';
import {
  chooseOnLanding,
  continueToFindAppointment,
  expectAccessible,
  locationIdOf,
  openLanding,
  shownDay,
  slotButtons,
  timesHeading,
} from './booking-support';

/** Find appointment: day navigation, the filters and the location-switch dialog. */

test.describe('find appointment', () => {
  test('filters by provider gender', async ({ page }) => {
    await openLanding(page, 'midtown-manhattan');
    await chooseOnLanding(page, { service: /Emergency Dental Visit/ });
    await continueToFindAppointment(page);
    await expect(slotButtons(page).first()).toBeVisible();
    const before = await slotButtons(page).allTextContents();
    expect(before.some((text) => /Emily Carter|Priya Raman/.test(text))).toBe(true);

    const searched = page.waitForRequest(
      (request) => request.url().includes('getProviders') && request.url().includes('gender=M'),
    );
    await page.getByRole('checkbox', { name: 'Female' }).uncheck();
    await searched;
    await expect(slotButtons(page).filter({ hasText: /Emily Carter|Priya Raman/ })).toHaveCount(0);
    await expect(slotButtons(page).first()).toContainText('Marcus Bennett');
    await page.getByRole('checkbox', { name: 'Male', exact: true }).uncheck();
    await expect(page.getByText('Choose at least one provider gender to see available times.')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Female' }).check();
    await expect(slotButtons(page).first()).toBeVisible();
    await expectAccessible(page, 'filters');
  });

  test('filters by distance from a ZIP code and by insurance', async ({ page }) => {
    const midtown = await locationIdOf(page.request, 'midtown-manhattan');
    await openLanding(page, 'all');
    await chooseOnLanding(page, { service: /Emergency Dental Visit/ });
    await continueToFindAppointment(page);
    await expect(slotButtons(page).first()).toBeVisible();
    const locations = new Set(
      await slotButtons(page).evaluateAll((buttons) =>
        buttons.map((b) => b.getAttribute('data-location-id')),
      ),
    );
    expect(locations.size).toBeGreaterThan(1);

    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/getProviders?')) searches.push(request.url());
    });
    await page.getByLabel('Your ZIP code').fill('10118');
    const slider = page.getByRole('slider');
    await expect(slider).toBeEnabled();
    await slider.focus();
    for (let step = 0; step < 20; step += 1) await page.keyboard.press('ArrowLeft');
    await expect(slider).toHaveAttribute('aria-valuenow', '10');
    await expect.poll(() => searches.at(-1) ?? '').toMatch(/postalCode=10118.*distance=10(&|$)/);
    await expect(page.getByText('Within 10 miles')).toBeVisible();
    await expect
      .poll(
        async () =>
          new Set(
            await slotButtons(page).evaluateAll((buttons) =>
              buttons.map((b) => b.getAttribute('data-location-id')),
            ),
          ),
      )
      .toEqual(new Set([midtown]));

    const withPlan = page.waitForRequest((request) => /getProviders.*insurancePlanId=/.test(request.url()));
    await page.getByLabel('Insurance').selectOption({ label: 'Delta Dental PPO' });
    await withPlan;
    await expect(page.getByRole('heading', { name: /^Times on / })).toBeVisible();

    // Filters survive a reload.
    await page.reload();
    await expect(page.getByLabel('Your ZIP code')).toHaveValue('10118');
    await expect(page.getByLabel('Insurance')).not.toHaveValue('');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByLabel('Your ZIP code')).toHaveValue('');
  });

  test('lists providers with photo, credentials, distance and times when slots are grouped by provider', async ({
    page,
  }) => {
    // The demo groups by time (appointment 17 'No'); this answer is the same search grouped by provider.
    await page.route('**/api/scheduler/getProviders?*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...body, groupBy: 'provider', timeGroups: [] } });
    });
    await openLanding(page, 'midtown-manhattan');
    await chooseOnLanding(page, { service: /Emergency Dental Visit/ });
    await continueToFindAppointment(page);
    await page.getByLabel('Your ZIP code').fill('10118');
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: /Emily Carter, DDS/ }) });
    await expect(card).toBeVisible();
    await expect(card).toContainText(/\d+\.\d miles away/);
    await expect(card.locator('img')).toHaveAttribute('src', /.+/);
    await expect(
      card
        .locator('button[data-start-utc]')
        .first()
        .or(card.getByRole('button', { name: /Next available/ })),
    ).toBeVisible();
    await expectAccessible(page, 'provider cards');
  });

  test('moves between the days of the booking window that have times (month calendar)', async ({ page }) => {
    await openLanding(page, 'midtown-manhattan');
    await chooseOnLanding(page, { service: /Emergency Dental Visit/ });
    await continueToFindAppointment(page);
    await expect(slotButtons(page).first()).toBeVisible();
    const calendar = page.locator('.month-calendar');
    const marked = calendar.locator('button[aria-label*=", times available"]:not([disabled])');
    // The first day with times is chosen; days without times cannot be chosen.
    await expect(marked.first()).toHaveAttribute('aria-label', /, selected$/);
    await expect(calendar.locator('button[aria-label$=", no times"]').first()).toBeDisabled();
    expect(await marked.count()).toBeGreaterThan(1);
    const firstHeading = await timesHeading(page).textContent();
    await marked.nth(1).click();
    await expect(timesHeading(page)).not.toHaveText(firstHeading ?? '');
    const chosen =
      (await calendar.locator('button[aria-label$=", selected"]').getAttribute('aria-label')) ?? '';
    const label = await shownDay(page);
    expect(label).toMatch(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}$/);
    // The calendar's day and the heading name the same day.
    const [weekday = '', monthDay = ''] = chosen.split(', ');
    expect(label).toBe(`${weekday.slice(0, 3)}, ${monthDay.slice(0, 3)} ${monthDay.split(' ')[1]}`);
    for (const button of await slotButtons(page).all())
      await expect(button).toHaveAttribute('aria-label', new RegExp(`, ${label}(,|$)`));
  });

  test('asks before switching to a time at another location', async ({ page }) => {
    const midtown = await locationIdOf(page.request, 'midtown-manhattan');
    await openLanding(page, 'midtown-manhattan');
    await chooseOnLanding(page, { service: /Emergency Dental Visit/ });
    await continueToFindAppointment(page);
    await page.getByLabel('Location').selectOption({ label: 'All locations' });
    const elsewhere = page.locator(`button[data-start-utc]:not([data-location-id="${midtown}"])`).first();
    await expect(elsewhere).toBeVisible();
    await elsewhere.click();

    const dialog = page.getByRole('dialog', { name: /Book at BrightSmile/ });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('not at BrightSmile Midtown Manhattan');
    await expectAccessible(page, 'location switch dialog');
    await dialog.getByRole('button', { name: 'Keep looking' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/findappointment/);

    await elsewhere.click();
    const where = ((await page.getByRole('dialog').getByRole('heading').textContent()) ?? '').replace(
      /^Book at |\?$/g,
      '',
    );
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Switch to / })
      .click();
    await expect(page).toHaveURL(/\/additionaldetails/);
    await expect(page.getByRole('region', { name: 'Your appointment' })).toContainText(where);
  });
});

test.describe('find appointment on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('moves between the days of the booking window that have times (day strip)', async ({ page }) => {
    await openLanding(page, 'midtown-manhattan');
    await chooseOnLanding(page, { service: /Emergency Dental Visit/ });
    await continueToFindAppointment(page);
    const days = page.getByRole('listbox', { name: 'Days with times' });
    await expect(page.getByRole('button', { name: 'Previous day with times' })).toBeDisabled();
    const firstHeading = await timesHeading(page).textContent();
    await page.getByRole('button', { name: 'Next day with times' }).click();
    await expect(timesHeading(page)).not.toHaveText(firstHeading ?? '');
    const selected = days.getByRole('option', { selected: true });
    // 'Wednesday, November 11, 2026' → 'Wed, Nov 11', the heading's and the times' day.
    const [weekday = '', monthDay = ''] = ((await selected.getAttribute('aria-label')) ?? '').split(', ');
    const label = `${weekday.slice(0, 3)}, ${monthDay.slice(0, 3)} ${monthDay.split(' ')[1]}`;
    expect(label).toMatch(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}$/);
    await expect(page.getByRole('heading', { name: `Times on ${label}` })).toBeVisible();
    for (const button of await slotButtons(page).all())
      await expect(button).toHaveAttribute('aria-label', new RegExp(`, ${label}(,|$)`));
    expect(await days.getByRole('option').count()).toBeGreaterThan(1);

    // One tab stop: the chosen day; the arrow keys move and choose.
    await expect(days.locator('[tabindex="0"]')).toHaveCount(1);
    await selected.focus();
    const before = await shownDay(page);
    await page.keyboard.press('ArrowRight');
    await expect(timesHeading(page)).not.toHaveText(`Times on ${before}`);
    await expect(days.getByRole('option', { selected: true })).toBeFocused();
    await expectAccessible(page, 'day strip');
  });
});
