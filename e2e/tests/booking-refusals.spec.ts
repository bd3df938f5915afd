import type { Page } from '@playwright/test';
import { expect, test } from './test-clock';
import {
  MESSAGES,
  bookingBody,
  chooseOnLanding,
  continueToFindAppointment,
  expectAccessible,
  fillDetails,
  fillIdentity,
  fillInsurance,
  newPatient,
  openLanding,
  pickSlot,
  plansFor,
  serviceIdOf,
  shownDay,
  slotButtons,
} from './booking-support';

/** Every refusal of spec section 8 the booking flow can reach on the demo, with its exact text. */

async function expectMessageWithPhone(page: Page, message: string, phoneHref: RegExp) {
  const alert = page.getByRole('alert').filter({ hasText: message });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('link')).toHaveAttribute('href', phoneHref);
  return alert;
}

test.describe('refusals on the landing step', () => {
  test('a call-to-schedule service shows the spec message and the office phone', async ({ page }) => {
    await openLanding(page, 'midtown-manhattan');
    await chooseOnLanding(page, { service: /Orthodontic Consultation/ });
    await expectMessageWithPhone(page, MESSAGES.CALL_TO_SCHEDULE, /^tel:\+12125550142$/);
    await expect(page.getByRole('button', { name: 'Find a time' })).toBeDisabled();
    await expectAccessible(page, 'call to schedule');
  });

  test('a service that is not bookable online shows the spec message', async ({ page }) => {
    await openLanding(page, 'santa-monica');
    await chooseOnLanding(page, { service: /Root Canal Therapy/ });
    await expectMessageWithPhone(page, MESSAGES.SERVICE_NOT_ONLINE, /^tel:\+13105550163$/);
    await expect(page.getByRole('button', { name: 'Find a time' })).toBeDisabled();
  });

  test('a location with online scheduling off shows the spec message with its phone', async ({ page }) => {
    await page.goto('/northside/main/evanston/');
    await expect(page.getByRole('heading', { level: 1, name: 'Book an appointment' })).toBeVisible();
    await chooseOnLanding(page, { service: /Annual Physical/ });
    await expect(page.getByRole('radio', { name: /Northside Evanston/ })).toBeChecked();
    await expectMessageWithPhone(page, MESSAGES.LOCATION_OFFLINE, /^tel:\+18475550134$/);
    await expect(page.getByRole('button', { name: 'Find a time' })).toBeDisabled();
    await expectAccessible(page, 'location offline');
  });

  test('existing patients are refused when the scheduler does not let them book online', async ({ page }) => {
    // The demo lets existing patients book; this scheduler's answer says otherwise (appointment 13 'No').
    await page.route('**/api/scheduler/getConfig?*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as {
        rulesConfig: { settings: { group: string; order: number; value: string }[] }[];
      };
      body.rulesConfig[0]!.settings.push({ group: 'appointment', order: 13, value: 'No' });
      await route.fulfill({ response, json: body });
    });
    await openLanding(page, 'chicago-loop');
    await page.getByRole('radio', { name: /existing patient/ }).check();
    await expectMessageWithPhone(page, MESSAGES.EXISTING_PATIENTS_BLOCKED, /^tel:\+12125550142$/);
    await expect(page.getByRole('button', { name: 'Find a time' })).toBeDisabled();
  });
});

test.describe('refusals while finding a time', () => {
  test('a provider without capacity is shown with the spec message and a waitlist form', async ({ page }) => {
    // Dr. Michael Torres (Santa Monica) takes no new patients: no capacity for them.
    await openLanding(page, 'santa-monica');
    await chooseOnLanding(page, { service: /Routine Cleaning|Emergency Dental Visit/ });
    await continueToFindAppointment(page);
    const card = page.getByRole('article').filter({ hasText: 'Michael Torres' });
    await expect(card).toBeVisible();
    await expect(card.getByRole('alert')).toContainText(MESSAGES.PROVIDER_NO_CAPACITY);
    await expect(card.getByRole('link')).toHaveAttribute('href', /^tel:\+13105550163$/);
    await expectAccessible(page, 'no-capacity provider');

    const location = page.getByRole('alert').filter({ hasText: MESSAGES.LOCATION_NO_CAPACITY });
    await expect(location).toContainText('BrightSmile Santa Monica');

    await card.getByRole('button', { name: 'Join the waitlist' }).click();
    const dialog = page.getByRole('dialog', { name: /Join the waitlist for Dr\. Michael Torres/ });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(dialog.getByText('Enter your first name')).toBeVisible();
    await expectAccessible(page, 'waitlist form');
    const patient = newPatient('Wait');
    await dialog.getByLabel('First name').fill(patient.firstName);
    await dialog.getByLabel('Last name').fill(patient.lastName);
    await dialog.getByLabel('Date of birth').fill(patient.dateOfBirth);
    await dialog.getByLabel('Mobile phone').fill(patient.phone);
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(patient.email);
    await dialog.getByRole('checkbox', { name: /text messages/ }).check();
    await dialog.getByRole('checkbox', { name: /e-mails about/ }).check();
    await dialog.getByRole('checkbox', { name: 'Morning' }).check();
    const created = page.waitForResponse((response) =>
      response.url().includes('/api/scheduler/createWaitList'),
    );
    await dialog.getByRole('button', { name: 'Join the waitlist' }).click();
    expect((await created).status()).toBeLessThan(300);
    await expect(dialog).toBeHidden();
    await expect(page.getByText('You are on the waitlist.', { exact: false })).toBeVisible();
  });
});

test.describe('refusals when booking', () => {
  test('an insurance plan out of network with the provider is refused with the spec message', async ({
    page,
  }) => {
    await openLanding(page, 'midtown-manhattan');
    await chooseOnLanding(page, { service: /Emergency Dental Visit/ });
    await continueToFindAppointment(page);
    // Find a time whose provider refuses at least one plan.
    let refusedPlan: { carrier: string; plan: string } | undefined;
    for (let index = 0; index < 8 && !refusedPlan; index += 1) {
      const providerId = await page
        .locator('button[data-start-utc]')
        .nth(index)
        .getAttribute('data-provider-id');
      refusedPlan = (await plansFor(page.request, providerId ?? '')).refused[0];
      if (refusedPlan) await pickSlot(page, index);
    }
    if (!refusedPlan) test.skip(true, 'every provider of the day accepts every plan');
    await fillDetails(page, 'Check-up');
    await fillInsurance(page, refusedPlan!, 'OUT-1');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectMessageWithPhone(page, MESSAGES.INSURANCE_NOT_IN_NETWORK, /^tel:\+12125550142$/);
    await expect(page).toHaveURL(/\/insurance/);
    await expectAccessible(page, 'insurance refused');
  });

  test('a slot taken by someone else meanwhile shows the spec message and the way back', async ({ page }) => {
    const patient = newPatient('Late');
    await openLanding(page, 'midtown-manhattan');
    await chooseOnLanding(page, { service: /Emergency Dental Visit/ });
    await continueToFindAppointment(page);
    const slot = await pickSlot(page, 2);
    await fillDetails(page, 'Lost filling');
    const { accepted } = await plansFor(page.request, slot.providerId);
    await fillInsurance(page, accepted[0]!, 'RACE-1');
    await page.getByRole('button', { name: 'Continue' }).click();
    await fillIdentity(page, patient);

    // Someone else books the same time first.
    const appointmentTypeId = await serviceIdOf(page.request, 'Emergency Dental Visit');
    const other = await page.request.put('/api/scheduler/bookAppointment', {
      data: bookingBody(slot, appointmentTypeId, newPatient('Early')),
    });
    expect(other.status(), await other.text()).toBe(201);

    await page.getByRole('button', { name: 'Book appointment' }).click();
    const alert = page.getByRole('alert').filter({ hasText: MESSAGES.SLOT_TAKEN_START });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(
      `${MESSAGES.SLOT_TAKEN_START} (212) 555-0142 ${MESSAGES.SLOT_TAKEN_END}`,
    );
    await expect(alert.getByRole('link', { name: '(212) 555-0142' })).toHaveAttribute(
      'href',
      'tel:+12125550142',
    );
    await expectAccessible(page, 'slot taken');

    await alert.getByRole('button', { name: 'Choose a new time' }).click();
    await expect(page).toHaveURL(/\/findappointment/);
    // Back on the day the patient had chosen (it had three times or more: two are left).
    await expect(slotButtons(page).first()).toBeVisible();
    expect(await shownDay(page)).toBe(
      new Intl.DateTimeFormat('en-US', {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        timeZone: 'America/New_York',
      }).format(new Date(slot.startUtc)),
    );
    // The taken time is gone; a new one leads through the kept answers.
    await expect(
      page.locator(`button[data-start-utc="${slot.startUtc}"][data-provider-id="${slot.providerId}"]`),
    ).toHaveCount(0);
    const second = await pickSlot(page, 0);
    await expect(page.getByLabel('Reason for visit')).toHaveValue('Lost filling');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByLabel('Member ID')).toHaveValue('RACE-1');
    const plans = await plansFor(page.request, second.providerId);
    if (!plans.accepted.some((plan) => plan.plan === accepted[0]!.plan)) {
      await fillInsurance(page, plans.accepted[0]!, 'RACE-1');
    }
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByLabel('First name')).toHaveValue(patient.firstName);
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(patient.email);
    await page.getByRole('button', { name: 'Book appointment' }).click();
    await expect(page).toHaveURL(/\/thankyou/);
  });

  test('a patient who already has an appointment is refused with the spec message', async ({ page }) => {
    const patient = newPatient('Twice');
    const appointmentTypeId = await serviceIdOf(page.request, 'Emergency Dental Visit');
    await openLanding(page, 'chicago-loop');
    await chooseOnLanding(page, { service: /Emergency Dental Visit/ });
    await continueToFindAppointment(page);
    const first = page.locator('button[data-start-utc]').last();
    const earlier = {
      startUtc: (await first.getAttribute('data-start-utc')) ?? '',
      providerId: (await first.getAttribute('data-provider-id')) ?? '',
      locationId: (await first.getAttribute('data-location-id')) ?? '',
    };
    // The same person booked earlier (through the API, as another tab would).
    const booked = await page.request.put('/api/scheduler/bookAppointment', {
      data: bookingBody(earlier, appointmentTypeId, patient),
    });
    expect(booked.status(), await booked.text()).toBe(201);
    await page.reload();

    const slot = await pickSlot(page, 0);
    await fillDetails(page, 'Second visit');
    const { accepted } = await plansFor(page.request, slot.providerId);
    await fillInsurance(page, accepted[0]!, 'TWICE-1');
    await page.getByRole('button', { name: 'Continue' }).click();
    await fillIdentity(page, patient);
    await page.getByRole('button', { name: 'Book appointment' }).click();
    const alert = page.getByRole('alert').filter({ hasText: MESSAGES.EXISTING_APPOINTMENT_START });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(
      /It looks like you already have an appointment scheduled for [A-Z][a-z]+ \d{1,2}, \d{4} at \d{2}:\d{2} [AP]M\. If you need to make a change to that appointment, please call our office\./,
    );
    await expect(alert.getByRole('link')).toHaveAttribute('href', /^tel:\+1\d{10}$/);
    await expect(page).toHaveURL(/\/identity/);
  });
});
