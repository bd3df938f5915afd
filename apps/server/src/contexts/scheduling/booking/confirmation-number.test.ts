import { randomUUID } from 'node:crypto';
import type {
  BookAppointmentResponse,
  GetProvidersResponse,
  SlotResponse,
} from '@scheduler/contract/scheduler-api';
import { appointmentIdOfConfirmationNumber, confirmationNumberOf } from '@scheduler/domain/messages/format';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicFixture } from '../../../test/public-api-fixture.ts';
import { createPublicFixture, newPatient, query } from '../../../test/public-api-fixture.ts';
import { testDatabases } from '../../../test/test-db.ts';

// The demo's staff passwords play no part here: skip scrypt (about 1 s of CPU per seed).
vi.mock(import('../../../platform/auth/password.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  hashPassword: (password: string) => Promise.resolve(`test-only$${password}`),
}));

const EMERGENCY = 'Emergency Dental Visit';

describe.each(testDatabases())('bookAppointment confirmation number on $name', (target) => {
  let f: PublicFixture;

  beforeAll(async () => {
    f = await createPublicFixture(target);
  });
  afterAll(async () => {
    await f.close();
  });

  async function slots(): Promise<SlotResponse[]> {
    const bright = f.brightsmile;
    const response = await f.app.inject({
      method: 'GET',
      url: `/api/scheduler/getProviders?${query({
        clientName: 'brightsmile',
        scheduler: 'main',
        appointmentTypeId: bright.services[EMERGENCY],
        locationId: bright.locations['midtown-manhattan'],
        providerId: bright.providers.Carter,
      })}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<GetProvidersResponse>().providers[0]?.slots ?? [];
  }

  function bodyFor(slot: SlotResponse) {
    return {
      clientSlug: 'brightsmile',
      schedulerSlug: 'main',
      locationId: slot.locationId,
      providerId: String(f.brightsmile.providers.Carter),
      appointmentTypeId: String(f.brightsmile.services[EMERGENCY]),
      startUtc: slot.startUtc,
      patient: newPatient(),
      isExistingPatient: false,
      insurance: null,
      details: {},
      sessionId: `session-${randomUUID()}`,
      idempotencyKey: randomUUID(),
    };
  }

  function book(payload: object) {
    return f.app.inject({ method: 'PUT', url: '/api/scheduler/bookAppointment', payload });
  }

  it('answers the confirmation number of the new appointment, the same on a retry', async () => {
    const free = await slots();
    const [first] = free;
    // A second time that does not overlap the first (the visit lasts 30 minutes).
    const second = free.find(
      (slot) => Date.parse(slot.startUtc) >= Date.parse(first?.startUtc ?? '') + 30 * 60_000,
    );
    if (!first || !second) throw new Error('two free slots expected');
    const payload = bodyFor(first);
    const response = await book(payload);
    expect(response.statusCode, response.body).toBe(201);
    const booking = response.json<BookAppointmentResponse>();
    // The one the confirmation e-mail and SMS carry, and staff can turn back into the appointment.
    expect(booking.confirmationNumber).toBe(confirmationNumberOf(booking.appointmentId));
    expect(booking.confirmationNumber).toMatch(/^[0-9A-HJKMNP-TV-Z]{3}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(appointmentIdOfConfirmationNumber(booking.confirmationNumber)).toBe(booking.appointmentId);

    const retry = await book(payload);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json<BookAppointmentResponse>().confirmationNumber).toBe(booking.confirmationNumber);

    const other = await book(bodyFor(second));
    expect(other.statusCode, other.body).toBe(201);
    const otherBooking = other.json<BookAppointmentResponse>();
    expect(otherBooking.appointmentId).not.toBe(booking.appointmentId);
    expect(otherBooking.confirmationNumber).toBe(confirmationNumberOf(otherBooking.appointmentId));
    expect(otherBooking.confirmationNumber).not.toBe(booking.confirmationNumber);
  });
});
