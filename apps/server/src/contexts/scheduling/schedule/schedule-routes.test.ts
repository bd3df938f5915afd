import type { ScheduleResponse } from '@scheduler/contract/admin/schedule';
import { confirmationNumberOf } from '@scheduler/domain/messages/format';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../../platform/db/database.ts';
import {
  auditRows,
  insertAppointment,
  insertPatient,
  insertProvider,
} from '../../../test/patient-management-fixture.ts';
import type { PublicFixture } from '../../../test/public-api-fixture.ts';
import { createPublicFixture, NOW, query } from '../../../test/public-api-fixture.ts';
import { loginAsDemo } from '../../../test/staff-login.ts';
import type { StaffLogin } from '../../../test/staff-login.ts';
import { testDatabases } from '../../../test/test-db.ts';

// Cheap password hashing for the demo's staff users (the sign-in itself stays real).
vi.mock(import('../../../platform/auth/password.ts'), async (original) =>
  (await import('../../../test/fast-passwords.ts')).fastPasswords(original),
);

const URL = '/api/scheduler/admin/schedule';
const AT = Date.UTC(2026, 0, 1);
const MINUTE = 60_000;

async function insertLocation(db: Db, clientId: number, slug: string, timeZone: string): Promise<number> {
  const { id } = await db
    .insertInto('locations')
    .values({
      client_id: clientId,
      slug,
      name: `Schedule ${slug}`,
      address_line1: '1 Test Street',
      address_line2: null,
      city: 'New York',
      state: 'NY',
      postal_code: '10001',
      latitude: null,
      longitude: null,
      time_zone: timeZone,
      phone: '2125550100',
      online_enabled: 1,
      waitlist_enabled: 0,
      sort_order: 99,
      created_at: AT,
      updated_at: AT,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function insertHours(
  db: Db,
  row: {
    clientId: number;
    providerId: number;
    locationId: number;
    weekday: number;
    from: number;
    to: number;
  },
): Promise<void> {
  await db
    .insertInto('working_hours')
    .values({
      client_id: row.clientId,
      provider_id: row.providerId,
      location_id: row.locationId,
      weekday: row.weekday,
      start_minute: row.from * 60,
      end_minute: row.to * 60,
      effective_from: null,
      effective_to: null,
    })
    .execute();
}

async function insertTimeOff(
  db: Db,
  row: { clientId: number; providerId: number; locationId: number | null; startAt: number; endAt: number },
): Promise<void> {
  await db
    .insertInto('time_off')
    .values({
      client_id: row.clientId,
      provider_id: row.providerId,
      location_id: row.locationId,
      start_at: row.startAt,
      end_at: row.endAt,
      reason: 'Course',
      created_at: AT,
    })
    .execute();
}

describe.each(testDatabases())('GET /api/scheduler/admin/schedule on $name', (target) => {
  let f: PublicFixture;
  let staff: StaffLogin;
  let viewer: StaffLogin;
  let clientId: number;
  let locationId: number;
  let otherLocationId: number;
  let alpha: number;
  let beta: number;
  let ada: number;
  let booked: number;
  let cancelled: number;

  beforeAll(async () => {
    f = await createPublicFixture(target);
    staff = await loginAsDemo(f.app, 'staff');
    viewer = await loginAsDemo(f.app, 'viewer');
    const db = f.t.db;
    clientId = f.brightsmile.clientId;
    locationId = await insertLocation(db, clientId, 'schedule-ny', 'America/New_York');
    otherLocationId = await insertLocation(db, clientId, 'schedule-la', 'America/Los_Angeles');
    alpha = await insertProvider(db, clientId, 'Alpha');
    beta = await insertProvider(db, clientId, 'Beta');
    const unmapped = await insertProvider(db, clientId, 'Gamma');
    await db
      .insertInto('provider_locations')
      .values([
        { client_id: clientId, provider_id: alpha, location_id: locationId },
        { client_id: clientId, provider_id: beta, location_id: locationId },
        { client_id: clientId, provider_id: unmapped, location_id: otherLocationId },
      ])
      .execute();
    // Beta is retired (kept for history); the location is closed on Tuesday 16 March.
    await db.updateTable('providers').set({ retired_at: AT }).where('id', '=', beta).execute();
    await db
      .insertInto('location_closures')
      .values({
        client_id: clientId,
        location_id: locationId,
        date_local: '2027-03-16',
        name: 'Training day',
        source: 'manual',
        created_at: AT,
      })
      .execute();
    // Alpha: Mondays 08–12 and 11–17 (one interval, 08–17); Beta: Sundays 09–13.
    await insertHours(db, { clientId, providerId: alpha, locationId, weekday: 1, from: 8, to: 12 });
    await insertHours(db, { clientId, providerId: alpha, locationId, weekday: 1, from: 11, to: 17 });
    await insertHours(db, { clientId, providerId: beta, locationId, weekday: 0, from: 9, to: 13 });
    // Alpha's hours at the other location are not this location's.
    await insertHours(db, {
      clientId,
      providerId: alpha,
      locationId: otherLocationId,
      weekday: 1,
      from: 6,
      to: 7,
    });
    // Monday 15 March 2027 (EDT, UTC−4): Alpha off 13:00–14:00 everywhere; Beta off elsewhere only.
    await insertTimeOff(db, {
      clientId,
      providerId: alpha,
      locationId: null,
      startAt: Date.UTC(2027, 2, 15, 17),
      endAt: Date.UTC(2027, 2, 15, 18),
    });
    await insertTimeOff(db, {
      clientId,
      providerId: beta,
      locationId: otherLocationId,
      startAt: Date.UTC(2027, 2, 15, 17),
      endAt: Date.UTC(2027, 2, 15, 18),
    });
    ada = await insertPatient(db, { clientId, firstName: 'Ada', lastName: 'Lovelace' });
    const serviceId = Object.values(f.brightsmile.services)[0]!;
    const base = { clientId, patientId: ada, serviceId };
    booked = await insertAppointment(db, {
      ...base,
      providerId: alpha,
      locationId,
      startAt: Date.UTC(2027, 2, 15, 13),
    });
    cancelled = await insertAppointment(db, {
      ...base,
      providerId: beta,
      locationId,
      startAt: Date.UTC(2027, 2, 14, 14),
      status: 'cancelled',
    });
    // Not in the answer: another location, and the day after the range (00:30 local on the 16th).
    await insertAppointment(db, {
      ...base,
      providerId: alpha,
      locationId: otherLocationId,
      startAt: Date.UTC(2027, 2, 15, 19),
    });
    await insertAppointment(db, {
      ...base,
      providerId: alpha,
      locationId,
      startAt: Date.UTC(2027, 2, 16, 4, 30),
    });
  });
  afterAll(async () => {
    await f.close();
  });

  const get = (params: Record<string, string | number>, headers = staff.bearerHeaders) =>
    f.app.inject({ method: 'GET', url: `${URL}?${query(params)}`, headers });

  it("answers the location's providers, hours, time off and appointments over its local dates", async () => {
    // Sunday 14 March 2027 is the day New York moves to summer time (02:00 → 03:00).
    const response = await get({ clientId, locationId, from: '2027-03-14', to: '2027-03-15' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<ScheduleResponse>();
    expect(body.location).toEqual({
      locationId: String(locationId),
      name: 'Schedule schedule-ny',
      timeZone: 'America/New_York',
    });
    expect(body.providers).toEqual([
      { providerId: String(alpha), displayName: 'Test Alpha', retired: false },
      { providerId: String(beta), displayName: 'Test Beta', retired: true },
    ]);
    expect(body.days).toEqual([
      { providerId: String(alpha), date: '2027-03-14', hours: [] },
      {
        providerId: String(alpha),
        date: '2027-03-15',
        hours: [{ startUtc: '2027-03-15T12:00:00.000Z', endUtc: '2027-03-15T21:00:00.000Z' }],
      },
      {
        providerId: String(beta),
        date: '2027-03-14',
        hours: [{ startUtc: '2027-03-14T13:00:00.000Z', endUtc: '2027-03-14T17:00:00.000Z' }],
      },
      { providerId: String(beta), date: '2027-03-15', hours: [] },
    ]);
    expect(body.timeOff).toEqual([
      {
        providerId: String(alpha),
        startUtc: '2027-03-15T17:00:00.000Z',
        endUtc: '2027-03-15T18:00:00.000Z',
        thisLocationOnly: false,
      },
    ]);
    expect(body.appointments).toEqual([
      expect.objectContaining({
        appointmentId: String(cancelled),
        providerId: String(beta),
        status: 'cancelled',
        startUtc: '2027-03-14T14:00:00.000Z',
      }),
      {
        appointmentId: String(booked),
        providerId: String(alpha),
        startUtc: '2027-03-15T13:00:00.000Z',
        endUtc: '2027-03-15T13:30:00.000Z',
        status: 'booked',
        patientId: String(ada),
        patientName: 'Ada Lovelace',
        serviceName: expect.any(String) as string,
        confirmationNumber: confirmationNumberOf(booked),
      },
    ]);
    expect(body.closures).toEqual([]);
  });

  it("shows partners' unexpired holds of the location in the range, never expired ones", async () => {
    const db = f.t.db;
    const serviceId = Object.values(f.brightsmile.services)[0]!;
    const { id: partnerId } = await db
      .insertInto('partner_clients')
      .values({
        client_id: clientId,
        name: 'County Care Finder',
        client_identifier: `schedule-${target.name}`,
        secret_hash: '0'.repeat(64),
        created_by_user_id: null,
        created_at: AT,
        last_used_at: null,
        revoked_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const now = NOW.getTime();
    // A hold as partners' $hold stores it (the slot units it claims play no part in the read).
    const hold = async (providerId: number, at: number, startAt: number, expiresAt: number) =>
      (
        await db
          .insertInto('slot_holds')
          .values({
            client_id: clientId,
            partner_id: partnerId,
            provider_id: providerId,
            location_id: at,
            service_id: serviceId,
            start_at: startAt,
            end_at: startAt + 30 * MINUTE,
            expires_at: expiresAt,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    // Monday 15 March 2027, 11:00 EDT: held for five more minutes by the app's clock.
    const live = await hold(alpha, locationId, Date.UTC(2027, 2, 15, 15), now + 5 * MINUTE);
    // Not shown: expired (at now exactly, the job not run yet), another location, outside the range.
    await hold(alpha, locationId, Date.UTC(2027, 2, 15, 16), now);
    await hold(alpha, otherLocationId, Date.UTC(2027, 2, 15, 19, 30), now + 5 * MINUTE);
    await hold(beta, locationId, Date.UTC(2027, 2, 16, 14), now + 5 * MINUTE);

    const response = await get({ clientId, locationId, from: '2027-03-14', to: '2027-03-15' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ScheduleResponse>();
    expect(body.holds).toEqual([
      {
        holdId: String(live),
        providerId: String(alpha),
        startUtc: '2027-03-15T15:00:00.000Z',
        endUtc: '2027-03-15T15:30:00.000Z',
        expiresAtUtc: new Date(now + 5 * MINUTE).toISOString(),
        partnerName: 'County Care Finder',
      },
    ]);
    // The answer's other parts are unchanged by holds (a hold is not an appointment).
    expect(body.appointments.map((appointment) => appointment.appointmentId)).toEqual([
      String(cancelled),
      String(booked),
    ]);
    // The day after (closed, yet held by a partner booking through the API): Beta's hold.
    const next = await get({ clientId, locationId, from: '2027-03-16', to: '2027-03-16' });
    expect(next.json<ScheduleResponse>().holds.map((entry) => entry.providerId)).toEqual([String(beta)]);
  });

  it("lists the location's closed days in the range", async () => {
    const response = await get({ clientId, locationId, from: '2027-03-15', to: '2027-03-17' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ScheduleResponse>().closures).toEqual([{ date: '2027-03-16' }]);
    const other = await get({ clientId, locationId: otherLocationId, from: '2027-03-15', to: '2027-03-17' });
    expect(other.json<ScheduleResponse>().closures).toEqual([]);
  });

  it('audits the read with the appointments and patients shown, never their names', async () => {
    const before = (await auditRows(f.t.db, { action: 'schedule.read', recordId: locationId })).length;
    const response = await get({ clientId, locationId, from: '2027-03-15', to: '2027-03-15' });
    expect(response.statusCode).toBe(200);
    const rows = await auditRows(f.t.db, { action: 'schedule.read', recordId: locationId });
    expect(rows).toHaveLength(before + 1);
    const row = rows.at(-1)!;
    expect(row.client_id).toBe(clientId);
    const details = JSON.parse(row.details ?? '{}') as Record<string, unknown>;
    expect(details).toEqual({
      from: '2027-03-15',
      to: '2027-03-15',
      appointmentIds: [booked],
      patientIds: [ada],
    });
    expect(row.details).not.toContain('Lovelace');
  });

  it('refuses a range that ends before it starts or runs over 31 days, and dates that do not exist', async () => {
    for (const params of [
      { from: '2027-03-15', to: '2027-03-14' },
      { from: '2027-03-01', to: '2027-04-01' },
      { from: '2027-02-30', to: '2027-03-01' },
      { from: '15/03/2027', to: '2027-03-16' },
    ]) {
      const response = await get({ clientId, locationId, ...params });
      expect(response.statusCode, JSON.stringify(params)).toBe(400);
      expect(response.json<{ error: { code: string } }>().error.code).toBe('VALIDATION');
    }
    expect((await get({ clientId, locationId, from: '2027-03-01', to: '2027-03-31' })).statusCode).toBe(200);
    expect(
      (await get({ clientId, locationId: 'abc', from: '2027-03-01', to: '2027-03-01' })).statusCode,
    ).toBe(400);
  });

  it("answers 404 for an unknown location or another brand's", async () => {
    const northsideLocation = Object.values(f.northside.locations)[0]!;
    for (const id of [999_999, northsideLocation]) {
      const response = await get({ clientId, locationId: id, from: '2027-03-15', to: '2027-03-15' });
      expect(response.statusCode).toBe(404);
    }
  });

  it('needs a signed-in staff member with patients:read', async () => {
    const params = { clientId, locationId, from: '2027-03-15', to: '2027-03-15' };
    expect((await get(params, {})).statusCode).toBe(401);
    expect((await get(params, viewer.bearerHeaders)).statusCode).toBe(403);
  });
});
