/*
 * The SQL of the safety harnesses: what tables exist, how many rows each holds, a digest of one
 * brand's rows, and the invariants the race and crash harnesses check (no overlapping active
 * appointments, nothing half-written). Tables are read from the database catalogue, so a table
 * added by a later migration is covered without editing this file.
 *
 * This file: tables, row counts and digests. The rest of the harnesses' SQL is beside it in `db/`.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { createDb, dialectOf, ownerConnectionOf } from '../../../src/platform/db/database.ts';
import type { Db } from '../../../src/platform/db/database.ts';
import { activeAppointmentStatuses } from '../../../src/platform/db/schema.ts';

export interface TableInfo {
  name: string;
  hasClientId: boolean;
}

/** Statuses that hold time on the calendar (the others free it). */
export const ACTIVE_STATUSES: readonly string[] = activeAppointmentStatuses;

/** Tables whose content a harness may ignore: bookkeeping, not data. */
const INTERNAL_TABLES = new Set([
  'kysely_migration',
  'kysely_migration_lock',
  'sqlite_sequence',
  'safety_row_changes',
]);

/** Append-only tables of analytics: large, so a digest counts their rows instead of hashing them. */
const COUNTED_ONLY = new Set([
  'analytics_events',
  'analytics_sessions',
  'analytics_session_steps',
  'report_funnel_hourly',
  'track_logs',
]);

export async function listTables(db: Db): Promise<TableInfo[]> {
  if (dialectOf(db) === 'postgres') {
    const result = await sql<{ table_name: string; has_client_id: boolean }>`
      select t.table_name,
             exists (select 1 from information_schema.columns c
                     where c.table_schema = t.table_schema and c.table_name = t.table_name
                       and c.column_name = 'client_id') as has_client_id
      from information_schema.tables t
      where t.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      order by t.table_name`.execute(db);
    return result.rows
      .filter((row) => !INTERNAL_TABLES.has(row.table_name))
      .map((row) => ({ name: row.table_name, hasClientId: row.has_client_id }));
  }
  const result = await sql<{ name: string; has_client_id: number }>`
    select m.name,
           (select count(*) from pragma_table_info(m.name) p where p.name = 'client_id') as has_client_id
    from sqlite_master m
    where m.type = 'table' and m.name not like 'sqlite_%'
    order by m.name`.execute(db);
  return result.rows
    .filter((row) => !INTERNAL_TABLES.has(row.name))
    .map((row) => ({ name: row.name, hasClientId: Number(row.has_client_id) > 0 }));
}

/**
 * Rows inserted and deleted per table since the counter was installed, kept by row triggers
 * (`<table>:inserted`, `<table>:deleted`). Reading it is one small query however large the tables
 * are — counting every table after every fuzz case was most of the PostgreSQL fuzz's time, and
 * under row-level security a count is a scan. Stricter than comparing counts: a refused request
 * that inserts one row and deletes another shows up too. A rolled-back write leaves no trace, as
 * the trigger's own write rolls back with it.
 */
export interface RowChangeCounter {
  read(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

export async function installRowChangeCounter(db: Db, tables: readonly string[]): Promise<RowChangeCounter> {
  if (dialectOf(db) === 'postgres') {
    // The owner of the tables creates the triggers; the application role may not.
    const owner = ownerConnectionOf(db);
    const ownerDb =
      owner === undefined
        ? db
        : createDb(
            { databaseUrl: owner.url, sqlitePath: '' },
            { poolSize: 1, ...(owner.pgSchema === undefined ? {} : { pgSchema: owner.pgSchema }) },
          );
    const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(ownerDb)).rows[0]
      ?.schema;
    if (schema === undefined) throw new Error('PostgreSQL reported no current schema');
    await sql`create table if not exists safety_row_changes (
      table_name text primary key, inserted bigint not null default 0, deleted bigint not null default 0)`.execute(
      ownerDb,
    );
    // security definer: the application role writes the counter without a grant on it.
    await sql`create or replace function safety_count_row_change() returns trigger
      language plpgsql security definer set search_path = ${sql.id(schema)} as $$
      begin
        insert into safety_row_changes as c (table_name, inserted, deleted)
        values (tg_table_name, case when tg_op = 'INSERT' then 1 else 0 end,
                case when tg_op = 'DELETE' then 1 else 0 end)
        on conflict (table_name) do update
          set inserted = c.inserted + excluded.inserted, deleted = c.deleted + excluded.deleted;
        return null;
      end $$`.execute(ownerDb);
    for (const table of tables) {
      await sql`drop trigger if exists safety_row_change on ${sql.table(table)}`.execute(ownerDb);
      await sql`create trigger safety_row_change after insert or delete on ${sql.table(table)}
        for each row execute function safety_count_row_change()`.execute(ownerDb);
    }
    return {
      read: () => readRowChanges(ownerDb),
      close: async () => {
        if (ownerDb !== db) await ownerDb.destroy();
      },
    };
  }
  await sql`create table if not exists safety_row_changes (
    table_name text primary key, inserted integer not null default 0, deleted integer not null default 0)`.execute(
    db,
  );
  for (const table of tables) {
    for (const [event, column] of [
      ['insert', 'inserted'],
      ['delete', 'deleted'],
    ] as const) {
      const trigger = sql.id(`safety_row_change_${table}_${event}`);
      await sql`drop trigger if exists ${trigger}`.execute(db);
      await sql`create trigger ${trigger} after ${sql.raw(event)} on ${sql.table(table)} begin
        insert into safety_row_changes (table_name, ${sql.id(column)}) values (${sql.lit(table)}, 1)
        on conflict (table_name) do update set ${sql.id(column)} = ${sql.id(column)} + 1;
      end`.execute(db);
    }
  }
  return { read: () => readRowChanges(db), close: () => Promise.resolve() };
}

async function readRowChanges(db: Db): Promise<Record<string, number>> {
  const result = await sql<{ table_name: string; inserted: number | string; deleted: number | string }>`
    select table_name, inserted, deleted from safety_row_changes`.execute(db);
  const changes: Record<string, number> = {};
  for (const row of result.rows) {
    changes[`${row.table_name}:inserted`] = Number(row.inserted);
    changes[`${row.table_name}:deleted`] = Number(row.deleted);
  }
  return changes;
}

/** Tables whose counts differ between two snapshots, with both counts. */
export function changedCounts(
  before: Record<string, number>,
  after: Record<string, number>,
): Record<string, [number, number]> {
  const changed: Record<string, [number, number]> = {};
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[table] ?? 0;
    const b = after[table] ?? 0;
    if (a !== b) changed[table] = [a, b];
  }
  return changed;
}

const stable = (value: unknown): string =>
  JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item));

/**
 * One hash per table of every row belonging to a brand (`client_id`), rows sorted, so two digests
 * differ exactly when some row of the brand was added, removed or changed. Analytics tables count
 * rows only. `except` leaves tables out (the audit trail, for example).
 */
export async function brandDigest(
  db: Db,
  clientId: number,
  options: { except?: readonly string[] } = {},
): Promise<Record<string, string>> {
  const except = new Set(options.except ?? []);
  const digest: Record<string, string> = {};
  for (const table of await listTables(db)) {
    if (!table.hasClientId || except.has(table.name)) continue;
    if (COUNTED_ONLY.has(table.name)) {
      const result = await sql<{ n: number | string }>`
        select count(*) as n from ${sql.table(table.name)} where client_id = ${clientId}`.execute(db);
      digest[table.name] = `count:${Number(result.rows[0]?.n ?? 0)}`;
      continue;
    }
    const result = await sql<Record<string, unknown>>`
      select * from ${sql.table(table.name)} where client_id = ${clientId}`.execute(db);
    const lines = result.rows.map(stable).sort();
    digest[table.name] = createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16);
  }
  return digest;
}

/** Digest entries that differ. */
export function changedDigest(before: Record<string, string>, after: Record<string, string>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (table) => before[table] !== after[table],
  );
}

/** Every string value of a brand's identifying columns (patients, providers, locations, users). */
export async function identifyingStrings(db: Db, clientId: number): Promise<string[]> {
  const patients = await db
    .selectFrom('patients')
    .select(['first_name', 'last_name', 'email', 'phone', 'date_of_birth'])
    .where('client_id', '=', clientId)
    .execute();
  const waitlist = await db
    .selectFrom('waitlist_entries')
    .select(['last_name', 'email', 'phone'])
    .where('client_id', '=', clientId)
    .execute();
  const providers = await db
    .selectFrom('providers')
    .select(['last_name'])
    .where('client_id', '=', clientId)
    .execute();
  const locations = await db
    .selectFrom('locations')
    .select(['name', 'phone'])
    .where('client_id', '=', clientId)
    .execute();
  const notes = await db.selectFrom('notes').select(['body']).where('client_id', '=', clientId).execute();
  return [
    ...patients.flatMap((p) => [p.last_name, p.email, p.phone]),
    ...waitlist.flatMap((w) => [w.last_name, w.email, w.phone]),
    ...providers.map((p) => p.last_name),
    ...locations.flatMap((l) => [l.name, l.phone]),
    ...notes.map((n) => n.body),
  ].filter((value): value is string => typeof value === 'string' && value.length > 0);
}

/** Patient identity of every patient and waitlist entry (any brand): what a public answer must never carry. */
export async function patientIdentityStrings(db: Db): Promise<string[]> {
  const patients = await db.selectFrom('patients').select(['last_name', 'email', 'phone']).execute();
  const waitlist = await db.selectFrom('waitlist_entries').select(['last_name', 'email', 'phone']).execute();
  return [...patients, ...waitlist]
    .flatMap((p) => [p.last_name, p.email, p.phone])
    .filter((value): value is string => typeof value === 'string' && value.length > 0);
}
