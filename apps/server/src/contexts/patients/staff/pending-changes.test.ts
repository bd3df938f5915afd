/*
 * Issue 15, finding 3: an unauthenticated request never changes a stored patient's phone, e-mail
 * or consents. A booking (or a staff booking from a waitlist entry the public filled in) that
 * matches a patient goes through, and the details that differ are kept beside the record as a
 * pending change that staff accept (applied, audited) or reject (audited) on the patient page.
 */
import { randomUUID } from 'node:crypto';
import type { GetProvidersResponse, SlotResponse } from '@scheduler/contract/scheduler-api';
import type {
  DecidePatientPendingChangeResponse,
  GetPatientPendingChangesResponse,
} from '@scheduler/contract/admin/patient-pending-changes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../../app.ts';
import type { PublicFixture } from '../../../test/public-api-fixture.ts';
import {
  NOW,
  createAppOn,
  createPublicFixture,
  query,
  setSetting,
} from '../../../test/public-api-fixture.ts';
import { auditRows, insertPatient, userIdOf } from '../../../test/patient-management-fixture.ts';
import { loginAsDemo } from '../../../test/staff-login.ts';
import type { StaffLogin } from '../../../test/staff-login.ts';
import { testDatabases } from '../../../test/test-db.ts';

vi.mock(import('../../../platform/auth/password.ts'), async (original) =>
  (await import('../../../test/fast-passwords.ts')).fastPasswords(original),
);

const PREFIX = '/api/patient-management';
type Role = 'owner' | 'staff' | 'viewer';

interface Taken {
  providerId: string;
  slot: SlotResponse;
}

let people = 0;
function uniqueLastName(): string {
  people += 1;
  return `Pending${people}x${randomUUID()
    .slice(0, 6)
    .replace(/[^a-z]/g, 'q')}`;
}

describe.each(testDatabases())('pending patient changes on $name', (target) => {
  let f: PublicFixture;
  let app: App;
  const as: Partial<Record<Role, StaffLogin>> = {};
  let brand: number;
  let serviceId: number;
  let slots: Taken[] = [];

  async function freeSlots(): Promise<Taken[]> {
    const response = await app.inject({
      method: 'GET',
      url: `/api/scheduler/getProviders?${query({
        clientName: 'brightsmile',
        scheduler: 'main',
        appointmentTypeId: serviceId,
        locationId: 'all',
      })}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json<GetProvidersResponse>()
      .providers.flatMap((card) => card.slots.map((slot) => ({ providerId: card.providerId, slot })));
  }

  function takeSlot(): Taken {
    const taken = slots.shift();
    if (taken === undefined) throw new Error('no free slot left');
    slots = slots.filter(
      (other) =>
        other.providerId !== taken.providerId ||
        Math.abs(Date.parse(other.slot.startUtc) - Date.parse(taken.slot.startUtc)) >= 3 * 3_600_000,
    );
    return taken;
  }

  /** A patient on file: phone 2125550199, e-mail on.file@example.org, texts yes, e-mails no. */
  async function patientOnFile(clientId = brand) {
    const lastName = uniqueLastName();
    const id = await insertPatient(f.t.db, {
      clientId,
      firstName: 'Ona',
      lastName,
      dateOfBirth: '1975-05-05',
      phone: '2125550199',
      email: 'on.file@example.org',
    });
    return { id, lastName };
  }

  async function patientRow(id: number) {
    return f.t.db
      .selectFrom('patients')
      .select(['phone', 'email', 'sms_permission', 'email_permission'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  async function pendingRows(patientId: number) {
    return f.t.db
      .selectFrom('patient_pending_changes')
      .selectAll()
      .where('patient_id', '=', patientId)
      .orderBy('id')
      .execute();
  }

  function bookAs(lastName: string, taken: Taken, contact: Record<string, unknown>) {
    return app.inject({
      method: 'PUT',
      url: '/api/scheduler/bookAppointment',
      payload: {
        clientSlug: 'brightsmile',
        schedulerSlug: 'main',
        locationId: taken.slot.locationId,
        providerId: taken.providerId,
        appointmentTypeId: String(serviceId),
        startUtc: taken.slot.startUtc,
        patient: { firstName: 'Ona', lastName, dateOfBirth: '1975-05-05', ...contact },
        isExistingPatient: true,
        insurance: null,
        details: { reasonForVisit: 'Check-up' },
        sessionId: `session-${randomUUID()}`,
        idempotencyKey: randomUUID(),
      },
    });
  }

  function staffCall(role: Role, method: 'GET' | 'POST', url: string, payload?: object) {
    return app.inject({
      method,
      url: `${PREFIX}/${url}`,
      headers: as[role]!.bearerHeaders,
      ...(payload === undefined ? {} : { payload }),
    });
  }

  beforeAll(async () => {
    f = await createPublicFixture(target);
    app = await createAppOn(f, { config: { rateLimitBookingsPerMinute: 1000 } });
    for (const role of ['owner', 'staff', 'viewer'] as const) as[role] = await loginAsDemo(app, role);
    brand = f.brightsmile.clientId;
    serviceId = f.brightsmile.services['Emergency Dental Visit']!;
    slots = await freeSlots();
    expect(slots.length).toBeGreaterThan(8);
  });
  afterAll(async () => {
    await app.close();
    await f.close();
  });

  it('books a matched patient without changing their phone, e-mail or consents, and keeps the difference as a pending change', async () => {
    const { id, lastName } = await patientOnFile();
    const before = await patientRow(id);
    const response = await bookAs(lastName, takeSlot(), {
      phone: '(212) 555-0199',
      email: 'someone.else@example.org',
      smsPermission: true,
      emailPermission: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const appointmentId = Number(response.json<{ appointmentId: string }>().appointmentId);
    const appointment = await f.t.db
      .selectFrom('appointments')
      .select(['patient_id', 'is_new_patient'])
      .where('id', '=', appointmentId)
      .executeTakeFirstOrThrow();
    expect(appointment).toEqual({ patient_id: id, is_new_patient: 0 });

    // The record is what it was.
    expect(await patientRow(id)).toEqual(before);
    expect(before).toEqual({
      phone: '2125550199',
      email: 'on.file@example.org',
      sms_permission: 1,
      email_permission: 0,
    });
    // The difference waits for staff: only the fields that differ.
    const pending = await pendingRows(id);
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({
      client_id: brand,
      patient_id: id,
      appointment_id: appointmentId,
      source: 'booking',
      phone: null,
      email: 'someone.else@example.org',
      sms_permission: null,
      email_permission: 1,
      status: 'pending',
      decided_by_user_id: null,
      decided_at: null,
    });
    expect(Number(pending[0]!.created_at)).toBe(NOW.getTime());
  });

  it('keeps one pending change for two bookings that bring the same details', async () => {
    const { id, lastName } = await patientOnFile();
    const contact = {
      phone: '(212) 555-0199',
      email: 'twice@example.org',
      smsPermission: true,
      emailPermission: true,
    };
    // Several appointments allowed (landingPage 2), with any provider (appointment 3).
    await setSetting(f.t.db, f.brightsmile, 'landingPage', 2, 'Yes');
    await setSetting(f.t.db, f.brightsmile, 'appointment', 3, 'Yes');
    try {
      expect((await bookAs(lastName, takeSlot(), contact)).statusCode).toBe(201);
      const second = await bookAs(lastName, takeSlot(), contact);
      expect(second.statusCode, second.body).toBe(201);
    } finally {
      await setSetting(f.t.db, f.brightsmile, 'landingPage', 2, null);
      await setSetting(f.t.db, f.brightsmile, 'appointment', 3, null);
    }
    const pending = await pendingRows(id);
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ email: 'twice@example.org', email_permission: 1, status: 'pending' });
  });

  it('keeps no pending change when the booking brings the details on file', async () => {
    const { id, lastName } = await patientOnFile();
    await f.t.db.updateTable('patients').set({ email_permission: 1 }).where('id', '=', id).execute();
    const response = await bookAs(lastName, takeSlot(), {
      phone: '+1 212-555-0199',
      email: 'ON.FILE@example.org',
      smsPermission: true,
      emailPermission: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(await pendingRows(id)).toEqual([]);
  });

  it('creates a new patient with the details given, as before', async () => {
    const lastName = uniqueLastName();
    const response = await bookAs(lastName, takeSlot(), {
      phone: '(303) 555-0123',
      email: 'new.person@example.org',
      smsPermission: true,
      emailPermission: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const row = await f.t.db
      .selectFrom('patients')
      .select(['id', 'phone', 'email', 'sms_permission', 'email_permission'])
      .where('client_id', '=', brand)
      .where('last_name', '=', lastName)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      phone: '3035550123',
      email: 'new.person@example.org',
      sms_permission: 1,
      email_permission: 1,
    });
    expect(await pendingRows(row.id)).toEqual([]);
  });

  it('a staff booking from a waitlist entry keeps the entry’s other details as a pending change (source waitlist)', async () => {
    const { id, lastName } = await patientOnFile();
    const entry = await f.t.db
      .insertInto('waitlist_entries')
      .values({
        client_id: brand,
        scheduler_id: f.brightsmile.schedulerId,
        location_id: null,
        provider_id: null,
        service_id: serviceId,
        patient_id: null,
        first_name: 'Ona',
        last_name: lastName,
        date_of_birth: '1975-05-05',
        phone: '2125550199',
        email: 'waitlist.other@example.org',
        preferred_times: null,
        notes: null,
        status: 'waiting',
        created_at: NOW.getTime(),
        updated_at: NOW.getTime(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const taken = takeSlot();
    const response = await staffCall('staff', 'POST', 'bookFromWaitList', {
      clientId: brand,
      waitlistEntryId: String(entry.id),
      providerId: taken.providerId,
      locationId: taken.slot.locationId,
      startUtc: taken.slot.startUtc,
      smsPermission: true,
      emailPermission: true,
      idempotencyKey: randomUUID(),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ patientId: string }>().patientId).toBe(String(id));
    expect(await patientRow(id)).toEqual({
      phone: '2125550199',
      email: 'on.file@example.org',
      sms_permission: 1,
      email_permission: 0,
    });
    const pending = await pendingRows(id);
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({
      source: 'waitlist',
      phone: null,
      email: 'waitlist.other@example.org',
      sms_permission: null,
      email_permission: 1,
      status: 'pending',
    });
  });

  describe('on the patient page', () => {
    async function withPendingChange() {
      const patient = await patientOnFile();
      const response = await bookAs(patient.lastName, takeSlot(), {
        // Matched by the e-mail; a new phone and the e-mail consent wait for staff.
        phone: '(646) 555-0177',
        email: 'on.file@example.org',
        smsPermission: true,
        emailPermission: true,
      });
      expect(response.statusCode, response.body).toBe(201);
      const [change] = await pendingRows(patient.id);
      return { ...patient, changeId: change!.id };
    }

    it('lists the pending changes beside the details on file (patients:read; audited)', async () => {
      const { id, changeId } = await withPendingChange();
      const response = await staffCall(
        'staff',
        'GET',
        `getPatientPendingChanges?${query({ clientId: brand, patientId: id })}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json<GetPatientPendingChangesResponse>();
      expect(body.current).toEqual({
        phone: '2125550199',
        email: 'on.file@example.org',
        smsPermission: true,
        emailPermission: false,
      });
      expect(body.pendingChanges).toHaveLength(1);
      expect(body.pendingChanges[0]).toMatchObject({
        changeId: String(changeId),
        source: 'booking',
        phone: '6465550177',
        email: null,
        smsPermission: null,
        emailPermission: true,
        status: 'pending',
        createdAt: NOW.toISOString(),
      });
      const audit = await auditRows(f.t.db, { action: 'patient.pending-changes.read', recordId: id });
      expect(audit).toHaveLength(1);
    });

    it('accepting applies the change to the record and writes the audit trail', async () => {
      const { id, changeId } = await withPendingChange();
      const response = await staffCall('staff', 'POST', 'acceptPatientPendingChange', {
        clientId: brand,
        changeId: String(changeId),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<DecidePatientPendingChangeResponse>().change).toMatchObject({
        changeId: String(changeId),
        status: 'accepted',
        decidedAt: NOW.toISOString(),
      });
      expect(await patientRow(id)).toEqual({
        phone: '6465550177',
        email: 'on.file@example.org',
        sms_permission: 1,
        email_permission: 1,
      });
      const [row] = await pendingRows(id);
      expect(row).toMatchObject({
        status: 'accepted',
        decided_by_user_id: await userIdOf(f.t.db, 'staff@demo.health'),
      });
      const audit = await auditRows(f.t.db, { action: 'patient.pending-change.accept', recordId: id });
      expect(audit).toHaveLength(1);
      const details = audit[0]!.details ?? '';
      expect(JSON.parse(details)).toMatchObject({ changeId, fields: ['phone', 'emailPermission'] });
      // Ids and field names only.
      expect(details).not.toContain('on.file@example.org');
      expect(details).not.toContain('6465550177');

      // Decided once: a second answer is a conflict.
      const again = await staffCall('staff', 'POST', 'rejectPatientPendingChange', {
        clientId: brand,
        changeId: String(changeId),
      });
      expect(again.statusCode, again.body).toBe(409);
    });

    it('rejecting leaves the record as it is and writes the audit trail', async () => {
      const { id, changeId } = await withPendingChange();
      const response = await staffCall('owner', 'POST', 'rejectPatientPendingChange', {
        clientId: brand,
        changeId: String(changeId),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(await patientRow(id)).toMatchObject({ phone: '2125550199', email: 'on.file@example.org' });
      expect((await pendingRows(id))[0]).toMatchObject({ status: 'rejected' });
      expect(await auditRows(f.t.db, { action: 'patient.pending-change.reject', recordId: id })).toHaveLength(
        1,
      );
      const list = await staffCall(
        'staff',
        'GET',
        `getPatientPendingChanges?${query({ clientId: brand, patientId: id })}`,
      );
      expect(list.json<GetPatientPendingChangesResponse>().pendingChanges).toEqual([]);
    });

    it('refuses the viewer (403), anonymous callers (401) and another brand’s change (404)', async () => {
      const { id, changeId } = await withPendingChange();
      const payload = { clientId: brand, changeId: String(changeId) };
      expect((await staffCall('viewer', 'POST', 'acceptPatientPendingChange', payload)).statusCode).toBe(403);
      expect(
        (
          await staffCall(
            'viewer',
            'GET',
            `getPatientPendingChanges?${query({ clientId: brand, patientId: id })}`,
          )
        ).statusCode,
      ).toBe(403);
      const anonymous = await app.inject({
        method: 'POST',
        url: `${PREFIX}/acceptPatientPendingChange`,
        payload,
      });
      expect(anonymous.statusCode).toBe(401);

      // A change of another brand's patient, named with this brand: 404, nothing applied.
      const other = await patientOnFile(f.northside.clientId);
      const { id: otherChange } = await f.t.db
        .insertInto('patient_pending_changes')
        .values({
          client_id: f.northside.clientId,
          patient_id: other.id,
          appointment_id: null,
          source: 'booking',
          phone: '9995550100',
          email: null,
          sms_permission: null,
          email_permission: null,
          status: 'pending',
          decided_by_user_id: null,
          decided_at: null,
          created_at: NOW.getTime(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const foreign = await staffCall('owner', 'POST', 'acceptPatientPendingChange', {
        clientId: brand,
        changeId: String(otherChange),
      });
      expect(foreign.statusCode, foreign.body).toBe(404);
      expect(await patientRow(other.id)).toMatchObject({ phone: '2125550199' });
      expect((await pendingRows(id))[0]).toMatchObject({ status: 'pending' });
    });
  });
});
