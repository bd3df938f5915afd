/*
 * Shared steps of the booking-flow specs (booking-*.spec.ts), driving the seeded demo:
 * client brightsmile, scheduler main.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { clockNow } from './test-clock';

export const CLIENT = 'brightsmile';
export const SCHEDULER = 'main';

export const MESSAGES = {
  CALL_TO_SCHEDULE:
    'The selected service is not available for online scheduling. Please call our office to schedule your appointment',
  SERVICE_NOT_ONLINE: 'This service cannot be booked online. Please call our office to schedule.',
  LOCATION_OFFLINE:
    'The selected location is not available for online scheduling. Please call our office to schedule your appointment.',
  EXISTING_PATIENTS_BLOCKED:
    'Existing patients are not able to schedule online at this time. Please call our office to schedule your appointment.',
  PROVIDER_NO_CAPACITY:
    'This provider has no online availability. Please call our office to schedule with them.',
  LOCATION_NO_CAPACITY: 'This location has no online availability. Please call our office to schedule.',
  INSURANCE_NOT_IN_NETWORK:
    'Selected insurance plan is not in-network with the provider. Please call our office to book your appointment.',
  SLOT_TAKEN_START: 'The appointment slot you have selected is no longer available. Please call our office',
  SLOT_TAKEN_END: 'or click the button below to select a new appointment time',
  EXISTING_APPOINTMENT_START: 'It looks like you already have an appointment scheduled for',
} as const;

export interface Patient {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  phone: string;
  email: string;
}

/** A person no other test uses (the server matches patients by name, birth date and contact). */
export function newPatient(tag: string): Patient {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const letters = suffix.replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'x');
  return {
    firstName: `Pat${tag}`,
    lastName: `Tester${letters}`,
    dateOfBirth: '1988-04-12',
    phone: `(212) 555-${String(1000 + Math.floor(Math.random() * 8999)).slice(0, 4)}`,
    email: `pat.${letters}@example.com`,
  };
}

/** An axe scan with no serious or critical violation. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) => `${what}: ${v.id}: ${v.help} (${v.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
}

/** The page does not scroll sideways (works at the phone width). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(1);
}

export async function openLanding(page: Page, location = 'all', query = '', client = CLIENT): Promise<void> {
  await page.goto(`/${client}/${SCHEDULER}/${location}/${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Book an appointment' })).toBeVisible();
}

/** How the patient pays, asked on the landing (optional): a plan by name, self-pay or no insurance. */
export type PaymentAnswer = 'none' | 'selfPay' | { plan: string };

export async function chooseOnLanding(
  page: Page,
  choice: {
    patient?: 'new' | 'existing';
    service: string | RegExp;
    location?: string | RegExp;
    payment?: PaymentAnswer;
  },
): Promise<void> {
  await page
    .getByRole('radio', { name: choice.patient === 'existing' ? /existing patient/ : /new patient/ })
    .check();
  await page.getByRole('radio', { name: choice.service }).check();
  if (choice.location !== undefined) await page.getByRole('radio', { name: choice.location }).check();
  if (choice.payment !== undefined) await choosePayment(page, choice.payment);
}

/** The landing's "How will you pay?": a plan is chosen in the plan list (searchable, by carrier). */
export async function choosePayment(page: Page, payment: PaymentAnswer): Promise<void> {
  const group = page.getByRole('group', { name: /How will you pay/ });
  if (payment === 'none') {
    await group.getByRole('radio', { name: "I don't have insurance" }).check();
    return;
  }
  if (payment === 'selfPay') {
    await group.getByRole('radio', { name: "I'll pay myself" }).check();
    return;
  }
  await group.getByRole('radio', { name: 'With my insurance' }).check();
  await page.getByLabel('Your plan').selectOption({ label: payment.plan });
  await expect(page.getByText(`We will show only providers in network with ${payment.plan}.`)).toBeVisible();
}

/** An axe scan with no violation at all, whatever its impact (issue 16: 0 violations at every step). */
export async function expectNoViolations(page: Page, what: string, include?: string): Promise<void> {
  // `include`: scan only that part (e.g. a widget's frame, apart from the host page around it).
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  expect(
    results.violations.map(
      (v) =>
        `${what}: ${v.id} (${v.impact ?? 'n/a'}): ${v.help} (${v.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
}

/** The header menu's light/dark switch. */
export async function setDarkMode(page: Page, dark: boolean): Promise<void> {
  const menu = page.getByRole('button', { name: 'Menu' });
  const toggle = page.getByRole('button', { name: 'Dark mode' });
  if (!(await toggle.isVisible())) await menu.click();
  if ((await toggle.getAttribute('aria-pressed')) !== String(dark)) await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', String(dark));
  await page.keyboard.press('Escape');
  await expect(toggle).toBeHidden();
}

/**
 * What the page should show for an instant on a location's clock: '8:00 AM', the generic zone
 * ('CT'), and the viewer's own time when their zone's offset differs ('6:00 AM your time').
 */
export function zonedLabel(
  startUtc: string,
  timeZone: string,
  viewerZone: string,
): { time: string; zone: string; full: string; longDate: string; yourTime: string | null } {
  const at = new Date(startUtc);
  const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');
  const time = (zone: string) =>
    plain(
      new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(at),
    );
  const day = (zone: string) =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
    }).format(at);
  const offset = (zone: string) =>
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value;
  const zone =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortGeneric' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  const longDate = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(at);
  const yours =
    offset(viewerZone) === offset(timeZone)
      ? null
      : day(viewerZone) === day(timeZone)
        ? `${time(viewerZone)} your time`
        : `${time(viewerZone)} ${day(viewerZone)} your time`;
  return { time: time(timeZone), zone, full: `${time(timeZone)} ${zone}`, longDate, yourTime: yours };
}

export async function continueToFindAppointment(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Find a time' }).click();
  await expect(page).toHaveURL(/\/findappointment/);
  await expect(page.getByRole('heading', { level: 1, name: 'Find an appointment' })).toBeVisible();
}

export const slotButtons = (page: Page) => page.locator('button[data-start-utc]');

export interface PickedSlot {
  startUtc: string;
  providerId: string;
  locationId: string;
}

/** The heading over the chosen day's times ("Times on Fri, Nov 27"). */
export const timesHeading = (page: Page) => page.getByRole('heading', { name: /^Times on / });

/** The day the times shown are for ('Fri, Nov 27'), from their heading. */
export async function shownDay(page: Page): Promise<string> {
  return ((await timesHeading(page).textContent()) ?? '').replace(/^Times on /, '').trim();
}

/**
 * Moves to the next day with times: the day strip's "Next day with times" on a phone, the month
 * calendar's next marked day on a wide screen (paging to the next month when the shown one has no
 * later day). Returns false at the end of the booking window.
 */
export async function showNextDay(page: Page): Promise<boolean> {
  const before = await shownDay(page);
  const strip = page.getByRole('button', { name: 'Next day with times' });
  if (await strip.isVisible()) {
    if (await strip.isDisabled()) return false;
    await strip.click();
  } else {
    const calendar = page.locator('.month-calendar');
    await expect(calendar).toBeVisible();
    const available = calendar.locator('button[aria-label*=", times available"]:not([disabled])');
    const labels = await available.evaluateAll((buttons) =>
      buttons.map((button) => button.getAttribute('aria-label') ?? ''),
    );
    const selected = labels.findIndex((label) => label.includes(', selected'));
    const next = selected >= 0 ? selected + 1 : labels.length;
    if (next < labels.length) {
      await available.nth(next).click();
    } else {
      const nextMonth = calendar.getByRole('button', { name: 'Go to the Next Month' });
      if ((await nextMonth.count()) === 0 || (await nextMonth.getAttribute('aria-disabled')) === 'true')
        return false;
      await nextMonth.click();
      const first = calendar.locator('button[aria-label*=", times available"]:not([disabled])').first();
      if ((await first.count()) === 0) return false;
      await first.click();
    }
  }
  await expect(timesHeading(page)).not.toHaveText(`Times on ${before}`);
  const day = await shownDay(page);
  await expect(slotButtons(page).first()).toHaveAttribute('aria-label', new RegExp(`, ${day}(,|$)`));
  return true;
}

/**
 * Clicks the n-th time offered (among those `filter` keeps) and returns what it was. While the day
 * shown offers fewer than n + 1 times, moves on to the next day with times: a day's times can be
 * gone (booked by other specs on the shared demo database, or inside the booking notice late in
 * the day).
 */
export async function pickSlot(page: Page, index = 0, filter = ''): Promise<PickedSlot> {
  const offered = () => page.locator(`button[data-start-utc]${filter}`);
  await expect(slotButtons(page).first()).toBeVisible();
  for (let moves = 0; (await offered().count()) <= index; moves++) {
    if (moves >= 14 || !(await showNextDay(page)))
      throw new Error(`none of the next days with times offers ${index + 1} of them`);
  }
  const button = offered().nth(index);
  await expect(button).toBeVisible();
  const picked = {
    startUtc: (await button.getAttribute('data-start-utc')) ?? '',
    providerId: (await button.getAttribute('data-provider-id')) ?? '',
    locationId: (await button.getAttribute('data-location-id')) ?? '',
  };
  await button.click();
  return picked;
}

export async function fillDetails(page: Page, reason: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Additional details' })).toBeVisible();
  await page.getByLabel('Reason for visit').fill(reason);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/insurance/);
  await expect(page.getByRole('heading', { level: 1, name: 'Insurance' })).toBeVisible();
}

export async function fillInsurance(page: Page, plan: { carrier: string; plan: string }, memberId: string) {
  await page.getByLabel('Insurance carrier').selectOption({ label: plan.carrier });
  await page.getByLabel(/^Plan/).selectOption({ label: plan.plan });
  await page.getByLabel('Member ID').fill(memberId);
  await page.getByLabel('Relationship to the policy holder').selectOption('self');
}

export async function fillIdentity(page: Page, patient: Patient): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Your information' })).toBeVisible();
  await page.getByLabel('First name').fill(patient.firstName);
  await page.getByLabel('Last name').fill(patient.lastName);
  await page.getByLabel('Date of birth').fill(patient.dateOfBirth);
  await page.getByLabel('Mobile phone').fill(patient.phone);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(patient.email);
  await page.getByRole('checkbox', { name: /text messages/ }).check();
  await page.getByRole('checkbox', { name: /e-mails about/ }).check();
}

/** The whole PUT bookAppointment body for `slot`, as another visitor would send it. */
export function bookingBody(
  slot: PickedSlot,
  appointmentTypeId: string,
  patient: Patient,
): Record<string, unknown> {
  return {
    clientSlug: CLIENT,
    schedulerSlug: SCHEDULER,
    locationId: slot.locationId,
    providerId: slot.providerId,
    appointmentTypeId,
    startUtc: slot.startUtc,
    patient: { ...patient, smsPermission: true, emailPermission: true },
    isExistingPatient: false,
    insurance: null,
    details: {},
    sessionId: crypto.randomUUID(),
    idempotencyKey: crypto.randomUUID(),
  };
}

export async function serviceIdOf(request: APIRequestContext, name: string): Promise<string> {
  const response = await request.get(
    `/api/scheduler/getServiceType?clientName=${CLIENT}&scheduler=${SCHEDULER}`,
  );
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { serviceTypes: { appointmentTypeId: string; name: string }[] };
  const found = body.serviceTypes.find((service) => service.name === name);
  if (!found) throw new Error(`no service ${name}`);
  return found.appointmentTypeId;
}

export async function locationIdOf(request: APIRequestContext, slug: string): Promise<string> {
  const response = await request.get(
    `/api/scheduler/getLocation?clientName=${CLIENT}&scheduler=${SCHEDULER}`,
  );
  const body = (await response.json()) as { locations: { id: string; slug: string }[] };
  const found = body.locations.find((location) => location.slug === slug);
  if (!found) throw new Error(`no location ${slug}`);
  return found.id;
}

export interface PlanChoice {
  carrier: string;
  plan: string;
  planId: string;
}

/** Plans the provider accepts (in-network) and plans it does not, as the insurance check answers. */
export async function plansFor(
  request: APIRequestContext,
  providerId: string,
): Promise<{ accepted: PlanChoice[]; refused: PlanChoice[] }> {
  const response = await request.get(
    `/api/scheduler/getInsurance?clientName=${CLIENT}&scheduler=${SCHEDULER}`,
  );
  const body = (await response.json()) as {
    carriers: { name: string; plans: { planId: string; name: string }[] }[];
  };
  const accepted: PlanChoice[] = [];
  const refused: PlanChoice[] = [];
  for (const carrier of body.carriers) {
    for (const plan of carrier.plans) {
      const check = await request.post('/api/scheduler/insuranceValidation', {
        data: { clientName: CLIENT, scheduler: SCHEDULER, providerId, planId: plan.planId, selfPay: false },
      });
      expect(check.ok()).toBe(true);
      const { inNetwork } = (await check.json()) as { inNetwork: boolean };
      (inNetwork ? accepted : refused).push({ carrier: carrier.name, plan: plan.name, planId: plan.planId });
    }
  }
  return { accepted, refused };
}

export interface CatalogueLocation {
  id: string;
  slug: string;
  name: string;
  timeZone: string;
  phone: string;
}

/** The brand's locations as the booking page reads them (GET getLocation). */
export async function locationsOf(request: APIRequestContext, client = CLIENT): Promise<CatalogueLocation[]> {
  const response = await request.get(
    `/api/scheduler/getLocation?clientName=${client}&scheduler=${SCHEDULER}`,
  );
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { locations: CatalogueLocation[] }).locations;
}

/** The PUT bookAppointment answer the page receives when `act` books. */
export async function bookingAnswerOf(
  page: Page,
  act: () => Promise<void>,
): Promise<{
  appointmentId: string;
  confirmationNumber: string;
  status: 'booked' | 'pending';
  startUtc: string;
  timeZone: string;
  provider: { providerId: string; name: string };
  location: { id: string; name: string; phone: string };
  notifiedBy?: { email?: string; sms?: string };
}> {
  const answer = page.waitForResponse(
    (response) =>
      response.url().includes('/api/scheduler/bookAppointment') && response.request().method() === 'PUT',
  );
  await act();
  const response = await answer;
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as Awaited<ReturnType<typeof bookingAnswerOf>>;
}

/**
 * The thank-you page of a booking: the heading matching its status, the confirmation number, the
 * time on the location's clock with its zone (and the patient's own time when it differs), and where
 * the details were sent.
 */
export async function expectThankYou(
  page: Page,
  booking: Awaited<ReturnType<typeof bookingAnswerOf>>,
  viewerZone: string,
): Promise<void> {
  await expect(page).toHaveURL(/\/thankyou/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    booking.status === 'pending'
      ? 'Thank you, your appointment request is received'
      : 'Thank you, your appointment is booked',
  );
  if (booking.status === 'pending')
    await expect(page.getByText('The office will confirm your appointment shortly.')).toBeVisible();
  expect(booking.confirmationNumber).toMatch(/^[0-9A-HJKMNP-TV-Z]{3}-[0-9A-HJKMNP-TV-Z]{4}$/);
  await expect(page.getByText(`Confirmation number: ${booking.confirmationNumber}`)).toBeVisible();
  const label = zonedLabel(booking.startUtc, booking.timeZone, viewerZone);
  const details = page.locator('dl');
  await expect(details).toContainText(label.longDate);
  await expect(details).toContainText(label.full);
  await expect(details.locator('abbr', { hasText: label.zone })).toHaveAttribute('title', /.+/);
  if (label.yourTime) await expect(details).toContainText(label.yourTime);
  else await expect(details).not.toContainText('your time');
  const sentTo = [booking.notifiedBy?.email, booking.notifiedBy?.sms].filter(Boolean);
  if (sentTo.length > 0)
    await expect(page.getByText(`We sent the details to ${sentTo.join(' and ')}.`)).toBeVisible();
  // The 48-hour line only for an appointment more than 48 hours away.
  const notice = page.getByText('please contact us at least 48 hours in advance', { exact: false });
  const moreThan48h = Date.parse(booking.startUtc) - clockNow().getTime() > 48 * 3600 * 1000 + 60_000;
  const lessThan48h = Date.parse(booking.startUtc) - clockNow().getTime() < 48 * 3600 * 1000 - 60_000;
  if (moreThan48h) await expect(notice).toBeVisible();
  if (lessThan48h) await expect(notice).toHaveCount(0);
}
