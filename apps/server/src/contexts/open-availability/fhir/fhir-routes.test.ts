/*
 * Issue 20: the public FHIR R4 read API of a brand, on SQLite and PostgreSQL (row-level security:
 * the path's clientName puts the request on the brand's tenant). Every resource returned passes
 * fhirProblems (the R4 validator + our code-system checks); Slots equal the booking API's
 * getProviders slots under several scheduler settings; paging links; 400/404 OperationOutcomes;
 * an unpublished brand is a 404 everywhere.
 */
import type {
  Bundle,
  CapabilityStatement,
  OperationOutcome,
  Resource,
  Schedule,
  Slot,
} from '@medplum/fhirtypes';
import type { GetProvidersResponse } from '@scheduler/contract/scheduler-api';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clientFieldsOf, tenantOfRequest } from '../../../platform/http/tenant-requests.ts';
import type { PublicFixture } from '../../../test/public-api-fixture.ts';
import {
  NOW,
  createAppOn,
  createPublicFixture,
  query,
  setSetting,
} from '../../../test/public-api-fixture.ts';
import { testDatabases } from '../../../test/test-db.ts';
import { writePublication } from '../publication/publication-repository.ts';
import { fhirClientParamsSchema } from './fhir-routes.ts';
import { fhirProblems } from './fhir-validation.test-support.ts';
import { parseScheduleId, parseSlotId } from './ids.ts';
import { SEARCH_PARAMETERS } from './search-params.ts';

vi.mock(import('../../../platform/auth/password.ts'), async (original) =>
  (await import('../../../test/fast-passwords.ts')).fastPasswords(original),
);

const PUBLIC_URL = 'https://book.example.com';
const BASE = '/fhir/brightsmile';

describe('tenant of a FHIR request', () => {
  it('takes the brand from a route whose params declare clientName', () => {
    expect([...clientFieldsOf({ params: fhirClientParamsSchema }).params]).toEqual(['clientName']);
    expect([...clientFieldsOf({ params: fhirClientParamsSchema }).query]).toEqual([]);
    const request = {
      method: 'GET',
      params: { clientName: 'brightsmile' },
      query: { clientName: 'northside' },
      body: undefined,
      routeOptions: { url: '/fhir/:clientName/metadata' },
    } as unknown as FastifyRequest;
    expect(tenantOfRequest(request, clientFieldsOf({ params: fhirClientParamsSchema }))).toEqual({
      scope: 'tenant',
      clientSlug: 'brightsmile',
    });
    // A query's clientName counts only where the route's schema declares it.
    expect(
      tenantOfRequest({ ...request, params: {} }, clientFieldsOf({ params: fhirClientParamsSchema })),
    ).toBeUndefined();
  });
});

describe.each(testDatabases())('FHIR read API on $name', (target) => {
  let f: PublicFixture;

  beforeAll(async () => {
    f = await createPublicFixture(target, { config: { publicUrl: PUBLIC_URL } });
  });
  afterAll(async () => {
    await f.close();
  });

  const get = (url: string) => f.app.inject({ method: 'GET', url });

  async function ok<T extends Resource>(url: string): Promise<T> {
    const response = await get(url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    expect(response.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    const body = response.json<T>();
    expect(fhirProblems(body), url).toEqual([]);
    return body;
  }

  async function outcome(
    url: string,
    status: number,
    method: 'GET' | 'POST' = 'GET',
  ): Promise<OperationOutcome> {
    const response = await f.app.inject({ method, url });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(status);
    expect(response.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    const body = response.json<OperationOutcome>();
    expect(body.resourceType).toBe('OperationOutcome');
    expect(fhirProblems(body)).toEqual([]);
    return body;
  }

  const resources = <T extends Resource>(bundle: Bundle): T[] =>
    (bundle.entry ?? []).map((e) => e.resource as T);

  /** Every page of a search, following `next` links (absolute, on PUBLIC_URL). */
  async function allPages<T extends Resource>(
    url: string,
  ): Promise<{ items: T[]; pages: number; total?: number }> {
    const items: T[] = [];
    let next: string | undefined = url;
    let pages = 0;
    let total: number | undefined;
    while (next !== undefined) {
      const bundle: Bundle = await ok<Bundle>(next);
      expect(bundle.type).toBe('searchset');
      total = bundle.total;
      items.push(...resources<T>(bundle));
      pages++;
      const link = bundle.link?.find((l) => l.relation === 'next')?.url;
      expect(bundle.link?.find((l) => l.relation === 'self')?.url).toMatch(
        new RegExp(`^${PUBLIC_URL}${BASE}/`),
      );
      next = link === undefined ? undefined : link.slice(PUBLIC_URL.length);
      expect(pages).toBeLessThan(200);
    }
    return { items, pages, ...(total === undefined ? {} : { total }) };
  }

  async function bookingSlots(schedule: { providerId: number; locationId: number; serviceId: number }) {
    const response = await get(
      `/api/scheduler/getProviders?${query({
        clientName: 'brightsmile',
        scheduler: 'main',
        appointmentTypeId: schedule.serviceId,
        locationId: schedule.locationId,
        providerId: schedule.providerId,
        isExistingPatient: 'false',
      })}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<GetProvidersResponse>();
    return body.providers
      .filter((p) => p.providerId === String(schedule.providerId))
      .flatMap((p) => p.slots.map((s) => Date.parse(s.startUtc)));
  }

  describe('metadata', () => {
    it('states exactly the resources, interactions and search parameters supported', async () => {
      const statement = await ok<CapabilityStatement>(`${BASE}/metadata`);
      expect(statement).toMatchObject({ fhirVersion: '4.0.1', kind: 'instance', status: 'active' });
      expect(statement.format).toEqual(['application/fhir+json', 'json']);
      const rest = statement.rest?.[0];
      const declared = Object.fromEntries(
        (rest?.resource ?? [])
          .filter((r) => r.type !== 'Appointment')
          .map((r) => [r.type, (r.searchParam ?? []).map((p) => p.name)]),
      );
      expect(declared).toEqual(
        Object.fromEntries(
          Object.entries(SEARCH_PARAMETERS).map(([type, list]) => [type, list.map((p) => p.name)]),
        ),
      );
      expect(rest?.resource?.find((r) => r.type === 'Slot')?.interaction).toEqual([
        { code: 'read' },
        { code: 'search-type' },
      ]);
      expect(statement.implementation?.url).toBe(`${PUBLIC_URL}${BASE}`);
      // Partners' operations and the bulk manifest are listed exactly when their routes exist.
      const hold = f.app.hasRoute({ method: 'POST', url: '/fhir/:clientName/Appointment/$hold' });
      const appointment = rest?.resource?.find((r) => r.type === 'Appointment');
      expect(appointment?.operation?.some((o) => o.name === 'hold') ?? false).toBe(hold);
      const bulk = f.app.hasRoute({ method: 'GET', url: '/fhir/:clientName/$bulk-publish' });
      expect(rest?.operation?.some((o) => o.name === 'bulk-publish') ?? false).toBe(bulk);
    });
  });

  describe('the published catalogue', () => {
    it('lists only online locations, online-bookable providers and online new-patient services', async () => {
      const db = f.t.db;
      const clientId = f.brightsmile.clientId;
      const onlineLocations = await db
        .selectFrom('locations')
        .select('id')
        .where('client_id', '=', clientId)
        .where('online_enabled', '=', 1)
        .execute();
      const locations = (await allPages(`${BASE}/Location`)).items;
      expect(locations.map((l) => l.id).sort()).toEqual(onlineLocations.map((l) => String(l.id)).sort());

      const practitioners = (await allPages<Resource & { id?: string }>(`${BASE}/Practitioner?_count=3`))
        .items;
      const offline = await db
        .selectFrom('providers')
        .select('id')
        .where('client_id', '=', clientId)
        .where((eb) => eb.or([eb('online_bookable', '=', 0), eb('retired_at', 'is not', null)]))
        .execute();
      expect(offline.length).toBeGreaterThan(0);
      expect(practitioners.length).toBeGreaterThan(0);
      for (const p of offline) expect(practitioners.map((r) => r.id)).not.toContain(String(p.id));
      // Another brand's providers never appear.
      for (const id of Object.values(f.northside.providers))
        expect(practitioners.map((r) => r.id)).not.toContain(String(id));

      const services = (await allPages(`${BASE}/HealthcareService`)).items;
      const hidden = await db
        .selectFrom('services')
        .select('id')
        .where('client_id', '=', clientId)
        .where((eb) =>
          eb.or([eb('online_enabled', '=', 0), eb('call_to_schedule', '=', 1), eb('new_patients', '=', 0)]),
        )
        .execute();
      expect(services.length).toBeGreaterThan(0);
      for (const s of hidden) expect(services.map((r) => r.id)).not.toContain(String(s.id));

      const roles = (await allPages(`${BASE}/PractitionerRole`)).items;
      expect(roles.map((r) => r.id).sort()).toEqual(practitioners.map((r) => r.id).sort());
    });

    it('reads each resource by id as its search lists it, and 404s unknown ids', async () => {
      for (const type of ['Location', 'Practitioner', 'PractitionerRole', 'HealthcareService', 'Schedule']) {
        const bundle = await ok<Bundle>(`${BASE}/${type}?_count=2`);
        const first = resources(bundle)[0];
        expect(first, type).toBeDefined();
        expect(await ok(`${BASE}/${type}/${first?.id ?? ''}`)).toEqual(first);
        expect(bundle.entry?.[0]?.fullUrl).toBe(`${PUBLIC_URL}${BASE}/${type}/${first?.id ?? ''}`);
        const missing = await outcome(`${BASE}/${type}/999999999`, 404);
        expect(missing.issue[0]?.code).toBe('not-found');
        await outcome(`${BASE}/${type}/not-an-id`, 404);
      }
    });

    it('searches schedules by actor, service-type and active', async () => {
      const all = (await allPages<Schedule>(`${BASE}/Schedule?_count=500`)).items;
      expect(all.length).toBeGreaterThan(3);
      const sample = all[Math.floor(all.length / 2)]!;
      const key = parseScheduleId(sample.id ?? '')!;
      const byPractitioner = (
        await allPages<Schedule>(`${BASE}/Schedule?actor=Practitioner/${key.providerId}`)
      ).items;
      expect(byPractitioner.map((s) => s.id)).toContain(sample.id);
      expect(byPractitioner.every((s) => parseScheduleId(s.id ?? '')?.providerId === key.providerId)).toBe(
        true,
      );
      const byRole = await allPages<Schedule>(
        `${BASE}/Schedule?actor=${encodeURIComponent(`${PUBLIC_URL}${BASE}/PractitionerRole/${key.providerId}`)}`,
      );
      expect(byRole.items.map((s) => s.id)).toEqual(byPractitioner.map((s) => s.id));
      const both = (
        await allPages<Schedule>(
          `${BASE}/Schedule?actor=Location/${key.locationId}&service-type=${key.serviceId}&actor=PractitionerRole/${key.providerId}`,
        )
      ).items;
      expect(both.map((s) => s.id)).toEqual([sample.id]);
      const system = sample.serviceType?.[0]?.coding?.[0]?.system ?? '';
      const bySystem = await allPages<Schedule>(
        `${BASE}/Schedule?${query({ 'service-type': `${system}|${key.serviceId}`, _count: 500 })}`,
      );
      expect(bySystem.items.every((s) => parseScheduleId(s.id ?? '')?.serviceId === key.serviceId)).toBe(
        true,
      );
      expect(bySystem.items.length).toBe(
        all.filter((s) => parseScheduleId(s.id ?? '')?.serviceId === key.serviceId).length,
      );
      expect((await ok<Bundle>(`${BASE}/Schedule?active=false`)).total).toBe(0);
      expect((await ok<Bundle>(`${BASE}/Schedule?active=true&_count=0`)).total).toBe(all.length);
      expect((await ok<Bundle>(`${BASE}/Schedule?service-type=other|${key.serviceId}`)).total).toBe(0);
    });
  });

  describe('slots', () => {
    let schedules: Schedule[];

    beforeAll(async () => {
      schedules = (await allPages<Schedule>(`${BASE}/Schedule?_count=500`)).items;
    });

    /** Schedules with slots under the current settings, spread over providers, locations, services. */
    function sampleSchedules(): Schedule[] {
      const step = Math.max(1, Math.floor(schedules.length / 4));
      return [0, step, 2 * step, 3 * step].flatMap((i) => schedules[i] ?? []);
    }

    async function fhirSlotStarts(schedule: Schedule): Promise<number[]> {
      const { items } = await allPages<Slot>(
        `${BASE}/Slot?schedule=Schedule/${schedule.id ?? ''}&_count=500`,
      );
      for (const slot of items) {
        expect(slot.schedule.reference).toBe(`Schedule/${schedule.id ?? ''}`);
        expect(parseSlotId(slot.id ?? '')?.startMs).toBe(Date.parse(slot.start));
      }
      return items.map((s) => Date.parse(s.start));
    }

    const settingsCases: { name: string; rows: [string, number, string][] }[] = [
      { name: 'the defaults', rows: [] },
      {
        name: 'a 30 calendar-day window',
        rows: [
          ['appointment', 1, '30'],
          ['appointment', 2, 'CalendarDays'],
        ],
      },
      {
        name: '6 hours of minimum notice',
        rows: [
          ['appointment', 15, '6'],
          ['appointment', 16, 'Hours'],
        ],
      },
      {
        name: 'slots grouped by time, 5-day window',
        rows: [
          ['appointment', 17, 'No'],
          ['appointment', 1, '5'],
        ],
      },
    ];

    for (const settings of settingsCases)
      it(`equal the booking API's slots with ${settings.name}`, async () => {
        for (const [group, order, value] of settings.rows)
          await setSetting(f.t.db, f.brightsmile, group, order, value);
        try {
          let compared = 0;
          for (const schedule of sampleSchedules()) {
            const key = parseScheduleId(schedule.id ?? '')!;
            const expected = await bookingSlots(key);
            expect(await fhirSlotStarts(schedule), schedule.id).toEqual(expected);
            compared += expected.length;
          }
          expect(compared).toBeGreaterThan(0);
        } finally {
          for (const [group, order] of settings.rows)
            await setSetting(f.t.db, f.brightsmile, group, order, null);
        }
      });

    it('filters by a start range in the location’s zone, and pages with next/previous links', async () => {
      const schedule = sampleSchedules()[0]!;
      const id = schedule.id ?? '';
      const all = (await allPages<Slot>(`${BASE}/Slot?schedule=${id}&_count=500`)).items;
      expect(all.length).toBeGreaterThan(12);
      // Paging: 5 at a time gives the same slots in the same order.
      const paged = await allPages<Slot>(`${BASE}/Slot?schedule=${id}&status=free&_count=5`);
      expect(paged.items.map((s) => s.id)).toEqual(all.map((s) => s.id));
      expect(paged.total).toBe(all.length);
      expect(paged.pages).toBe(Math.ceil(all.length / 5));
      const second = await ok<Bundle>(`${BASE}/Slot?schedule=${id}&_count=5&_offset=5`);
      expect(second.link?.find((l) => l.relation === 'previous')?.url).toContain('_offset=0');

      // A range: the third slot's day, as a date in the location's zone and as instants with offsets.
      const third = all[2]!;
      const day = third.start.slice(0, 10);
      const offset = third.start.slice(19);
      const ofDay = all.filter((s) => s.start.startsWith(day));
      const byDate = (await allPages<Slot>(`${BASE}/Slot?schedule=${id}&start=${day}`)).items;
      expect(byDate.map((s) => s.id)).toEqual(ofDay.map((s) => s.id));
      const byInstants = (
        await allPages<Slot>(
          `${BASE}/Slot?${query({ schedule: `Schedule/${id}` })}&start=${encodeURIComponent(`ge${third.start}`)}&start=${encodeURIComponent(`lt${day}T23:59:59${offset}`)}`,
        )
      ).items;
      expect(byInstants.map((s) => s.id)).toEqual(
        ofDay.filter((s) => s.start >= third.start).map((s) => s.id),
      );
      const after = (await allPages<Slot>(`${BASE}/Slot?schedule=${id}&start=gt${day}&_count=500`)).items;
      expect(after.map((s) => s.id)).toEqual(all.filter((s) => s.start.slice(0, 10) > day).map((s) => s.id));
      // No schedule: every published schedule's slots in the range (here the same day).
      const everywhere = (await allPages<Slot>(`${BASE}/Slot?start=${day}&_count=500`)).items;
      expect(everywhere.map((s) => s.id)).toEqual(expect.arrayContaining(ofDay.map((s) => s.id)));
      expect(new Set(everywhere.map((s) => s.schedule.reference)).size).toBeGreaterThan(1);
      // Only free slots are published.
      expect((await ok<Bundle>(`${BASE}/Slot?schedule=${id}&status=busy`)).total).toBe(0);
    });

    it('reads a free slot by id, with its deep link and phone; a taken or past time is a 404', async () => {
      const schedule = sampleSchedules()[1]!;
      const [first] = resources<Slot>(
        await ok<Bundle>(`${BASE}/Slot?schedule=${schedule.id ?? ''}&_count=1`),
      );
      expect(first).toBeDefined();
      const slot = await ok<Slot>(`${BASE}/Slot/${first?.id ?? ''}`);
      expect(slot).toEqual(first);
      const link = slot.extension?.find((e) => e.url.endsWith('/booking-deep-link'))?.valueUrl;
      expect(link).toBe(`${PUBLIC_URL}/brightsmile/main/all/findappointment?slot=${slot.id ?? ''}`);
      expect(slot.extension?.find((e) => e.url.endsWith('/booking-phone'))?.valueString).toMatch(/\d/);
      const key = parseSlotId(slot.id ?? '')!;
      const past = `${parseScheduleId(schedule.id ?? '') ? (schedule.id ?? '') : ''}-${String(Math.floor(NOW.getTime() / 60000) - 60 * 24)}`;
      await outcome(`${BASE}/Slot/${past}`, 404);
      await outcome(`${BASE}/Slot/${schedule.id ?? ''}-${String(key.startMs / 60000 + 1)}`, 404);
    });
  });

  describe('errors', () => {
    it('answers 400 naming a bad or unknown search parameter', async () => {
      const unknown = await outcome(`${BASE}/Location?foo=1`, 400);
      expect(unknown.issue[0]?.diagnostics).toContain("'foo'");
      expect(unknown.issue[0]?.expression).toEqual(['foo']);
      const cases: [string, string][] = [
        [`${BASE}/Slot`, 'schedule'],
        [`${BASE}/Slot?start=ge2026-12-01`, 'schedule'],
        [`${BASE}/Slot?schedule=1-2-3&start=ap2026-12-01`, 'start'],
        [`${BASE}/Slot?schedule=1-2-3&start=tomorrow`, 'start'],
        [`${BASE}/Slot?schedule=1-2-3&status=open`, 'status'],
        [`${BASE}/Slot?schedule=Location/1`, 'schedule'],
        [`${BASE}/Schedule?actor=7`, 'actor'],
        [`${BASE}/Schedule?active=maybe`, 'active'],
        [`${BASE}/Schedule?_count=501`, '_count'],
        [`${BASE}/Schedule?_offset=-1`, '_offset'],
        [`${BASE}/Schedule?_format=xml`, '_format'],
        [`${BASE}/Schedule?actor:missing=true`, 'actor:missing'],
        [`${BASE}/Practitioner?name=`, 'name'],
      ];
      for (const [url, parameter] of cases) {
        const body = await outcome(url, 400);
        expect(body.issue[0]?.expression, url).toEqual([parameter]);
      }
    });

    it('answers 404 for an unknown brand, type or path, never the web app', async () => {
      await outcome('/fhir/nobody/metadata', 404);
      await outcome('/fhir/nobody/Location', 404);
      await outcome('/fhir/Not A Slug!/Location', 404);
      await outcome(`${BASE}/Patient`, 404);
      await outcome(`${BASE}/Patient/1`, 404);
      await outcome(`${BASE}/Slot/1/2`, 404);
      await outcome('/fhir', 404);
      await outcome('/fhir/', 404);
      await outcome(`${BASE}/Location`, 404, 'POST');
    });

    it('limits reads like the booking API, with a 429 OperationOutcome', async () => {
      const limited = await createAppOn(f, { config: { rateLimitReadsPerMinute: 2 } });
      try {
        const call = () =>
          limited.inject({ method: 'GET', url: `${BASE}/Location`, remoteAddress: '203.0.113.77' });
        expect((await call()).statusCode).toBe(200);
        expect((await call()).statusCode).toBe(200);
        const refused = await call();
        expect(refused.statusCode).toBe(429);
        expect(refused.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
        const body = refused.json<OperationOutcome>();
        expect(body.issue[0]?.code).toBe('throttled');
        expect(fhirProblems(body)).toEqual([]);
      } finally {
        await limited.close();
      }
    });

    it('answers 404 everywhere for an unpublished brand', async () => {
      const clientId = f.brightsmile.clientId;
      const version =
        (
          await f.t.db
            .selectFrom('open_availability_settings')
            .select('version')
            .where('client_id', '=', clientId)
            .executeTakeFirst()
        )?.version ?? 1;
      expect(await writePublication(f.t.db, clientId, version, { published: false }, NOW.getTime())).toBe(
        'ok',
      );
      try {
        for (const path of [
          'metadata',
          'Location',
          'Schedule?_count=1',
          'Practitioner/1',
          'Slot?start=2026-12-01',
        ])
          await outcome(`${BASE}/${path}`, 404);
        // The other brand is unaffected.
        await ok('/fhir/northside/metadata');
      } finally {
        expect(
          await writePublication(f.t.db, clientId, version + 1, { published: true }, NOW.getTime()),
        ).toBe('ok');
      }
      await ok(`${BASE}/metadata`);
    });
  });
});
