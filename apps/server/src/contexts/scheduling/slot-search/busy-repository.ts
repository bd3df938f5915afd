/*
 * Statement 5 of the slot search (and of the booking's re-check): time off UNION ALL active
 * appointments UNION ALL partners' holds (issue 20) inside the window, packed into one text per
 * provider and part. A held time is busy exactly like a booked one (kind 'appointment'): the
 * booking API, the FHIR Slots and every re-check stop offering it until the hold is booked or
 * released (its expiry job deletes it; the trigger of migration 020 invalidates kept searches).
 */
import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import { dialectOf } from '../../../platform/db/database.ts';
import type { Db } from '../../../platform/db/database.ts';
import { activeAppointmentStatuses } from '../../../platform/db/schema.ts';

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

/**
 * The periods of one query part packed into two texts per provider, in the same row order: the
 * starts as ms after `baseMs` and the lengths in ms (`a,b,c,…`; exact integers, about a third of
 * the characters of whole epoch ms, and no concatenation per row: issue 22). The same aggregate
 * is spelled group_concat on SQLite and string_agg on PostgreSQL; the base is cast to an integer
 * (SQLite binds a large JS number as a real).
 */
function packedPeriods(db: Db, baseMs: number): { starts: RawBuilder<string>; lengths: RawBuilder<string> } {
  const start = sql`start_at - cast(${baseMs} as bigint)`;
  const length = sql`end_at - start_at`;
  return dialectOf(db) === 'postgres'
    ? {
        starts: sql<string>`string_agg(cast(${start} as text), ',')`,
        lengths: sql<string>`string_agg(cast(${length} as text), ',')`,
      }
    : {
        starts: sql<string>`group_concat(${start}, ',')`,
        lengths: sql<string>`group_concat(${length}, ',')`,
      };
}

interface PackedBusyRow {
  providerId: number;
  kind: BusyRecord['kind'];
  /** `start,end,start,end,…` (epoch ms). */
  periods: number[];
}

/**
 * Statement 5: time off, active appointments and holds overlapping [fromMs, toMs) of the providers
 * offering the service, at most one row per provider and part (holds are of kind 'appointment').
 * Time off at any location blocks the provider everywhere (a provider is in one place at a time).
 * A hold past its expiry counts until its job deletes it (the database's slot units still hold it).
 *
 * Performance (issue 9, docs/performance.md): a search over 50 providers × 60 days reads ~25 000
 * busy periods. One row per period costs the SQLite driver an object each (most of a search's
 * time); the database packs them into one text per provider and kind instead, read through the
 * covering indexes (client_id, provider_id, end_at, start_at, …) of migration 2026-11-25-003.
 */
async function selectPackedBusy(
  db: Db,
  query: BusyQuery,
  versions?: Map<number, number>,
): Promise<PackedBusyRow[]> {
  const offering = db
    .selectFrom('provider_services')
    .select('provider_id')
    .where('service_id', '=', query.serviceId);
  const { starts, lengths } = packedPeriods(db, query.fromMs);
  let timeOff = db
    .selectFrom('time_off')
    .select(['provider_id', sql<number>`0`.as('kind'), starts.as('starts'), lengths.as('lengths')])
    .where('client_id', '=', query.clientId)
    .where('end_at', '>', query.fromMs)
    .where('start_at', '<', query.toMs)
    .where('provider_id', 'in', offering);
  let appointments = db
    .selectFrom('appointments')
    .select(['provider_id', sql<number>`1`.as('kind'), starts.as('starts'), lengths.as('lengths')])
    .where('client_id', '=', query.clientId)
    .where('end_at', '>', query.fromMs)
    .where('start_at', '<', query.toMs)
    .where('status', 'in', [...activeAppointmentStatuses])
    .where('provider_id', 'in', offering);
  let holds = db
    .selectFrom('slot_holds')
    .select(['provider_id', sql<number>`1`.as('kind'), starts.as('starts'), lengths.as('lengths')])
    .where('client_id', '=', query.clientId)
    .where('end_at', '>', query.fromMs)
    .where('start_at', '<', query.toMs)
    .where('provider_id', 'in', offering);
  // With `versions`, a fourth part (kind 2): each covered provider's busy version as text in
  // `starts` (0 when it never changed), read in the same statement as its periods.
  let versionRows = db
    .selectFrom('provider_services')
    .leftJoin('provider_busy_versions', 'provider_busy_versions.provider_id', 'provider_services.provider_id')
    .select([
      'provider_services.provider_id',
      sql<number>`2`.as('kind'),
      sql<string>`cast(coalesce(provider_busy_versions.version, 0) as text)`.as('starts'),
      sql<string>`null`.as('lengths'),
    ])
    .where('provider_services.service_id', '=', query.serviceId);
  if (query.providerId !== undefined) {
    timeOff = timeOff.where('provider_id', '=', query.providerId);
    appointments = appointments.where('provider_id', '=', query.providerId);
    holds = holds.where('provider_id', '=', query.providerId);
    versionRows = versionRows.where('provider_services.provider_id', '=', query.providerId);
  }
  if (query.providerIds !== undefined) {
    if (query.providerIds.length === 0) return [];
    timeOff = timeOff.where('provider_id', 'in', [...query.providerIds]);
    appointments = appointments.where('provider_id', 'in', [...query.providerIds]);
    holds = holds.where('provider_id', 'in', [...query.providerIds]);
    versionRows = versionRows.where('provider_services.provider_id', 'in', [...query.providerIds]);
  }
  let parts = timeOff
    .groupBy('provider_id')
    .unionAll(appointments.groupBy('provider_id'))
    .unionAll(holds.groupBy('provider_id'));
  if (versions !== undefined) parts = parts.unionAll(versionRows);
  const rows = await parts.orderBy('provider_id').execute();
  const packed: PackedBusyRow[] = [];
  for (const row of rows) {
    const kind = Number(row.kind);
    if (kind === 2) versions?.set(row.provider_id, Number(row.starts));
    else
      packed.push({
        providerId: row.provider_id,
        kind: kind === 1 ? 'appointment' : 'timeOff',
        periods: unpackPeriods(row.starts, row.lengths, query.fromMs),
      });
  }
  return packed;
}

/** `[start, end, start, end, …]` (epoch ms) from the packed starts (after `baseMs`) and lengths. */
function unpackPeriods(starts: string | null, lengths: string | null, baseMs: number): number[] {
  const offsets: number[] = [];
  const spans: number[] = [];
  unpack(starts, offsets);
  unpack(lengths, spans);
  const periods = new Array<number>(2 * offsets.length);
  for (let index = 0; index < offsets.length; index++) {
    const start = baseMs + (offsets[index] ?? 0);
    periods[2 * index] = start;
    periods[2 * index + 1] = start + (spans[index] ?? 0);
  }
  return periods;
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
  for (const row of await selectPackedBusy(db, query)) {
    const values = row.periods;
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

/**
 * One logged change to a provider's busy periods at `version` (migration 2026-11-28-024): `kind`
 * 0 time off, 1 an active appointment or a hold; `delta` +1 the period [startAt, endAt) was added,
 * -1 removed, 0 a marker (the version changed nothing busy).
 */
export interface BusyChange {
  providerId: number;
  version: number;
  kind: number;
  delta: number;
  startAt: number;
  endAt: number;
}

/**
 * The logged changes of these providers after `afterVersion`, by provider then version (then
 * kind, delta, start, end: a stable order among the rows of one version). A reader that kept
 * version k may apply these deltas when versions k+1..current all have a row; a missing one
 * (pruned, or before the log existed) means reading the whole window again.
 */
export async function selectBusyChanges(
  db: Db,
  providerIds: readonly number[],
  afterVersion: number,
): Promise<BusyChange[]> {
  if (providerIds.length === 0) return [];
  const rows = await db
    .selectFrom('provider_busy_changes')
    .select(['provider_id', 'version', 'kind', 'delta', 'start_at', 'end_at'])
    .where('provider_id', 'in', [...providerIds])
    .where('version', '>', afterVersion)
    .orderBy('provider_id')
    .orderBy('version')
    .orderBy('kind')
    .orderBy('delta')
    .orderBy('start_at')
    .orderBy('end_at')
    .execute();
  return rows.map((row) => ({
    providerId: row.provider_id,
    version: Number(row.version),
    kind: Number(row.kind),
    delta: Number(row.delta),
    startAt: Number(row.start_at),
    endAt: Number(row.end_at),
  }));
}

/**
 * Statement 5 per provider (flat pairs, no object per period), and in the same statement (one
 * snapshot of the database) the busy version of every provider it covers: those offering the
 * service, narrowed by providerId/providerIds, 0 for one never changed. The slot search keeps
 * these periods labelled with that version and applies the logged changes after it
 * (selectBusyChanges): read apart, a change committed between the two reads would be counted
 * twice or lost.
 */
export async function selectBusySnapshot(
  db: Db,
  query: BusyQuery,
): Promise<{ busy: Map<number, ProviderBusy>; versions: Map<number, number> }> {
  const versions = new Map<number, number>();
  const busy = new Map<number, ProviderBusy>();
  for (const row of await selectPackedBusy(db, query, versions)) {
    let entry = busy.get(row.providerId);
    if (entry === undefined) {
      entry = { appointments: [], timeOff: [] };
      busy.set(row.providerId, entry);
    }
    if (row.kind === 'appointment') entry.appointments.push(...row.periods);
    else entry.timeOff.push(...row.periods);
  }
  return { busy, versions };
}
