import { randomUUID } from 'node:crypto';
import type {
  FreeTimesResponse,
  FrontDeskBooking,
  FrontDeskChangeResponse,
} from '@scheduler/contract/admin/front-desk';
import {
  OVERRIDE_REASON_REQUIRED_MESSAGE,
  STAFF_TIME_REFUSAL_MESSAGES,
} from '@scheduler/contract/admin/front-desk';
import { FRONT_DESK_CHANNEL } from '@scheduler/contract/waitlist';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicFixture } from '../../../test/public-api-fixture.ts';
import {
  createPublicFixture,
  newPatient,
  query,
  setSetting,
  writeCounts,
} from '../../../test/public-api-fixture.ts';
import { auditRows, slotUnitCount, userIdOf } from '../../../test/patient-management-fixture.ts';
import { loginAsDemo } from '../../../test/staff-login.ts';
import type { StaffLogin } from '../../../test/staff-login.ts';
import { testDatabases } from '../../../test/test-db.ts';

// Cheap password hashing for the demo's staff users (the sign-in itself stays real).
vi.mock(import('../../../platform/auth/password.ts'), async (original) =>
  (await import('../../../test/fast-passwords.ts')).fastPasswords(original),
);

const BASE = '/api/scheduler/admin/front-desk';
type Role = 'owner' | 'admin' | 'staff' | 'viewer';

interface ErrorJson {
  error: {
    code: string;
    message: string;
    details?: { reason?: string; fields?: { path: string; message: string }[] };
  };
}

interface Time {
  providerId: string;
  locationId: string;
  startUtc: string;
  endUtc: string;
  overrides: string[];
}

/* The pinned clock is Wed 2026-11-25 15:00 UTC; the minimum notice is 2 business days by default. */
const SOON_DATE = '2026-11-26';
const LATER_DATES = ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-07'];

describe.each(testDatabases())('front desk: book, move and cancel for a caller on $name', (target) => {
  let f: PublicFixture;
  const as: Partial<Record<Role, StaffLogin>> = {};
  let brand: number;
  let serviceId: number;
  let locationId: string;
  let later: Time[] = [];
  let staffUserId: number;

  async function freeTimes(date: string, extra: Record<string, string | number> = {}): Promise<Time[]> {
    const response = await f.app.inject({
      method: 'GET',
      url: `${BASE}/free-times?${query({ clientId: brand, appointmentTypeId: serviceId, locationId, date, ...extra })}`,
      headers: as.staff!.bearerHeaders,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<FreeTimesResponse>();
    return body.providers.flatMap((p) =>
      p.times.map((t) => ({ providerId: p.providerId, locationId: body.location.locationId, ...t })),
    );
  }

  /** A free time no other test uses (times of a provider at least three hours apart). */
  function take(): Time {
    const taken = later.shift();
    if (taken === undefined) throw new Error('no free time left');
    later = later.filter(
      (other) =>
        other.providerId !== taken.providerId ||
        Math.abs(Date.parse(other.startUtc) - Date.parse(taken.startUtc)) >= 3 * 3_600_000,
    );
    return taken;
  }

  function post(path: string, payload: object, role: Role = 'staff') {
    return f.app.inject({
      method: 'POST',
      url: `${BASE}/${path}`,
      headers: as[role]!.bearerHeaders,
      payload: { clientId: brand, ...payload },
    });
  }

  function bookBody(time: Time, patient: object = { newPatient: newPatient() }) {
    return {
      patient,
      appointmentTypeId: serviceId,
      providerId: time.providerId,
      locationId: time.locationId,
      startUtc: time.startUtc,
      idempotencyKey: randomUUID(),
    };
  }

  async function book(time: Time, patient?: object): Promise<FrontDeskBooking> {
    const response = await post('book', bookBody(time, patient));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<FrontDeskBooking>();
  }

  /** The request is refused with `status`/`code` and not one row is written. */
  async function refusedWithoutWrites(path: string, payload: object, status: number, code: string) {
    const before = await writeCounts(f.t.db);
    const auditBefore = await f.t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const response = await post(path, payload);
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json<ErrorJson>();
    expect(body.error.code).toBe(code);
    expect(await writeCounts(f.t.db)).toEqual(before);
    const auditAfter = await f.t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(auditAfter.n)).toBe(Number(auditBefore.n));
    return body;
  }

  async function appointmentRow(id: string) {
    return f.t.db
      .selectFrom('appointments')
      .selectAll()
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow();
  }

  beforeAll(async () => {
    f = await createPublicFixture(target);
    for (const role of ['owner', 'admin', 'staff', 'viewer'] as const)
      as[role] = await loginAsDemo(f.app, role);
    brand = f.brightsmile.clientId;
    staffUserId = await userIdOf(f.t.db, 'staff@demo.health');
    search: for (const candidateService of Object.values(f.brightsmile.services))
      for (const candidateLocation of Object.values(f.brightsmile.locations)) {
        serviceId = candidateService;
        locationId = String(candidateLocation);
        later = [];
        for (const date of LATER_DATES) later.push(...(await freeTimes(date)));
        if (later.length > 12) break search;
      }
    expect(later.length).toBeGreaterThan(12);
  });
  afterAll(async () => {
    await f.close();
  });

  it('books a new patient: front-desk channel, created by the user, audited without contact data, the time no longer free', async () => {
    const time = take();
    const person = newPatient();
    const before = await writeCounts(f.t.db);
    const booking = await book(time, { newPatient: person });
    expect(booking).toMatchObject({
      startUtc: time.startUtc,
      channel: FRONT_DESK_CHANNEL,
      newPatient: true,
      status: 'booked',
      provider: { providerId: time.providerId },
      location: { locationId: time.locationId },
      overrides: [],
    });
    const after = await writeCounts(f.t.db);
    expect(after.appointments).toBe(before.appointments! + 1);
    expect(after.patients).toBe(before.patients! + 1);
    expect(await appointmentRow(booking.appointmentId)).toMatchObject({
      channel: FRONT_DESK_CHANNEL,
      created_by_user_id: staffUserId,
      session_id: null,
    });
    const audit = await auditRows(f.t.db, {
      action: 'appointment.book.staff',
      recordId: booking.appointmentId,
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ user_id: staffUserId, client_id: brand });
    for (const contact of [person.lastName, person.email, person.dateOfBirth])
      expect(audit[0]!.details).not.toContain(String(contact));
    const date = booking.startUtc.slice(0, 10);
    const still = await freeTimes(date);
    expect(still.some((t) => t.providerId === time.providerId && t.startUtc === time.startUtc)).toBe(false);
  });

  it('books a patient on file by id (no new record) and replays a retry once', async () => {
    const first = await book(take());
    const time = take();
    const payload = bookBody(time, { patientId: first.patient.patientId });
    const response = await post('book', payload);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<FrontDeskBooking>().patient.patientId).toBe(first.patient.patientId);
    const before = await writeCounts(f.t.db);
    const again = await post('book', payload);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await writeCounts(f.t.db)).toEqual(before);
  });

  it('refuses a time the provider is already booked at (409, no overlap) and writes nothing', async () => {
    const time = take();
    await book(time);
    const body = await refusedWithoutWrites('book', bookBody(time), 409, 'SLOT_TAKEN');
    expect(body.error.details?.reason).toBe('taken');
    expect(body.error.message).toBe(STAFF_TIME_REFUSAL_MESSAGES.taken);
  });

  it('refuses time off and times outside working hours with 409, never overridable', async () => {
    const time = take();
    await f.t.db
      .insertInto('time_off')
      .values({
        client_id: brand,
        provider_id: Number(time.providerId),
        location_id: null,
        start_at: Date.parse(time.startUtc) - 60_000,
        end_at: Date.parse(time.endUtc) + 60_000,
        reason: 'Training',
        created_at: Date.now(),
      })
      .execute();
    const timeOff = await refusedWithoutWrites(
      'book',
      { ...bookBody(time), overrideReason: 'The patient insists' },
      409,
      'CONFLICT',
    );
    expect(timeOff.error.details?.reason).toBe('time-off');
    expect(timeOff.error.message).toBe(STAFF_TIME_REFUSAL_MESSAGES['time-off']);

    const night = { ...time, startUtc: `${LATER_DATES[0]}T09:00:00.000Z` }; // 3 AM in the Americas
    const outside = await refusedWithoutWrites('book', bookBody(night), 409, 'CONFLICT');
    expect(outside.error.details?.reason).toBe('outside-hours');
  });

  it('offers no time on a closed day and refuses one there with 409', async () => {
    const closedDate = '2026-12-08';
    const before = await freeTimes(closedDate);
    expect(before.length).toBeGreaterThan(0);
    await f.t.db
      .insertInto('location_closures')
      .values({
        client_id: brand,
        location_id: Number(locationId),
        date_local: closedDate,
        name: 'Staff training',
        created_at: Date.now(),
      })
      .execute();
    expect(await freeTimes(closedDate)).toEqual([]);
    const body = await refusedWithoutWrites('book', bookBody(before[0]!), 409, 'CONFLICT');
    expect(body.error.details?.reason).toBe('closed');
    expect(body.error.message).toBe(STAFF_TIME_REFUSAL_MESSAGES.closed);
  });

  it('needs an override reason for a time sooner than the minimum notice, and keeps it in the audit log', async () => {
    // Minimum notice 0 hours → every free time of tomorrow is bookable without a reason; 72 hours → none is.
    await setSetting(f.t.db, f.brightsmile, 'appointment', 16, 'Hours');
    await setSetting(f.t.db, f.brightsmile, 'appointment', 15, '72');
    try {
      const soon = (await freeTimes(SOON_DATE)).filter((t) => t.overrides.includes('minimum-notice'));
      expect(soon.length).toBeGreaterThan(0);
      const time = soon[0]!;
      const body = await refusedWithoutWrites('book', bookBody(time), 400, 'VALIDATION');
      expect(body.error.message).toBe(OVERRIDE_REASON_REQUIRED_MESSAGE);
      expect(body.error.details?.fields?.[0]?.path).toBe('overrideReason');

      const response = await post('book', { ...bookBody(time), overrideReason: 'Severe tooth pain' });
      expect(response.statusCode, response.body).toBe(201);
      const booking = response.json<FrontDeskBooking>();
      expect(booking.overrides).toEqual(['minimum-notice']);
      const audit = await auditRows(f.t.db, {
        action: 'appointment.book.staff',
        recordId: booking.appointmentId,
      });
      expect(JSON.parse(audit[0]!.details ?? '{}')).toMatchObject({
        overrides: ['minimum-notice'],
        overrideReason: 'Severe tooth pain',
      });
    } finally {
      await setSetting(f.t.db, f.brightsmile, 'appointment', 15, null);
      await setSetting(f.t.db, f.brightsmile, 'appointment', 16, null);
    }
  });

  it("answers a new patient's invalid details with 400 on the fields, as the public identity step does", async () => {
    const time = take();
    later.unshift(time);
    const bad = newPatient({ email: 'not-an-email', dateOfBirth: '2031-01-01' });
    const body = await refusedWithoutWrites('book', bookBody(time, { newPatient: bad }), 400, 'VALIDATION');
    const paths = body.error.details?.fields?.map((field) => field.path) ?? [];
    expect(paths).toContain('patient.newPatient.email');

    const future = newPatient({ dateOfBirth: '2031-01-01' });
    const dob = await refusedWithoutWrites('book', bookBody(time, { newPatient: future }), 400, 'VALIDATION');
    expect(dob.error.details?.fields?.map((field) => field.path)).toEqual(['patient.newPatient.dateOfBirth']);

    const past = { ...time, startUtc: '2026-11-20T15:00:00.000Z' };
    await refusedWithoutWrites('book', bookBody(past), 400, 'VALIDATION');
  });

  it('records the consents as the caller gives them (the online "agree to book" rule does not apply)', async () => {
    await setSetting(f.t.db, f.brightsmile, 'patientIntake', 1, 'required');
    try {
      const person = newPatient({ smsPermission: false, emailPermission: false });
      const booking = await book(take(), { newPatient: person });
      const patient = await f.t.db
        .selectFrom('patients')
        .select(['sms_permission', 'email_permission'])
        .where('id', '=', Number(booking.patient.patientId))
        .executeTakeFirstOrThrow();
      expect(patient).toEqual({ sms_permission: 0, email_permission: 0 });
    } finally {
      await setSetting(f.t.db, f.brightsmile, 'patientIntake', 1, null);
    }
  });

  it('refuses a viewer (403) and an unknown patient id (404)', async () => {
    const time = take();
    later.unshift(time);
    const viewer = await post('book', bookBody(time), 'viewer');
    expect(viewer.statusCode).toBe(403);
    await refusedWithoutWrites('book', bookBody(time, { patientId: 999_999 }), 404, 'NOT_FOUND');
  });

  it('moves an appointment in one transaction: same row, new time, audited, the rescheduled notice planned', async () => {
    const booking = await book(take());
    const to = take();
    const response = await post('reschedule', {
      appointmentId: booking.appointmentId,
      providerId: to.providerId,
      locationId: to.locationId,
      startUtc: to.startUtc,
    });
    expect(response.statusCode, response.body).toBe(200);
    const moved = response.json<FrontDeskChangeResponse>();
    expect(moved.appointment).toMatchObject({
      appointmentId: booking.appointmentId,
      confirmationNumber: booking.confirmationNumber,
      startUtc: to.startUtc,
      provider: { providerId: to.providerId },
    });
    const row = await appointmentRow(booking.appointmentId);
    expect(Number(row.start_at)).toBe(Date.parse(to.startUtc));
    expect(row.reschedule_count).toBe(0); // a staff move is not one of the patient's own reschedules
    expect(await slotUnitCount(f.t.db, Number(booking.appointmentId))).toBeGreaterThan(0);
    const audit = await auditRows(f.t.db, {
      action: 'appointment.reschedule.staff',
      recordId: booking.appointmentId,
    });
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.details ?? '{}')).toMatchObject({ toStartUtc: to.startUtc });
    expect(audit[0]!.user_id).toBe(staffUserId);
    const notices = await f.t.db
      .selectFrom('messages')
      .select('kind')
      .where('appointment_id', '=', Number(booking.appointmentId))
      .where('kind', '=', 'rescheduled')
      .execute();
    expect(notices.length).toBeGreaterThan(0);
  });

  it('refuses a move onto a taken time with 409 and keeps the old time', async () => {
    const mine = await book(take());
    const other = await book(take());
    const before = await writeCounts(f.t.db);
    const response = await post('reschedule', {
      appointmentId: mine.appointmentId,
      providerId: other.provider.providerId,
      locationId: other.location.locationId,
      startUtc: other.startUtc,
    });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json<ErrorJson>().error.details?.reason).toBe('taken');
    expect(Number((await appointmentRow(mine.appointmentId)).start_at)).toBe(Date.parse(mine.startUtc));
    expect(await writeCounts(f.t.db)).toEqual(before);
    expect(
      await auditRows(f.t.db, { action: 'appointment.reschedule.staff', recordId: mine.appointmentId }),
    ).toEqual([]);
  });

  it('lists the appointment own time as free when rescheduling it', async () => {
    const booking = await book(take());
    const date = booking.startUtc.slice(0, 10);
    const withOwn = await freeTimes(date, { appointmentId: booking.appointmentId });
    expect(
      withOwn.some((t) => t.providerId === booking.provider.providerId && t.startUtc === booking.startUtc),
    ).toBe(true);
  });

  it('cancels only with a reason: cancelled by staff, the time freed, audited', async () => {
    const booking = await book(take());
    await refusedWithoutWrites(
      'cancel',
      { appointmentId: booking.appointmentId, reason: '  ' },
      400,
      'VALIDATION',
    );
    const response = await post('cancel', {
      appointmentId: booking.appointmentId,
      reason: 'Patient called to cancel',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<FrontDeskChangeResponse>().appointment.status).toBe('cancelled');
    const row = await appointmentRow(booking.appointmentId);
    expect(row).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'staff',
      cancel_reason: 'Patient called to cancel',
    });
    expect(await slotUnitCount(f.t.db, Number(booking.appointmentId))).toBe(0);
    const audit = await auditRows(f.t.db, {
      action: 'appointment.cancel.staff',
      recordId: booking.appointmentId,
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.user_id).toBe(staffUserId);
    // A cancelled appointment cannot be moved, nor cancelled twice.
    const move = await post('reschedule', {
      appointmentId: booking.appointmentId,
      providerId: booking.provider.providerId,
      locationId: booking.location.locationId,
      startUtc: booking.startUtc,
    });
    expect(move.statusCode).toBe(409);
    const again = await post('cancel', { appointmentId: booking.appointmentId, reason: 'Again' });
    expect(again.statusCode).toBe(422);
  });
});
