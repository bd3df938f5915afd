/** The invariants the race and crash harnesses check: no overlapping active appointments, nothing half-written, each idempotency key once. */
import { sql } from 'kysely';
import { dialectOf } from '../../../src/platform/db/database.ts';
import type { Db } from '../../../src/platform/db/database.ts';
import { slotUnitStarts } from '../../../src/platform/db/slot-units.ts';
import { ACTIVE_STATUSES } from './snapshots.ts';

// ---------------------------------------------------------------- booking invariants

export interface OverlapRow {
  providerId: number;
  first: number;
  second: number;
}

/** Pairs of active appointments of one provider whose times overlap (must be none). */
export async function overlappingAppointments(db: Db, limit = 20): Promise<OverlapRow[]> {
  const result = await sql<{ provider_id: number; a: number; b: number }>`
    select a.provider_id, a.id as a, b.id as b
    from appointments a
    join appointments b
      on b.provider_id = a.provider_id and b.id > a.id
     and b.start_at < a.end_at and a.start_at < b.end_at
    where a.status in (${sql.join([...ACTIVE_STATUSES])})
      and b.status in (${sql.join([...ACTIVE_STATUSES])})
    limit ${limit}`.execute(db);
  return result.rows.map((row) => ({
    providerId: Number(row.provider_id),
    first: Number(row.a),
    second: Number(row.b),
  }));
}

export interface HalfWritten {
  /** Active appointments whose 5-minute unit rows do not cover exactly their time. */
  activeWithoutUnits: number[];
  /** Unit rows of an appointment that is not active (or does not exist). */
  unitsOfInactive: number[];
  /** Appointments with no status history row. */
  withoutHistory: number[];
  /** History rows of an appointment that does not exist. */
  orphanHistory: number[];
}

export async function halfWritten(db: Db, sinceId = 0): Promise<HalfWritten> {
  const active = sql.join([...ACTIVE_STATUSES]);
  const units = await sql<{ id: number; start_at: number; end_at: number; actual: number }>`
    select a.id, a.start_at, a.end_at,
           (select count(*) from appointment_slot_units u where u.appointment_id = a.id) as actual
    from appointments a
    where a.id > ${sinceId} and a.status in (${active})`.execute(db);
  const inactiveUnits = await sql<{ appointment_id: number }>`
    select distinct u.appointment_id from appointment_slot_units u
    left join appointments a on a.id = u.appointment_id
    where u.appointment_id > ${sinceId} and (a.id is null or a.status not in (${active}))`.execute(db);
  const noHistory = await sql<{ id: number }>`
    select a.id from appointments a
    where a.id > ${sinceId}
      and not exists (select 1 from appointment_status_history h where h.appointment_id = a.id)`.execute(db);
  const orphans = await sql<{ appointment_id: number }>`
    select distinct h.appointment_id from appointment_status_history h
    left join appointments a on a.id = h.appointment_id
    where h.appointment_id > ${sinceId} and a.id is null`.execute(db);
  return {
    activeWithoutUnits: units.rows
      .filter((row) => slotUnitStarts(Number(row.start_at), Number(row.end_at)).length !== Number(row.actual))
      .map((row) => Number(row.id)),
    unitsOfInactive: inactiveUnits.rows.map((row) => Number(row.appointment_id)),
    withoutHistory: noHistory.rows.map((row) => Number(row.id)),
    orphanHistory: orphans.rows.map((row) => Number(row.appointment_id)),
  };
}

export function halfWrittenCount(report: HalfWritten): number {
  return (
    report.activeWithoutUnits.length +
    report.unitsOfInactive.length +
    report.withoutHistory.length +
    report.orphanHistory.length
  );
}

export function isClean(report: HalfWritten): boolean {
  return halfWrittenCount(report) === 0;
}

/** Appointments by id with their idempotency key (null for ids that do not exist). */
export async function appointmentsByIds(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, { idempotencyKey: string | null; status: string }>> {
  const found = new Map<number, { idempotencyKey: string | null; status: string }>();
  for (let index = 0; index < ids.length; index += 500) {
    const chunk = ids.slice(index, index + 500);
    if (chunk.length === 0) continue;
    const rows = await db
      .selectFrom('appointments')
      .select(['id', 'idempotency_key', 'status'])
      .where('id', 'in', chunk)
      .execute();
    for (const row of rows) found.set(row.id, { idempotencyKey: row.idempotency_key, status: row.status });
  }
  return found;
}

/** How many appointments carry each idempotency key (only keys with more than one are returned). */
export async function duplicatedIdempotencyKeys(db: Db): Promise<{ key: string; n: number }[]> {
  const result = await sql<{ idempotency_key: string; n: number | string }>`
    select idempotency_key, count(*) as n from appointments
    where idempotency_key is not null
    group by client_id, idempotency_key having count(*) > 1`.execute(db);
  return result.rows.map((row) => ({ key: row.idempotency_key, n: Number(row.n) }));
}

export async function maxAppointmentId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('appointments')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** SQLite's journal mode and synchronous level, or PostgreSQL's synchronous_commit. */
export async function durabilitySettings(db: Db): Promise<Record<string, string>> {
  if (dialectOf(db) === 'postgres') {
    const result = await sql<{ setting: string }>`show synchronous_commit`.execute(db);
    const fsync = await sql<{ fsync: string }>`show fsync`.execute(db);
    return {
      synchronous_commit: result.rows[0]?.setting ?? (Object.values(result.rows[0] ?? {})[0] as string),
      fsync: fsync.rows[0]?.fsync ?? '',
    };
  }
  const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
  const synchronous = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
  return {
    journal_mode: journal.rows[0]?.journal_mode ?? '',
    // 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA
    synchronous: String(synchronous.rows[0]?.synchronous ?? ''),
  };
}
