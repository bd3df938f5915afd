/*
 * The SQL of the slot search. One getProviders call issues at most five statements, whatever
 * the number of providers:
 *   1. scope     schedulers ⋈ clients ⟕ settings ⟕ the service          (scope-repository.ts)
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
import { dialectOf } from '../../db/database.ts';
import type { Db } from '../../db/database.ts';
import { activeAppointmentStatuses } from '../../db/schema.ts';
import type { LocationRecord, ProviderRecord } from '../scheduler-config/scheduler-scope.ts';
import { selectLocations, selectSchedulerScope } from '../scheduler-config/scope-repository.ts';
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

export interface AvailabilityRepository {
  /** Statement 1. */
  findScope(
    clientSlug: string,
    schedulerSlug: string,
    serviceId: number,
  ): Promise<ScopeWithService | undefined>;
  /** Statement 2: one location, or all of the client's, with `offersService` for the service. */
  listLocations(clientId: number, serviceId: number, locationId?: number): Promise<LocationRecord[]>;
  /** Statement 3, with each provider's busy version. */
  listProviders(query: ProviderQuery): Promise<SearchProviderRecord[]>;
  listWorkingHours(query: Omit<ProviderQuery, 'planId'>): Promise<WorkingHoursRecord[]>;
  /** Statement 5, per provider. */
  listBusy(query: BusyQuery): Promise<Map<number, ProviderBusy>>;
}

export function createAvailabilityRepository(db: Db): AvailabilityRepository {
  return {
    findScope: (clientSlug, schedulerSlug, serviceId) =>
      selectSchedulerScope(db, clientSlug, schedulerSlug, serviceId),
    listLocations: (clientId, serviceId, locationId) =>
      selectLocations(db, clientId, locationId === undefined ? { serviceId } : { serviceId, locationId }),
    listProviders: (query) => selectSearchProviders(db, query),
    listWorkingHours: (query) => selectWorkingHours(db, query),
    listBusy: (query) => selectBusyByProvider(db, query),
  };
}
