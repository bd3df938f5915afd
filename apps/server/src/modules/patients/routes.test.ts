import { formatApptDate, formatApptTime } from '@scheduler/domain/dates';
import { BOOKING_MESSAGES, formatMessage } from '@scheduler/domain/messages';
import type { PatientLookupResponse } from '@scheduler/domain/schemas/scheduler-api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicFixture } from '../../test/public-api-fixture.ts';
import {
  NOW,
  createPublicFixture,
  newPatient,
  setSetting,
  writeCounts,
} from '../../test/public-api-fixture.ts';
import { testDatabases } from '../../test/test-db.ts';

// The demo's staff passwords play no part here: skip scrypt (about 1 s of CPU per seed).
vi.mock(import('../auth/password.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  hashPassword: (password: string) => Promise.resolve(`test-only$${password}`),
}));

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
        phone: '(000) 000-0000',
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

  it('matches a known patient by name, date of birth and e-mail, and reports the upcoming appointment', async () => {
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
    const neither = await lookup({ ...known.identity, email: 'someone.else@example.org' });
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
    const response = await f.app.inject({
      method: 'GET',
      url: '/api/scheduler/getPatients?clientName=brightsmile&scheduler=main',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  });
});
