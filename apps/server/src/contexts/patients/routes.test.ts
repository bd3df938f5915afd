import { formatApptDate, formatApptTime } from '@scheduler/domain/dates';
import { BOOKING_MESSAGES, CALL_OFFICE_MESSAGE, formatMessage } from '@scheduler/domain/messages';
import type {
  GetPatientListResponse,
  GetPatientsAndLastAppointmentsResponse,
} from '@scheduler/contract/patient-management/patients';
import { confirmationNumberOf } from '@scheduler/domain/messages/format';
import type { PatientLookupResponse } from '@scheduler/contract/scheduler-api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicFixture } from '../../test/public-api-fixture.ts';
import {
  NOW,
  createPublicFixture,
  newPatient,
  query,
  setSetting,
  writeCounts,
} from '../../test/public-api-fixture.ts';
import { loginAsDemo } from '../../test/staff-login.ts';
import type { StaffLogin } from '../../test/staff-login.ts';
import { testDatabases } from '../../test/test-db.ts';

// Skip scrypt (about 1 s of CPU per seed and per sign-in): the credential tests check real hashing.
vi.mock(import('../../platform/auth/password.ts'), async (original) =>
  (await import('../../test/fast-passwords.ts')).fastPasswords(original),
);

describe.each(testDatabases())('patient lookup on $name', (target) => {
  let f: PublicFixture;

  beforeAll(async () => {
    f = await createPublicFixture(target);
  });
  afterAll(async () => {
    await f.close();
  });

  const lookup = (patient: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    f.app.inject({
      method: 'POST',
      url: '/api/scheduler/createPatients',
      payload: { clientName: 'brightsmile', scheduler: 'main', patient, ...extra },
    });

  /** A seeded patient with an upcoming appointment, as the identity step would send them. */
  async function patientWithUpcoming() {
    const row = await f.t.db
      .selectFrom('appointments as a')
      .innerJoin('patients as p', 'p.id', 'a.patient_id')
      .select(['p.id', 'p.first_name', 'p.last_name', 'p.date_of_birth', 'p.phone', 'p.email'])
      .where('a.client_id', '=', f.brightsmile.clientId)
      .where('a.status', 'in', ['pending', 'booked'])
      .where('a.start_at', '>', NOW.getTime())
      .orderBy('a.start_at')
      .executeTakeFirstOrThrow();
    const next = await f.t.db
      .selectFrom('appointments as a')
      .innerJoin('locations as l', 'l.id', 'a.location_id')
      .select(['a.start_at', 'l.time_zone'])
      .where('a.patient_id', '=', row.id)
      .where('a.status', 'in', ['pending', 'booked', 'arrived', 'checked-in'])
      .where('a.end_at', '>', NOW.getTime())
      .orderBy('a.start_at')
      .executeTakeFirstOrThrow();
    return {
      identity: newPatient({
        firstName: row.first_name,
        lastName: row.last_name,
        dateOfBirth: row.date_of_birth,
        // Every identity field exact (issue 15, finding 10): the phone as typed, the e-mail in any case.
        phone: `+1 ${row.phone ?? ''}`,
        email: (row.email ?? '').toUpperCase(),
      }),
      phone: row.phone ?? '',
      startAt: Number(next.start_at),
      timeZone: next.time_zone,
    };
  }

  it('says a new person is not an existing patient, and writes nothing', async () => {
    const before = await writeCounts(f.t.db);
    const response = await lookup(newPatient());
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ isExistingPatient: false, existingAppointment: null, refusal: null });
    expect(await writeCounts(f.t.db)).toEqual(before);
  });

  it('matches a known patient by name, date of birth, phone and e-mail, and reports the upcoming appointment', async () => {
    const known = await patientWithUpcoming();
    const response = await lookup(known.identity);
    expect(response.statusCode).toBe(200);
    const body = response.json<PatientLookupResponse>();
    expect(body.isExistingPatient).toBe(true);
    expect(body.refusal).toBeNull();
    expect(body.existingAppointment).toEqual({
      startUtc: new Date(known.startAt).toISOString(),
      message: formatMessage('EXISTING_APPOINTMENT', {
        apptDate: formatApptDate(known.startAt, known.timeZone),
        apptTime: formatApptTime(known.startAt, known.timeZone),
      }),
    });
    // Only what the flow needs: no name, no id, no contact details come back.
    expect(Object.keys(body).sort()).toEqual(['existingAppointment', 'isExistingPatient', 'refusal']);
    expect(response.body).not.toContain(String(known.identity.lastName));
  });

  it('matches on the phone digits too, and not on the name and birth date alone', async () => {
    const known = await patientWithUpcoming();
    const byPhone = await lookup({
      ...known.identity,
      email: 'someone.else@example.org',
      phone: `+1 ${known.phone}`,
    });
    expect(byPhone.json<PatientLookupResponse>().isExistingPatient).toBe(true);
    // Not every field exact: no date, only that the office will help (issue 15, finding 10).
    expect(byPhone.json<PatientLookupResponse>()).toMatchObject({
      existingAppointment: null,
      refusal: { code: 'CALL_OFFICE', message: CALL_OFFICE_MESSAGE },
    });
    const neither = await lookup({
      ...known.identity,
      phone: '(000) 000-0000',
      email: 'someone.else@example.org',
    });
    expect(neither.json<PatientLookupResponse>().isExistingPatient).toBe(false);
  });

  it('leaves the existing appointment out when landingPage 2 allows several', async () => {
    const known = await patientWithUpcoming();
    await setSetting(f.t.db, f.brightsmile, 'landingPage', 2, 'Yes');
    try {
      const body = (await lookup(known.identity)).json<PatientLookupResponse>();
      expect(body).toEqual({ isExistingPatient: true, existingAppointment: null, refusal: null });
    } finally {
      await setSetting(f.t.db, f.brightsmile, 'landingPage', 2, null);
    }
  });

  it('reports the refusal of existing patients when appointment 13 is No', async () => {
    const known = await patientWithUpcoming();
    await setSetting(f.t.db, f.brightsmile, 'appointment', 13, 'No');
    try {
      const body = (await lookup(known.identity)).json<PatientLookupResponse>();
      expect(body.refusal).toEqual({
        code: 'EXISTING_PATIENTS_BLOCKED',
        message: BOOKING_MESSAGES.EXISTING_PATIENTS_BLOCKED,
      });
    } finally {
      await setSetting(f.t.db, f.brightsmile, 'appointment', 13, null);
    }
  });

  it('reports a service that is for new patients only', async () => {
    const known = await patientWithUpcoming();
    const body = (
      await lookup(known.identity, {
        appointmentTypeId: String(f.brightsmile.services['New Patient Exam & Cleaning']),
      })
    ).json<PatientLookupResponse>();
    expect(body.refusal?.code).toBe('SERVICE_NOT_ONLINE');
  });

  it('refuses malformed identities (400) and unknown schedulers (404)', async () => {
    expect((await lookup({ firstName: 'Ann' })).statusCode).toBe(400);
    const unknown = await f.app.inject({
      method: 'POST',
      url: '/api/scheduler/createPatients',
      payload: { clientName: 'nobody', scheduler: 'main', patient: newPatient() },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers GET getPatients from the anonymous flow with 401: identity never goes in a URL', async () => {
    for (const url of [
      '/api/scheduler/getPatients?clientName=brightsmile&scheduler=main',
      '/api/scheduler/getPatients?name=Ann&dateOfBirth=1980-01-01',
      '/api/scheduler/getPatients?dateOfBirth=not-a-date',
    ]) {
      const response = await f.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json(), url).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    }
  });
});

describe.each(testDatabases())('GET /api/scheduler/getPatients (staff search) on $name', (target) => {
  let f: PublicFixture;
  let staff: StaffLogin;
  let viewer: StaffLogin;
  /** A seeded brightsmile patient with phone and e-mail. */
  let known: {
    id: number;
    first_name: string;
    last_name: string;
    date_of_birth: string;
    phone: string | null;
    email: string | null;
  };

  beforeAll(async () => {
    f = await createPublicFixture(target);
    staff = await loginAsDemo(f.app, 'staff');
    viewer = await loginAsDemo(f.app, 'viewer');
    known = await f.t.db
      .selectFrom('patients')
      .select(['id', 'first_name', 'last_name', 'date_of_birth', 'phone', 'email'])
      .where('client_id', '=', f.brightsmile.clientId)
      .where('phone', 'is not', null)
      .where('email', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
  });
  afterAll(async () => {
    await f.close();
  });

  const search = (params: Record<string, string | number>, login: StaffLogin = staff) =>
    f.app.inject({
      method: 'GET',
      url: `/api/scheduler/getPatients?${query({ clientId: f.brightsmile.clientId, ...params })}`,
      headers: login.bearerHeaders,
    });

  it("finds the brand's patients by name, phone, e-mail or date of birth, paged", async () => {
    const byTerm: Record<string, string>[] = [
      { name: `${known.first_name} ${known.last_name}` },
      { phone: known.phone ?? '' },
      { email: known.email ?? '' },
      { dateOfBirth: known.date_of_birth },
      { search: known.email ?? '' },
    ];
    for (const params of byTerm) {
      const response = await search({ ...params, pageSize: 100 });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json<GetPatientListResponse>();
      expect(
        body.items.map((item) => item.patientId),
        JSON.stringify(params),
      ).toContain(String(known.id));
      expect(body.items.find((item) => item.patientId === String(known.id))).toMatchObject({
        firstName: known.first_name,
        lastName: known.last_name,
        dateOfBirth: known.date_of_birth,
      });
    }
    // Paged: one per page, the total across pages.
    const all = (await search({ pageSize: 100 })).json<GetPatientListResponse>();
    const brandCount = await f.t.db
      .selectFrom('patients')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_id', '=', f.brightsmile.clientId)
      .executeTakeFirstOrThrow();
    expect(all.total).toBe(Number(brandCount.n));
    const page2 = (await search({ page: 2, pageSize: 1 })).json<GetPatientListResponse>();
    expect(page2).toMatchObject({ page: 2, pageSize: 1, total: all.total });
    expect(page2.items).toHaveLength(1);
    // Nobody of the other brand.
    const northside = await f.t.db
      .selectFrom('patients')
      .select('id')
      .where('client_id', '=', f.northside.clientId)
      .execute();
    const ids = new Set(all.items.map((item) => item.patientId));
    expect(northside.some((row) => ids.has(String(row.id)))).toBe(false);
    // A search that matches nobody.
    expect((await search({ name: 'Zzyzx Nobodyhere' })).json<GetPatientListResponse>()).toMatchObject({
      total: 0,
      items: [],
    });
  });

  it('writes an audit row for each search: user, brand, ip, the patients shown, never the search text', async () => {
    const before = await f.t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    const response = await search({ name: known.last_name });
    expect(response.statusCode).toBe(200);
    const rows = await f.t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('id', '>', Number(before?.id ?? 0))
      .execute();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({ client_id: f.brightsmile.clientId, record_type: 'patient' });
    expect(row.user_id).not.toBeNull();
    expect(row.ip).not.toBeNull();
    expect(row.action).toMatch(/patient/);
    expect(row.details).toContain(String(known.id));
    expect(row.details ?? '').not.toContain(known.last_name);
  });

  it('answers 403 for another brand and without patients:read, 400 for a bad query, writing no audit row', async () => {
    const count = async () =>
      Number(
        (
          await f.t.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('action', 'like', 'patient%')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const otherBrand = await search({ clientId: f.northside.clientId, name: known.last_name });
    expect(otherBrand.statusCode).toBe(403);
    expect(otherBrand.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    const asViewer = await search({ name: known.last_name }, viewer);
    expect(asViewer.statusCode).toBe(403);
    expect(asViewer.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    const bad = await search({ dateOfBirth: '1980-02-30' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'VALIDATION' } });
    const tooBig = await search({ pageSize: 1000 });
    expect(tooBig.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });
});

describe.each(testDatabases())(
  'GET /api/scheduler/getPatientsAndLastAppointments (staff search) on $name',
  (target) => {
    let f: PublicFixture;
    let staff: StaffLogin;
    let viewer: StaffLogin;
    /** A brightsmile patient whose latest begun appointment (not cancelled) we know from the database. */
    let expected: {
      patientId: number;
      lastName: string;
      appointmentId: number;
      startAt: number;
      status: string;
      timeZone: string;
      serviceName: string;
      locationName: string;
    };

    beforeAll(async () => {
      f = await createPublicFixture(target);
      staff = await loginAsDemo(f.app, 'staff');
      viewer = await loginAsDemo(f.app, 'viewer');
      const row = await f.t.db
        .selectFrom('appointments as a')
        .innerJoin('patients as p', 'p.id', 'a.patient_id')
        .innerJoin('locations as l', 'l.id', 'a.location_id')
        .innerJoin('services as s', 's.id', 'a.service_id')
        .select([
          'p.id as patient_id',
          'p.last_name',
          'a.id',
          'a.start_at',
          'a.status',
          'l.time_zone',
          'l.name as location_name',
          's.name as service_name',
        ])
        .where('a.client_id', '=', f.brightsmile.clientId)
        .where('a.start_at', '<=', NOW.getTime())
        .where('a.status', 'not in', ['cancelled', 'entered-in-error'])
        .orderBy('a.start_at', 'desc')
        .orderBy('a.id', 'desc')
        .executeTakeFirstOrThrow();
      expected = {
        patientId: row.patient_id,
        lastName: row.last_name,
        appointmentId: row.id,
        startAt: Number(row.start_at),
        status: row.status,
        timeZone: row.time_zone,
        serviceName: row.service_name,
        locationName: row.location_name,
      };
    });
    afterAll(async () => {
      await f.close();
    });

    const search = (params: Record<string, string | number>, login: StaffLogin | null = staff) =>
      f.app.inject({
        method: 'GET',
        url: `/api/scheduler/getPatientsAndLastAppointments?${query({
          clientId: f.brightsmile.clientId,
          ...params,
        })}`,
        ...(login ? { headers: login.bearerHeaders } : {}),
      });

    it('returns each patient found with their last appointment: zone, local time, service, provider, status, confirmation number', async () => {
      const response = await search({ name: expected.lastName, pageSize: 100 });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json<GetPatientsAndLastAppointmentsResponse>();
      const item = body.items.find((candidate) => candidate.patientId === String(expected.patientId));
      expect(item, 'the patient').toBeDefined();
      // The patient's own latest begun appointment (not necessarily the brand-wide latest one above).
      const own = await f.t.db
        .selectFrom('appointments')
        .select(['id', 'start_at', 'end_at', 'status'])
        .where('patient_id', '=', expected.patientId)
        .where('start_at', '<=', NOW.getTime())
        .where('status', 'not in', ['cancelled', 'entered-in-error'])
        .orderBy('start_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(own.id).toBe(expected.appointmentId);
      const local = new Intl.DateTimeFormat('en-CA', {
        timeZone: expected.timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).formatToParts(new Date(expected.startAt));
      const part = (type: string) => local.find((p) => p.type === type)?.value;
      expect(item?.lastAppointment).toMatchObject({
        appointmentId: String(expected.appointmentId),
        confirmationNumber: confirmationNumberOf(expected.appointmentId),
        startUtc: new Date(expected.startAt).toISOString(),
        timeZone: expected.timeZone,
        dateLocal: `${part('year')}-${part('month')}-${part('day')}`,
        timeLocal: `${part('hour')}:${part('minute')}`,
        status: expected.status,
        service: { name: expected.serviceName },
        location: { name: expected.locationName },
      });
      expect(item?.lastAppointment?.provider.name).toMatch(/\S/);
      expect(item?.lastAppointmentUtc).toBe(item?.lastAppointment?.startUtc);
    });

    it('gives null for a patient with no appointment yet, and finds nobody of the other brand', async () => {
      const never = await f.t.db
        .selectFrom('patients as p')
        .select(['p.id', 'p.last_name'])
        .where('p.client_id', '=', f.brightsmile.clientId)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('appointments as a')
                .select('a.id')
                .whereRef('a.patient_id', '=', 'p.id')
                .where('a.start_at', '<=', NOW.getTime())
                .where('a.status', 'not in', ['cancelled', 'entered-in-error']),
            ),
          ),
        )
        .executeTakeFirst();
      const all = (await search({ pageSize: 100 })).json<GetPatientsAndLastAppointmentsResponse>();
      expect(all.items.length).toBeGreaterThan(0);
      for (const item of all.items) {
        expect(item.lastAppointment?.startUtc ?? null, item.patientId).toBe(item.lastAppointmentUtc);
      }
      if (never) {
        const found = (
          await search({ name: never.last_name, pageSize: 100 })
        ).json<GetPatientsAndLastAppointmentsResponse>();
        expect(found.items.find((item) => item.patientId === String(never.id))?.lastAppointment).toBeNull();
      }
      const northside = await f.t.db
        .selectFrom('patients')
        .select('id')
        .where('client_id', '=', f.northside.clientId)
        .execute();
      const ids = new Set(all.items.map((item) => item.patientId));
      expect(northside.some((row) => ids.has(String(row.id)))).toBe(false);
    });

    it('finds the patient by the confirmation number of the last appointment', async () => {
      const response = await search({ search: confirmationNumberOf(expected.appointmentId) });
      expect(response.statusCode).toBe(200);
      const body = response.json<GetPatientsAndLastAppointmentsResponse>();
      expect(body.items.map((item) => item.patientId)).toContain(String(expected.patientId));
    });

    it('writes one audit row per read (patient and appointment ids, never the search text)', async () => {
      const before = await f.t.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      expect((await search({ name: expected.lastName })).statusCode).toBe(200);
      const rows = await f.t.db
        .selectFrom('audit_log')
        .selectAll()
        .where('id', '>', Number(before?.id ?? 0))
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ client_id: f.brightsmile.clientId, record_type: 'patient' });
      expect(rows[0]?.user_id).not.toBeNull();
      expect(rows[0]?.details).toContain(String(expected.patientId));
      expect(rows[0]?.details).toContain(`"${expected.appointmentId}"`);
      expect(rows[0]?.details ?? '').not.toContain(expected.lastName);
    });

    it('answers 401 anonymous, 403 for another brand or without patients:read, 400 for a bad query; no audit row', async () => {
      const count = async () =>
        Number(
          (
            await f.t.db
              .selectFrom('audit_log')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      const anonymous = await search({ name: expected.lastName }, null);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
      expect((await search({ clientId: f.northside.clientId })).statusCode).toBe(403);
      expect((await search({ name: expected.lastName }, viewer)).statusCode).toBe(403);
      const bad = await search({ dateOfBirth: '1980-02-30' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ error: { code: 'VALIDATION' } });
      expect((await search({ pageSize: 1000 })).statusCode).toBe(400);
      expect(await count()).toBe(before);
    });

    it('is in the OpenAPI document with its query and response', async () => {
      const response = await f.app.inject({ method: 'GET', url: '/api/docs/json' });
      const operation = response.json<{
        paths: Record<
          string,
          Record<string, { parameters?: unknown[]; responses?: Record<string, unknown> }>
        >;
      }>().paths['/api/scheduler/getPatientsAndLastAppointments']?.get;
      expect(operation?.responses?.['200']).toBeDefined();
      expect(operation?.parameters?.length ?? 0).toBeGreaterThan(0);
      expect(JSON.stringify(operation?.responses?.['200'])).toContain('confirmationNumber');
    });
  },
);
