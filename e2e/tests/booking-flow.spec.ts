import type { Page } from '@playwright/test';
import { clockNow, expect, test } from './test-clock';
import {
  chooseOnLanding,
  continueToFindAppointment,
  expectAccessible,
  expectNoSidewaysScroll,
  fillDetails,
  fillIdentity,
  fillInsurance,
  newPatient,
  openLanding,
  locationsOf,
  pickSlot,
  plansFor,
  setDarkMode,
} from './booking-support';

/**
 * The patient booking flow end to end on the seeded demo, on a phone and on a desktop: every
 * step is scanned with axe, the thank-you screen shows the appointment with a map link and an
 * .ics download, and a reload at any step keeps the answers.
 */

async function bookEndToEnd(page: Page, options: { location: string; service: RegExp; phone: boolean }) {
  const request = page.request;
  const patient = newPatient(options.phone ? 'Phone' : 'Desk');

  await openLanding(page, options.location, '?utm_source=newsletter&utm_campaign=spring&rwg_token=rwg-123');
  await expectAccessible(page, 'landing');
  if (options.phone) await expectNoSidewaysScroll(page);
  await chooseOnLanding(page, { service: options.service });
  await continueToFindAppointment(page);
  await expect(page.locator('button[data-start-utc]').first()).toBeVisible();
  await expectAccessible(page, 'find appointment');
  if (options.phone) await expectNoSidewaysScroll(page);

  const slot = await pickSlot(page, 1);
  await expect(page).toHaveURL(/\/additionaldetails/);
  await expectAccessible(page, 'additional details');
  await fillDetails(page, 'A chipped front tooth');
  await expectAccessible(page, 'insurance');

  const { accepted } = await plansFor(request, slot.providerId);
  const plan = accepted[0];
  if (!plan) throw new Error('the provider accepts no plan');
  await fillInsurance(page, plan, 'MEM-2048');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/identity/);
  await expectAccessible(page, 'identity');

  // Inline validation: submitting empty shows a message on every field.
  await page.getByRole('button', { name: 'Book appointment' }).click();
  await expect(page.getByText('Enter your first name')).toBeVisible();
  await expect(page.getByText('Enter your e-mail address')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('First name')).toBeFocused();
  await expectAccessible(page, 'identity with errors');

  await fillIdentity(page, patient);
  if (options.phone) await expectNoSidewaysScroll(page);
  const booked = page.waitForResponse(
    (response) =>
      response.url().includes('/api/scheduler/bookAppointment') && response.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Book appointment' }).click();
  const bookingRequest = (await booked).request().postDataJSON() as Record<string, unknown>;
  expect(bookingRequest.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  expect(bookingRequest.startUtc).toBe(new Date(slot.startUtc).toISOString());
  expect((bookingRequest.patient as { phone: string }).phone).toBe(patient.phone.replace(/[^0-9+()-]/g, ''));

  await expect(page).toHaveURL(/\/thankyou/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Thank you');
  // The spec's primary message; its 48-hour sentence only when the appointment is more than 48 h away.
  const hoursAway = (Date.parse(slot.startUtc) - clockNow().getTime()) / 3_600_000;
  await expect(page.getByText('Your appointment has been scheduled!', { exact: false })).toBeVisible();
  if (hoursAway > 48.1)
    await expect(
      page.getByText(
        'Your appointment has been scheduled! If you need to reschedule, please contact us at least 48 hours in advance.',
      ),
    ).toBeVisible();
  if (hoursAway < 47.9)
    await expect(page.getByText('at least 48 hours in advance', { exact: false })).toHaveCount(0);
  await expect(page.getByText('Call our office if you have any questions.')).toBeVisible();
  const mapLink = page.getByRole('link', { name: /Open in Google Maps/ });
  await expect(mapLink).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
  await expectAccessible(page, 'thank you');
  if (options.phone) await expectNoSidewaysScroll(page);

  // Add to calendar: an .ics built in the browser, with the appointment and nothing about the patient.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Add to calendar' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^appointment-\d{4}-\d{2}-\d{2}\.ics$/);
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const ics = Buffer.concat(chunks).toString('utf8');
  expect(ics).toContain('BEGIN:VEVENT');
  // The start on the location's clock with its zone (TZID), as the e-mails' .ics has it.
  const timeZone =
    (await locationsOf(request)).find((place) => place.id === slot.locationId)?.timeZone ?? 'UTC';
  const localStart = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
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
  expect(ics.replace(/\r\n[ \t]/g, '')).toContain(`DTSTART;TZID=${timeZone}:${localStart}`);
  expect(ics).not.toContain(patient.lastName);
  expect(ics).not.toContain(patient.email);

  // The patient's answers are gone from the stored state; nothing about them is in the URL.
  expect(page.url()).not.toContain(patient.lastName);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Thank you');
  return patient;
}

test.describe('booking on a phone (375×812)', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('books an appointment end to end', async ({ page }) => {
    await bookEndToEnd(page, {
      location: 'midtown-manhattan',
      service: /Emergency Dental Visit/,
      phone: true,
    });
  });
});

test.describe('booking on a desktop', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('books an appointment end to end', async ({ page }) => {
    await bookEndToEnd(page, { location: 'chicago-loop', service: /New Patient Exam/, phone: false });
  });

  test('sends analytics with the campaign of the landing URL and no patient identity', async ({ page }) => {
    const events: Record<string, unknown>[] = [];
    const logs: Record<string, unknown>[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/scheduler/updateUserSession'))
        events.push(request.postDataJSON() as Record<string, unknown>);
      if (request.url().endsWith('/api/track')) logs.push(request.postDataJSON() as Record<string, unknown>);
    });
    await openLanding(
      page,
      'all',
      '?utm_source=newsletter&utm_medium=email&utm_campaign=spring&rwg_token=rwg-9',
    );
    await chooseOnLanding(page, { service: /Emergency Dental Visit/ });
    await continueToFindAppointment(page);
    await pickSlot(page, 0);
    await expect(page).toHaveURL(/\/additionaldetails/);
    await expect
      .poll(() => events.filter((event) => event.pageName === 'additionaldetails').length)
      .toBeGreaterThan(0);

    const landingView = events.find((event) => event.pageName === 'landing' && event.action === 'page_view');
    expect(landingView).toMatchObject({
      pagePath: '/brightsmile/main/all/landing',
      utm_source: 'newsletter',
      utm_campaign: 'spring',
      rwgToken: 'rwg-9',
      channelFilters: 'spring',
      googleSessionDetails: {
        utmSource: 'newsletter',
        utmMedium: 'email',
        utmCampaign: 'spring',
        rwgToken: 'rwg-9',
      },
    });
    expect(landingView).not.toHaveProperty('providerId');
    const select = events.find((event) => event.eventLabel === 'select_time');
    expect(select).toMatchObject({
      action: 'click',
      pageName: 'findappointment',
      clickPageName: 'additionaldetails',
      clickPagePath: '/brightsmile/main/all/additionaldetails',
    });
    expect(select?.providerId).toBeTruthy();
    // The campaign stays for the session on later pages.
    const details = events.find((event) => event.pageName === 'additionaldetails');
    expect(details).toMatchObject({ utm_campaign: 'spring', rwgToken: 'rwg-9' });
    // Every event is followed by a tracking log line in the contract's shape (posted once its
    // updateUserSession has answered; the events of the first seconds go out together, in order).
    await expect.poll(() => logs.length).toBeGreaterThan(0);
    for (const line of logs)
      expect(Object.keys(line).sort()).toEqual([
        'at',
        'clientId',
        'event',
        'pagePath',
        'sessionId',
        'status',
      ]);
  });

  test('a reload at every step keeps the answers, and the stepper goes back without losing them', async ({
    page,
  }) => {
    const patient = newPatient('Reload');
    await openLanding(page, 'midtown-manhattan');
    await chooseOnLanding(page, { service: /Emergency Dental Visit/ });
    await continueToFindAppointment(page);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Find an appointment' })).toBeVisible();
    await expect(page.getByText('Emergency Dental Visit at BrightSmile Midtown Manhattan')).toBeVisible();

    const slot = await pickSlot(page, 0);
    await expect(page).toHaveURL(/\/additionaldetails/);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Additional details' })).toBeVisible();
    await fillDetails(page, 'Sensitive molar');

    const { accepted } = await plansFor(page.request, slot.providerId);
    await fillInsurance(page, accepted[0]!, 'KEEP-77');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/identity/);
    await page.getByLabel('First name').fill(patient.firstName);
    await page.getByLabel('Last name').fill(patient.lastName);
    await page.getByRole('textbox', { name: 'E-mail' }).fill(patient.email);
    await page.waitForTimeout(1500); // the encrypted state is written asynchronously
    await page.reload();
    await expect(page.getByLabel('First name')).toHaveValue(patient.firstName);
    await expect(page.getByLabel('Last name')).toHaveValue(patient.lastName);
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(patient.email);

    // Back through the stepper: every earlier answer is still there.
    const steps = page.getByRole('navigation', { name: 'Booking steps' });
    await steps.getByRole('button', { name: /Details/ }).click();
    await expect(page.getByLabel('Reason for visit')).toHaveValue('Sensitive molar');
    await steps.getByRole('button', { name: /Insurance/ }).click();
    await expect(page.getByLabel('Member ID')).toHaveValue('KEEP-77');
    await expect(page.getByLabel(/^Plan/)).toHaveValue(accepted[0]!.planId);
    await steps.getByRole('button', { name: /Service/ }).click();
    await expect(page.getByRole('radio', { name: /Emergency Dental Visit/ })).toBeChecked();
    await expect(page.getByRole('radio', { name: /BrightSmile Midtown Manhattan/ })).toBeChecked();
    // Forward again to the furthest step reached.
    await steps.getByRole('button', { name: /Your information/ }).click();
    await expect(page.getByLabel('First name')).toHaveValue(patient.firstName);
    // The URL carries nothing about the patient.
    expect(page.url()).not.toContain(patient.lastName);
    expect(page.url()).not.toContain(encodeURIComponent(patient.email));
  });

  test('the dark theme keeps the flow accessible', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('mode', 'dark'));
    await openLanding(page, 'midtown-manhattan');
    // Dark mode sits in the header's menu.
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Escape');
    await chooseOnLanding(page, { service: /Orthodontic Consultation/ });
    await expectAccessible(page, 'dark landing');
    await chooseOnLanding(page, { service: /Emergency Dental Visit/ });
    await continueToFindAppointment(page);
    await expect(page.locator('button[data-start-utc]').first()).toBeVisible();
    await expectAccessible(page, 'dark find appointment');
    await setDarkMode(page, false);
  });

  test('a step cannot be opened before the steps before it are complete', async ({ page }) => {
    await page.goto('/brightsmile/main/all/identity?utm_source=x');
    await expect(page).toHaveURL(/\/brightsmile\/main\/all\/landing\?utm_source=x$/);
    await chooseOnLanding(page, { service: /Emergency Dental Visit/ });
    await continueToFindAppointment(page);
    await page.goto('/brightsmile/main/all/insurance');
    await expect(page).toHaveURL(/\/findappointment$/);
  });

  test('the refusal of an empty landing form is announced next to each question', async ({ page }) => {
    await openLanding(page, 'all');
    await page.getByRole('button', { name: 'Find a time' }).click();
    await expect(page.getByText('Choose whether you are a new or an existing patient')).toBeVisible();
    await expect(page.getByRole('radio', { name: /new patient/ })).toBeFocused();
    await expectAccessible(page, 'landing with errors');
  });
});
