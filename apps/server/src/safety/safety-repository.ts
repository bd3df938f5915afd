/*
 * The SQL of the safety harnesses: what tables exist, how many rows each holds, a digest of one
 * brand's rows, and the invariants the race and crash harnesses check (no overlapping active
 * appointments, nothing half-written). Tables are read from the database catalogue, so a table
 * added by a later migration is covered without editing this file.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { createDb, dialectOf, ownerConnectionOf } from '../platform/db/database.ts';
import type { Db } from '../platform/db/database.ts';
import { activeAppointmentStatuses } from '../platform/db/schema.ts';
import { slotUnitStarts } from '../platform/db/slot-units.ts';

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

// ---------------------------------------------------------------- PostgreSQL databases for harness runs

/** Creates a fresh, empty database next to the one in `url` and answers its URL. */
export async function createScratchDatabase(url: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

export async function dropScratchDatabase(url: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}

// ---------------------------------------------------------------- the objects of a brand

export interface BrandRecords {
  clientId: number;
  slug: string;
  schedulerId: number;
  schedulerSlug: string;
  planId: number;
  carrierId: number;
  insuranceTypeId: number;
  patientId: number;
  appointmentId: number;
  waitlistEntryId: number;
  /** A member who is not an owner (the target of the users routes), else any member. */
  userId: number;
}

export async function brandRecords(db: Db, slug: string, now: number): Promise<BrandRecords> {
  const client = await db
    .selectFrom('clients as c')
    .innerJoin('schedulers as s', 's.client_id', 'c.id')
    .select(['c.id', 'c.slug', 's.id as scheduler_id', 's.slug as scheduler_slug'])
    .where('c.slug', '=', slug)
    .orderBy('s.id')
    .executeTakeFirstOrThrow();
  const plan = await db
    .selectFrom('insurance_plans')
    .select(['id', 'carrier_id'])
    .where('client_id', '=', client.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const type = await db
    .selectFrom('insurance_types')
    .select(['id'])
    .where('client_id', '=', client.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const appointment = await db
    .selectFrom('appointments')
    .select(['id', 'patient_id'])
    .where('client_id', '=', client.id)
    .where('status', 'in', ['booked', 'pending'])
    .where('start_at', '>', now)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const waitlist = await db
    .selectFrom('waitlist_entries')
    .select(['id'])
    .where('client_id', '=', client.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const member = await db
    .selectFrom('memberships')
    .select(['user_id', 'role'])
    .where('client_id', '=', client.id)
    .orderBy('id')
    .execute();
  const target = member.find((m) => m.role !== 'owner') ?? member[0];
  if (target === undefined) throw new Error(`brand ${slug} has no members`);
  return {
    clientId: client.id,
    slug: client.slug,
    schedulerId: client.scheduler_id,
    schedulerSlug: client.scheduler_slug,
    planId: plan.id,
    carrierId: plan.carrier_id,
    insuranceTypeId: type.id,
    patientId: appointment.patient_id,
    appointmentId: appointment.id,
    waitlistEntryId: waitlist.id,
    userId: target.user_id,
  };
}

/** An appointment of the brand that may still be cancelled, other than those given; with its version. */
export async function cancellableAppointment(
  db: Db,
  clientId: number,
  now: number,
  excluding: ReadonlySet<number>,
): Promise<{ appointmentId: number; patientId: number; version: number } | undefined> {
  const rows = await db
    .selectFrom('appointments')
    .select(['id', 'patient_id', 'version'])
    .where('client_id', '=', clientId)
    .where('status', 'in', ['booked', 'pending'])
    .where('start_at', '>', now)
    .orderBy('id', 'desc')
    .limit(excluding.size + 1)
    .execute();
  const row = rows.find((r) => !excluding.has(r.id));
  return row === undefined
    ? undefined
    : { appointmentId: row.id, patientId: row.patient_id, version: row.version };
}

export async function appointmentVersion(db: Db, appointmentId: number): Promise<number> {
  const row = await db
    .selectFrom('appointments')
    .select(['version'])
    .where('id', '=', appointmentId)
    .executeTakeFirst();
  return row?.version ?? 1;
}

export async function providerVersion(db: Db, providerId: number): Promise<number> {
  const row = await db
    .selectFrom('providers')
    .select(['version'])
    .where('id', '=', providerId)
    .executeTakeFirst();
  return row?.version ?? 1;
}

export async function userIdByEmail(db: Db, email: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select(['id'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface AuditRecord {
  id: number;
  clientId: number | null;
  userId: number | null;
  action: string;
  recordType: string | null;
  recordId: string | null;
  ip: string | null;
  at: number;
}

export async function auditRowsAfter(db: Db, afterId: number): Promise<AuditRecord[]> {
  const rows = await db.selectFrom('audit_log').selectAll().where('id', '>', afterId).orderBy('id').execute();
  return rows.map((row) => ({
    id: row.id,
    clientId: row.client_id,
    userId: row.user_id,
    action: row.action,
    recordType: row.record_type,
    recordId: row.record_id,
    ip: row.ip,
    at: Number(row.created_at),
  }));
}

export async function maxAuditId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Services a new patient may book online (not call-to-schedule, not existing patients only). */
export async function onlineServices(db: Db, clientId: number): Promise<{ id: number }[]> {
  return db
    .selectFrom('services')
    .select(['id'])
    .where('client_id', '=', clientId)
    .where('online_enabled', '=', 1)
    .where('call_to_schedule', '=', 0)
    .where('new_patients', '=', 1)
    .orderBy('id')
    .execute();
}

export async function appointmentsAfter(db: Db, afterId: number): Promise<number> {
  const row = await db
    .selectFrom('appointments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('id', '>', afterId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

// ---------------------------------------------------------------- credentials

/** A user with no brand (enough to sign in). */
export async function insertUser(db: Db, email: string, passwordHash: string, now: number): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      email,
      password_hash: passwordHash,
      display_name: 'Safety User',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Every stored value of the user's sessions, as text. */
export async function sessionRowsOf(db: Db, userId: number): Promise<Record<string, string>[]> {
  const rows = await db.selectFrom('admin_sessions').selectAll().where('user_id', '=', userId).execute();
  return rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, String(value)])),
  );
}

export async function loginAttemptsOf(db: Db, email: string): Promise<number> {
  const row = await db
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('email', '=', email)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * For checking the checks: a copy of an active appointment five minutes later, written past the
 * guard (no slot units, no history). Answers its id.
 */
export async function insertUnguardedOverlap(db: Db, clientId: number): Promise<number> {
  const source = await db
    .selectFrom('appointments')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('status', 'in', ['booked', 'pending'])
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const { id: _id, ...row } = source;
  const inserted = await db
    .insertInto('appointments')
    .values({
      ...row,
      start_at: row.start_at + 5 * 60_000,
      end_at: row.end_at + 5 * 60_000,
      idempotency_key: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function deleteAppointment(db: Db, id: number): Promise<void> {
  await db.deleteFrom('appointments').where('id', '=', id).execute();
}

/** Names that are not patient data (providers, locations, services, staff), any brand. */
export async function nonPatientNames(db: Db): Promise<Set<string>> {
  const providers = await db.selectFrom('providers').select(['first_name', 'last_name']).execute();
  const locations = await db.selectFrom('locations').select(['name', 'city', 'phone']).execute();
  const services = await db.selectFrom('services').select(['name']).execute();
  const users = await db.selectFrom('users').select(['display_name', 'email']).execute();
  return new Set([
    ...providers.flatMap((p) => [p.first_name, p.last_name]),
    ...locations.flatMap((l) => [l.name, l.city, l.phone]),
    ...services.map((s) => s.name),
    ...users.flatMap((u) => [u.display_name, u.email]),
  ]);
}

/** The idempotency keys, among those given, that some appointment carries. */
export async function appointmentsWithKeys(db: Db, keys: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (let index = 0; index < keys.length; index += 500) {
    const chunk = keys.slice(index, index + 500);
    if (chunk.length === 0) continue;
    const rows = await db
      .selectFrom('appointments')
      .select(['idempotency_key'])
      .where('idempotency_key', 'in', chunk)
      .execute();
    for (const row of rows) if (row.idempotency_key !== null) found.push(row.idempotency_key);
  }
  return found;
}

export type SetVersionTable = 'providers' | 'insurance_plans' | 'services' | 'locations' | 'clients';
export type SetVersionColumn =
  | 'locations_version'
  | 'services_version'
  | 'plans_version'
  | 'providers_version'
  | 'frame_ancestors_version';

/** The stored version of a map set or of the widget allow-list (migration 007); undefined: no such row. */
export async function setVersion(
  db: Db,
  table: SetVersionTable,
  column: SetVersionColumn,
  id: number,
): Promise<number | undefined> {
  const result = await sql<{ version: number | string }>`select ${sql.ref(column)} as version
    from ${sql.table(table)} where id = ${id}`.execute(db);
  const row = result.rows[0];
  return row === undefined ? undefined : Number(row.version);
}
