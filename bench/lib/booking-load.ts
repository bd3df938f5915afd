// The booking requests of the booking benchmarks (booking.ts, booking-reminders.ts): the free,
// non-overlapping slots of a generated brand, and one PUT /api/scheduler/bookAppointment per slot,
// each a new patient with its own idempotency key.
import { randomUUID } from 'node:crypto';
import type { Request } from 'autocannon';
import type { Brand } from './data.ts';
import type { RunningServer } from './server.ts';

/** The generator's 'Standard Visit'. */
export const SERVICE_MINUTES = 30;

export interface Slot {
  providerId: string;
  locationId: string;
  startUtc: string;
}

/** Free slots of the whole window, at most one per provider and 30 minutes: no two overlap. */
export async function distinctSlots(server: RunningServer, brand: Brand): Promise<Slot[]> {
  const query = new URLSearchParams({
    clientName: brand.slug,
    scheduler: 'main',
    appointmentTypeId: String(brand.serviceId),
    locationId: 'all',
    isExistingPatient: 'false',
  });
  const response = await fetch(`${server.origin}/api/scheduler/getProviders?${query.toString()}`);
  if (response.status !== 200) throw new Error(`search answered ${response.status}`);
  const body = (await response.json()) as {
    providers: { providerId: string; slots: { startUtc: string; locationId: string }[] }[];
  };
  const perProvider = body.providers.map((provider) => {
    const taken: Slot[] = [];
    let freeFrom = Number.NEGATIVE_INFINITY;
    for (const slot of provider.slots) {
      const start = Date.parse(slot.startUtc);
      if (start < freeFrom) continue;
      taken.push({ providerId: provider.providerId, locationId: slot.locationId, startUtc: slot.startUtc });
      freeFrom = start + SERVICE_MINUTES * 60_000;
    }
    return taken;
  });
  // Interleave providers, so that concurrent requests go to different providers as a practice's would.
  const slots: Slot[] = [];
  for (let index = 0; perProvider.some((list) => index < list.length); index++)
    for (const list of perProvider) {
      const slot = list[index];
      if (slot !== undefined) slots.push(slot);
    }
  return slots;
}

let patientNumber = 0;
export function bookingBody(brand: Brand, slot: Slot): string {
  patientNumber++;
  const letters = patientNumber
    .toString(26)
    .split('')
    .map((digit) => String.fromCharCode(97 + parseInt(digit, 26)))
    .join('');
  return JSON.stringify({
    clientSlug: brand.slug,
    schedulerSlug: 'main',
    locationId: slot.locationId,
    providerId: slot.providerId,
    appointmentTypeId: String(brand.serviceId),
    startUtc: slot.startUtc,
    patient: {
      firstName: 'Bench',
      lastName: `Patient${letters}`,
      dateOfBirth: '1985-06-15',
      phone: `(312) 555-${String(patientNumber % 10_000).padStart(4, '0')}`,
      email: `bench.${patientNumber}.${process.pid}@example.org`,
      smsPermission: true,
      emailPermission: true,
    },
    isExistingPatient: false,
    insurance: null,
    details: { reasonForVisit: 'Benchmark' },
    sessionId: `bench-${randomUUID()}`,
    idempotencyKey: randomUUID(),
    channel: 'website',
  });
}

/** One request per slot, in order; each a new patient and idempotency key. */
export function bookingRequests(brand: Brand, slots: readonly Slot[]): Request[] {
  let next = 0;
  return [
    {
      method: 'PUT',
      path: '/api/scheduler/bookAppointment',
      headers: { 'content-type': 'application/json' },
      setupRequest: (request) => {
        const slot = slots[next % slots.length]!;
        next++;
        return { ...request, body: bookingBody(brand, slot) };
      },
    },
  ];
}
