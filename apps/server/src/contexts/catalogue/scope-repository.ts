/*
 * The SQL every public module shares: the scheduler scope (client + scheduler + stored
 * settings, optionally with one service, in ONE statement) and the client's locations (one
 * statement). Repositories of the other public modules call these so that their statement
 * budgets (getProviders: at most 5) stay visible in one place.
 */
import type { Db } from '../../platform/db/database.ts';
import { LOCATION_COLUMNS, toLocationRecord } from './locations/location-record.ts';
import type { LocationRecord } from './locations/location-record.ts';
import type { SchedulerScopeRecord } from './scheduler-scope.ts';
import { toServiceRecord } from './services/service-record.ts';
import type { ServiceRecord } from './services/service-record.ts';

export interface ScopeWithService {
  scope: SchedulerScopeRecord;
  /** The service asked for, when it exists in the client; null otherwise or when none was asked. */
  service: ServiceRecord | null;
}

/** schedulers ⋈ clients ⟕ scheduler_settings: one row per stored setting of the scheduler. */
function scopeQuery(db: Db) {
  return db
    .selectFrom('schedulers as s')
    .innerJoin('clients as c', 'c.id', 's.client_id')
    .leftJoin('scheduler_settings as ss', 'ss.scheduler_id', 's.id')
    .select([
      'c.id as client_id',
      'c.slug as client_slug',
      'c.name as client_name',
      'c.phone as client_phone',
      's.id as scheduler_id',
      's.slug as scheduler_slug',
      's.name as scheduler_name',
      'ss.setting_group',
      'ss.setting_order',
      'ss.value as setting_value',
    ]);
}

type ScopeRow = Awaited<ReturnType<ReturnType<typeof scopeQuery>['execute']>>[number];

/** The scope record of the rows of `scopeQuery` (undefined without a row: no such scheduler). */
function scopeRecordOf(rows: readonly ScopeRow[]): SchedulerScopeRecord | undefined {
  const first = rows[0];
  if (first === undefined) return undefined;
  const scope: SchedulerScopeRecord = {
    clientId: first.client_id,
    clientSlug: first.client_slug,
    clientName: first.client_name,
    clientPhone: first.client_phone,
    schedulerId: first.scheduler_id,
    schedulerSlug: first.scheduler_slug,
    schedulerName: first.scheduler_name,
    settingRows: [],
  };
  for (const row of rows) {
    if (row.setting_group === null || row.setting_order === null || row.setting_value === null) continue;
    scope.settingRows.push({ group: row.setting_group, order: row.setting_order, value: row.setting_value });
  }
  return scope;
}

/**
 * One statement: the scope of one scheduler of the client, by id (a staff change is judged by
 * its settings, decision 012). Undefined when the client has no such scheduler.
 */
export async function selectSchedulerScopeById(
  db: Db,
  clientId: number,
  schedulerId: number,
): Promise<SchedulerScopeRecord | undefined> {
  const rows = await scopeQuery(db)
    .where('s.client_id', '=', clientId)
    .where('s.id', '=', schedulerId)
    .execute();
  return scopeRecordOf(rows);
}

/**
 * One statement: schedulers ⋈ clients ⟕ scheduler_settings (⟕ services when `serviceId` is
 * given). One row per stored setting (at least one row when the scheduler exists).
 */
export async function selectSchedulerScope(
  db: Db,
  clientSlug: string,
  schedulerSlug: string,
  serviceId?: number,
): Promise<ScopeWithService | undefined> {
  const base = scopeQuery(db).where('c.slug', '=', clientSlug).where('s.slug', '=', schedulerSlug);

  const rows = await base
    .leftJoin('services as sv', (join) =>
      join.onRef('sv.client_id', '=', 'c.id').on('sv.id', '=', serviceId ?? -1),
    )
    .select([
      'sv.id as service_id',
      'sv.name as service_name',
      'sv.description as service_description',
      'sv.duration_minutes as service_duration_minutes',
      'sv.online_enabled as service_online_enabled',
      'sv.call_to_schedule as service_call_to_schedule',
      'sv.new_patients as service_new_patients',
      'sv.existing_patients as service_existing_patients',
      'sv.sort_order as service_sort_order',
      'sv.version as service_version',
      'sv.locations_version as service_locations_version',
    ])
    .orderBy('ss.setting_group')
    .orderBy('ss.setting_order')
    .execute();

  const first = rows[0];
  const scope = scopeRecordOf(rows);
  if (first === undefined || scope === undefined) return undefined;
  const service: ServiceRecord | null =
    first.service_id === null
      ? null
      : toServiceRecord({
          id: first.service_id,
          name: first.service_name ?? '',
          description: first.service_description,
          duration_minutes: first.service_duration_minutes ?? 0,
          online_enabled: first.service_online_enabled ?? 0,
          call_to_schedule: first.service_call_to_schedule ?? 0,
          new_patients: first.service_new_patients ?? 0,
          existing_patients: first.service_existing_patients ?? 0,
          sort_order: first.service_sort_order ?? 0,
          version: first.service_version ?? 0,
          locations_version: first.service_locations_version ?? 0,
        });
  return { scope, service };
}

export interface LocationFilter {
  /** Only this location. */
  locationId?: number;
  /** Report whether each location offers this service (`offersService`). */
  serviceId?: number;
}

/** One statement: the client's locations in their display order. */
export async function selectLocations(
  db: Db,
  clientId: number,
  filter: LocationFilter = {},
): Promise<LocationRecord[]> {
  let query = db
    .selectFrom('locations as l')
    .leftJoin('service_locations as sl', (join) =>
      join.onRef('sl.location_id', '=', 'l.id').on('sl.service_id', '=', filter.serviceId ?? -1),
    )
    .select([...LOCATION_COLUMNS.map((column) => `l.${column}` as const), 'sl.service_id'])
    .where('l.client_id', '=', clientId);
  if (filter.locationId !== undefined) query = query.where('l.id', '=', filter.locationId);
  const rows = await query.orderBy('l.sort_order').orderBy('l.id').execute();
  return rows.map((row) =>
    toLocationRecord(row, filter.serviceId === undefined ? true : row.service_id !== null),
  );
}
