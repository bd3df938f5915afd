/*
 * Issue 15 #5: no patient or staff identifier in any log line, whatever the route or parameter.
 * The real app with a captured log stream (level trace: every line the app can write) books an
 * appointment, searches patients and staff by every identifying value, signs in (a wrong and a
 * right password), sends identifiers in unknown query keys, route params and unknown paths, and
 * fails validation with them; then the whole captured log is searched for each known value.
 */
import { randomUUID } from 'node:crypto';
import type { GetProvidersResponse, SlotResponse } from '@scheduler/contract/scheduler-api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app.ts';
import { seedIfEmpty } from '../db/seed/seed.ts';
import { NOW, query } from '../../test/public-api-fixture.ts';
import { DEMO_PASSWORDS, loginAsDemo } from '../../test/staff-login.ts';
import type { StaffLogin } from '../../test/staff-login.ts';
import type { TestDatabase } from '../../test/test-db.ts';
import { createTestApp, sqliteOnly } from '../../test/test-db.ts';
import { redactQuery, redactRequestUrl, scrubIdentifiers } from './log-redaction.ts';

vi.mock(import('../auth/password.ts'), async (original) =>
  (await import('../../test/fast-passwords.ts')).fastPasswords(original),
);

const patient = {
  firstName: 'Zebulonia',
  lastName: 'Quaxworthington',
  dateOfBirth: '1937-03-21',
  phone: '(312) 555-0187',
  email: 'zebulonia.quax@example.net',
};
const WRONG_PASSWORD = 'Wrong-Horse-Battery-417';
const STAFF_EMAIL = 'owner@demo.health';
const STAFF_NAME = 'Morgan Reyes';

/** Every form in which a known value could reach a line (raw, URL-encoded, digits, lower case). */
const needles = [
  patient.firstName,
  patient.lastName,
  patient.lastName.toLowerCase(),
  patient.dateOfBirth,
  '03/21/1937',
  '03%2F21%2F1937',
  '5550187',
  '555-0187',
  patient.email,
  encodeURIComponent(patient.email),
  'zebulonia.quax',
  WRONG_PASSWORD,
  DEMO_PASSWORDS.owner,
  STAFF_EMAIL,
  encodeURIComponent(STAFF_EMAIL),
  STAFF_NAME,
  'Morgan',
  'Reyes',
];

describe('log redaction over the whole app (issue 15 #5)', () => {
  let t: TestDatabase;
  let app: App;
  let owner: StaffLogin;
  let clientId: number;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await sqliteOnly().create();
    await seedIfEmpty(t.db, NOW);
    app = await createTestApp(t, {
      now: () => NOW,
      logger: { level: 'trace', stream: { write: (line) => void lines.push(line) } },
    });
    // An unexpected error quoting identity (as a driver's message and detail would).
    app.get('/api/test/explode', () => {
      throw Object.assign(
        new Error(
          `invalid input syntax for type date: "${patient.lastName}" (${patient.email}, ${patient.phone})`,
        ),
        {
          code: '22007',
          detail: `Key (email)=(${patient.email})`,
          body: patient,
          parameters: [patient.firstName],
        },
      );
    });
    // Careless logging of contact details in free text and under keys no list knows.
    app.get('/api/test/careless', (request) => {
      request.log.info(`reminder sent to ${patient.email} and ${patient.phone}`);
      request.log.warn(
        { to: patient.email, recipient: '+13125550187', note: `call ${patient.phone}` },
        'delivery',
      );
      return { ok: true };
    });
    await app.ready();
    owner = await loginAsDemo(app, 'owner');
    const client = await t.db
      .selectFrom('clients')
      .select('id')
      .where('slug', '=', 'brightsmile')
      .executeTakeFirstOrThrow();
    clientId = client.id;
  });
  afterAll(async () => {
    await app?.close();
    await t?.destroy();
  });

  async function freeSlot(): Promise<SlotResponse & { providerId: string }> {
    const service = await t.db
      .selectFrom('services')
      .select('id')
      .where('client_id', '=', clientId)
      .where('name', '=', 'Emergency Dental Visit')
      .executeTakeFirstOrThrow();
    const response = await app.inject({
      method: 'GET',
      url: `/api/scheduler/getProviders?${query({
        clientName: 'brightsmile',
        scheduler: 'main',
        appointmentTypeId: service.id,
        locationId: 'all',
      })}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    for (const provider of response.json<GetProvidersResponse>().providers) {
      const slot = provider.slots[0];
      if (slot !== undefined)
        return { ...slot, providerId: provider.providerId, appointmentTypeId: String(service.id) } as never;
    }
    throw new Error('no free slot in the demo');
  }

  it('books, searches and signs in with known values; no line carries any of them', async () => {
    // 1. An anonymous booking with the patient's identity.
    const slot = (await freeSlot()) as SlotResponse & { providerId: string; appointmentTypeId: string };
    const booked = await app.inject({
      method: 'PUT',
      url: '/api/scheduler/bookAppointment',
      payload: {
        clientSlug: 'brightsmile',
        schedulerSlug: 'main',
        locationId: slot.locationId,
        providerId: slot.providerId,
        appointmentTypeId: slot.appointmentTypeId,
        startUtc: slot.startUtc,
        patient: { ...patient, smsPermission: true, emailPermission: true },
        isExistingPatient: false,
        insurance: null,
        details: { reasonForVisit: 'Chipped tooth' },
        sessionId: `session-${randomUUID()}`,
        idempotencyKey: randomUUID(),
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);

    // 2. Staff searches by every identifying value, on every search route.
    const searches: Record<string, string>[] = [
      { search: patient.lastName },
      { search: patient.email },
      { search: patient.dateOfBirth },
      { search: '03/21/1937' },
      { search: patient.phone },
      { name: `${patient.firstName} ${patient.lastName}` },
      { phone: '3125550187' },
      { email: patient.email },
      { dateOfBirth: patient.dateOfBirth },
    ];
    for (const params of searches) {
      const list = await app.inject({
        method: 'GET',
        url: `/api/patient-management/getPatientList?${query({ clientId, ...params })}`,
        headers: owner.bearerHeaders,
      });
      expect(list.statusCode, list.body).toBe(200);
      const found = await app.inject({
        method: 'GET',
        url: `/api/scheduler/getPatients?${query({ clientId, ...params })}`,
        headers: owner.bearerHeaders,
      });
      expect(found.statusCode, found.body).toBe(200);
    }
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/patient-management/getPatientList?${query({ clientId, search: patient.lastName })}`,
          headers: owner.bearerHeaders,
        })
      ).json<{ total: number }>().total,
    ).toBe(1);
    for (const search of [STAFF_EMAIL, STAFF_NAME]) {
      const users = await app.inject({
        method: 'GET',
        url: `/api/config/users?${query({ clientId, search })}`,
        headers: owner.bearerHeaders,
      });
      expect(users.statusCode, users.body).toBe(200);
    }

    // 3. Sign-in: a wrong password, then the right one.
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/config/login',
      payload: { email: STAFF_EMAIL, password: WRONG_PASSWORD },
      remoteAddress: '198.18.0.9',
    });
    expect(wrong.statusCode).toBe(401);
    const right = await app.inject({
      method: 'POST',
      url: '/api/scheduler/adminLogin',
      payload: { email: STAFF_EMAIL, password: DEMO_PASSWORDS.owner },
      remoteAddress: '198.18.0.10',
    });
    expect(right.statusCode, right.body).toBe(200);

    // 4. Identifiers where no route expects them: unknown query keys, route params, unknown paths,
    //    a refused validation, an invalid value of an id key.
    await app.inject({
      method: 'GET',
      url: `/api/scheduler/getConfig?${query({ clientName: 'brightsmile', scheduler: 'main', patientEmail: patient.email, q: patient.lastName })}`,
    });
    await app.inject({
      method: 'GET',
      url: `/api/scheduler/getConfig?${query({ clientName: patient.lastName, scheduler: patient.email })}`,
    });
    await app.inject({
      method: 'GET',
      url: `/api/patient-management/getPatientList?${query({ clientId: patient.phone, page: patient.dateOfBirth })}`,
      headers: owner.bearerHeaders,
    });
    await app.inject({
      method: 'PATCH',
      url: `/api/config/users/${encodeURIComponent(patient.email)}`,
      headers: owner.bearerHeaders,
      payload: { role: 'viewer' },
    });
    await app.inject({
      method: 'GET',
      url: `/api/unknown/${encodeURIComponent(patient.email)}/${patient.lastName}`,
    });
    await app.inject({ method: 'GET', url: `/brightsmile/main/${patient.lastName}/${patient.dateOfBirth}` });
    await app.inject({
      method: 'PUT',
      url: '/api/scheduler/bookAppointment',
      payload: { clientSlug: 'brightsmile', patient: { ...patient, dateOfBirth: `${patient.lastName}!` } },
    });
    expect((await app.inject({ method: 'GET', url: '/api/test/explode' })).statusCode).toBe(500);
    expect((await app.inject({ method: 'GET', url: '/api/test/careless' })).statusCode).toBe(200);

    const output = lines.join('');
    const leaks = needles.filter((needle) => output.includes(needle));
    const leakingLines = lines.filter((line) => needles.some((needle) => line.includes(needle)));
    expect(leaks, leakingLines.slice(0, 5).join('\n')).toEqual([]);
    expect(output).toContain('"url":"/api/patient-management/getPatientList?');
    expect(output).toContain('[Redacted]');
  });

  it('keeps what operators need: route, safe ids and paging, status codes', () => {
    const output = lines.join('');
    expect(output).toMatch(
      /"url":"\/api\/patient-management\/getPatientList\?clientId=\d+&search=\[Redacted\]"/,
    );
    expect(output).toContain('"statusCode":201');
    expect(output).toContain('clientName=brightsmile&scheduler=main');
    expect(output).toContain('"url":"/api/config/users/[Redacted]"');
    expect(output).toContain('"url":"/brightsmile/main/[Redacted]/[Redacted]"');
    // The error keeps its type, code and the shape of its message.
    expect(output).toMatch(
      /"err":\{"type":"Error","message":"invalid input syntax for type date: \[Redacted\]/,
    );
    expect(output).toContain('"code":"22007"');
  });
});

describe('the allow-list of loggable query values', () => {
  it('keeps listed keys with well-shaped values and redacts the rest', () => {
    expect(redactQuery('clientId=3&page=2&sort=-name&from=2026-11-01&timeZone=America%2FNew_York')).toBe(
      'clientId=3&page=2&sort=-name&from=2026-11-01&timeZone=America/New_York',
    );
    // A listed key with a value of the wrong shape, unlisted keys, and a key that is itself data.
    expect(redactQuery('clientId=Smith&search=Smith&memberId=123456&jane%40x.org=1')).toBe(
      'clientId=[Redacted]&search=[Redacted]&memberId=[Redacted]&[Redacted]=[Redacted]',
    );
  });
  it('scrubs e-mail addresses and phone numbers from free text, not dates or ids', () => {
    expect(scrubIdentifiers('to ann.lee@example.org, (312) 555-0187, +4915112345678 or 312.555.0187')).toBe(
      'to [Redacted], [Redacted], [Redacted] or [Redacted]',
    );
    expect(scrubIdentifiers('appointment 1234 on 2026-11-25T15:00:00Z, took 1795762589079 ms')).toBe(
      'appointment 1234 on 2026-11-25T15:00:00Z, took 1795762589079 ms',
    );
  });

  it('keeps numeric id route params and lower-case slugs, nothing else', () => {
    expect(
      redactRequestUrl({ url: '/api/x/12?a=b', routeUrl: '/api/x/:userId', params: { userId: '12' } }),
    ).toBe('/api/x/12?a=[Redacted]');
    expect(redactRequestUrl({ url: '/api/i/tok', routeUrl: '/api/i/:token', params: { token: 'tok' } })).toBe(
      '/api/i/[Redacted]',
    );
    expect(redactRequestUrl({ url: '/assets/index-Ab12Cd34.js' })).toBe('/assets/index-Ab12Cd34.js');
    expect(redactRequestUrl({ url: '/admin/3/4/patientdetails/77/5' })).toBe(
      '/admin/[Redacted]/[Redacted]/patientdetails/[Redacted]/[Redacted]',
    );
  });

  it('never logs the token of a manage or claim page, even one shaped like a slug', () => {
    expect(redactRequestUrl({ url: '/brightsmile/main/manage/abcdefghijklmnopqrstuv' })).toBe(
      '/brightsmile/main/manage/[Redacted]',
    );
    expect(redactRequestUrl({ url: '/brightsmile/main/claim/Zm9vYmFyYmF6cXV4cXV1eA?x=1' })).toBe(
      '/brightsmile/main/claim/[Redacted]?x=[Redacted]',
    );
    expect(redactRequestUrl({ url: '/brightsmile/main/all/landing' })).toBe('/brightsmile/main/all/landing');
  });
});
