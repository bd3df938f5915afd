/*
 * Statement 1 of the slot search: the scope, the settings, the service, and the fingerprint of
 * every input of statements 2–5 (see SearchScope).
 */
import { sql } from 'kysely';
import { dialectOf } from '../../../platform/db/database.ts';
import type { Db } from '../../../platform/db/database.ts';
import { toServiceRecord } from '../../catalogue/index.ts';
import type { SchedulerScopeRecord, ServiceRecord } from '../../catalogue/index.ts';
import type { ScopeWithService } from '../../catalogue/index.ts';

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
  /**
   * The same without the busy versions: every input of statements 2–4 (the scope's own columns and
   * the configuration counter). Equal texts, equal locations, providers (but for their busy
   * versions), hours and closed days for the same service, location, plan and date.
   */
  configFingerprint: string;
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
    service_sort_order: number | null;
    service_version: number | null;
    service_locations_version: number | null;
    config_version: number | null;
    busy_sum: number | null;
  }>`select c.id as client_id, c.slug as client_slug, c.name as client_name, c.phone as client_phone,
      s.id as scheduler_id, s.slug as scheduler_slug, s.name as scheduler_name,
      ${sql.raw(settings)} as settings,
      sv.id as service_id, sv.name as service_name, sv.description as service_description,
      sv.duration_minutes as service_duration, sv.online_enabled as service_online,
      sv.call_to_schedule as service_call, sv.new_patients as service_new,
      sv.existing_patients as service_existing, sv.sort_order as service_sort_order,
      sv.version as service_version, sv.locations_version as service_locations_version,
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
      : toServiceRecord({
          id: row.service_id,
          name: row.service_name ?? '',
          description: row.service_description,
          duration_minutes: row.service_duration ?? 0,
          online_enabled: row.service_online ?? 0,
          call_to_schedule: row.service_call ?? 0,
          new_patients: row.service_new ?? 0,
          existing_patients: row.service_existing ?? 0,
          sort_order: row.service_sort_order ?? 0,
          version: row.service_version ?? 0,
          locations_version: row.service_locations_version ?? 0,
        });
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
  const configFingerprint = `${JSON.stringify(own)}|${row.config_version ?? 0}`;
  return { scope, service, fingerprint: `${configFingerprint}|${row.busy_sum ?? 0}`, configFingerprint };
}
