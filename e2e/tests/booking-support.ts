/*
 * Shared steps of the booking-flow specs (booking-*.spec.ts), driving the seeded demo:
 * client brightsmile, scheduler main.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

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

export async function openLanding(page: Page, location = 'all', query = ''): Promise<void> {
  await page.goto(`/${CLIENT}/${SCHEDULER}/${location}/${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Book an appointment' })).toBeVisible();
}

export async function chooseOnLanding(
  page: Page,
  choice: { patient?: 'new' | 'existing'; service: string | RegExp; location?: string | RegExp },
): Promise<void> {
  await page
    .getByRole('radio', { name: choice.patient === 'existing' ? /existing patient/ : /new patient/ })
    .check();
  await page.getByRole('radio', { name: choice.service }).check();
  if (choice.location !== undefined) await page.getByRole('radio', { name: choice.location }).check();
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

/**
 * Clicks the n-th time offered and returns what it was. While the day shown offers fewer than n + 1
 * times, moves on to the next day with times: a day's times can be gone (booked by other specs on the
 * shared demo database, or inside the booking notice late in the day).
 */
export async function pickSlot(page: Page, index = 0): Promise<PickedSlot> {
  const timesHeading = page.getByRole('heading', { name: /^Times on / });
  await expect(slotButtons(page).first()).toBeVisible();
  for (let moves = 0; (await slotButtons(page).count()) <= index; moves++) {
    if (moves >= 14) throw new Error(`none of the next 15 days with times offers ${index + 1} of them`);
    const before = (await timesHeading.textContent()) ?? '';
    await page.getByRole('button', { name: 'Next day with times' }).click();
    await expect(timesHeading).not.toHaveText(before);
    const day = ((await timesHeading.textContent()) ?? '').replace(/^Times on /, '');
    await expect(slotButtons(page).first()).toContainText(day);
  }
  const button = slotButtons(page).nth(index);
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
