/*
 * Issue 18: a cancellation frees a time, and the waitlist entry that matches it gets an offer — on
 * both databases, through the real routes and the real job queue (drained by the test):
 *  - staff cancel a future appointment (update_appointment_status → cancelled);
 *  - the patient cancels through the manage link (the booking answer's manageUrl).
 */
import { randomUUID } from 'node:crypto';
import { MANAGE_TOKEN_HEADER } from '@scheduler/contract/manage';
import type {
  BookAppointmentResponse,
  GetProvidersResponse,
  SlotResponse,
} from '@scheduler/contract/scheduler-api';
import type { GetWaitlistOffersResponse } from '@scheduler/contract/waitlist-offers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../../app.ts';
import type { EmailTransport, OutboundEmail } from '../../../platform/outbound/transports.ts';
import { NOW, createPublicFixture, newPatient, query } from '../../../test/public-api-fixture.ts';
import type { PublicFixture } from '../../../test/public-api-fixture.ts';
import { loginAsDemo } from '../../../test/staff-login.ts';
import type { StaffLogin } from '../../../test/staff-login.ts';
import { createTestApp, testDatabases } from '../../../test/test-db.ts';

const EMERGENCY = 'Emergency Dental Visit';
const LOCATION = 'midtown-manhattan';
const PUBLIC_URL = 'https://book.clinic.test';
const HOUR = 3_600_000;

describe.each(testDatabases())('waitlist offers after a cancellation on $name', (target) => {
  let f: PublicFixture;
  let app: App;
  let staff: StaffLogin;
  const sent: OutboundEmail[] = [];
  const email: EmailTransport = {
    configured: true,
    send: (mail) => {
      sent.push(mail);
      return Promise.resolve({ providerId: `fake-${sent.length}` });
    },
    close: () => Promise.resolve(),
  };
  const ids = () => ({
    serviceId: f.brightsmile.services[EMERGENCY] as number,
    locationId: f.brightsmile.locations[LOCATION] as number,
    providerId: f.brightsmile.providers.Carter as number,
  });

  beforeAll(async () => {
    f = await createPublicFixture(target);
    app = await createTestApp(f.t, { now: () => NOW, email, config: { publicUrl: PUBLIC_URL } });
    await app.ready();
    staff = await loginAsDemo(app, 'staff');
  });

  afterAll(async () => {
    await app?.close();
    await f?.close();
  });

  beforeEach(async () => {
    // Only the entry of each test is waiting; the demo's own entries are set aside.
    await f.t.db
      .updateTable('waitlist_entries')
      .set({ status: 'removed' })
      .where('client_id', '=', f.brightsmile.clientId)
      .execute();
    await app.jobs.drain(NOW);
    sent.length = 0;
  });

  async function bookFreeSlot(skip: number): Promise<BookAppointmentResponse & { slot: SlotResponse }> {
    const { serviceId, locationId, providerId } = ids();
    const search = await app.inject({
      method: 'GET',
      url: `/api/scheduler/getProviders?${query({
        clientName: 'brightsmile',
        scheduler: 'main',
        appointmentTypeId: serviceId,
        locationId,
        providerId,
      })}`,
    });
    expect(search.statusCode, search.body).toBe(200);
    const free = (search.json<GetProvidersResponse>().providers[0]?.slots ?? []).filter(
      (slot) => Date.parse(slot.startUtc) >= NOW.getTime() + 72 * HOUR,
    );
    const slot = free[skip];
    if (slot === undefined) throw new Error('no free slot 72 h out');
    const response = await app.inject({
      method: 'PUT',
      url: '/api/scheduler/bookAppointment',
      payload: {
        clientSlug: 'brightsmile',
        schedulerSlug: 'main',
        locationId: slot.locationId,
        providerId: String(providerId),
        appointmentTypeId: String(serviceId),
        startUtc: slot.startUtc,
        patient: newPatient(),
        isExistingPatient: false,
        insurance: null,
        details: {},
        sessionId: `session-${randomUUID()}`,
        idempotencyKey: randomUUID(),
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return { ...response.json<BookAppointmentResponse>(), slot };
  }

  async function waitingEntry(firstName: string): Promise<{ id: number; email: string }> {
    const { serviceId, locationId } = ids();
    const address = `${firstName.toLowerCase()}@example.org`;
    const row = await f.t.db
      .insertInto('waitlist_entries')
      .values({
        client_id: f.brightsmile.clientId,
        scheduler_id: f.brightsmile.schedulerId,
        location_id: locationId,
        provider_id: null,
        service_id: serviceId,
        patient_id: null,
        first_name: firstName,
        last_name: 'Waiting',
        date_of_birth: '1975-05-05',
        phone: null,
        email: address,
        preferred_times: null,
        notes: null,
        status: 'waiting',
        created_at: NOW.getTime() - HOUR,
        updated_at: NOW.getTime() - HOUR,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), email: address };
  }

  /** Runs the queued jobs (wave 1, then its send jobs) and answers the entry's offers as staff see them. */
  async function offersOf(entryId: number): Promise<GetWaitlistOffersResponse['items']> {
    for (let i = 0; i < 3; i += 1) await app.jobs.drain(NOW);
    const response = await app.inject({
      method: 'GET',
      url: `/api/scheduler/getWaitlistOffers?${query({ waitlistEntryId: entryId })}`,
      headers: staff.bearerHeaders,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<GetWaitlistOffersResponse>().items;
  }

  function expectOffer(
    offers: GetWaitlistOffersResponse['items'],
    startUtc: string,
    entry: { email: string },
  ): void {
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({ startUtc, wave: 1, outcome: 'sent', channel: 'email' });
    expect(offers[0]?.sentAt).not.toBeNull();
    const mail = sent.find((message) => message.to === entry.email);
    expect(mail?.text).toMatch(/https:\/\/book\.clinic\.test\/brightsmile\/main\/claim\/[A-Za-z0-9_-]{22}/);
  }

  it('plans an offer when staff cancel a future appointment', async () => {
    const booking = await bookFreeSlot(0);
    const entry = await waitingEntry('Stella');
    expect(await offersOf(entry.id)).toEqual([]);

    const details = await app.inject({
      method: 'GET',
      url: `/api/patient-management/getAppointmentDetails?appointmentId=${booking.appointmentId}`,
      headers: staff.bearerHeaders,
    });
    expect(details.statusCode, details.body).toBe(200);
    const { version } = details.json<{ appointment: { version: number } }>().appointment;
    const cancel = await app.inject({
      method: 'POST',
      url: '/api/patient-management/update_appointment_status',
      headers: staff.bearerHeaders,
      payload: { appointmentId: booking.appointmentId, status: 'cancelled', version, reason: 'Provider ill' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const freed = await f.t.db
      .selectFrom('waitlist_freed_times')
      .select(['reason', 'start_at'])
      .where('appointment_id', '=', Number(booking.appointmentId))
      .execute();
    expect(freed).toEqual([{ reason: 'cancelled', start_at: Date.parse(booking.slot.startUtc) }]);
    expectOffer(await offersOf(entry.id), booking.slot.startUtc, entry);
  });

  it('plans an offer when the patient cancels through the manage link', async () => {
    const booking = await bookFreeSlot(1);
    const entry = await waitingEntry('Paula');
    const token = /\/brightsmile\/main\/manage\/([A-Za-z0-9_-]{43})$/.exec(booking.manageUrl ?? '')?.[1];
    if (token === undefined) throw new Error(`no manage link: ${booking.manageUrl}`);

    const cancel = await app.inject({
      method: 'POST',
      url: '/api/scheduler/manage/cancel',
      headers: { [MANAGE_TOKEN_HEADER]: token },
      payload: { reason: 'feeling-better' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const freed = await f.t.db
      .selectFrom('waitlist_freed_times')
      .select(['reason', 'start_at'])
      .where('appointment_id', '=', Number(booking.appointmentId))
      .execute();
    expect(freed).toEqual([{ reason: 'cancelled', start_at: Date.parse(booking.slot.startUtc) }]);
    expectOffer(await offersOf(entry.id), booking.slot.startUtc, entry);
  });
});
