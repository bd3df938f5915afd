/*
 * Issue 19, the status lifecycle on the server (POST update_appointment_status): arrived and
 * checked-in only on the appointment's local day in its location's zone, no-show only after the
 * start, completed only after arrival, cancelled not after arrival, entered-in-error by owners and
 * admins. A refusal is a clear 4xx that writes nothing (row counts unchanged, nothing audited); an
 * allowed change is audited. The app's clock is pinned at NOW: Thursday November 26, 2026, 00:00
 * in Tokyo (Wednesday 15:00 UTC), the zone this file gives its location.
 */
import { randomUUID } from 'node:crypto';
import type { GetAppointmentDetailsResponse } from '@scheduler/contract/patient-management/appointments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicFixture } from '../../../test/public-api-fixture.ts';
import { NOW, createPublicFixture, writeCounts } from '../../../test/public-api-fixture.ts';
import {
  auditRows,
  insertAppointment,
  insertPatient,
  insertProvider,
  slotUnitCount,
} from '../../../test/patient-management-fixture.ts';
import type { TestAppointment } from '../../../test/patient-management-fixture.ts';
import { loginAsDemo } from '../../../test/staff-login.ts';
import type { StaffLogin } from '../../../test/staff-login.ts';
import { testDatabases } from '../../../test/test-db.ts';

type Role = 'owner' | 'admin' | 'staff';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TOKYO = 'Asia/Tokyo';
/** The Tokyo day of NOW (November 26) runs [NOW, NOW + 24 h) in UTC. */
const TOKYO_DAY_BEGINS = NOW.getTime();
const TOKYO_DAY_ENDS = NOW.getTime() + DAY;

interface ErrorJson {
  error: { code: string; message: string; details?: Record<string, unknown> };
}

describe.each(testDatabases())('appointment status lifecycle on $name', (target) => {
  let f: PublicFixture;
  const as: Partial<Record<Role, StaffLogin>> = {};
  let brand: number;
  let location: number;
  let service: number;

  beforeAll(async () => {
    f = await createPublicFixture(target);
    for (const role of ['owner', 'admin', 'staff'] as const) as[role] = await loginAsDemo(f.app, role);
    brand = f.brightsmile.clientId;
    location = Object.values(f.brightsmile.locations)[0]!;
    service = Object.values(f.brightsmile.services)[0]!;
    // This file's location is in Tokyo, where the pinned clock is the first instant of a day.
    await f.t.db.updateTable('locations').set({ time_zone: TOKYO }).where('id', '=', location).execute();
  });
  afterAll(async () => {
    await f.close();
  });

  let providers = 0;
  /** An appointment of a new patient at `startAt`, with a provider of its own (never overlapping). */
  async function appointmentAt(
    startAt: number,
    fields: Partial<TestAppointment> = {},
  ): Promise<{ appointmentId: number; startAt: number }> {
    providers += 1;
    const patientId = await insertPatient(f.t.db, {
      clientId: brand,
      firstName: 'Life',
      lastName: `Cycle${randomUUID().slice(0, 6).replace(/\d/g, 'x')}`,
    });
    const appointmentId = await insertAppointment(f.t.db, {
      clientId: brand,
      patientId,
      providerId: await insertProvider(f.t.db, brand, `Lifecycle${providers}`),
      locationId: location,
      serviceId: service,
      startAt,
      minutes: 20,
      ...fields,
    });
    return { appointmentId, startAt };
  }

  function change(role: Role, appointmentId: number, status: string, version: number, reason?: string) {
    return f.app.inject({
      method: 'POST',
      url: '/api/patient-management/update_appointment_status',
      headers: as[role]!.bearerHeaders,
      payload: {
        clientId: brand,
        appointmentId,
        status,
        version,
        ...(reason === undefined ? {} : { reason }),
      },
    });
  }

  async function details(appointmentId: number, role: Role = 'staff') {
    const response = await f.app.inject({
      method: 'GET',
      url: `/api/patient-management/getAppointmentDetails?clientId=${brand}&appointmentId=${appointmentId}`,
      headers: as[role]!.bearerHeaders,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<GetAppointmentDetailsResponse>();
  }

  /**
   * What a status change may write: the appointment row, the tables, the audit log, messages and
   * freed times (its jobs are in pg-boss on PostgreSQL: the messages stand for them).
   */
  async function snapshot(appointmentId: number) {
    const row = await f.t.db
      .selectFrom('appointments')
      .select(['status', 'version', 'cancel_reason', 'cancelled_by', 'updated_at'])
      .where('id', '=', appointmentId)
      .executeTakeFirstOrThrow();
    const count = async (table: 'audit_log' | 'messages' | 'waitlist_freed_times') =>
      Number(
        (
          await f.t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      row: { ...row, updated_at: Number(row.updated_at) },
      tables: await writeCounts(f.t.db),
      slotUnits: await slotUnitCount(f.t.db, appointmentId),
      auditLog: await count('audit_log'),
      messages: await count('messages'),
      freedTimes: await count('waitlist_freed_times'),
    };
  }

  /** Expects a refusal with this status, code and details.reason, and that nothing was written. */
  async function expectRefused(
    appointmentId: number,
    attempt: () => ReturnType<typeof change>,
    expected: { status: number; code: string; reason?: string; message?: string | RegExp },
  ): Promise<ErrorJson> {
    const before = await snapshot(appointmentId);
    const response = await attempt();
    expect(response.statusCode, response.body).toBe(expected.status);
    const body = response.json<ErrorJson>();
    expect(body.error.code).toBe(expected.code);
    if (expected.reason !== undefined) expect(body.error.details).toMatchObject({ reason: expected.reason });
    if (typeof expected.message === 'string') expect(body.error.message).toBe(expected.message);
    else if (expected.message !== undefined) expect(body.error.message).toMatch(expected.message);
    expect(await snapshot(appointmentId)).toEqual(before);
    return body;
  }

  describe('arrived and checked in: only on the local day of the appointment', () => {
    it('refuses "arrived" for an appointment three days away with 422 naming why, writing nothing', async () => {
      const { appointmentId } = await appointmentAt(NOW.getTime() + 3 * DAY + 2 * HOUR);
      const body = await expectRefused(appointmentId, () => change('staff', appointmentId, 'arrived', 1), {
        status: 422,
        code: 'STATUS_CHANGE_NOT_ALLOWED',
        reason: 'not-today',
        message: "Arrived can only be set on the appointment's day, November 29, 2026 (Asia/Tokyo).",
      });
      expect(body.error.details).toMatchObject({ field: 'status', currentStatus: 'booked' });
      await expectRefused(appointmentId, () => change('owner', appointmentId, 'checked-in', 1), {
        status: 422,
        code: 'STATUS_CHANGE_NOT_ALLOWED',
        reason: 'not-today',
        message: "Checked in can only be set on the appointment's day, November 29, 2026 (Asia/Tokyo).",
      });
      expect((await details(appointmentId)).allowedStatuses).toEqual(['cancelled']);
    });

    it("follows the location's zone: yesterday in Tokyo is refused even an hour ago the same UTC day", async () => {
      // 23:00 on November 25 in Tokyo, 14:00 UTC on the pinned clock's own UTC date.
      const lastNight = await appointmentAt(TOKYO_DAY_BEGINS - HOUR);
      await expectRefused(
        lastNight.appointmentId,
        () => change('staff', lastNight.appointmentId, 'arrived', 1),
        {
          status: 422,
          code: 'STATUS_CHANGE_NOT_ALLOWED',
          reason: 'not-today',
          message: "Arrived can only be set on the appointment's day, November 25, 2026 (Asia/Tokyo).",
        },
      );
      // Its start has passed: no-show is the move left.
      expect((await details(lastNight.appointmentId)).allowedStatuses).toEqual(['noshow', 'cancelled']);

      // 08:59 PM on November 26 in Tokyo, the next UTC date: still the appointment's day there.
      const tonight = await appointmentAt(TOKYO_DAY_ENDS - 3 * HOUR - 60_000);
      expect((await details(tonight.appointmentId)).allowedStatuses).toEqual([
        'arrived',
        'checked-in',
        'cancelled',
      ]);
      const answer = await change('staff', tonight.appointmentId, 'arrived', 1);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json<GetAppointmentDetailsResponse>().appointment).toMatchObject({
        status: 'arrived',
        version: 2,
      });

      // The first minute of the next Tokyo day is refused.
      const tomorrow = await appointmentAt(TOKYO_DAY_ENDS);
      await expectRefused(
        tomorrow.appointmentId,
        () => change('staff', tomorrow.appointmentId, 'checked-in', 1),
        {
          status: 422,
          code: 'STATUS_CHANGE_NOT_ALLOWED',
          reason: 'not-today',
        },
      );
      // The first minute of this one is allowed.
      const early = await appointmentAt(TOKYO_DAY_BEGINS);
      expect((await change('staff', early.appointmentId, 'checked-in', 1)).statusCode).toBe(200);
    });
  });

  describe('no-show, completed and cancelled', () => {
    it('refuses no-show before the start; allows it from the start on, freeing the time', async () => {
      const later = await appointmentAt(NOW.getTime() + HOUR);
      await expectRefused(later.appointmentId, () => change('staff', later.appointmentId, 'noshow', 1), {
        status: 422,
        code: 'STATUS_CHANGE_NOT_ALLOWED',
        reason: 'before-start',
        message: "No-show can only be set once the appointment's start time has passed.",
      });
      const started = await appointmentAt(NOW.getTime());
      const answer = await change('staff', started.appointmentId, 'noshow', 1);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(await slotUnitCount(f.t.db, started.appointmentId)).toBe(0);
    });

    it('refuses completed before arrival; completes after arrival, even before the start', async () => {
      const { appointmentId } = await appointmentAt(NOW.getTime() + 2 * HOUR);
      await expectRefused(appointmentId, () => change('owner', appointmentId, 'fulfilled', 1), {
        status: 422,
        code: 'STATUS_CHANGE_NOT_ALLOWED',
        reason: 'not-arrived',
        message:
          'Completed can only be set after the patient has arrived: mark the appointment Arrived or Checked in first.',
      });
      expect((await change('staff', appointmentId, 'arrived', 1)).statusCode).toBe(200);
      expect((await change('staff', appointmentId, 'checked-in', 2)).statusCode).toBe(200);
      expect((await details(appointmentId)).allowedStatuses).toEqual(['fulfilled']);
      const done = await change('staff', appointmentId, 'fulfilled', 3);
      expect(done.statusCode, done.body).toBe(200);
      const answer = done.json<GetAppointmentDetailsResponse>();
      expect(answer.appointment).toMatchObject({ status: 'fulfilled', statusLabel: 'Completed', version: 4 });
      expect(answer.statusHistory.map((entry) => entry.toLabel)).toEqual([
        'Confirmed',
        'Arrived',
        'Checked in',
        'Completed',
      ]);
      // A completed visit keeps its time.
      expect(await slotUnitCount(f.t.db, appointmentId)).toBeGreaterThan(0);
    });

    it('refuses to cancel after arrival (arrived, checked in, completed, no-show), writing nothing', async () => {
      const cases: [string, number][] = [
        ['arrived', NOW.getTime() + HOUR],
        ['checked-in', NOW.getTime() + HOUR],
        ['fulfilled', NOW.getTime() - HOUR],
        ['noshow', NOW.getTime() - HOUR],
      ];
      for (const [status, startAt] of cases) {
        const { appointmentId } = await appointmentAt(startAt, {
          status: status as TestAppointment['status'],
        });
        await expectRefused(
          appointmentId,
          () => change('owner', appointmentId, 'cancelled', 1, 'Changed mind'),
          {
            status: 422,
            code: 'STATUS_CHANGE_NOT_ALLOWED',
            reason: 'after-arrival',
          },
        );
        expect((await details(appointmentId)).allowedStatuses, status).not.toContain('cancelled');
      }
      const arrived = await appointmentAt(NOW.getTime() + HOUR, { status: 'arrived' });
      const body = await expectRefused(
        arrived.appointmentId,
        () => change('staff', arrived.appointmentId, 'cancelled', 1, 'Changed mind'),
        { status: 422, code: 'STATUS_CHANGE_NOT_ALLOWED', reason: 'after-arrival' },
      );
      expect(body.error.message).toBe(
        'An appointment cannot be cancelled once the patient has arrived (it is Arrived).',
      );
    });

    it('cancels before arrival with a reason (400 without one, nothing written), audited', async () => {
      const { appointmentId } = await appointmentAt(NOW.getTime() + 3 * DAY);
      await expectRefused(appointmentId, () => change('staff', appointmentId, 'cancelled', 1, '  '), {
        status: 400,
        code: 'VALIDATION',
      });
      const answer = await change('staff', appointmentId, 'cancelled', 1, 'Patient called');
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json<GetAppointmentDetailsResponse>().appointment).toMatchObject({
        status: 'cancelled',
        cancelReason: 'Patient called',
      });
      expect(await slotUnitCount(f.t.db, appointmentId)).toBe(0);
    });
  });

  describe('entered in error', () => {
    it('is refused to staff with 403 (nothing written) and allowed to admins and owners from any status', async () => {
      const { appointmentId } = await appointmentAt(NOW.getTime() + 5 * DAY);
      await expectRefused(appointmentId, () => change('staff', appointmentId, 'entered-in-error', 1), {
        status: 403,
        code: 'FORBIDDEN',
        message: 'Only administrators and owners can mark an appointment as entered in error.',
      });
      expect((await details(appointmentId, 'staff')).allowedStatuses).toEqual(['cancelled']);
      expect((await details(appointmentId, 'admin')).allowedStatuses).toEqual([
        'cancelled',
        'entered-in-error',
      ]);
      expect((await change('admin', appointmentId, 'entered-in-error', 1)).statusCode).toBe(200);
      await expectRefused(appointmentId, () => change('owner', appointmentId, 'entered-in-error', 2), {
        status: 422,
        code: 'STATUS_CHANGE_NOT_ALLOWED',
        reason: 'unchanged',
      });
      const fulfilled = await appointmentAt(NOW.getTime() - 2 * DAY, { status: 'fulfilled' });
      expect((await change('owner', fulfilled.appointmentId, 'entered-in-error', 1)).statusCode).toBe(200);
    });
  });

  it('audits every allowed change (who, from, to) and no refused one', async () => {
    const { appointmentId } = await appointmentAt(NOW.getTime() + 30 * 60_000, { status: 'pending' });
    await expectRefused(appointmentId, () => change('staff', appointmentId, 'noshow', 1), {
      status: 422,
      code: 'STATUS_CHANGE_NOT_ALLOWED',
      reason: 'before-start',
    });
    for (const [to, version] of [
      ['booked', 1],
      ['arrived', 2],
      ['fulfilled', 3],
    ] as const) {
      const answer = await change('staff', appointmentId, to, version);
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const audits = await auditRows(f.t.db, { action: 'appointment.status.update', recordId: appointmentId });
    expect(
      audits.map((row) => {
        const parsed = JSON.parse(row.details!) as { from: string; to: string };
        return `${parsed.from}→${parsed.to}`;
      }),
    ).toEqual(['pending→booked', 'booked→arrived', 'arrived→fulfilled']);
    expect(new Set(audits.map((row) => row.client_id))).toEqual(new Set([brand]));
  });
});
