import type { APIRequestContext, Page } from '@playwright/test';
import { brightSmile, expect, seriousViolations, test } from './admin-fixtures';
import { SERVICE } from './admin-patients-support';
import { serviceIdOf, zonedLabel } from './booking-support';
import { linkIn, waitForMail } from './mail-sink';
import {
  appointmentDetails,
  bookPatient,
  freeSlotBetween,
  icsUidOf,
  isOfferedNow,
  managePost,
  manageView,
  messagesOf,
  pathOf,
  setSchedulerSetting,
  setServiceCutoffs,
  tokenOf,
  type Booking,
  type StaffMessage,
} from './manage-support';

/*
 * Issue 18, "Done when" (manage link): a patient books, opens the manage link from the confirmation
 * e-mail (the run's SMTP sink), reschedules to another day (the old time is free again, new
 * reminders are queued), then cancels inside the cut-off; a second patient past the cut-off is
 * refused with the office phone shown.
 *
 * Bookings go through the public booking API (the booking page has its own specs); everything the
 * patient does after that goes through the manage page. Staff's view is read through their APIs
 * (messages, appointment details).
 */

const INVALID_LINK =
  'This link is not valid or has expired. You can book a new appointment on our booking page or call our office.';

/** 'Friday, November 27, 2026 at 8:00 AM CT', as the manage page writes an instant. */
function whenText(startUtc: string, timeZone: string): string {
  const label = zonedLabel(startUtc, timeZone, timeZone);
  return `${label.longDate} at ${label.full}`;
}

/** The fact rows of the page (Date, Time, Provider, Location, Confirmation number, Moved from). */
function fact(page: Page, term: string) {
  return page.locator('dl.self-service-facts > div').filter({ has: page.locator('dt', { hasText: term }) });
}

async function expectAppointmentShown(page: Page, startUtc: string, timeZone: string, confirmation: string) {
  const label = zonedLabel(startUtc, timeZone, timeZone);
  await expect(fact(page, 'Date').locator('dd')).toHaveText(label.longDate);
  await expect(fact(page, 'Time').locator('dd')).toContainText(label.full);
  await expect(fact(page, 'Confirmation number').locator('dd')).toHaveText(confirmation);
  await expect(fact(page, 'Location').getByRole('link', { name: /Open in Google Maps/ })).toBeVisible();
}

/**
 * The manage page of an appointment past its cut-offs: the appointment is shown, no change is
 * offered, the refusal says why with the office phone as a link; the server refuses too, and the
 * appointment is unchanged.
 */
async function expectRefused(
  page: Page,
  staff: APIRequestContext,
  clientId: string,
  booked: Booking,
  cutoffHours: number,
): Promise<void> {
  const token = tokenOf(booked.manageUrl);
  await page.goto(pathOf(booked.manageUrl));
  await expect(
    page.getByRole('heading', { level: 1, name: `Your appointment, ${booked.patient.firstName}` }),
  ).toBeVisible();
  await expectAppointmentShown(page, booked.startUtc, booked.timeZone, booked.confirmationNumber);
  await expect(page.getByRole('button', { name: 'Cancel appointment' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);
  const actions = page.getByRole('region', { name: 'Change or cancel' });
  const refusal = actions.getByRole('alert').filter({ hasText: 'Online cancellation closes' });
  await expect(refusal).toContainText(
    `Online cancellation closes ${cutoffHours} hours before the appointment. Please call our office`,
  );
  await expect(refusal.locator('a[href^="tel:"]')).toBeVisible();
  await expect(actions.getByRole('alert').filter({ hasText: 'Online rescheduling closes' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The server refuses too (the page is not the only guard), and nothing changes.
  const view = await manageView(page.request, token);
  expect(view.status).toBe(200);
  expect(view.body.cancel).toMatchObject({ allowed: false, reason: 'cutoff-passed', cutoffHours });
  const cancel = await managePost(page.request, token, 'cancel', { reason: 'other' });
  expect(cancel.status).toBe(422);
  expect(cancel.body.error?.code).toBe('MANAGE_NOT_ALLOWED');
  expect(cancel.body.error?.details).toMatchObject({ reason: 'cutoff-passed' });
  const move = await managePost(page.request, token, 'reschedule', {
    startUtc: new Date(Date.parse(booked.startUtc) + 24 * 3_600_000).toISOString(),
  });
  expect(move.status).toBe(422);
  expect(move.body.error?.code).toBe('MANAGE_NOT_ALLOWED');
  const details = await appointmentDetails(staff, clientId, booked.appointmentId);
  expect(details.appointment.status).toBe(booked.status);
  expect(details.selfService.cancelledBy).toBeNull();
}

const remindersFor = (messages: StaffMessage[], startUtc: string) =>
  messages.filter(
    (message) =>
      message.kind === 'reminder' && Date.parse(message.appointmentStartUtc) === Date.parse(startUtc),
  );

test.describe('manage link', () => {
  test('book, open the link from the e-mail, reschedule to another day, then cancel', async ({
    page,
    pageAs,
    signedIn,
  }) => {
    test.setTimeout(180_000);
    const { clientId } = await brightSmile(signedIn, 'admin');
    const staff = (await pageAs('admin')).request;
    const request = page.request;
    const appointmentTypeId = await serviceIdOf(request, SERVICE);

    // Three days ahead or more: inside both cut-offs (24 h), with an e-mail reminder (48 h) to plan.
    const slot = await freeSlotBetween(request, appointmentTypeId, 72, 14 * 24);
    if (!slot) throw new Error(`no free time of ${SERVICE} 3 to 14 days ahead`);
    const booked: Booking = await bookPatient(request, slot, 'Manage');
    const { timeZone, confirmationNumber } = booked;

    // The confirmation e-mail carries the manage link (the booking answer's).
    const confirmation = await waitForMail({ to: booked.patient.email, subject: /is booked/ }, 15_000);
    const link = linkIn(confirmation, '/manage/');
    expect(link).toBe(booked.manageUrl);
    expect(confirmation.text).toContain('To view or change your appointment');
    const uid = icsUidOf(confirmation);

    // Opening the page changes nothing: the appointment, its facts, what the patient may do.
    await page.goto(pathOf(link));
    await expect(
      page.getByRole('heading', { level: 1, name: `Your appointment, ${booked.patient.firstName}` }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: SERVICE })).toBeVisible();
    await expectAppointmentShown(page, booked.startUtc, timeZone, confirmationNumber);
    await expect(page.getByRole('button', { name: 'Reschedule' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel appointment' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    const untouched = await appointmentDetails(staff, clientId, booked.appointmentId);
    expect(untouched.appointment.status).toBe(booked.status);
    expect(untouched.selfService.rescheduleCount).toBe(0);
    // The manage page's address carries the token; the API calls never do.
    const apiCalls: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/api/')) apiCalls.push(sent.url());
    });

    // Reschedule to another (later) day: same service, location and provider.
    await page.getByRole('button', { name: 'Reschedule' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Choose a new time' })).toBeVisible();
    const day = page.getByRole('combobox', { name: 'Day' });
    await expect(day).toBeVisible();
    const days = await day
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    const laterDay = days.find((candidate) => candidate > slot.dateLocal);
    if (!laterDay) throw new Error(`no day with times after ${slot.dateLocal} (days: ${days.join(', ')})`);
    await day.selectOption(laterDay);
    const times = page.getByRole('group', { name: /^Free times on / });
    const firstTime = times.getByRole('radio').first();
    await expect(firstTime).toBeVisible();
    const [newProviderId = '', newStartUtc = ''] = ((await firstTime.getAttribute('value')) ?? '').split('|');
    expect(newProviderId).toBe(slot.providerId);
    expect(Date.parse(newStartUtc)).toBeGreaterThan(Date.parse(booked.startUtc));
    await firstTime.check();
    await expect(page.getByText(`New time: ${whenText(newStartUtc, timeZone)}`)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    const rescheduled = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/scheduler/manage/reschedule') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Confirm new time' }).click();
    expect((await rescheduled).status()).toBe(200);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your appointment has been moved' }),
    ).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: 'Your appointment is now on' })).toContainText(
      `Your appointment is now on ${whenText(newStartUtc, timeZone)}. Your reminders will follow the new time.`,
    );
    await expectAppointmentShown(page, newStartUtc, timeZone, confirmationNumber);
    await expect(fact(page, 'Moved from').locator('dd')).toHaveText(whenText(booked.startUtc, timeZone));

    // The old time is free again; the new one is taken.
    const newSlot = { startUtc: newStartUtc, providerId: slot.providerId, locationId: slot.locationId };
    await expect.poll(() => isOfferedNow(request, appointmentTypeId, slot), { timeout: 20_000 }).toBe(true);
    await expect
      .poll(() => isOfferedNow(request, appointmentTypeId, newSlot), { timeout: 20_000 })
      .toBe(false);

    // Reminders follow the new time: an e-mail reminder queued for it, none left queued for the old one.
    await expect
      .poll(
        async () => {
          const messages = await messagesOf(staff, clientId, booked.appointmentId);
          const queued = (startUtc: string) =>
            remindersFor(messages, startUtc).filter((message) => message.status === 'queued');
          return {
            newEmailQueued: queued(newStartUtc).some((message) => message.channel === 'email'),
            oldQueued: queued(booked.startUtc).length,
          };
        },
        { timeout: 15_000 },
      )
      .toEqual({ newEmailQueued: true, oldQueued: 0 });
    // The patient is told, and the calendar update keeps the event's UID.
    const moved = await waitForMail({ to: booked.patient.email, subject: /has moved to/ }, 15_000);
    expect(moved.text).toContain(confirmationNumber);
    if (uid !== null) expect(icsUidOf(moved)).toBe(uid);
    const facts = await appointmentDetails(staff, clientId, booked.appointmentId);
    expect(facts.selfService.rescheduleCount).toBe(1);
    expect(Date.parse(facts.selfService.rescheduledFromUtc ?? '')).toBe(Date.parse(booked.startUtc));

    // Cancel inside the cut-off: a reason from the list, then the explicit confirmation.
    await page.getByRole('button', { name: 'Cancel appointment' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Cancel this appointment' })).toBeVisible();
    await expect(
      page.getByText('You can cancel online until 24 hours before the appointment.'),
    ).toBeVisible();
    // Nothing is sent without a reason.
    await page.getByRole('button', { name: 'Confirm cancellation' }).click();
    await expect(page.getByText('Choose a reason')).toBeVisible();
    await page.getByRole('radio', { name: 'I have a schedule conflict' }).check();
    expect(await seriousViolations(page)).toEqual([]);
    const cancelled = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/scheduler/manage/cancel') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Confirm cancellation' }).click();
    expect((await cancelled).status()).toBe(200);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your appointment is cancelled' }),
    ).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'is cancelled' })).toContainText(
      `Your appointment on ${whenText(newStartUtc, timeZone)} is cancelled. Confirmation number: ${confirmationNumber}.`,
    );
    await expect(page.getByRole('link', { name: 'Book a new appointment' })).toBeVisible();
    await expect(page.locator('a[href^="tel:"]').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Kept with status cancelled, by the patient, with the reason; the time is free; no reminder goes.
    const after = await appointmentDetails(staff, clientId, booked.appointmentId);
    expect(after.appointment.status).toBe('cancelled');
    expect(after.selfService.cancelledBy).toBe('patient');
    // Staff read the reason as the patient chose it (its label).
    expect(after.selfService.cancelReason).toBe('I have a schedule conflict');
    await expect
      .poll(() => isOfferedNow(request, appointmentTypeId, newSlot), { timeout: 20_000 })
      .toBe(true);
    await expect
      .poll(
        async () =>
          remindersFor(await messagesOf(staff, clientId, booked.appointmentId), newStartUtc).filter(
            (message) => message.status === 'queued',
          ).length,
        { timeout: 15_000 },
      )
      .toBe(0);
    await waitForMail({ to: booked.patient.email, subject: /is cancelled/ }, 15_000);
    const token = tokenOf(link);
    expect(apiCalls.length).toBeGreaterThan(0);
    expect(apiCalls.filter((url) => url.includes(token))).toEqual([]);

    // The link is spent: the page says so plainly, with the booking page and the phone, and no appointment.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeVisible();
    await expect(page.getByText(INVALID_LINK)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the booking page' })).toBeVisible();
    await expect(page.locator('a[href^="tel:"]')).toBeVisible();
    await expect(page.getByText(confirmationNumber)).toHaveCount(0);
    const spent = await manageView(request, token);
    expect(spent.status).toBe(404);
    expect(spent.body.error?.code).toBe('MANAGE_LINK_INVALID');
  });

  test('past the default cut-off (24 h) the patient is refused, with the office phone shown', async ({
    page,
    pageAs,
    signedIn,
  }) => {
    const { clientId, ruleId } = await brightSmile(signedIn, 'admin');
    const staff = (await pageAs('admin')).request;
    const appointmentTypeId = await serviceIdOf(page.request, SERVICE);
    // The demo's booking window opens two business days ahead ("how soon"): for a time less than
    // 24 hours away it is opened from now for the booking, then put back.
    const howSoon = await setSchedulerSetting(staff, clientId, ruleId, 'howSoon', '0');
    let booked: Booking;
    try {
      const slot = await freeSlotBetween(page.request, appointmentTypeId, 1, 22);
      if (!slot) throw new Error(`no free time of ${SERVICE} within 22 hours`);
      booked = await bookPatient(page.request, slot, 'Late');
    } finally {
      await setSchedulerSetting(staff, clientId, ruleId, 'howSoon', howSoon);
    }
    await expectRefused(page, staff, clientId, booked, 24);
  });

  test("past the service's own cut-off, set by staff, the patient is refused", async ({
    page,
    pageAs,
    signedIn,
  }) => {
    const { clientId } = await brightSmile(signedIn, 'admin');
    const staff = (await pageAs('admin')).request;
    const appointmentTypeId = await serviceIdOf(page.request, SERVICE);
    const slot = await freeSlotBetween(page.request, appointmentTypeId, 26, 14 * 24);
    if (!slot) throw new Error(`no free time of ${SERVICE} 26 hours to 14 days ahead`);
    const booked = await bookPatient(page.request, slot, 'Rule');
    // Inside the default 24 h: allowed.
    expect((await manageView(page.request, tokenOf(booked.manageUrl))).body.cancel).toMatchObject({
      allowed: true,
      cutoffHours: 24,
    });
    // Staff set "patients may cancel / reschedule online until 720 hours before" on the service.
    const restore = await setServiceCutoffs(staff, clientId, appointmentTypeId, {
      patientCancelCutoffHours: 720,
      patientRescheduleCutoffHours: 720,
    });
    try {
      await expectRefused(page, staff, clientId, booked, 720);
    } finally {
      await setServiceCutoffs(staff, clientId, appointmentTypeId, restore);
    }
    // Put back, the rule allows it again.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Cancel appointment' })).toBeVisible();
  });

  test('a wrong link says so plainly and reveals nothing', async ({ page }) => {
    const token = 'A'.repeat(43);
    await page.goto(`/brightsmile/main/manage/${token}`);
    await expect(page.getByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeVisible();
    await expect(page.getByText(INVALID_LINK)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the booking page' })).toBeVisible();
    await expect(page.locator('a[href^="tel:"]')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    const answer = await manageView(page.request, token);
    expect(answer.status).toBe(404);
    expect(answer.body.error).toMatchObject({ code: 'MANAGE_LINK_INVALID', message: INVALID_LINK });
    expect(Object.keys(answer.body)).toEqual(['error']);
  });
});
