/*
 * The SQL of the slot search. One getProviders call issues at most five statements, whatever
 * the number of providers:
 *   1. scope     schedulers ⋈ clients ⟕ the service, with the settings packed, and a fingerprint
 *                of every input of statements 2–5 made of counters that triggers raise (see
 *                SearchScope): when it equals the one a kept answer was made from, the search
 *                ends here (search-cache.ts)
 *   2. locations the client's locations ⟕ whether they offer the service (scope-repository.ts)
 *   3. providers offering the service at the locations, with their duration and whether they
 *                accept the insurance plan asked about
 *   4. hours     their weekly working hours at those locations
 *   5. busy      their time off UNION ALL their active appointments inside the window, packed
 *                into one text per provider and kind (see selectPackedBusy)
 * The booking transaction reuses 3–5 (with its transaction handle) to re-check one slot.
 */
import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import { dialectOf } from '../../platform/db/database.ts';
import type { Db } from '../../platform/db/database.ts';
import { activeAppointmentStatuses } from '../../platform/db/schema.ts';
import { asTenant, currentTenant, settleTenant } from '../../platform/db/tenant-context.ts';
import type {
  LocationRecord,
  ProviderRecord,
  SchedulerScopeRecord,
  ServiceRecord,
} from '../scheduler-config/scheduler-scope.ts';
import { selectLocations } from '../scheduler-config/scope-repository.ts';
import type { ScopeWithService } from '../scheduler-config/scope-repository.ts';

export interface ProviderQuery {
  clientId: number;
  serviceId: number;
  locationIds: readonly number[];
  /** Only this provider. */
  providerId?: number;
  /** Report whether each provider accepts this plan (`acceptsPlan`). */
  planId?: number;
}

export interface WorkingHoursRecord {
  providerId: number;
  locationId: number;
  weekday: number;
  startMinute: number;
  endMinute: number;
  effectiveFrom: string | null;
  effectiveTo: string | null;
}

export interface BusyRecord {
  providerId: number;
  startAt: number;
  endAt: number;
  kind: 'timeOff' | 'appointment';
}

export interface BusyQuery {
  clientId: number;
  serviceId: number;
  /** Only this provider (else every provider offering the service). */
  providerId?: number;
  /** Only these providers. */
  providerIds?: readonly number[];
  /** Periods overlapping [fromMs, toMs). */
  fromMs: number;
  toMs: number;
}

function providersQuery(db: Db, query: ProviderQuery) {
  let builder = db
    .selectFrom('providers as p')
    .innerJoin('provider_services as ps', (join) =>
      join.onRef('ps.provider_id', '=', 'p.id').on('ps.service_id', '=', query.serviceId),
    )
    .innerJoin('provider_locations as pl', 'pl.provider_id', 'p.id')
    .leftJoin('provider_insurance_plans as pip', (join) =>
      join.onRef('pip.provider_id', '=', 'p.id').on('pip.plan_id', '=', query.planId ?? -1),
    )
    .select([
      'p.id',
      'p.prefix',
      'p.first_name',
      'p.last_name',
      'p.credentials',
      'p.gender',
      'p.bio',
      'p.photo_url',
      'p.online_bookable',
      'p.accepting_new_patients',
      'ps.duration_minutes',
      'pl.location_id',
      'pip.plan_id as accepted_plan_id',
    ])
    .where('p.client_id', '=', query.clientId)
    .where('pl.location_id', 'in', [...query.locationIds]);
  if (query.providerId !== undefined) builder = builder.where('p.id', '=', query.providerId);
  return builder.orderBy('p.sort_order').orderBy('p.id').orderBy('pl.location_id');
}

type ProviderRow = Awaited<ReturnType<ReturnType<typeof providersQuery>['execute']>>[number];

/** One record per provider from its rows (one per location), with the provider's first row. */
function providerRecords<R extends ProviderRow>(rows: readonly R[]): { record: ProviderRecord; row: R }[] {
  const byId = new Map<number, { record: ProviderRecord; row: R }>();
  for (const row of rows) {
    let entry = byId.get(row.id);
    if (entry === undefined) {
      entry = {
        row,
        record: {
          id: row.id,
          prefix: row.prefix,
          firstName: row.first_name,
          lastName: row.last_name,
          credentials: row.credentials,
          gender: row.gender,
          bio: row.bio,
          photoUrl: row.photo_url,
          onlineBookable: row.online_bookable === 1,
          acceptingNewPatients: row.accepting_new_patients === 1,
          durationMinutes: row.duration_minutes,
          locationIds: [],
          acceptsPlan: row.accepted_plan_id !== null,
        },
      };
      byId.set(row.id, entry);
    }
    if (!entry.record.locationIds.includes(row.location_id)) entry.record.locationIds.push(row.location_id);
  }
  return [...byId.values()];
}

/** Statement 3: providers offering the service at any of the locations (online or not). */
export async function selectProvidersForService(db: Db, query: ProviderQuery): Promise<ProviderRecord[]> {
  if (query.locationIds.length === 0) return [];
  return providerRecords(await providersQuery(db, query).execute()).map(({ record }) => record);
}

export interface SearchProviderRecord extends ProviderRecord {
  /** provider_busy_versions (0 without a row): changes whenever its appointments or time off do. */
  busyVersion: number;
}

/** Statement 3 of the slot search: the same, with each provider's busy version. */
export async function selectSearchProviders(db: Db, query: ProviderQuery): Promise<SearchProviderRecord[]> {
  if (query.locationIds.length === 0) return [];
  const rows = await providersQuery(db, query)
    .leftJoin('provider_busy_versions as bv', 'bv.provider_id', 'p.id')
    .select('bv.version as busy_version')
    .execute();
  return providerRecords(rows).map(({ record, row }) => ({
    ...record,
    busyVersion: Number(row.busy_version ?? 0),
  }));
}

/** Statement 4: weekly hours at the locations of the providers offering the service. */
export async function selectWorkingHours(
  db: Db,
  query: Omit<ProviderQuery, 'planId'>,
): Promise<WorkingHoursRecord[]> {
  if (query.locationIds.length === 0) return [];
  let builder = db
    .selectFrom('working_hours as wh')
    .select([
      'wh.provider_id',
      'wh.location_id',
      'wh.weekday',
      'wh.start_minute',
      'wh.end_minute',
      'wh.effective_from',
      'wh.effective_to',
    ])
    .where('wh.client_id', '=', query.clientId)
    .where('wh.location_id', 'in', [...query.locationIds])
    .where('wh.provider_id', 'in', (eb) =>
      eb.selectFrom('provider_services').select('provider_id').where('service_id', '=', query.serviceId),
    );
  if (query.providerId !== undefined) builder = builder.where('wh.provider_id', '=', query.providerId);
  const rows = await builder.orderBy('wh.provider_id').execute();
  return rows.map((row) => ({
    providerId: row.provider_id,
    locationId: row.location_id,
    weekday: row.weekday,
    startMinute: row.start_minute,
    endMinute: row.end_minute,
    effectiveFrom: row.effective_from,
    effectiveTo: row.effective_to,
  }));
}

/**
 * The periods of one query part packed into one text per provider: `start,end,start,end,…`
 * (epoch ms). The same aggregate is spelled group_concat on SQLite and string_agg on PostgreSQL.
 */
function packedPeriods(db: Db): RawBuilder<string> {
  const pair = sql`cast(start_at as text) || ',' || cast(end_at as text)`;
  return dialectOf(db) === 'postgres'
    ? sql<string>`string_agg(${pair}, ',')`
    : sql<string>`group_concat(${pair}, ',')`;
}

interface PackedBusyRow {
  providerId: number;
  kind: BusyRecord['kind'];
  /** `start,end,start,end,…` */
  periods: string;
}

/**
 * Statement 5: time off and active appointments overlapping [fromMs, toMs) of the providers
 * offering the service, at most one row per provider and kind. Time off at any location blocks
 * the provider everywhere (a provider is in one place at a time).
 *
 * Performance (issue 9, docs/performance.md): a search over 50 providers × 60 days reads ~25 000
 * busy periods. One row per period costs the SQLite driver an object each (most of a search's
 * time); the database packs them into one text per provider and kind instead, read through the
 * covering indexes (client_id, provider_id, end_at, start_at, …) of migration 2026-11-25-003.
 */
async function selectPackedBusy(db: Db, query: BusyQuery): Promise<PackedBusyRow[]> {
  const offering = db
    .selectFrom('provider_services')
    .select('provider_id')
    .where('service_id', '=', query.serviceId);
  const periods = packedPeriods(db);
  let timeOff = db
    .selectFrom('time_off')
    .select(['provider_id', sql<number>`0`.as('kind'), periods.as('periods')])
    .where('client_id', '=', query.clientId)
    .where('end_at', '>', query.fromMs)
    .where('start_at', '<', query.toMs)
    .where('provider_id', 'in', offering);
  let appointments = db
    .selectFrom('appointments')
    .select(['provider_id', sql<number>`1`.as('kind'), periods.as('periods')])
    .where('client_id', '=', query.clientId)
    .where('end_at', '>', query.fromMs)
    .where('start_at', '<', query.toMs)
    .where('status', 'in', [...activeAppointmentStatuses])
    .where('provider_id', 'in', offering);
  if (query.providerId !== undefined) {
    timeOff = timeOff.where('provider_id', '=', query.providerId);
    appointments = appointments.where('provider_id', '=', query.providerId);
  }
  if (query.providerIds !== undefined) {
    if (query.providerIds.length === 0) return [];
    timeOff = timeOff.where('provider_id', 'in', [...query.providerIds]);
    appointments = appointments.where('provider_id', 'in', [...query.providerIds]);
  }
  const rows = await timeOff
    .groupBy('provider_id')
    .unionAll(appointments.groupBy('provider_id'))
    .orderBy('provider_id')
    .execute();
  return rows.map((row) => ({
    providerId: row.provider_id,
    kind: Number(row.kind) === 1 ? 'appointment' : 'timeOff',
    periods: row.periods,
  }));
}

/** Appends the integers of a packed `a,b,c,…` text to `into` (no intermediate strings). */
function unpack(text: string | null, into: number[]): void {
  if (text === null || text.length === 0) return;
  let value = 0;
  let sign = 1;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 44) {
      into.push(sign * value);
      value = 0;
      sign = 1;
    } else if (code === 45) sign = -1;
    else value = value * 10 + (code - 48);
  }
  into.push(sign * value);
}

/** Statement 5 as one record per period (the booking re-check). */
export async function selectBusy(db: Db, query: BusyQuery): Promise<BusyRecord[]> {
  const records: BusyRecord[] = [];
  const values: number[] = [];
  for (const row of await selectPackedBusy(db, query)) {
    values.length = 0;
    unpack(row.periods, values);
    for (let index = 0; index + 1 < values.length; index += 2)
      records.push({
        providerId: row.providerId,
        kind: row.kind,
        startAt: values[index] ?? 0,
        endAt: values[index + 1] ?? 0,
      });
  }
  return records;
}

/** One provider's busy periods as flat `[start, end, start, end, …]` arrays (epoch ms). */
export interface ProviderBusy {
  appointments: number[];
  timeOff: number[];
}

/** Statement 5 per provider, without an object per period (the slot search). */
export async function selectBusyByProvider(db: Db, query: BusyQuery): Promise<Map<number, ProviderBusy>> {
  const byProvider = new Map<number, ProviderBusy>();
  for (const row of await selectPackedBusy(db, query)) {
    let busy = byProvider.get(row.providerId);
    if (busy === undefined) {
      busy = { appointments: [], timeOff: [] };
      byProvider.set(row.providerId, busy);
    }
    unpack(row.periods, row.kind === 'appointment' ? busy.appointments : busy.timeOff);
  }
  return byProvider;
}

export interface SearchScope extends ScopeWithService {
  /**
   * Every input of statements 2–5 as counted by statement 1: the client's configuration counter
   * (`search_config_versions`, raised by triggers on every row statements 1–4 read: locations,
   * providers offering the service with their plans, locations and hours, the scheduler, its
   * settings and the service) and the sum of the busy versions of the providers offering the
   * service (each only ever rises; a change to the set of providers raises the configuration
   * counter), with the scope's own columns and settings: equal texts, equal inputs (migrations
   * 2026-11-25-003 and 2026-11-27-010).
   */
  fingerprint: string;
}

/**
 * Statement 1 of the slot search: the scheduler named by the URL's slugs with its client, its stored
 * settings (packed) and the service asked for, plus the counters that make the fingerprint (see
 * SearchScope): index lookups of a few small rows, whatever the size of the client.
 */
export async function selectSearchScope(
  db: Db,
  clientSlug: string,
  schedulerSlug: string,
  serviceId: number,
): Promise<SearchScope | undefined> {
  const settings =
    dialectOf(db) === 'postgres'
      ? `coalesce((select json_agg(json_build_array(ss.setting_group, ss.setting_order, ss.value)
          order by ss.setting_group, ss.setting_order)::text from scheduler_settings ss where ss.scheduler_id = s.id), '')`
      : `coalesce((select '[' || group_concat(r, ',') || ']' from (select json_array(ss.setting_group,
          ss.setting_order, ss.value) as r from scheduler_settings ss where ss.scheduler_id = s.id
          order by ss.setting_group, ss.setting_order)), '')`;
  const result = await sql<{
    client_id: number;
    client_slug: string;
    client_name: string;
    client_phone: string;
    scheduler_id: number;
    scheduler_slug: string;
    scheduler_name: string;
    settings: string;
    service_id: number | null;
    service_name: string | null;
    service_description: string | null;
    service_duration: number | null;
    service_online: number | null;
    service_call: number | null;
    service_new: number | null;
    service_existing: number | null;
    config_version: number | null;
    busy_sum: number | null;
  }>`select c.id as client_id, c.slug as client_slug, c.name as client_name, c.phone as client_phone,
      s.id as scheduler_id, s.slug as scheduler_slug, s.name as scheduler_name,
      ${sql.raw(settings)} as settings,
      sv.id as service_id, sv.name as service_name, sv.description as service_description,
      sv.duration_minutes as service_duration, sv.online_enabled as service_online,
      sv.call_to_schedule as service_call, sv.new_patients as service_new,
      sv.existing_patients as service_existing,
      (select v.version from search_config_versions v where v.client_id = c.id) as config_version,
      (select sum(bv.version) from provider_services ps
        join provider_busy_versions bv on bv.provider_id = ps.provider_id
        where ps.service_id = sv.id) as busy_sum
    from schedulers s
    join clients c on c.id = s.client_id
    left join services sv on sv.client_id = c.id and sv.id = ${serviceId}
    where c.slug = ${clientSlug} and s.slug = ${schedulerSlug}`.execute(db);
  const row = result.rows[0];
  if (row === undefined) return undefined;
  const settingRows = (JSON.parse(row.settings === '' ? '[]' : row.settings) as [string, number, string][])
    .filter(([group, order, value]) => group !== null && order !== null && value !== null)
    .map(([group, order, value]) => ({ group, order: Number(order), value }));
  const scope: SchedulerScopeRecord = {
    clientId: row.client_id,
    clientSlug: row.client_slug,
    clientName: row.client_name,
    clientPhone: row.client_phone,
    schedulerId: row.scheduler_id,
    schedulerSlug: row.scheduler_slug,
    schedulerName: row.scheduler_name,
    settingRows,
  };
  const service: ServiceRecord | null =
    row.service_id === null
      ? null
      : {
          id: row.service_id,
          name: row.service_name ?? '',
          description: row.service_description,
          durationMinutes: row.service_duration ?? 0,
          onlineEnabled: row.service_online === 1,
          callToSchedule: row.service_call === 1,
          newPatients: row.service_new === 1,
          existingPatients: row.service_existing === 1,
        };
  // Everything statement 1 read goes into the fingerprint (the service and the settings too).
  const own = [
    row.client_id,
    row.client_slug,
    row.client_name,
    row.client_phone,
    row.scheduler_id,
    row.scheduler_slug,
    row.scheduler_name,
    row.settings,
    row.service_id,
    row.service_name,
    row.service_description,
    row.service_duration,
    row.service_online,
    row.service_call,
    row.service_new,
    row.service_existing,
  ];
  const counters = `${row.config_version ?? 0}|${row.busy_sum ?? 0}`;
  return { scope, service, fingerprint: `${JSON.stringify(own)}|${counters}` };
}

export interface AvailabilityRepository {
  /** Statement 1, with the fingerprint of statements 2–5. */
  findScope(clientSlug: string, schedulerSlug: string, serviceId: number): Promise<SearchScope | undefined>;
  /** Statement 2: one location, or all of the client's, with `offersService` for the service. */
  listLocations(clientId: number, serviceId: number, locationId?: number): Promise<LocationRecord[]>;
  /** Statement 3, with each provider's busy version. */
  listProviders(query: ProviderQuery): Promise<SearchProviderRecord[]>;
  listWorkingHours(query: Omit<ProviderQuery, 'planId'>): Promise<WorkingHoursRecord[]>;
  /** Statement 5, per provider. */
  listBusy(query: BusyQuery): Promise<Map<number, ProviderBusy>>;
}

/** URL names whose client id is remembered for statement 1 (see createAvailabilityRepository). */
const KNOWN_CLIENTS = 1_000;

export function createAvailabilityRepository(db: Db): AvailabilityRepository {
  /*
   * PostgreSQL: a public request is on the tenant named by the URL's client name, which costs a
   * round trip on every search to put a connection on it (database.ts). Statement 1 runs instead on
   * the client id this URL name had last time, which a pooled connection is usually on already, and
   * checks it: if the name now belongs to another client (or none), the schedulers under it are
   * invisible to that tenant, statement 1 finds nothing, and it runs again on the URL name itself.
   */
  const clientIds = new Map<string, number>();
  const postgres = dialectOf(db) === 'postgres';
  return {
    async findScope(clientSlug, schedulerSlug, serviceId) {
      const known = postgres ? clientIds.get(clientSlug) : undefined;
      if (known !== undefined) {
        const found = await asTenant(known, () =>
          selectSearchScope(db, clientSlug, schedulerSlug, serviceId),
        );
        if (found !== undefined && found.scope.clientId === known) {
          // The request's URL name is this client: the rest of the request uses its id, so a
          // connection already on it is not put on it again (statements 2–5 of a search).
          const current = currentTenant();
          if ('clientSlug' in current && current.clientSlug === clientSlug)
            settleTenant(current, { scope: 'tenant', clientId: known });
          return found;
        }
        clientIds.delete(clientSlug);
      }
      const found = await selectSearchScope(db, clientSlug, schedulerSlug, serviceId);
      if (postgres && found !== undefined) {
        if (clientIds.size >= KNOWN_CLIENTS) clientIds.clear();
        clientIds.set(clientSlug, found.scope.clientId);
      }
      return found;
    },
    listLocations: (clientId, serviceId, locationId) =>
      selectLocations(db, clientId, locationId === undefined ? { serviceId } : { serviceId, locationId }),
    listProviders: (query) => selectSearchProviders(db, query),
    listWorkingHours: (query) => selectWorkingHours(db, query),
    listBusy: (query) => selectBusyByProvider(db, query),
  };
}
