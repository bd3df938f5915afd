/*
 * A valid request for any route of the route table, aimed at one brand's objects: generated from
 * the route's zod schemas (zod-examples.ts), then adjusted by the few overrides below for rules no
 * schema states (a current `version`, a slot that is really free, a setting that exists).
 *
 *  - `probe` requests are for guards: valid, aimed at the brand's canonical objects.
 *  - `success` requests should succeed: a route that deletes or changes a record named in its path
 *    works on a fresh "victim" made through the collection's POST route; a status change takes an
 *    appointment no one changed yet; a booking takes a free slot.
 *
 * Every problem (a part the schema refuses) is reported, so a new route whose rules the generator
 * cannot guess fails the tests with a message that says where to add an override.
 */
import { randomUUID } from 'node:crypto';
import type { GetProvidersResponse } from '@scheduler/contract/scheduler-api';
import { localDateTimeToInstant } from '@scheduler/domain/time-zone';
import type { InjectOptions } from 'fastify';
import type * as z from 'zod';
import { newPatient, query } from '../../src/test/public-api-fixture.ts';
import type { CatalogueRoute } from './route-catalogue.ts';
import type { BrandObjects, SafetyFixture, SessionName } from './safety-fixture.ts';
import { NOW } from './safety-fixture.ts';
import { appointmentVersion, cancellableAppointment, providerVersion } from './db/brand-records.ts';
import { setVersion } from './db/credentials.ts';
import type { SetVersionColumn, SetVersionTable } from './db/credentials.ts';
import { OMIT, exampleOf, idKindOf } from './zod-examples.ts';
import type { ExampleContext } from './zod-examples.ts';

export interface RequestParts {
  params: Record<string, string>;
  query: Record<string, string>;
  /** undefined: no body. */
  body: unknown;
}

export interface Sample {
  parts: RequestParts;
  /** Id kinds the request names (clientId, providerId…): what the cross-brand variants replace. */
  usedIds: string[];
  /** Parts the route's schemas refuse (empty for a valid request). */
  problems: string[];
}

export type SampleMode = 'probe' | 'success';

export interface SampleOptions {
  brand: BrandObjects;
  /** Replace the id of one kind (another brand's, or one that does not exist). */
  replaceId?: { kind: string; value: number };
  mode?: SampleMode;
  /** Who will send it (a success request on a record only its author may change makes one of theirs). */
  caller?: SessionName;
}

/** An id that no brand has. */
export const MISSING_ID = 2_000_000_000;

const DAY_MS = 24 * 60 * 60 * 1000;
const futureInstant = new Date(NOW.getTime() + 7 * DAY_MS);

let counterValue = 0;
const counter = { next: () => ++counterValue };

function exampleContext(options: SampleOptions, usedIds: Set<string>): ExampleContext {
  const { brand, replaceId } = options;
  return {
    ids: (kind) => (replaceId?.kind === kind ? replaceId.value : brand.ids[kind]),
    named: (field) => {
      if (field === 'clientName' || field === 'clientSlug') return brand.slug;
      if (field === 'scheduler' || field === 'schedulerSlug') return brand.schedulerSlug;
      return undefined;
    },
    usedIds,
    counter,
    futureDate: futureInstant.toISOString().slice(0, 10),
    futureInstant: futureInstant.toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
}

function toStrings(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined || item === null) continue;
    out[key] = Array.isArray(item) ? item.map(String).join(',') : String(item as string | number);
  }
  return out;
}

function check(schema: z.ZodType | undefined, value: unknown, part: string, problems: string[]): void {
  if (schema === undefined) return;
  const result = schema.safeParse(value);
  if (!result.success) {
    for (const issue of result.error.issues.slice(0, 3)) {
      problems.push(`${part}.${issue.path.map(String).join('.')}: ${issue.message}`);
    }
  }
}

type Override = (
  f: SafetyFixture,
  route: CatalogueRoute,
  options: SampleOptions,
  parts: RequestParts & { body: Record<string, unknown> },
) => Promise<void>;

const usedAppointments = new WeakMap<SafetyFixture, Set<number>>();

async function freeSlot(
  f: SafetyFixture,
  brand: BrandObjects,
): Promise<{ startUtc: string; locationId: string; providerId: string } | undefined> {
  const response = await f.app.inject({
    method: 'GET',
    url: `/api/scheduler/getProviders?${query({
      clientName: brand.slug,
      scheduler: brand.schedulerSlug,
      appointmentTypeId: brand.ids.serviceId,
      locationId: brand.ids.locationId,
      providerId: brand.ids.providerId,
    })}`,
  });
  if (response.statusCode !== 200) return undefined;
  const card = response.json<GetProvidersResponse>().providers[0];
  const slot = card?.slots[0];
  return card === undefined || slot === undefined
    ? undefined
    : { startUtc: slot.startUtc, locationId: slot.locationId, providerId: card.providerId };
}

/** Puts the stored version of the set a map write (or the widget allow-list) replaces in the body. */
async function currentVersion(
  f: SafetyFixture,
  parts: { body: Record<string, unknown> },
  table: SetVersionTable,
  column: SetVersionColumn,
  id: unknown,
): Promise<void> {
  if (!Number.isSafeInteger(Number(id))) return;
  const version = await setVersion(f.db, table, column, Number(id));
  if (version !== undefined) parts.body.version = version;
}

const DAY_MS_STAFF = 86_400_000;
let staffWeeks = 0;

/**
 * A time inside a provider's weekly hours (at a location offering one of the provider's
 * services), about three months after the pinned clock, a week later on each call.
 */
async function staffSlot(
  f: SafetyFixture,
  clientId: number,
): Promise<{ startUtc: string; locationId: string; providerId: string; serviceId: string } | undefined> {
  const rows = await f.db
    .selectFrom('working_hours as wh')
    .innerJoin('provider_services as ps', 'ps.provider_id', 'wh.provider_id')
    .innerJoin('provider_locations as pl', (join) =>
      join.onRef('pl.provider_id', '=', 'wh.provider_id').onRef('pl.location_id', '=', 'wh.location_id'),
    )
    .innerJoin('service_locations as sl', (join) =>
      join.onRef('sl.service_id', '=', 'ps.service_id').onRef('sl.location_id', '=', 'wh.location_id'),
    )
    .innerJoin('services as sv', 'sv.id', 'ps.service_id')
    .innerJoin('locations as l', 'l.id', 'wh.location_id')
    .select([
      'wh.provider_id',
      'wh.location_id',
      'wh.weekday',
      'wh.start_minute',
      'wh.end_minute',
      'ps.service_id',
      'ps.duration_minutes',
      'sv.duration_minutes as service_duration',
      'l.time_zone',
    ])
    .where('wh.client_id', '=', clientId)
    .where('wh.effective_from', 'is', null)
    .where('wh.effective_to', 'is', null)
    .orderBy('wh.id')
    .orderBy('ps.service_id')
    .execute();
  const row = rows.find(
    (candidate) =>
      candidate.end_minute - candidate.start_minute >=
      (candidate.duration_minutes ?? candidate.service_duration),
  );
  if (row === undefined) return undefined;
  staffWeeks += 1;
  let dayMs = NOW.getTime() + (90 + 7 * staffWeeks) * DAY_MS_STAFF;
  while (new Date(dayMs).getUTCDay() !== row.weekday) dayMs += DAY_MS_STAFF;
  const date = new Date(dayMs).toISOString().slice(0, 10);
  return {
    startUtc: localDateTimeToInstant(date, row.start_minute, row.time_zone)
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z'),
    locationId: String(row.location_id),
    providerId: String(row.provider_id),
    serviceId: String(row.service_id),
  };
}

/** Rules the schemas do not state, by route key. */
const OVERRIDES: Record<string, Override> = {
  'POST /api/patient-management/update_appointment_status': async (f, _route, options, parts) => {
    let appointmentId = Number(parts.body.appointmentId);
    if (options.mode === 'success' && options.replaceId === undefined) {
      const used = usedAppointments.get(f) ?? new Set<number>();
      usedAppointments.set(f, used);
      const fresh = await cancellableAppointment(f.db, options.brand.ids.clientId ?? 0, NOW.getTime(), used);
      if (fresh !== undefined) {
        used.add(fresh.appointmentId);
        appointmentId = fresh.appointmentId;
      }
    }
    parts.body.appointmentId = appointmentId;
    parts.body.version = await appointmentVersion(f.db, appointmentId);
    parts.body.status = 'cancelled';
    parts.body.reason = 'Safety check';
  },
  'PUT /api/patient-management/editNote': async (f, _route, options, parts) => {
    if (options.mode !== 'success' || options.replaceId !== undefined || options.caller === undefined) return;
    // Only a note's author may edit it: the caller writes one first.
    const response = await f.app.inject({
      method: 'POST',
      url: '/api/patient-management/addNote',
      headers: f.logins[options.caller].bearerHeaders,
      payload: {
        clientId: options.brand.ids.clientId,
        patientId: options.brand.ids.patientId,
        text: 'Safety note to edit',
      },
    });
    if (response.statusCode === 201) {
      parts.body.noteId = Number(response.json<{ note: { noteId: string } }>().note.noteId);
    }
  },
  'PATCH /api/scheduler/updateProviderInfo': async (f, _route, _options, parts) => {
    parts.body.version = await providerVersion(f.db, Number(parts.body.providerId));
  },
  'PATCH /api/scheduler/updateConfig': async (f, _route, _options, parts) => {
    parts.body.settings = [{ group: 'appointment', order: 20, value: '#1A73E8' }];
    const scheduler = await f.db
      .selectFrom('schedulers')
      .select('settings_version')
      .where('id', '=', Number(parts.body.ruleId))
      .executeTakeFirst();
    if (scheduler !== undefined) parts.body.version = scheduler.settings_version;
  },
  // The map writes and the widget allow-list name the version of the set they replace (migration 007).
  'POST /api/scheduler/providerLocationMapAssign': async (f, _route, _options, parts) => {
    await currentVersion(f, parts, 'providers', 'locations_version', parts.body.providerId);
  },
  'POST /api/scheduler/insertApptProviderMap': async (f, _route, _options, parts) => {
    await currentVersion(f, parts, 'providers', 'services_version', parts.body.providerId);
  },
  'POST /api/scheduler/createInsuranceProviderConfig': async (f, _route, _options, parts) => {
    if (parts.body.providerId !== undefined) {
      await currentVersion(f, parts, 'providers', 'plans_version', parts.body.providerId);
    } else {
      await currentVersion(f, parts, 'insurance_plans', 'providers_version', parts.body.planId);
    }
  },
  'POST /api/scheduler/createServiceLocationConfig': async (f, _route, _options, parts) => {
    await currentVersion(f, parts, 'services', 'locations_version', parts.body.appointmentTypeId);
  },
  'POST /api/scheduler/createLocationProviderConfig': async (f, _route, _options, parts) => {
    await currentVersion(f, parts, 'locations', 'providers_version', parts.body.locationId);
  },
  'PUT /api/scheduler/admin/widget': async (f, _route, options, parts) => {
    const clientId = parts.body.clientId ?? options.brand.ids.clientId;
    await currentVersion(f, parts, 'clients', 'frame_ancestors_version', clientId);
  },
  'PUT /api/scheduler/bookAppointment': async (f, _route, options, parts) => {
    const slot = await freeSlot(f, options.brand);
    if (slot === undefined) return;
    Object.assign(parts.body, {
      locationId: slot.locationId,
      providerId: slot.providerId,
      appointmentTypeId: String(options.brand.ids.serviceId),
      startUtc: slot.startUtc,
      patient: newPatient(),
      isExistingPatient: false,
      insurance: null,
      sessionId: `safety-${randomUUID()}`,
      idempotencyKey: randomUUID(),
    });
  },
  'POST /api/scheduler/createPatients': (_f, _route, _options, parts) => {
    parts.body.patient = newPatient();
    return Promise.resolve();
  },
  'PATCH /api/scheduler/updateWaitList': (_f, _route, _options, parts) => {
    // Only a booked entry names its appointment (the generator picks the first status, waiting).
    parts.body.status = 'booked';
    return Promise.resolve();
  },
  'POST /api/patient-management/bookFromWaitList': async (f, _route, options, parts) => {
    if (options.mode !== 'success' || options.replaceId !== undefined) return;
    // A waitlist entry can be booked once: a fresh one of the brand, booked by staff into the
    // provider's working hours a few months out (staff are not held to the online window, and
    // earlier requests of a run may have taken the canonical provider offline).
    const { brand } = options;
    const slot = await staffSlot(f, brand.ids.clientId ?? 0);
    if (slot === undefined) return;
    const person = newPatient();
    const { id } = await f.db
      .insertInto('waitlist_entries')
      .values({
        client_id: brand.ids.clientId ?? 0,
        scheduler_id: brand.ids.schedulerId ?? null,
        location_id: Number(slot.locationId),
        provider_id: Number(slot.providerId),
        service_id: Number(slot.serviceId),
        patient_id: null,
        first_name: String(person.firstName),
        last_name: String(person.lastName),
        date_of_birth: String(person.dateOfBirth),
        phone: String(person.phone).replace(/\D/g, ''),
        email: String(person.email),
        preferred_times: null,
        notes: null,
        status: 'waiting',
        created_at: NOW.getTime(),
        updated_at: NOW.getTime(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    Object.assign(parts.body, {
      waitlistEntryId: id,
      providerId: Number(slot.providerId),
      locationId: Number(slot.locationId),
      appointmentTypeId: Number(slot.serviceId),
      startUtc: slot.startUtc,
      // Optional while the entry has one, and then it must be the entry's.
      dateOfBirth: String(person.dateOfBirth),
      idempotencyKey: randomUUID(),
    });
  },
  'POST /api/scheduler/createWaitList': (_f, _route, _options, parts) => {
    parts.body.patient = newPatient();
    return Promise.resolve();
  },
};

/** The collection's POST route of `DELETE|PATCH|PUT …/:id` (where victims come from). */
function collectionPost(f: SafetyFixture, route: CatalogueRoute): CatalogueRoute | undefined {
  const collection = route.url.replace(/\/:[A-Za-z0-9_]+$/, '');
  if (collection === route.url) return undefined;
  return f.catalogue.routes.find((candidate) => candidate.key === `POST ${collection}`);
}

function findId(value: unknown, kind: string): string | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findId(item, kind);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (idKindOf(key) === kind && (typeof item === 'string' || typeof item === 'number')) return String(item);
  }
  for (const item of Object.values(value)) {
    const found = findId(item, kind);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A fresh record for a route that deletes or changes the record in its path (made by owner@). */
async function victimFor(
  f: SafetyFixture,
  route: CatalogueRoute,
  brand: BrandObjects,
): Promise<string | undefined> {
  const post = collectionPost(f, route);
  const param = route.pathParams.at(-1);
  const kind = param === undefined ? undefined : idKindOf(param);
  if (post === undefined || kind === undefined) return undefined;
  const sample = await sampleFor(f, post, { brand });
  const response = await f.app.inject({
    ...injectOptions(post, sample.parts),
    headers: f.logins.owner.bearerHeaders,
  });
  if (response.statusCode >= 300) return undefined;
  return findId(response.json(), kind);
}

export async function sampleFor(
  f: SafetyFixture,
  route: CatalogueRoute,
  options: SampleOptions,
): Promise<Sample> {
  const usedIds = new Set<string>();
  const ctx = exampleContext(options, usedIds);
  const { schemas } = route;

  const paramsExample = schemas.params === undefined ? {} : exampleOf(schemas.params, 'params', ctx);
  const params = toStrings(paramsExample === OMIT ? {} : paramsExample);
  for (const name of route.pathParams) {
    if (params[name] !== undefined) continue;
    const kind = idKindOf(name);
    const id = kind === undefined ? undefined : ctx.ids(kind);
    if (kind !== undefined && id !== undefined) usedIds.add(kind);
    params[name] = id === undefined ? 'safety' : String(id);
  }
  const queryExample = schemas.querystring === undefined ? {} : exampleOf(schemas.querystring, 'query', ctx);
  let body: unknown = schemas.body === undefined ? undefined : exampleOf(schemas.body, 'body', ctx);
  if (body === OMIT) body = undefined;
  const parts: RequestParts = { params, query: toStrings(queryExample === OMIT ? {} : queryExample), body };

  const override = OVERRIDES[route.key];
  if (override !== undefined && typeof parts.body === 'object' && parts.body !== null) {
    await override(f, route, options, parts as RequestParts & { body: Record<string, unknown> });
  } else if (override !== undefined && parts.body === undefined && route.unsafe) {
    const bodyObject: Record<string, unknown> = {};
    await override(f, route, options, { ...parts, body: bodyObject });
    parts.body = bodyObject;
  }

  if (options.mode === 'success' && options.replaceId === undefined && route.pathParams.length > 0) {
    const victim = await victimFor(f, route, options.brand);
    const param = route.pathParams.at(-1);
    if (victim !== undefined && param !== undefined) parts.params[param] = victim;
  }

  const problems: string[] = [];
  check(schemas.params, parts.params, 'params', problems);
  check(schemas.querystring, parts.query, 'query', problems);
  check(schemas.body, parts.body, 'body', problems);
  return { parts, usedIds: [...usedIds], problems };
}

/** A path segment, percent-encoded (a lone surrogate becomes U+FFFD, as a browser would send it). */
export function encodePathSegment(value: string): string {
  const wellFormed = value.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '\uFFFD',
  );
  return encodeURIComponent(wellFormed);
}

/** The inject options of a request (no headers). */
export function injectOptions(route: CatalogueRoute, parts: RequestParts): InjectOptions {
  let url = route.url;
  for (const [name, value] of Object.entries(parts.params)) {
    url = url.replace(`:${name}`, encodePathSegment(value));
  }
  const search = new URLSearchParams(parts.query).toString();
  return {
    method: route.method as InjectOptions['method'],
    url: search === '' ? url : `${url}?${search}`,
    ...(parts.body === undefined ? {} : { payload: parts.body as InjectOptions['payload'] }),
  };
}
