import type { GetConfigResponse, Location, ServiceType } from '@scheduler/contract/scheduler-api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicFixture } from '../../../test/public-api-fixture.ts';
import { createAppOn, createPublicFixture, query } from '../../../test/public-api-fixture.ts';
import { testDatabases } from '../../../test/test-db.ts';

// The demo's staff passwords play no part here: skip scrypt (about 1 s of CPU per seed).
vi.mock(import('../../../platform/auth/password.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  hashPassword: (password: string) => Promise.resolve(`test-only$${password}`),
}));

/** Every public endpoint of issue 3, as the OpenAPI document must list them. */
const PUBLIC_ENDPOINTS: readonly [string, string][] = [
  ['get', '/api/scheduler/getConfig'],
  ['get', '/api/scheduler/getLocation'],
  ['get', '/api/scheduler/getServiceType'],
  ['get', '/api/scheduler/getProviders'],
  ['get', '/api/scheduler/getStates'],
  ['get', '/api/scheduler/getInsurance'],
  ['get', '/api/scheduler/insurance/topInsurancePackage'],
  ['get', '/api/scheduler/insurance/getRelationshipToPatient'],
  ['get', '/api/scheduler/getInsuranceType'],
  ['post', '/api/scheduler/insuranceValidation'],
  ['post', '/api/scheduler/insurance/postInsurance'],
  ['get', '/api/scheduler/getPatients'],
  ['post', '/api/scheduler/createPatients'],
  ['put', '/api/scheduler/bookAppointment'],
  ['post', '/api/scheduler/createWaitList'],
  ['post', '/api/scheduler/updateUserSession'],
  ['post', '/api/track'],
];

describe.each(testDatabases())('scheduler config endpoints on $name', (target) => {
  let f: PublicFixture;

  beforeAll(async () => {
    f = await createPublicFixture(target);
  });
  afterAll(async () => {
    await f.close();
  });

  const get = (path: string, params: Record<string, string | number | undefined> = {}) =>
    f.app.inject({
      method: 'GET',
      url: `/api/scheduler/${path}?${query({ clientName: 'brightsmile', scheduler: 'main', ...params })}`,
    });

  it("GET getConfig: the stored settings rows, the client's facts and today in its zone", async () => {
    const response = await get('getConfig');
    expect(response.statusCode).toBe(200);
    const body = response.json<GetConfigResponse>();
    expect(body.today).toBe('2026-11-25');
    expect(body.rulesConfig).toHaveLength(1);
    expect(body.rulesConfig[0]).toMatchObject({
      clientid: String(f.brightsmile.clientId),
      clientName: 'BrightSmile Dental',
      schedulerId: String(f.brightsmile.schedulerId),
      schedulerName: 'BrightSmile online booking',
      phone: '(212) 555-0142',
    });
    expect(body.rulesConfig[0]?.settings).toContainEqual({ group: 'appointment', order: 1, value: '15' });
    expect(body.rulesConfig[0]?.settings).toContainEqual({ group: 'insurance', order: 1, value: 'Yes' });
    expect(body.rulesConfig[0]?.settings).toHaveLength(6);
  });

  it('GET getLocation: every location in display order, or those offering a service', async () => {
    const all = (await get('getLocation')).json<{ locations: Location[] }>().locations;
    expect(all.map((l) => l.slug)).toEqual([
      'midtown-manhattan',
      'chicago-loop',
      'denver-cherry-creek',
      'santa-monica',
    ]);
    expect(all[0]).toMatchObject({
      name: 'BrightSmile Midtown Manhattan',
      timeZone: 'America/New_York',
      postalCode: '10118',
      onlineEnabled: true,
      waitlistEnabled: true,
    });
    expect(typeof all[0]?.latitude).toBe('number');
    const whitening = String(f.brightsmile.services['Teeth Whitening Consultation']);
    const offering = (await get('getLocation', { appointmentTypeId: whitening })).json<{
      locations: Location[];
    }>();
    expect(offering.locations.map((l) => l.slug)).toEqual([
      'midtown-manhattan',
      'chicago-loop',
      'santa-monica',
    ]);

    const northside = await f.app.inject({
      method: 'GET',
      url: `/api/scheduler/getLocation?${query({ clientName: 'northside', scheduler: 'main' })}`,
    });
    const evanston = northside.json<{ locations: Location[] }>().locations.find((l) => l.slug === 'evanston');
    expect(evanston?.onlineEnabled).toBe(false);
  });

  it('GET getServiceType: services with their online flags and locations', async () => {
    const body = (await get('getServiceType')).json<{ serviceTypes: ServiceType[] }>();
    expect(body.serviceTypes.map((s) => s.name)).toEqual([
      'New Patient Exam & Cleaning',
      'Routine Cleaning & Checkup',
      'Emergency Dental Visit',
      'Teeth Whitening Consultation',
      'Orthodontic Consultation',
      'Root Canal Therapy',
    ]);
    expect(body.serviceTypes.find((s) => s.name === 'Orthodontic Consultation')).toMatchObject({
      callToSchedule: true,
      onlineEnabled: true,
    });
    expect(body.serviceTypes.find((s) => s.name === 'Root Canal Therapy')?.onlineEnabled).toBe(false);
    expect(body.serviceTypes.find((s) => s.name === 'New Patient Exam & Cleaning')).toMatchObject({
      newPatients: true,
      existingPatients: false,
      durationMinutes: 60,
    });
    expect(
      body.serviceTypes.find((s) => s.name === 'Teeth Whitening Consultation')?.locationIds,
    ).toHaveLength(3);
  });

  it('GET getStates: the 50 states and DC', async () => {
    const response = await get('getStates');
    expect(response.statusCode).toBe(200);
    const states = response.json<{ states: { code: string; name: string }[] }>().states;
    expect(states).toHaveLength(51);
    expect(states).toContainEqual({ code: 'NY', name: 'New York' });
    expect(states).toContainEqual({ code: 'DC', name: 'District of Columbia' });
  });

  it('answers 404 for an unknown client or scheduler and 400 for a missing scope', async () => {
    const unknown = await f.app.inject({
      method: 'GET',
      url: `/api/scheduler/getConfig?${query({ clientName: 'nobody', scheduler: 'main' })}`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const otherScheduler = await get('getServiceType', { scheduler: 'other' });
    expect(otherScheduler.statusCode).toBe(404);
    const missing = await f.app.inject({ method: 'GET', url: '/api/scheduler/getConfig' });
    expect(missing.statusCode).toBe(400);
  });

  it('lists every public endpoint in the OpenAPI document, with request and response schemas', async () => {
    const response = await f.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json<{
      paths: Record<
        string,
        Record<string, { parameters?: unknown[]; requestBody?: unknown; responses?: Record<string, unknown> }>
      >;
    }>().paths;
    for (const [method, path] of PUBLIC_ENDPOINTS) {
      const operation = paths[path]?.[method];
      expect(operation, `${method.toUpperCase()} ${path}`).toBeDefined();
      if (path.endsWith('getPatients')) continue;
      expect(
        operation?.responses?.['200'] ?? operation?.responses?.['201'],
        `${path} response`,
      ).toBeDefined();
      if (method === 'get') expect(operation?.parameters?.length ?? 0, `${path} query`).toBeGreaterThan(0);
      else expect(operation?.requestBody, `${path} body`).toBeDefined();
    }
  });

  it('answers 429 RATE_LIMITED past the read limit per client IP', async () => {
    const app = await createAppOn(f, { config: { rateLimitReadsPerMinute: 3 } });
    try {
      const url = `/api/scheduler/getConfig?${query({ clientName: 'brightsmile', scheduler: 'main' })}`;
      for (let i = 0; i < 3; i++) expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
      const limited = await app.inject({ method: 'GET', url });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({
        error: { code: 'RATE_LIMITED', details: { retryAfterSeconds: 60 } },
      });
      const otherIp = await app.inject({ method: 'GET', url, remoteAddress: '198.51.100.7' });
      expect(otherIp.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
