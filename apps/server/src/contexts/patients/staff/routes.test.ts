import { randomUUID } from 'node:crypto';
import type { GetAppointmentDetailsResponse } from '@scheduler/contract/patient-management/appointments';
import type { GetAuditLogResponse } from '@scheduler/contract/patient-management/audit-log';
import type { GetFeedbackDetailsResponse } from '@scheduler/contract/patient-management/notes';
import type {
  GetFiltersResponse,
  GetPatientDetailsResponse,
  GetPatientListResponse,
} from '@scheduler/contract/patient-management/patients';
import type { Note } from '@scheduler/contract/patient-management/shared';
import type { BookAppointmentResponse, GetProvidersResponse } from '@scheduler/contract/scheduler-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicFixture } from '../../../test/public-api-fixture.ts';
import { NOW, createPublicFixture, newPatient, query } from '../../../test/public-api-fixture.ts';
import {
  auditRows,
  insertAppointment,
  insertPatient,
  insertProvider,
  slotUnitCount,
  userIdOf,
} from '../../../test/patient-management-fixture.ts';
import { loginAsDemo } from '../../../test/staff-login.ts';
import type { StaffLogin } from '../../../test/staff-login.ts';
import { testDatabases } from '../../../test/test-db.ts';

type Role = 'owner' | 'admin' | 'staff' | 'viewer';
const PM = '/api/patient-management';
const DAY = 86_400_000;
/** Far from the demo's appointments (21 days either side of NOW), so slot units never collide. */
const FUTURE = Date.UTC(2027, 2, 10, 5, 0);
const PAST = Date.UTC(2026, 8, 10, 5, 0);

interface ErrorJson {
  error: { code: string; message: string; details?: Record<string, unknown> };
}

describe.each(testDatabases())('patient management API on $name', (target) => {
  let f: PublicFixture;
  const as: Partial<Record<Role, StaffLogin>> = {};
  let brand: number;
  let other: number;
  let provider: number;
  let provider2: number;
  let location: number;
  let location2: number;
  let service: number;
  let northProvider: number;
  let northLocation: number;
  let northService: number;
  let staffUserId: number;
  let adminUserId: number;
  let minute = 0;

  /** A distinct start for each appointment a test makes (5-minute steps, never overlapping). */
  const nextStart = (base: number): number => {
    minute += 60;
    return base + minute * 60_000;
  };

  beforeAll(async () => {
    f = await createPublicFixture(target);
    for (const role of ['owner', 'admin', 'staff', 'viewer'] as const)
      as[role] = await loginAsDemo(f.app, role);
    brand = f.brightsmile.clientId;
    other = f.northside.clientId;
    [provider, provider2] = Object.values(f.brightsmile.providers) as [number, number];
    [location, location2] = Object.values(f.brightsmile.locations) as [number, number];
    service = Object.values(f.brightsmile.services)[0]!;
    northProvider = Object.values(f.northside.providers)[0]!;
    northLocation = Object.values(f.northside.locations)[0]!;
    northService = Object.values(f.northside.services)[0]!;
    staffUserId = await userIdOf(f.t.db, 'staff@demo.health');
    adminUserId = await userIdOf(f.t.db, 'admin@demo.health');
  });
  afterAll(async () => {
    await f.close();
  });

  function headers(role: Role | null): Record<string, string> {
    return role === null ? {} : as[role]!.bearerHeaders;
  }
  function get(role: Role | null, name: string, params: Record<string, string | number | undefined> = {}) {
    return f.app.inject({
      method: 'GET',
      url: `${PM}/${name}?${query({ clientId: brand, ...params })}`,
      headers: headers(role),
    });
  }
  function send(role: Role | null, method: 'POST' | 'PUT', name: string, payload: Record<string, unknown>) {
    return f.app.inject({
      method,
      url: `${PM}/${name}`,
      headers: headers(role),
      payload: { clientId: brand, ...payload },
    });
  }
  async function ok<T>(response: Awaited<ReturnType<typeof get>>, status = 200): Promise<T> {
    expect(response.statusCode, response.body).toBe(status);
    return Promise.resolve(response.json<T>());
  }
  function expectError(response: Awaited<ReturnType<typeof get>>, status: number, code: string): ErrorJson {
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json<ErrorJson>();
    expect(body.error.code).toBe(code);
    return body;
  }

  async function newBrandPatient(fields: Partial<Parameters<typeof insertPatient>[1]> = {}): Promise<number> {
    return insertPatient(f.t.db, {
      clientId: brand,
      firstName: 'Test',
      lastName: `Person${randomUUID().slice(0, 6).replace(/\d/g, 'x')}`,
      ...fields,
    });
  }

  async function appointmentOf(
    patientId: number,
    fields: Partial<Parameters<typeof insertAppointment>[1]> = {},
  ): Promise<number> {
    return insertAppointment(f.t.db, {
      clientId: brand,
      patientId,
      providerId: provider,
      locationId: location,
      serviceId: service,
      startAt: nextStart(FUTURE),
      ...fields,
    });
  }

  async function versionOf(appointmentId: number): Promise<number> {
    const details = await ok<GetAppointmentDetailsResponse>(
      await get('staff', 'getAppointmentDetails', { appointmentId }),
    );
    return details.appointment.version;
  }

  describe('access', () => {
    const calls: [string, 'GET' | 'POST' | 'PUT', string][] = [
      ['get_filters', 'GET', 'get_filters'],
      ['getPatientList', 'GET', 'getPatientList'],
      ['getPatientDetails', 'GET', 'getPatientDetails?patientId=1'],
      ['getAppointmentDetails', 'GET', 'getAppointmentDetails?appointmentId=1'],
      ['getFeedbackDetails', 'GET', 'getFeedbackDetails?patientId=1'],
      ['update_appointment_status', 'POST', 'update_appointment_status'],
      ['addNote', 'POST', 'addNote'],
      ['editNote', 'PUT', 'editNote'],
      ['auditLog', 'GET', 'auditLog'],
    ];

    it.each(calls)(
      'answers %s without a session with 401, before any validation',
      async (_name, method, path) => {
        const response = await f.app.inject({
          method,
          url: `${PM}/${path}`,
          ...(method === 'GET' ? {} : { payload: {} }),
        });
        expectError(response, 401, 'UNAUTHENTICATED');
      },
    );

    it('gives a viewer (reports only) the filter menus, which carry no patient data', async () => {
      const filters = await ok<GetFiltersResponse>(await get('viewer', 'get_filters'));
      expect(filters.locations.length).toBeGreaterThan(0);
      expect(filters.providers.length).toBeGreaterThan(0);
      expect(filters.services.length).toBeGreaterThan(0);
      expect(Object.keys(filters).sort()).toEqual([
        'defaultTimeZone',
        'locations',
        'providers',
        'services',
        'statuses',
      ]);
      // Another brand's menus stay closed to brightsmile's viewer.
      expectError(await get('viewer', 'get_filters', { clientId: other }), 403, 'FORBIDDEN');
    });

    it('refuses a viewer (reports only) every patient call with 403', async () => {
      expectError(await get('viewer', 'getPatientList'), 403, 'FORBIDDEN');
      const viewerPatient = await newBrandPatient();
      expectError(await get('viewer', 'getPatientDetails', { patientId: viewerPatient }), 403, 'FORBIDDEN');
      expectError(await get('viewer', 'getFeedbackDetails', { patientId: viewerPatient }), 403, 'FORBIDDEN');
      const patientId = await newBrandPatient();
      const appointmentId = await appointmentOf(patientId);
      expectError(
        await send('viewer', 'POST', 'update_appointment_status', {
          appointmentId,
          status: 'arrived',
          version: 1,
        }),
        403,
        'FORBIDDEN',
      );
      expectError(await send('viewer', 'POST', 'addNote', { appointmentId, text: 'Hi' }), 403, 'FORBIDDEN');
    });

    it("refuses a brand the user does not belong to with 403, and another brand's records with 404", async () => {
      const northPatient = await insertPatient(f.t.db, {
        clientId: other,
        firstName: 'Nora',
        lastName: 'Northern',
      });
      const northAppointment = await insertAppointment(f.t.db, {
        clientId: other,
        patientId: northPatient,
        providerId: northProvider,
        locationId: northLocation,
        serviceId: northService,
        startAt: nextStart(FUTURE),
      });
      // Staff is a member of brightsmile only.
      expectError(await get('staff', 'getPatientList', { clientId: other }), 403, 'FORBIDDEN');
      expectError(
        await get('staff', 'getPatientDetails', { clientId: other, patientId: northPatient }),
        403,
        'FORBIDDEN',
      );
      // Asking within one's own brand for another brand's records: not found, nothing leaks.
      expectError(await get('staff', 'getPatientDetails', { patientId: northPatient }), 404, 'NOT_FOUND');
      expectError(
        await get('staff', 'getAppointmentDetails', { appointmentId: northAppointment }),
        404,
        'NOT_FOUND',
      );
      expectError(await get('staff', 'getFeedbackDetails', { patientId: northPatient }), 404, 'NOT_FOUND');
      expectError(
        await send('staff', 'POST', 'update_appointment_status', {
          appointmentId: northAppointment,
          status: 'cancelled',
          reason: 'x',
          version: 1,
        }),
        404,
        'NOT_FOUND',
      );
      expectError(
        await send('staff', 'POST', 'addNote', { appointmentId: northAppointment, text: 'Hello' }),
        404,
        'NOT_FOUND',
      );
      const list = await ok<GetPatientListResponse>(
        await get('owner', 'getPatientList', { search: 'Northern' }),
      );
      expect(list.total).toBe(0);
      // The owner of both brands sees it in its own brand.
      const north = await ok<GetPatientListResponse>(
        await get('owner', 'getPatientList', { clientId: other, search: 'Northern' }),
      );
      expect(north.items.map((item) => item.patientId)).toEqual([String(northPatient)]);
      // The status is untouched.
      const row = await f.t.db
        .selectFrom('appointments')
        .select(['status', 'version'])
        .where('id', '=', northAppointment)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'booked', version: 1 });
    });

    it('refuses a cookie-authenticated change without the X-XSRF-TOKEN header', async () => {
      const patientId = await newBrandPatient();
      const response = await f.app.inject({
        method: 'POST',
        url: `${PM}/addNote`,
        headers: { cookie: as.staff!.cookieHeaders.cookie! },
        payload: { clientId: brand, patientId, text: 'Hello' },
      });
      expectError(response, 403, 'CSRF_REJECTED');
      const accepted = await f.app.inject({
        method: 'POST',
        url: `${PM}/addNote`,
        headers: as.staff!.cookieHeaders,
        payload: { clientId: brand, patientId, text: 'Hello' },
      });
      expect(accepted.statusCode, accepted.body).toBe(201);
    });
  });

  describe('GET get_filters', () => {
    it("lists the brand's locations, providers, services and the statuses", async () => {
      const filters = await ok<GetFiltersResponse>(await get('staff', 'get_filters'));
      expect(filters.locations.map((l) => Number(l.locationId)).sort()).toEqual(
        Object.values(f.brightsmile.locations).sort(),
      );
      expect(filters.providers.map((p) => Number(p.providerId)).sort()).toEqual(
        Object.values(f.brightsmile.providers).sort(),
      );
      expect(filters.services.map((s) => Number(s.appointmentTypeId)).sort()).toEqual(
        Object.values(f.brightsmile.services).sort(),
      );
      expect(filters.statuses.map((s) => s.value)).toEqual([
        'pending',
        'booked',
        'arrived',
        'checked-in',
        'fulfilled',
        'noshow',
        'cancelled',
        'entered-in-error',
      ]);
      expect(filters.statuses.find((s) => s.value === 'booked')?.label).toBe('Confirmed');
      expect(filters.defaultTimeZone).toMatch(/^America\//);
    });
  });

  describe('GET getPatientList', () => {
    let quill: number;
    let quinn: number;

    beforeAll(async () => {
      quill = await newBrandPatient({
        firstName: 'Zelda',
        lastName: 'Quillfeather',
        dateOfBirth: '1979-03-14',
        phone: '2125550777',
        email: 'zelda.quill@example.org',
      });
      quinn = await newBrandPatient({
        firstName: 'Zachary',
        lastName: 'Quillfeather-Quinn',
        dateOfBirth: '1985-07-01',
        phone: '3125550888',
        email: 'zq@example.org',
      });
      await appointmentOf(quill, {
        locationId: location,
        startAt: Date.UTC(2027, 5, 2, 14),
        status: 'booked',
      });
      await appointmentOf(quinn, {
        locationId: location2,
        startAt: Date.UTC(2027, 5, 3, 14),
        status: 'cancelled',
      });
    });

    const ids = (list: GetPatientListResponse) => list.items.map((item) => Number(item.patientId));

    it('searches by last name, first name, both, e-mail, phone and date of birth', async () => {
      const search = async (params: Record<string, string>) =>
        ids(await ok<GetPatientListResponse>(await get('staff', 'getPatientList', params)));
      expect(await search({ search: 'quillfeath' })).toEqual([quill, quinn]);
      expect(await search({ search: 'QUILLFEATHER-q' })).toEqual([quinn]);
      expect(await search({ search: 'zelda quill' })).toEqual([quill]);
      expect(await search({ search: 'quill zach' })).toEqual([quinn]);
      expect(await search({ name: 'zel' })).toContain(quill);
      expect(await search({ search: 'zelda.quill@' })).toEqual([quill]);
      expect(await search({ email: 'ZQ@EXAMPLE' })).toEqual([quinn]);
      expect(await search({ search: '(212) 555-0777' })).toEqual([quill]);
      expect(await search({ search: '+1 312 555 0888' })).toEqual([quinn]);
      expect(await search({ phone: '312555' })).toContain(quinn);
      expect(await search({ search: '1979-03-14', name: 'quill' })).toEqual([quill]);
      expect(await search({ search: '07/01/1985', name: 'quill' })).toEqual([quinn]);
      expect(await search({ dateOfBirth: '1985-07-01', search: 'zach' })).toEqual([quinn]);
      expect(await search({ search: 'quill%' })).toEqual([]);
    });

    it('filters by the appointments: location, status, provider, service and date range', async () => {
      const search = async (params: Record<string, string | number>) =>
        ids(
          await ok<GetPatientListResponse>(
            await get('staff', 'getPatientList', { search: 'quillf', ...params }),
          ),
        );
      expect(await search({ locationId: location })).toEqual([quill]);
      expect(await search({ locationId: location2 })).toEqual([quinn]);
      expect(await search({ status: 'cancelled' })).toEqual([quinn]);
      expect(await search({ status: 'booked,cancelled' })).toEqual([quill, quinn]);
      expect(await search({ providerId: provider, appointmentTypeId: service })).toEqual([quill, quinn]);
      expect(await search({ providerId: provider2 })).toEqual([]);
      expect(await search({ from: '2027-06-02', to: '2027-06-02' })).toEqual([quill]);
      expect(await search({ from: '2027-06-03' })).toEqual([quinn]);
      expect(await search({ to: '2027-06-01' })).toEqual([]);
      // Without a search the same filters start from the appointments.
      const byRange = await ok<GetPatientListResponse>(
        await get('staff', 'getPatientList', { from: '2027-06-02', to: '2027-06-03', pageSize: 100 }),
      );
      expect(ids(byRange)).toEqual([quill, quinn]);
      expect(byRange.total).toBe(2);
    });

    it('pages and sorts on the server, with the total from a separate count', async () => {
      const first = await ok<GetPatientListResponse>(await get('staff', 'getPatientList', { pageSize: 5 }));
      const total = await f.t.db
        .selectFrom('patients')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('client_id', '=', brand)
        .executeTakeFirstOrThrow();
      expect(first.total).toBe(Number(total.n));
      expect(first.items).toHaveLength(5);
      const second = await ok<GetPatientListResponse>(
        await get('staff', 'getPatientList', { pageSize: 5, page: 2 }),
      );
      expect(second.items).toHaveLength(5);
      expect(ids(second).some((id) => ids(first).includes(id))).toBe(false);
      const names = first.items.map(
        (item) => `${item.lastName.toLowerCase()}|${item.firstName.toLowerCase()}`,
      );
      expect([...names].sort()).toEqual(names);
      const reversed = await ok<GetPatientListResponse>(
        await get('staff', 'getPatientList', { pageSize: 5, sort: '-name' }),
      );
      const reversedNames = reversed.items.map((item) => item.lastName.toLowerCase());
      expect([...reversedNames].sort().reverse()).toEqual(reversedNames);
      const byBirth = await ok<GetPatientListResponse>(
        await get('staff', 'getPatientList', { pageSize: 20, sort: 'dateOfBirth' }),
      );
      const births = byBirth.items.map((item) => item.dateOfBirth);
      expect([...births].sort()).toEqual(births);
      expectError(await get('staff', 'getPatientList', { pageSize: 500 }), 400, 'VALIDATION');
    });

    it('shows each patient’s appointment count, last and next appointment', async () => {
      const patientId = await newBrandPatient({ lastName: 'Counterbury' });
      const past = Date.UTC(2026, 9, 1, 14);
      const next = Date.UTC(2027, 0, 5, 14);
      await appointmentOf(patientId, { startAt: past, status: 'fulfilled' });
      await appointmentOf(patientId, { startAt: next, status: 'booked' });
      await appointmentOf(patientId, { startAt: Date.UTC(2027, 0, 6, 14), status: 'cancelled' });
      const list = await ok<GetPatientListResponse>(
        await get('staff', 'getPatientList', { search: 'counterbury' }),
      );
      expect(list.items[0]).toMatchObject({
        patientId: String(patientId),
        appointmentCount: 3,
        lastAppointmentUtc: new Date(past).toISOString(),
        nextAppointmentUtc: new Date(next).toISOString(),
      });
    });

    it('writes an audit row with the ids shown and the filter names, never the search text', async () => {
      await ok(await get('staff', 'getPatientList', { search: 'quillfeather', locationId: location }));
      const rows = await auditRows(f.t.db, { action: 'patient.list.read', clientId: brand });
      const last = rows.at(-1)!;
      expect(last.user_id).toBe(staffUserId);
      expect(last.ip).not.toBeNull();
      const details = JSON.parse(last.details!) as { patientIds: number[]; filters: string[] };
      expect(details.patientIds).toEqual([quill]);
      expect(details.filters).toEqual(['search', 'locationId']);
      expect(last.details).not.toMatch(/quill/i);
    });
  });

  describe('GET getPatientDetails', () => {
    it('returns contact, insurance policies, upcoming and past appointments and notes, and audits the read', async () => {
      const patientId = await newBrandPatient({
        firstName: 'Dora',
        lastName: 'Detailson',
        phone: '2125550123',
      });
      const plan = await f.t.db
        .selectFrom('insurance_plans')
        .select(['id', 'carrier_id', 'name'])
        .where('client_id', '=', brand)
        .executeTakeFirstOrThrow();
      await f.t.db
        .insertInto('insurance_policies')
        .values({
          client_id: brand,
          patient_id: patientId,
          plan_id: plan.id,
          carrier_id: plan.carrier_id,
          relationship_id: null,
          member_id: 'M-123',
          group_number: 'G-9',
          subscriber_first_name: null,
          subscriber_last_name: null,
          subscriber_date_of_birth: null,
          self_pay: 0,
          created_at: NOW.getTime(),
          updated_at: NOW.getTime(),
        })
        .execute();
      const past = await appointmentOf(patientId, { startAt: nextStart(PAST), status: 'fulfilled' });
      const upcoming1 = await appointmentOf(patientId, { startAt: nextStart(FUTURE) });
      const upcoming2 = await appointmentOf(patientId, { startAt: nextStart(FUTURE) });
      await ok(await send('staff', 'POST', 'addNote', { patientId, text: 'Prefers mornings' }), 201);

      const details = await ok<GetPatientDetailsResponse>(
        await get('staff', 'getPatientDetails', { patientId }),
      );
      expect(details.patient).toMatchObject({
        firstName: 'Dora',
        lastName: 'Detailson',
        phone: '2125550123',
      });
      expect(details.insurancePolicies).toEqual([
        expect.objectContaining({
          memberId: 'M-123',
          groupNumber: 'G-9',
          plan: { planId: String(plan.id), name: plan.name },
        }),
      ]);
      expect(details.upcomingAppointments.map((a) => Number(a.appointmentId))).toEqual([
        upcoming1,
        upcoming2,
      ]);
      expect(details.pastAppointments.map((a) => Number(a.appointmentId))).toEqual([past]);
      expect(details.pastAppointments[0]).toMatchObject({ status: 'fulfilled', statusLabel: 'Completed' });
      expect(details.notes).toEqual([
        expect.objectContaining({ text: 'Prefers mornings', appointmentId: null, canEdit: true }),
      ]);
      const rows = await auditRows(f.t.db, { action: 'patient.read', recordId: patientId });
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ user_id: staffUserId, client_id: brand });
      expect(rows[0]!.details).not.toMatch(/Dora|Detailson|2125550123/);
    });

    it('answers an unknown patient with 404', async () => {
      expectError(await get('staff', 'getPatientDetails', { patientId: 999_999 }), 404, 'NOT_FOUND');
      expectError(await get('staff', 'getPatientDetails', { patientId: 'abc' }), 400, 'VALIDATION');
    });
  });

  describe('GET getAppointmentDetails', () => {
    it('returns the appointment, its patient, status history, notes and allowed statuses; audited', async () => {
      const patientId = await newBrandPatient();
      const appointmentId = await appointmentOf(patientId, { status: 'pending' });
      await ok(await send('staff', 'POST', 'addNote', { appointmentId, text: 'Bring X-rays' }), 201);
      await ok(
        await send('staff', 'POST', 'update_appointment_status', {
          appointmentId,
          status: 'booked',
          version: 1,
        }),
      );
      const details = await ok<GetAppointmentDetailsResponse>(
        await get('staff', 'getAppointmentDetails', { appointmentId, patientId }),
      );
      expect(details.appointment).toMatchObject({
        appointmentId: String(appointmentId),
        patientId: String(patientId),
        status: 'booked',
        statusLabel: 'Confirmed',
        version: 2,
        reasonForVisit: 'Check-up',
      });
      expect(
        details.statusHistory.map((h) => [h.fromStatus, h.toStatus, h.changedBy?.userId ?? null]),
      ).toEqual([
        [null, 'pending', null],
        ['pending', 'booked', String(staffUserId)],
      ]);
      expect(details.notes).toEqual([
        expect.objectContaining({
          text: 'Bring X-rays',
          author: { userId: String(staffUserId), name: expect.any(String) as string },
          canEdit: true,
        }),
      ]);
      // An appointment months away: staff may only cancel (arrival on its day, no-show after its start).
      expect(details.allowedStatuses).toEqual(['cancelled']);
      expect(await auditRows(f.t.db, { action: 'appointment.read', recordId: appointmentId })).toHaveLength(
        1,
      );
      expectError(
        await get('staff', 'getAppointmentDetails', { appointmentId, patientId: patientId + 100_000 }),
        404,
        'NOT_FOUND',
      );
    });
  });

  describe('POST update_appointment_status', () => {
    const change = (role: Role, appointmentId: number, status: string, version: number, reason?: string) =>
      send(role, 'POST', 'update_appointment_status', {
        appointmentId,
        status,
        version,
        ...(reason === undefined ? {} : { reason }),
      });

    it('moves an appointment through the workflow, keeping every change in the history', async () => {
      const patientId = await newBrandPatient();
      // Today, an hour ago (check-in only on the appointment's day), with a provider of its own.
      const appointmentId = await appointmentOf(patientId, {
        providerId: await insertProvider(f.t.db, brand, 'Workflow'),
        startAt: NOW.getTime() - 3_600_000,
        status: 'pending',
      });
      let details = await ok<GetAppointmentDetailsResponse>(
        await change('staff', appointmentId, 'booked', 1),
      );
      expect(details.appointment).toMatchObject({ status: 'booked', version: 2 });
      details = await ok(await change('staff', appointmentId, 'checked-in', 2));
      details = await ok(await change('staff', appointmentId, 'fulfilled', 3));
      expect(details.appointment).toMatchObject({ status: 'fulfilled', version: 4 });
      expect(details.statusHistory.map((h) => h.toStatus)).toEqual([
        'pending',
        'booked',
        'checked-in',
        'fulfilled',
      ]);
      expect(details.allowedStatuses).toEqual([]);
      // A completed appointment keeps its time.
      expect(await slotUnitCount(f.t.db, appointmentId)).toBeGreaterThan(0);
      const audits = await auditRows(f.t.db, {
        action: 'appointment.status.update',
        recordId: appointmentId,
      });
      expect(audits.map((row) => (JSON.parse(row.details!) as { to: string }).to)).toEqual([
        'booked',
        'checked-in',
        'fulfilled',
      ]);
      expect(audits.every((row) => row.user_id === staffUserId)).toBe(true);
    });

    it('refuses a stale version with 409 and changes nothing', async () => {
      const patientId = await newBrandPatient();
      const appointmentId = await appointmentOf(patientId, { status: 'pending' });
      await ok(await change('staff', appointmentId, 'booked', 1));
      const body = expectError(await change('staff', appointmentId, 'cancelled', 1, 'Sick'), 409, 'CONFLICT');
      expect(body.error.details).toMatchObject({ currentVersion: 2 });
      expect(await versionOf(appointmentId)).toBe(2);
      expect(await slotUnitCount(f.t.db, appointmentId)).toBeGreaterThan(0);
    });

    it('refuses moves outside the workflow with 422', async () => {
      const patientId = await newBrandPatient();
      const appointmentId = await appointmentOf(patientId, { status: 'booked' });
      expectError(await change('staff', appointmentId, 'pending', 1), 422, 'STATUS_CHANGE_NOT_ALLOWED');
      expectError(await change('staff', appointmentId, 'booked', 1), 422, 'STATUS_CHANGE_NOT_ALLOWED');
      await ok(await change('staff', appointmentId, 'cancelled', 1, 'Patient called'));
      const body = expectError(
        await change('staff', appointmentId, 'booked', 2),
        422,
        'STATUS_CHANGE_NOT_ALLOWED',
      );
      expect(body.error.details).toMatchObject({ reason: 'not-allowed', currentStatus: 'cancelled' });
      expectError(await change('staff', appointmentId, 'done', 2), 400, 'VALIDATION');
    });

    it('refuses no-show before the start time; completes after arrival even before it', async () => {
      const patientId = await newBrandPatient();
      // A provider of its own: the demo's appointments fill the hours around the pinned clock.
      const idle = await insertProvider(f.t.db, brand);
      const appointmentId = await appointmentOf(patientId, {
        providerId: idle,
        startAt: NOW.getTime() + 3_600_000,
      });
      const body = expectError(
        await change('staff', appointmentId, 'noshow', 1),
        422,
        'STATUS_CHANGE_NOT_ALLOWED',
      );
      expect(body.error.details).toMatchObject({ reason: 'before-start' });
      await ok(await change('staff', appointmentId, 'arrived', 1));
      await ok(await change('staff', appointmentId, 'fulfilled', 2));
      const started = await appointmentOf(patientId, {
        providerId: idle,
        startAt: NOW.getTime() - 3_600_000,
      });
      await ok(await change('staff', started, 'noshow', 1));
      expect(await slotUnitCount(f.t.db, started)).toBe(0);
    });

    it('keeps entered-in-error for admins and owners', async () => {
      const patientId = await newBrandPatient();
      const appointmentId = await appointmentOf(patientId);
      expectError(await change('staff', appointmentId, 'entered-in-error', 1), 403, 'FORBIDDEN');
      expect(await versionOf(appointmentId)).toBe(1);
      const details = await ok<GetAppointmentDetailsResponse>(
        await change('admin', appointmentId, 'entered-in-error', 1),
      );
      expect(details.appointment.status).toBe('entered-in-error');
      expect(details.statusHistory.at(-1)?.changedBy?.userId).toBe(String(adminUserId));
      expect(await slotUnitCount(f.t.db, appointmentId)).toBe(0);
    });

    it('needs a reason to cancel, and frees the time in the same transaction', async () => {
      const patientId = await newBrandPatient();
      const appointmentId = await appointmentOf(patientId);
      expectError(await change('staff', appointmentId, 'cancelled', 1), 400, 'VALIDATION');
      expect(await slotUnitCount(f.t.db, appointmentId)).toBeGreaterThan(0);
      const details = await ok<GetAppointmentDetailsResponse>(
        await change('staff', appointmentId, 'cancelled', 1, 'Moved away'),
      );
      expect(details.appointment).toMatchObject({ status: 'cancelled', cancelReason: 'Moved away' });
      expect(details.statusHistory.at(-1)).toMatchObject({ toStatus: 'cancelled', reason: 'Moved away' });
      expect(await slotUnitCount(f.t.db, appointmentId)).toBe(0);
    });

    it('makes a cancelled slot bookable again at once through PUT bookAppointment', async () => {
      const emergency = 'Emergency Dental Visit';
      const providers = await f.app.inject({
        method: 'GET',
        url: `/api/scheduler/getProviders?${query({
          clientName: 'brightsmile',
          scheduler: 'main',
          appointmentTypeId: f.brightsmile.services[emergency],
          locationId: f.brightsmile.locations['midtown-manhattan'],
          providerId: f.brightsmile.providers.Carter,
        })}`,
      });
      expect(providers.statusCode, providers.body).toBe(200);
      const slot = providers.json<GetProvidersResponse>().providers[0]?.slots[3];
      if (slot === undefined) throw new Error('no free slot for Carter');
      const book = () =>
        f.app.inject({
          method: 'PUT',
          url: '/api/scheduler/bookAppointment',
          payload: {
            clientSlug: 'brightsmile',
            schedulerSlug: 'main',
            locationId: slot.locationId,
            providerId: String(f.brightsmile.providers.Carter),
            appointmentTypeId: String(f.brightsmile.services[emergency]),
            startUtc: slot.startUtc,
            patient: newPatient(),
            isExistingPatient: false,
            insurance: null,
            details: { reasonForVisit: 'Toothache' },
            sessionId: `session-${randomUUID()}`,
            idempotencyKey: randomUUID(),
          },
        });
      const first = await book();
      expect(first.statusCode, first.body).toBe(201);
      const booked = first.json<BookAppointmentResponse>();
      const taken = await book();
      expect(taken.statusCode, taken.body).toBe(409);
      expect(taken.json<ErrorJson>().error.code).toBe('SLOT_TAKEN');

      await ok(await change('staff', Number(booked.appointmentId), 'cancelled', 1, 'Patient called'));
      const again = await book();
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json<BookAppointmentResponse>().startUtc).toBe(slot.startUtc);
    });

    it('lets only one of two racing changes with the same version win', async () => {
      const patientId = await newBrandPatient();
      const appointmentId = await appointmentOf(patientId, { status: 'pending' });
      const results = await Promise.all([
        change('staff', appointmentId, 'booked', 1),
        change('admin', appointmentId, 'cancelled', 1, 'Duplicate'),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const history = await f.t.db
        .selectFrom('appointment_status_history')
        .select('to_status')
        .where('appointment_id', '=', appointmentId)
        .execute();
      expect(history).toHaveLength(2);
    });
  });

  describe('POST addNote, PUT editNote', () => {
    it('adds a note, lets its author edit it, refuses anybody else with 403, and audits both', async () => {
      const patientId = await newBrandPatient();
      const appointmentId = await appointmentOf(patientId);
      const { note } = await ok<{ note: Note }>(
        await send('staff', 'POST', 'addNote', { appointmentId, text: '  Allergic to latex ' }),
        201,
      );
      expect(note).toMatchObject({
        text: 'Allergic to latex',
        patientId: String(patientId),
        appointmentId: String(appointmentId),
        author: { userId: String(staffUserId) },
        editedAt: null,
        canEdit: true,
      });
      const noteId = Number(note.noteId);

      const denied = expectError(
        await send('admin', 'PUT', 'editNote', { noteId, text: 'Changed by admin' }),
        403,
        'FORBIDDEN',
      );
      expect(denied.error.message).toBe('Only the author of a note can edit it.');
      expectError(
        await send('owner', 'PUT', 'editNote', { noteId, text: 'Changed by owner' }),
        403,
        'FORBIDDEN',
      );

      const edited = await ok<{ note: Note }>(
        await send('staff', 'PUT', 'editNote', { noteId, text: 'Allergic to latex and penicillin' }),
      );
      expect(edited.note).toMatchObject({
        text: 'Allergic to latex and penicillin',
        editedAt: NOW.toISOString(),
      });

      const seenByAdmin = await ok<GetAppointmentDetailsResponse>(
        await get('admin', 'getAppointmentDetails', { appointmentId }),
      );
      expect(seenByAdmin.notes[0]).toMatchObject({
        text: 'Allergic to latex and penicillin',
        canEdit: false,
      });

      expect(await auditRows(f.t.db, { action: 'note.create', recordId: noteId })).toHaveLength(1);
      const updates = await auditRows(f.t.db, { action: 'note.update', recordId: noteId });
      expect(updates).toHaveLength(1);
      expect(updates[0]!.details).not.toMatch(/latex/);

      expectError(await send('staff', 'PUT', 'editNote', { noteId, text: '' }), 400, 'VALIDATION');
      expectError(await send('staff', 'PUT', 'editNote', { noteId: 999_999, text: 'x' }), 404, 'NOT_FOUND');
      expectError(await send('staff', 'POST', 'addNote', { text: 'Nobody' }), 400, 'VALIDATION');
    });

    it("answers 404 for a note of another brand, even to its owner's other membership", async () => {
      const northPatient = await insertPatient(f.t.db, {
        clientId: other,
        firstName: 'N',
        lastName: 'Notes',
      });
      const created = await f.app.inject({
        method: 'POST',
        url: `${PM}/addNote`,
        headers: headers('owner'),
        payload: { clientId: other, patientId: northPatient, text: 'North note' },
      });
      const { note } = await ok<{ note: Note }>(created, 201);
      expectError(
        await send('owner', 'PUT', 'editNote', { noteId: Number(note.noteId), text: 'Edited' }),
        404,
        'NOT_FOUND',
      );
    });
  });

  describe('GET getFeedbackDetails', () => {
    it("returns a patient's feedback with the average rating, and audits the read", async () => {
      const patientId = await newBrandPatient();
      const appointmentId = await appointmentOf(patientId, { startAt: nextStart(PAST), status: 'fulfilled' });
      await f.t.db
        .insertInto('feedback')
        .values([
          {
            client_id: brand,
            patient_id: patientId,
            appointment_id: appointmentId,
            rating: 5,
            comment: 'Great',
            created_at: NOW.getTime() - DAY,
          },
          {
            client_id: brand,
            patient_id: patientId,
            appointment_id: null,
            rating: 4,
            comment: null,
            created_at: NOW.getTime(),
          },
        ])
        .execute();
      const byPatient = await ok<GetFeedbackDetailsResponse>(
        await get('staff', 'getFeedbackDetails', { patientId }),
      );
      expect(byPatient).toMatchObject({ count: 2, averageRating: 4.5 });
      expect(byPatient.feedback.map((item) => item.rating)).toEqual([4, 5]);
      const byAppointment = await ok<GetFeedbackDetailsResponse>(
        await get('staff', 'getFeedbackDetails', { appointmentId }),
      );
      expect(byAppointment.feedback).toEqual([expect.objectContaining({ rating: 5, comment: 'Great' })]);
      expect(await auditRows(f.t.db, { action: 'patient.feedback.read', recordId: patientId })).toHaveLength(
        1,
      );
      expect(
        await auditRows(f.t.db, { action: 'patient.feedback.read', recordId: appointmentId }),
      ).toHaveLength(1);
      expectError(await get('staff', 'getFeedbackDetails', {}), 400, 'VALIDATION');
    });
  });

  describe('dates outside 1900-01-01…2999-12-31', () => {
    it.each(['getPatientList', 'auditLog'])(
      'answers %s with 400 VALIDATION naming the field',
      async (name) => {
        for (const date of ['9999-12-31', '3000-01-01', '1899-12-31']) {
          const body = expectError(await get('owner', name, { from: date, to: date }), 400, 'VALIDATION');
          const fields = (body.error.details as { fields: { path: string; message: string }[] }).fields;
          expect(fields.map((field) => field.path).sort()).toEqual(['from', 'to']);
          expect(fields[0]?.message).toBe('Enter a date between 1900-01-01 and 2999-12-31');
        }
        await ok(await get('owner', name, { from: '1900-01-01', to: '2999-12-31' }));
      },
    );

    it('refuses such a date of birth in the patient list, and keeps a legitimate one', async () => {
      const body = expectError(
        await get('staff', 'getPatientList', { dateOfBirth: '1899-12-31' }),
        400,
        'VALIDATION',
      );
      expect(body.error.details).toMatchObject({ fields: [{ path: 'dateOfBirth' }] });
      await ok(await get('staff', 'getPatientList', { dateOfBirth: '1930-05-01' }));
    });
  });

  describe('GET auditLog', () => {
    it('pages the brand’s audit trail, newest first, for owners (and admins), not for staff', async () => {
      expectError(await get('staff', 'auditLog'), 403, 'FORBIDDEN');
      expectError(await get('viewer', 'auditLog'), 403, 'FORBIDDEN');
      const page = await ok<GetAuditLogResponse>(await get('owner', 'auditLog', { pageSize: 5 }));
      expect(page.items).toHaveLength(5);
      expect(page.total).toBeGreaterThan(5);
      const times = page.items.map((item) => item.at);
      expect([...times].sort().reverse()).toEqual(times);
      const reads = await ok<GetAuditLogResponse>(
        await get('owner', 'auditLog', { action: 'patient.', pageSize: 200 }),
      );
      expect(reads.items.length).toBeGreaterThan(0);
      expect(reads.items.every((item) => item.action.startsWith('patient.'))).toBe(true);
      const staffOnly = await ok<GetAuditLogResponse>(
        await get('admin', 'auditLog', { userId: staffUserId, action: 'note.create' }),
      );
      expect(staffOnly.items.length).toBeGreaterThan(0);
      expect(staffOnly.items.every((item) => item.user?.email === 'staff@demo.health')).toBe(true);
      expect(staffOnly.items[0]?.details).toMatchObject({ patientId: expect.any(Number) as number });
      // Another brand's entries never show.
      const northRows = await auditRows(f.t.db, { action: 'note.create', clientId: other });
      expect(northRows.length).toBeGreaterThan(0);
      const all = await ok<GetAuditLogResponse>(
        await get('owner', 'auditLog', { action: 'note.create', pageSize: 200 }),
      );
      expect(all.total).toBe((await auditRows(f.t.db, { action: 'note.create', clientId: brand })).length);
    });
  });
});
