/*
 * The SQL of the slot search. One getProviders call issues at most five statements, whatever
 * the number of providers:
 *   1. scope     schedulers ⋈ clients ⟕ the service, with the settings packed, and a fingerprint
 *                of every input of statements 2–5 made of counters that triggers raise (see
 *                SearchScope, search-scope-repository.ts): when it equals the one a kept
 *                answer was made from, the search ends here (answer-cache.ts)
 *   2. locations the client's locations ⟕ whether they offer the service (catalogue context)
 *   3. providers offering the service at the locations, with their duration and whether they
 *                accept the insurance plan asked about
 *   4. hours     their weekly working hours at those locations UNION ALL the locations' closed days
 *                from a date on (issue 19: closures, catalogue context; selectHoursAndClosures)
 *   5. busy      their time off UNION ALL their active appointments inside the window, packed
 *                into one text per provider and kind, with their busy versions (busy-repository.ts)
 * Statements 2–4 are kept while statement 1's configuration fingerprint is the same; a search
 * then reads the providers' busy versions instead, and for a provider whose version moved, the
 * changes logged since (provider_busy_changes) instead of statement 5 (search-cache.ts).
 * The booking transaction reuses 3–5 (with its transaction handle) to re-check one slot.
 */
import { sql } from 'kysely';
import { dialectOf } from '../../../platform/db/database.ts';
import type { Db } from '../../../platform/db/database.ts';
import { asTenant, currentTenant, settleTenant } from '../../../platform/db/tenant-context.ts';
import type { LocationRecord, BookableProvider } from '../../catalogue/index.ts';
import { selectLocations } from '../../catalogue/index.ts';
import { toProviderProfile } from '../../providers/index.ts';
import { selectBusyChanges, selectBusySnapshot } from './busy-repository.ts';
import type { BusyChange, BusyQuery, ProviderBusy } from './busy-repository.ts';
import { selectSearchScope } from './search-scope-repository.ts';
import type { SearchScope } from './search-scope-repository.ts';

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
    // Issue 19: a retired provider is never bookable (search, booking, staff booking, waitlist).
    .where('p.retired_at', 'is', null)
    .where('pl.location_id', 'in', [...query.locationIds]);
  if (query.providerId !== undefined) builder = builder.where('p.id', '=', query.providerId);
  return builder.orderBy('p.sort_order').orderBy('p.id').orderBy('pl.location_id');
}

type ProviderRow = Awaited<ReturnType<ReturnType<typeof providersQuery>['execute']>>[number];

/** One record per provider from its rows (one per location), with the provider's first row. */
function providerRecords<R extends ProviderRow>(rows: readonly R[]): { record: BookableProvider; row: R }[] {
  const byId = new Map<number, { record: BookableProvider; row: R }>();
  for (const row of rows) {
    let entry = byId.get(row.id);
    if (entry === undefined) {
      entry = {
        row,
        record: {
          ...toProviderProfile(row),
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
export async function selectProvidersForService(db: Db, query: ProviderQuery): Promise<BookableProvider[]> {
  if (query.locationIds.length === 0) return [];
  return providerRecords(await providersQuery(db, query).execute()).map(({ record }) => record);
}

export interface SearchProviderRecord extends BookableProvider {
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

/**
 * The busy versions of these providers (0 without a row): statement 3's busy part alone, for a
 * search whose kept statements 2–4 are still current (same configuration fingerprint).
 */
export async function selectBusyVersions(
  db: Db,
  providerIds: readonly number[],
): Promise<Map<number, number>> {
  const versions = new Map<number, number>();
  if (providerIds.length === 0) return versions;
  const rows = await db
    .selectFrom('provider_busy_versions')
    .select(['provider_id', 'version'])
    .where('provider_id', 'in', [...providerIds])
    .execute();
  for (const row of rows) versions.set(row.provider_id, Number(row.version));
  return versions;
}

/** The weekly hours at the locations of the providers offering the service (statement 4's part). */
function workingHoursQuery(db: Db, query: Omit<ProviderQuery, 'planId' | 'providerId'>) {
  return db
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
}

function toWorkingHoursRecord(row: {
  provider_id: number;
  location_id: number;
  weekday: number;
  start_minute: number;
  end_minute: number;
  effective_from: string | null;
  effective_to: string | null;
}): WorkingHoursRecord {
  return {
    providerId: row.provider_id,
    locationId: row.location_id,
    weekday: row.weekday,
    startMinute: row.start_minute,
    endMinute: row.end_minute,
    effectiveFrom: row.effective_from,
    effectiveTo: row.effective_to,
  };
}

/** Statement 4: weekly hours at the locations of the providers offering the service. */
export async function selectWorkingHours(
  db: Db,
  query: Omit<ProviderQuery, 'planId'>,
): Promise<WorkingHoursRecord[]> {
  if (query.locationIds.length === 0) return [];
  let builder = workingHoursQuery(db, query);
  if (query.providerId !== undefined) builder = builder.where('wh.provider_id', '=', query.providerId);
  const rows = await builder.orderBy('wh.provider_id').execute();
  return rows.map(toWorkingHoursRecord);
}

/** Statement 4 of the search: the hours, and the closed local dates per location id. */
export interface HoursAndClosures {
  hours: WorkingHoursRecord[];
  closedDates: Map<number, string[]>;
}

/**
 * Statement 4 of the slot search: the weekly hours (as selectWorkingHours) UNION ALL the closed
 * days of the locations from `closedFrom` on (`location_closures`, issue 19), told apart by a
 * weekday of -1 (a closure row carries its date in `effective_from`). One statement, so the
 * search stays at five (decision 007).
 */
export async function selectHoursAndClosures(
  db: Db,
  query: Omit<ProviderQuery, 'planId' | 'providerId'>,
  closedFrom: string,
): Promise<HoursAndClosures> {
  if (query.locationIds.length === 0) return { hours: [], closedDates: new Map() };
  const locationIds = [...query.locationIds];
  const hours = workingHoursQuery(db, query);
  const closures = db
    .selectFrom('location_closures as lc')
    .select([
      sql<number>`0`.as('provider_id'),
      'lc.location_id',
      sql<number>`-1`.as('weekday'),
      sql<number>`0`.as('start_minute'),
      sql<number>`0`.as('end_minute'),
      sql<string | null>`lc.date_local`.as('effective_from'),
      sql<string | null>`null`.as('effective_to'),
    ])
    .where('lc.client_id', '=', query.clientId)
    .where('lc.location_id', 'in', locationIds)
    .where('lc.date_local', '>=', closedFrom);
  const rows = await hours
    .unionAll(closures)
    .orderBy('provider_id')
    .orderBy('location_id')
    .orderBy('weekday')
    .orderBy('start_minute')
    .execute();
  const result: HoursAndClosures = { hours: [], closedDates: new Map() };
  for (const row of rows) {
    if (Number(row.weekday) === -1) {
      const dates = result.closedDates.get(row.location_id);
      if (row.effective_from === null) continue;
      if (dates === undefined) result.closedDates.set(row.location_id, [row.effective_from]);
      else dates.push(row.effective_from);
      continue;
    }
    result.hours.push(toWorkingHoursRecord(row));
  }
  for (const dates of result.closedDates.values()) dates.sort();
  return result;
}

export interface AvailabilityRepository {
  /** Statement 1, with the fingerprint of statements 2–5. */
  findScope(clientSlug: string, schedulerSlug: string, serviceId: number): Promise<SearchScope | undefined>;
  /** Statement 2: one location, or all of the client's, with `offersService` for the service. */
  listLocations(clientId: number, serviceId: number, locationId?: number): Promise<LocationRecord[]>;
  /** Statement 3, with each provider's busy version. */
  listProviders(query: ProviderQuery): Promise<SearchProviderRecord[]>;
  /** Statement 4: hours, and the locations' closed days from `closedFrom` (a local date) on. */
  listHoursAndClosures(
    query: Omit<ProviderQuery, 'planId' | 'providerId'>,
    closedFrom: string,
  ): Promise<HoursAndClosures>;
  /** Statement 3's busy versions alone, for providers whose statement 3 is kept. */
  listBusyVersions(providerIds: readonly number[]): Promise<Map<number, number>>;
  /** Statement 5, per provider, with each provider's busy version read in the same statement. */
  listBusy(query: BusyQuery): Promise<{ busy: Map<number, ProviderBusy>; versions: Map<number, number> }>;
  /** The changes logged at versions above `afterVersion` (provider_busy_changes), by provider and version. */
  listBusyChanges(providerIds: readonly number[], afterVersion: number): Promise<BusyChange[]>;
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
    listHoursAndClosures: (query, closedFrom) => selectHoursAndClosures(db, query, closedFrom),
    listBusyVersions: (providerIds) => selectBusyVersions(db, providerIds),
    listBusy: (query) => selectBusySnapshot(db, query),
    listBusyChanges: (providerIds, afterVersion) => selectBusyChanges(db, providerIds, afterVersion),
  };
}
