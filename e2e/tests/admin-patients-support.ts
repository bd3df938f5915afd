import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { bookingBody, newPatient, serviceIdOf, type Patient, type PickedSlot } from './booking-support';

/*
 * Shared steps of the admin patient specs (admin-patients-*.spec.ts): bookings made through the
 * public booking API, as a patient would, then looked at by staff.
 */

export const SCOPE = 'clientName=brightsmile&scheduler=main';
export const SERVICE = 'Emergency Dental Visit';

export interface FreeSlot extends PickedSlot {
  dateLocal: string;
  timeLocal: string;
}

interface ProvidersAnswer {
  providers: {
    providerId: string;
    slots: { startUtc: string; dateLocal: string; timeLocal: string; locationId: string }[];
  }[];
}

const slotKey = (slot: { providerId: string; startUtc: string }) => `${slot.providerId}@${slot.startUtc}`;

/** Free slots of `appointmentTypeId` (every location), as GET getProviders answers them. */
export async function freeSlots(
  request: APIRequestContext,
  appointmentTypeId: string,
  extra = '',
): Promise<FreeSlot[]> {
  const response = await request.get(
    `/api/scheduler/getProviders?${SCOPE}&appointmentTypeId=${appointmentTypeId}&locationId=all&isExistingPatient=false${extra}`,
  );
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as ProvidersAnswer;
  return body.providers.flatMap((provider) =>
    provider.slots.map((slot) => ({ ...slot, providerId: provider.providerId })),
  );
}

/** Whether getProviders offers exactly this slot (its provider, its day). */
export async function isOffered(
  request: APIRequestContext,
  appointmentTypeId: string,
  slot: FreeSlot,
): Promise<boolean> {
  const response = await request.get(
    `/api/scheduler/getProviders?${SCOPE}&appointmentTypeId=${appointmentTypeId}&locationId=${slot.locationId}` +
      `&providerId=${slot.providerId}&fromDate=${slot.dateLocal}&days=1&isExistingPatient=false`,
  );
  expect(response.status()).toBe(200);
  const body = (await response.json()) as ProvidersAnswer;
  return body.providers.some(
    (provider) =>
      provider.providerId === slot.providerId &&
      provider.slots.some((free) => free.startUtc === slot.startUtc),
  );
}

export interface Booked {
  patient: Patient;
  slot: FreeSlot;
  appointmentId: string;
  status: string;
}

/**
 * Books a new patient into a free slot no earlier booking of the run took (PUT bookAppointment,
 * the body the booking flow sends), with `channel` recorded for reports.
 */
export async function bookNewPatient(
  request: APIRequestContext,
  options: { tag: string; channel: string; taken?: Set<string> },
): Promise<Booked> {
  const appointmentTypeId = await serviceIdOf(request, SERVICE);
  const taken = options.taken ?? new Set<string>();
  const slots = await freeSlots(request, appointmentTypeId);
  // Spread the bookings out so two tests never race for one slot.
  const candidates = slots.filter((candidate) => !taken.has(slotKey(candidate)));
  const slot = candidates[Math.floor(Math.random() * Math.min(5, candidates.length))];
  if (!slot) throw new Error(`no free slot for ${SERVICE}`);
  taken.add(slotKey(slot));
  const patient = newPatient(options.tag);
  const response = await request.put('/api/scheduler/bookAppointment', {
    data: { ...bookingBody(slot, appointmentTypeId, patient), channel: options.channel },
  });
  expect(response.status(), await response.text()).toBe(201);
  const booking = (await response.json()) as { appointmentId: string; status: string };
  return { patient, slot, appointmentId: booking.appointmentId, status: booking.status };
}

/** Picks an option of a Material select (a combobox) by its label. */
export async function chooseOption(
  page: Page,
  field: string | RegExp,
  option: string | RegExp,
): Promise<void> {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/** Local date of an instant in a time zone, 'YYYY-MM-DD'. */
export function localDate(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

export function shiftDate(isoDate: string, days: number): string {
  const [y = 1970, m = 1, d = 1] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
