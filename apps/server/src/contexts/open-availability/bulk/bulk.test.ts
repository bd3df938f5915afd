/**
 * Issue 20: the SMART Scheduling Links publisher (`/fhir/{clientName}/$bulk-publish` and its NDJSON
 * files) on the seeded demo, on SQLite and PostgreSQL:
 *  - a port of the conformance checks of the Inferno SMART Scheduling Links test kit (manifest
 *    group: the URL ends with `$bulk-publish`, the manifest is valid JSON with transactionTime
 *    matching the FHIR instant pattern, request and every output url valid http(s) URIs, output
 *    types known, extension.state an array of strings; resource group: every NDJSON line parses and
 *    is a valid resource of its file's type), plus the spec's Accept rules, Slot → Schedule
 *    references and the booking-deep-link / booking-phone extensions on every Slot;
 *  - the Slots published are exactly the booking API's (getProviders for a new patient), and every
 *    line is `toSlot`'s own text;
 *  - Cache-Control, ETag, Last-Modified and 304, and an ETag that moves with what is published.
 */
import type { GetProvidersResponse } from '@scheduler/contract/scheduler-api';
import type { Resource, Schedule, Slot } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../../app.ts';
import { buildApp } from '../../../app.ts';
import type { PublicFixture } from '../../../test/public-api-fixture.ts';
import { NOW, createPublicFixture, query } from '../../../test/public-api-fixture.ts';
import { testDatabases } from '../../../test/test-db.ts';
import { fhirProblems, loadFhirDefinitions } from '../fhir/fhir-validation.test-support.ts';
import { parseSlotId, slotIdOf } from '../fhir/ids.ts';
import { fhirContextOf, toSlot } from '../fhir/resources.ts';
import { readPublication } from '../publication/publication-repository.ts';
import { createAvailability } from '../../scheduling/index.ts';
import type { AvailabilityService } from '../../scheduling/index.ts';
import { openBulkFile } from './bulk-files.ts';
import { selectBulkVersions } from './bulk-repository.ts';
import { PublicationSnapshots } from './bulk-snapshots.ts';
import { FirstSeen, bulkStateOf } from './bulk-state.ts';

// The demo's staff passwords play no part here: skip scrypt (about 1 s of CPU per seed).
vi.mock(import('../../../platform/auth/password.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  hashPassword: (password: string) => Promise.resolve(`test-only$${password}`),
}));

/** The Inferno test kit's INSTANT_REGEX (manifest_group.rb), anchored. */
const INSTANT_REGEX =
  /^([0-9]([0-9]([0-9][1-9]|[1-9]0)|[1-9]00)|[1-9]000)-(0[1-9]|1[0-2])-(0[1-9]|[1-2][0-9]|3[0-1])T([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]+)?(Z|(\+|-)((0[0-9]|1[0-3]):[0-5][0-9]|14:00))$/;
const KNOWN_TYPES = ['PractitionerRole', 'Location', 'Schedule', 'Slot', 'HealthcareService'];
const DEEP_LINK = 'http://fhir-registry.smarthealthit.org/StructureDefinition/booking-deep-link';
const PHONE = 'http://fhir-registry.smarthealthit.org/StructureDefinition/booking-phone';
const BRAND = 'brightsmile';

interface Manifest {
  transactionTime: string;
  request: string;
  output: { type: string; url: string; extension?: { state?: unknown } }[];
  error: unknown[];
}

/** Inferno's assert_valid_http_uri. */
function isHttpUri(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The path (and query) of a published URL, to send to the app under test. */
const pathOf = (url: string): string => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

describe.each(testDatabases())('SMART Scheduling Links bulk publish on $name', (target) => {
  let f: PublicFixture;

  beforeAll(async () => {
    loadFhirDefinitions();
    f = await createPublicFixture(target);
  }, 120_000);
  afterAll(async () => {
    await f.close();
  });

  const manifestPath = `/fhir/${BRAND}/$bulk-publish`;
  const get = (url: string, headers: Record<string, string> = {}, app: App = f.app) =>
    app.inject({ method: 'GET', url, headers });
  async function manifest(app: App = f.app): Promise<Manifest> {
    const response = await get(manifestPath, {}, app);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Manifest>();
  }
  /** Every line of a file, parsed. */
  async function lines(url: string): Promise<Resource[]> {
    const response = await get(pathOf(url), { accept: 'application/fhir+ndjson' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/fhir+ndjson');
    expect(response.body === '' || response.body.endsWith('\n')).toBe(true);
    return response.body
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Resource);
  }
  async function filesOf(type: string): Promise<{ url: string; resources: Resource[]; state: unknown }[]> {
    const files = (await manifest()).output.filter((o) => o.type === type);
    return Promise.all(
      files.map(async (o) => ({ url: o.url, resources: await lines(o.url), state: o.extension?.state })),
    );
  }

  describe('the manifest (Inferno manifest group)', () => {
    it('is at a valid http URL ending with $bulk-publish, the same JSON with no Accept, application/json or application/fhir+json', async () => {
      const body = await manifest();
      expect(body.request.endsWith('$bulk-publish')).toBe(true);
      expect(isHttpUri(body.request)).toBe(true);
      expect(pathOf(body.request)).toBe(manifestPath);
      const bodies = new Set<string>();
      for (const accept of [undefined, 'application/json', 'application/fhir+json', '*/*']) {
        const response = await get(manifestPath, accept === undefined ? {} : { accept });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(() => JSON.parse(response.body) as unknown).not.toThrow();
        bodies.add(response.body);
      }
      expect(bodies.size).toBe(1);
    });

    it('has the structure Inferno checks: transactionTime, request, output with known types, URIs and states', async () => {
      const body = (await manifest()) as unknown as Record<string, unknown>;
      expect(typeof body).toBe('object');
      expect(typeof body.transactionTime).toBe('string');
      expect(typeof body.request).toBe('string');
      expect(Array.isArray(body.output)).toBe(true);
      expect(body.error).toEqual([]);
      expect(body.transactionTime).toMatch(INSTANT_REGEX);
      const outputs = body.output as Manifest['output'];
      for (const output of outputs) {
        expect(KNOWN_TYPES).toContain(output.type);
        expect(typeof output.url).toBe('string');
        expect(isHttpUri(output.url), output.url).toBe(true);
        expect(typeof output.extension).toBe('object');
        const states = output.extension?.state;
        expect(Array.isArray(states)).toBe(true);
        for (const state of states as unknown[]) expect(typeof state).toBe('string');
      }
      const types = new Set(outputs.map((o) => o.type));
      expect([...types].sort()).toEqual([...KNOWN_TYPES].sort());
      // Slot files split per location, each with its location's state.
      const locations = await f.t.db
        .selectFrom('locations')
        .select(['id', 'state'])
        .where('client_id', '=', f.brightsmile.clientId)
        .where('online_enabled', '=', 1)
        .execute();
      const slotFiles = outputs.filter((o) => o.type === 'Slot');
      expect(slotFiles).toHaveLength(locations.length);
      for (const location of locations)
        expect(slotFiles).toContainEqual({
          type: 'Slot',
          url: expect.stringMatching(
            new RegExp(`/fhir/${BRAND}/bulk/Slot-${String(location.id)}\\.ndjson$`),
          ) as string,
          extension: { state: [location.state] },
        });
    });

    it('ignores a well-formed _since and refuses a malformed one with an OperationOutcome', async () => {
      const since = await get(`${manifestPath}?_since=2026-11-25T10:00:00-05:00`);
      expect(since.statusCode).toBe(200);
      const bad = await get(`${manifestPath}?_since=yesterday`);
      expect(bad.statusCode).toBe(400);
      expect(bad.headers['content-type']).toMatch(/^application\/fhir\+json/);
      expect(fhirProblems(bad.json())).toEqual([]);
      expect(bad.json<{ resourceType: string }>().resourceType).toBe('OperationOutcome');
    });
  });

  describe('the files (Inferno resource group)', () => {
    it('serve one valid resource of the file’s type per line, with no Accept header too', async () => {
      const body = await manifest();
      let checked = 0;
      for (const output of body.output) {
        const plain = await get(pathOf(output.url));
        expect(plain.statusCode).toBe(200);
        expect(plain.headers['content-type']).toBe('application/fhir+ndjson');
        const resources = await lines(output.url);
        expect(plain.body).toBe(resources.map((r) => `${JSON.stringify(r)}\n`).join(''));
        for (const resource of resources) {
          expect(resource.resourceType).toBe(output.type);
          expect(fhirProblems(resource)).toEqual([]);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(100);
    }, 120_000);

    it('give every Slot a Schedule of the Schedule file, the deep link and the booking phone', async () => {
      const [scheduleFile] = await filesOf('Schedule');
      const schedules = new Set((scheduleFile?.resources as Schedule[]).map((s) => `Schedule/${s.id ?? ''}`));
      const locations = new Set(
        ((await filesOf('Location'))[0]?.resources ?? []).map((l) => `Location/${l.id ?? ''}`),
      );
      for (const schedule of scheduleFile?.resources as Schedule[])
        expect(locations.has(schedule.actor[0]?.reference ?? '')).toBe(true);
      let slots = 0;
      for (const file of await filesOf('Slot')) {
        const locationId = /Slot-(\d+)\.ndjson$/.exec(file.url)?.[1];
        for (const slot of file.resources as Slot[]) {
          expect(schedules.has(slot.schedule.reference ?? '')).toBe(true);
          expect(String(parseSlotId(slot.id ?? '')?.locationId)).toBe(locationId);
          const link = slot.extension?.find((e) => e.url === DEEP_LINK)?.valueUrl ?? '';
          expect(isHttpUri(link)).toBe(true);
          expect(new URL(link).searchParams.get('slot')).toBe(slot.id);
          expect(new URL(link).pathname).toBe(`/${BRAND}/main/all/findappointment`);
          expect(slot.extension?.find((e) => e.url === PHONE)?.valueString).toMatch(/\d/);
          slots++;
        }
      }
      expect(slots).toBeGreaterThan(50);
    }, 60_000);

    it('hold the same resources as the FHIR read API', async () => {
      let compared = 0;
      for (const type of ['Location', 'PractitionerRole', 'HealthcareService', 'Schedule']) {
        const [file] = await filesOf(type);
        for (const resource of file?.resources ?? []) {
          const read = await get(`/fhir/${BRAND}/${type}/${resource.id ?? ''}`);
          expect(read.statusCode, read.body).toBe(200);
          expect(read.json()).toEqual(resource);
          compared++;
        }
      }
      const [slotFile] = await filesOf('Slot');
      for (const slot of (slotFile?.resources ?? []).slice(0, 5)) {
        const read = await get(`/fhir/${BRAND}/Slot/${slot.id ?? ''}`);
        expect(read.statusCode, read.body).toBe(200);
        expect(read.json()).toEqual(slot);
      }
      expect(compared).toBeGreaterThan(10);
    });

    it('answer 404 OperationOutcomes for an unknown file, location or brand, and an unpublished brand', async () => {
      for (const url of [
        `/fhir/${BRAND}/bulk/Patient.ndjson`,
        `/fhir/${BRAND}/bulk/Slot-999999.ndjson`,
        `/fhir/${BRAND}/bulk/Slot-${String(f.northside.locations[Object.keys(f.northside.locations)[0] ?? ''])}.ndjson`,
        `/fhir/nobody/$bulk-publish`,
        `/fhir/nobody/bulk/Location.ndjson`,
      ]) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type']).toMatch(/^application\/fhir\+json/);
        expect(fhirProblems(response.json())).toEqual([]);
      }
      await f.t.db
        .insertInto('open_availability_settings')
        .values({
          client_id: f.northside.clientId,
          published: 0,
          scheduler_id: null,
          updated_at: NOW.getTime(),
        })
        .execute();
      try {
        expect((await get('/fhir/northside/$bulk-publish')).statusCode).toBe(404);
        expect((await get('/fhir/northside/bulk/Schedule.ndjson')).statusCode).toBe(404);
      } finally {
        await f.t.db
          .deleteFrom('open_availability_settings')
          .where('client_id', '=', f.northside.clientId)
          .execute();
      }
      expect((await get('/fhir/northside/$bulk-publish')).statusCode).toBe(200);
    });
  });

  describe('streaming', () => {
    it('produces a Slot file as it is read: the searches when read, in bounded chunks', async () => {
      const publication = await readPublication(f.t.db, { clientSlug: BRAND });
      if (publication === undefined) throw new Error('brightsmile is not published');
      const real = createAvailability(f.t.db, () => NOW);
      let searches = 0;
      const availability: AvailabilityService = {
        ...real,
        searchFreeDays: (query, at) => {
          searches++;
          return real.searchFreeDays(query, at);
        },
      };
      const versions = await selectBulkVersions(f.t.db, publication.clientId);
      const state = bulkStateOf(publication, versions, f.t.config.publicUrl, NOW, new FirstSeen());
      const ctx = {
        db: f.t.db,
        availability,
        publication,
        fhir: fhirContextOf(f.t.config.publicUrl, publication),
        state,
        snapshots: new PublicationSnapshots(),
      };
      let biggest = { url: '', size: -1 };
      for (const output of (await manifest()).output.filter((o) => o.type === 'Slot')) {
        const size = (await get(pathOf(output.url))).body.length;
        if (size > biggest.size) biggest = { url: output.url, size };
      }
      const locationId = Number(/Slot-(\d+)\.ndjson$/.exec(biggest.url)?.[1]);
      const chunks = await openBulkFile(ctx, { type: 'Slot', locationId });
      if (chunks === undefined) throw new Error('no Slot file');
      expect(searches).toBe(0);
      const texts: string[] = [];
      for await (const chunk of chunks) {
        texts.push(chunk);
        expect(chunk.length).toBeLessThan(96 * 1024);
        expect(chunk.endsWith('\n')).toBe(true);
      }
      expect(searches).toBeGreaterThan(0);
      expect(texts.join('')).toBe((await get(pathOf(biggest.url))).body);
      if (biggest.size > 96 * 1024) expect(texts.length).toBeGreaterThan(1);
      // Every Slot file of the same state shares one search per published service.
      for (const output of (await manifest()).output.filter((o) => o.type === 'Slot')) {
        const id = Number(/Slot-(\d+)\.ndjson$/.exec(output.url)?.[1]);
        const file = await openBulkFile(ctx, { type: 'Slot', locationId: id });
        for await (const chunk of file ?? []) expect(chunk).not.toBe('');
      }
      const services = await f.t.db
        .selectFrom('services')
        .select('id')
        .where('client_id', '=', f.brightsmile.clientId)
        .where('online_enabled', '=', 1)
        .where('call_to_schedule', '=', 0)
        .where('new_patients', '=', 1)
        .execute();
      expect(searches).toBeLessThanOrEqual(services.length);
      expect(await openBulkFile(ctx, { type: 'Slot', locationId: 999_999 })).toBeUndefined();
    });
  });

  describe('the Slots', () => {
    it('are exactly the booking API’s slots for a new patient, each line toSlot’s own text', async () => {
      const publication = await readPublication(f.t.db, { clientSlug: BRAND });
      if (publication === undefined) throw new Error('brightsmile is not published');
      const ctx = fhirContextOf(f.t.config.publicUrl, publication);
      const zones = new Map(
        (
          await f.t.db
            .selectFrom('locations')
            .select(['id', 'time_zone', 'phone'])
            .where('client_id', '=', f.brightsmile.clientId)
            .execute()
        ).map((l) => [l.id, l]),
      );
      const published = new Map<string, Slot>();
      for (const file of await filesOf('Slot'))
        for (const slot of file.resources as Slot[]) published.set(slot.id ?? '', slot);

      const services = await f.t.db
        .selectFrom('services')
        .select(['id', 'name', 'description', 'online_enabled', 'call_to_schedule', 'new_patients'])
        .where('client_id', '=', f.brightsmile.clientId)
        .execute();
      const expected = new Set<string>();
      for (const service of services) {
        const response = await get(
          `/api/scheduler/getProviders?${query({
            clientName: BRAND,
            scheduler: publication.scheduler.slug,
            appointmentTypeId: service.id,
            locationId: 'all',
            isExistingPatient: 'false',
          })}`,
        );
        if (!(service.online_enabled === 1 && service.call_to_schedule === 0 && service.new_patients === 1)) {
          expect(response.statusCode).toBe(422);
          continue;
        }
        expect(response.statusCode, response.body).toBe(200);
        for (const provider of response.json<GetProvidersResponse>().providers)
          for (const slot of provider.slots) {
            const id = slotIdOf({
              providerId: Number(provider.providerId),
              locationId: Number(slot.locationId),
              serviceId: service.id,
              startMs: Date.parse(slot.startUtc),
            });
            expected.add(id);
            const line = published.get(id);
            if (line === undefined) continue;
            const location = zones.get(Number(slot.locationId));
            expect(line).toEqual(
              toSlot(ctx, {
                providerId: Number(provider.providerId),
                locationId: Number(slot.locationId),
                service,
                startMs: Date.parse(slot.startUtc),
                durationMinutes: (Date.parse(line.end ?? '') - Date.parse(line.start ?? '')) / 60_000,
                timeZone: location?.time_zone ?? '',
                locationPhone: location?.phone ?? '',
              }),
            );
          }
      }
      expect(expected.size).toBeGreaterThan(50);
      expect([...published.keys()].sort()).toEqual([...expected].sort());
    }, 60_000);

    it('lose a time as soon as it is booked (busy versions move the ETag and the files)', async () => {
      const before = await get(manifestPath);
      const slotFile = (await manifest()).output.find((o) => o.type === 'Slot');
      if (slotFile === undefined) throw new Error('no Slot file');
      const [first] = await lines(slotFile.url);
      const key = parseSlotId(first?.id ?? '');
      if (key === undefined) throw new Error('no slot');
      // Time off over that slot: the provider's busy version rises (database trigger).
      await f.t.db
        .insertInto('time_off')
        .values({
          client_id: f.brightsmile.clientId,
          provider_id: key.providerId,
          location_id: null,
          start_at: key.startMs,
          end_at: key.startMs + 60 * 60_000,
          reason: 'bulk test',
          created_at: NOW.getTime(),
        })
        .execute();
      try {
        const after = await get(manifestPath, { 'if-none-match': String(before.headers.etag) });
        expect(after.statusCode).toBe(200);
        expect(after.headers.etag).not.toBe(before.headers.etag);
        expect((await lines(slotFile.url)).map((s) => s.id)).not.toContain(first?.id);
      } finally {
        await f.t.db.deleteFrom('time_off').where('reason', '=', 'bulk test').execute();
      }
    });
  });

  describe('caching (Cache-Control, ETag, Last-Modified, 304)', () => {
    it('answers 304 to If-None-Match and If-Modified-Since, on the manifest and on every file', async () => {
      const body = await manifest();
      for (const url of [manifestPath, ...body.output.map((o) => pathOf(o.url))]) {
        const first = await get(url);
        expect(first.statusCode).toBe(200);
        expect(first.headers['cache-control']).toBe('public, max-age=300');
        const etag = String(first.headers.etag);
        const lastModified = String(first.headers['last-modified']);
        expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
        expect(Number.isNaN(Date.parse(lastModified))).toBe(false);

        const fresh: Record<string, string>[] = [
          { 'if-none-match': etag },
          { 'if-none-match': `"other", W/${etag}` },
          { 'if-none-match': '*' },
          { 'if-modified-since': lastModified },
          { 'if-modified-since': new Date(Date.parse(lastModified) + 60_000).toUTCString() },
        ];
        for (const headers of fresh) {
          const again = await get(url, headers);
          expect(again.statusCode, JSON.stringify(headers)).toBe(304);
          expect(again.body).toBe('');
          expect(again.headers.etag).toBe(etag);
          expect(again.headers['cache-control']).toBe('public, max-age=300');
          expect(again.headers['last-modified']).toBe(lastModified);
        }
        const stale: Record<string, string>[] = [
          { 'if-none-match': '"stale"' },
          { 'if-modified-since': new Date(Date.parse(lastModified) - 1_000).toUTCString() },
          { 'if-modified-since': 'not a date' },
          // If-None-Match wins over If-Modified-Since (RFC 9110 §13.2.2).
          { 'if-none-match': '"stale"', 'if-modified-since': lastModified },
        ];
        for (const headers of stale) {
          const changed = await get(url, headers);
          expect(changed.statusCode, JSON.stringify(headers)).toBe(200);
          expect(changed.headers.etag).toBe(etag);
        }
      }
    }, 60_000);

    it('moves the ETag with the catalogue, the publication settings and the clock bucket', async () => {
      const etag = async (app: App = f.app) => String((await get(manifestPath, {}, app)).headers.etag);
      const start = await etag();
      expect(await etag()).toBe(start);

      // A location renamed: the configuration counter rises (database trigger).
      const [location] = await f.t.db
        .selectFrom('locations')
        .select(['id', 'name'])
        .where('client_id', '=', f.brightsmile.clientId)
        .execute();
      if (location === undefined) throw new Error('no location');
      await f.t.db
        .updateTable('locations')
        .set({ name: `${location.name} (renamed)` })
        .where('id', '=', location.id)
        .execute();
      const renamed = await etag();
      expect(renamed).not.toBe(start);
      const [locationFile] = await filesOf('Location');
      expect(locationFile?.resources.map((l) => (l as { name?: string }).name)).toContain(
        `${location.name} (renamed)`,
      );
      await f.t.db
        .updateTable('locations')
        .set({ name: location.name })
        .where('id', '=', location.id)
        .execute();

      // The publication settings: a row with its version.
      const beforeSettings = await etag();
      await f.t.db
        .insertInto('open_availability_settings')
        .values({ client_id: f.brightsmile.clientId, scheduler_id: null, updated_at: NOW.getTime() })
        .execute();
      try {
        expect(await etag()).not.toBe(beforeSettings);
      } finally {
        await f.t.db
          .deleteFrom('open_availability_settings')
          .where('client_id', '=', f.brightsmile.clientId)
          .execute();
      }

      // The clock: the same inputs in the same 5-minute bucket, another ETag in the next one.
      const at = async (ms: number): Promise<{ etag: string; transactionTime: string }> => {
        const app = await buildApp({
          config: f.t.config,
          db: f.t.db,
          logger: false,
          now: () => new Date(ms),
        });
        await app.ready();
        try {
          const response = await get(manifestPath, {}, app);
          return {
            etag: String(response.headers.etag),
            transactionTime: response.json<Manifest>().transactionTime,
          };
        } finally {
          await app.close();
        }
      };
      const same = await at(NOW.getTime() + 299_000);
      const next = await at(NOW.getTime() + 300_000);
      expect(same.etag).toBe(await etag());
      expect(next.etag).not.toBe(same.etag);
      expect(Date.parse(next.transactionTime)).toBeGreaterThanOrEqual(NOW.getTime() + 300_000);
    }, 60_000);
  });
});
