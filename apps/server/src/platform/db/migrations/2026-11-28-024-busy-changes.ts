/*
 * FROZEN MIGRATION — never edit after it has shipped; add a new date-prefixed file instead.
 * It imports nothing from the application so that it keeps meaning the same thing forever.
 *
 * The slot search applies what changed to the busy periods it keeps, on SQLite and PostgreSQL
 * alike, instead of reading them again:
 *
 *  - `provider_busy_changes`: a log of exact signed changes to each provider's busy periods (a
 *    multiset: two appointments may share a range), at the version of `provider_busy_versions`
 *    (migration 003) the change produced. `kind` 0 is time off, 1 an active appointment
 *    (pending, booked, arrived, checked-in, fulfilled) or a hold; `delta` +1 means the period
 *    [start_at, end_at) joined the provider's busy periods, -1 that it left them, 0 is a marker:
 *    the version changed nothing busy (a cancelled appointment inserted, cancelled → no-show).
 *    Every version raised has at least one row, so a server that kept a provider's busy periods
 *    at version k and now reads version n applies the deltas of versions k+1..n in order when
 *    every one of them has a row (else the log was pruned past k, or k predates this migration:
 *    it reads the whole window again). The log starts empty.
 *  - The busy-version triggers of appointments and time off (003) and of slot_holds (020) are
 *    replaced: same events and columns, the same raise of the version as before (one per provider
 *    and row event; SQLite's update trigger still raises the old and the new provider separately,
 *    so +2 when it is the same one). An insert logs +1 for the new row if it is busy, else a
 *    marker; a delete -1 for the old row if it was busy, else a marker; an update -1 for the old
 *    row (if busy) at the old provider's version and +1 for the new row (if busy) at the new
 *    provider's, and a marker at any version raised that got neither. On PostgreSQL an update
 *    that keeps the provider raises one version, which gets both rows: a status change between
 *    active statuses logs (-1, r) and (+1, r) at the same version: rows that differ only in their
 *    sign, both kept (a reader sums them), so the table has no unique key, only an index.
 *  - Pruning without a job: when a provider's version reaches a multiple of 64, its trigger
 *    deletes that provider's rows at versions <= version - 256, so the log keeps between 256 and
 *    319 versions per provider and the delete runs once every 64 changes (one index range).
 *
 * The index (provider_id, version) serves the reader (`provider_id in (…) and version > ?`, in
 * order) and the prune. PostgreSQL: like provider_busy_versions no client_id (a provider's log,
 * written under any tenant by the trigger of that tenant's row) and so no row-level security;
 * the triggers run as the writer (the application role), which the grants after every migration
 * (migrate.ts) let insert, read and delete here.
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';

type Sql = RawBuilder<unknown>;
type Row = 'old' | 'new';

/**
 * The statuses of an appointment that make its provider busy, as of this migration: literals, as
 * a trigger or function body can hold no parameters.
 */
const ACTIVE_STATUSES = sql.raw(
  ['pending', 'booked', 'arrived', 'checked-in', 'fulfilled'].map((status) => `'${status}'`).join(', '),
);

const TABLES = [
  { table: 'appointments', columns: 'provider_id, start_at, end_at, status', kind: 1 },
  { table: 'time_off', columns: 'provider_id, start_at, end_at', kind: 0 },
  { table: 'slot_holds', columns: 'provider_id, start_at, end_at', kind: 1 },
];

/** Migrations 003 and 020: the raise of a provider's version, as they wrote it. */
const bump = (providerId: Sql) =>
  sql`insert into provider_busy_versions (provider_id, version) values (${providerId}, 1)
      on conflict (provider_id) do update set version = provider_busy_versions.version + 1`;

/** Whether `row` of `table` makes its provider busy: time off and holds always do. */
function isBusy(table: string, row: Row): Sql {
  return table === 'appointments' ? sql`${sql.raw(`${row}.status`)} in (${ACTIVE_STATUSES})` : sql`1 = 1`;
}

/**
 * SQLite trigger steps after a bump of `row`'s provider: log `row`'s period at that provider's
 * version (just raised) — `sign` (+1 added, -1 removed) when the row is busy, else a marker — then
 * prune when the version is a multiple of 64. A trigger body has no variables: the version is read
 * back (a primary-key lookup). The prune's version tests do not depend on the log's rows, so
 * SQLite evaluates them once before walking any.
 */
function sqliteLog(table: { table: string; kind: number }, row: Row, sign: 1 | -1): Sql {
  const id = sql.raw(`${row}.provider_id`);
  const version = sql`(select version from provider_busy_versions where provider_id = ${id})`;
  return sql`insert into provider_busy_changes (provider_id, version, kind, delta, start_at, end_at)
      select ${id}, version, ${sql.lit(table.kind)},
        case when ${isBusy(table.table, row)} then ${sql.lit(sign)} else 0 end,
        ${sql.raw(`${row}.start_at`)}, ${sql.raw(`${row}.end_at`)}
      from provider_busy_versions where provider_id = ${id};
    delete from provider_busy_changes
      where provider_id = ${id} and ${version} % 64 = 0 and version <= ${version} - 256`;
}

/** PostgreSQL: raise `row`'s provider into `v`. */
function postgresBump(row: Row): Sql {
  return sql`insert into provider_busy_versions (provider_id, version) values (${sql.raw(`${row}.provider_id`)}, 1)
      on conflict (provider_id) do update set version = provider_busy_versions.version + 1
      returning version into v`;
}

/** PostgreSQL: log `row`'s period at `v` with `delta` (an expression of the function's variables). */
function postgresLog(row: Row, delta: Sql): Sql {
  return sql`insert into provider_busy_changes (provider_id, version, kind, delta, start_at, end_at)
      values (${sql.raw(`${row}.provider_id`)}, v, k, ${delta}, ${sql.raw(`${row}.start_at`)}, ${sql.raw(`${row}.end_at`)})`;
}

/** PostgreSQL: at a multiple of 64, drop `row`'s provider's versions older than its last 256. */
function postgresPrune(row: Row): Sql {
  return sql`if v % 64 = 0 then
      delete from provider_busy_changes where provider_id = ${sql.raw(`${row}.provider_id`)} and version <= v - 256;
    end if`;
}

async function dropTriggers(db: Kysely<unknown>, isPostgres: boolean): Promise<void> {
  for (const { table } of TABLES) {
    if (isPostgres)
      await sql`drop trigger ${sql.raw(`${table}_busy_version_trg`)} on ${sql.table(table)}`.execute(db);
    else
      for (const event of ['insert', 'delete', 'update'])
        await sql`drop trigger ${sql.raw(`${table}_busy_version_${event}`)}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const run = async (statement: Sql): Promise<void> => {
    await statement.execute(db);
  };

  await run(sql`create table provider_busy_changes (
    provider_id integer not null,
    version bigint not null,
    kind smallint not null,
    delta smallint not null,
    start_at bigint not null,
    end_at bigint not null
  )`);
  await run(sql`create index provider_busy_changes_provider_version
    on provider_busy_changes (provider_id, version)`);

  await dropTriggers(db, isPostgres);
  if (isPostgres) {
    // A new function beside 003's (which `down` points the triggers back to). One function for the
    // three tables: `status` is read only under tg_table_name = 'appointments' (PL/pgSQL plans each
    // expression when it first runs, and compiles the function apart for each table).
    await run(sql`create function provider_busy_change_log() returns trigger language plpgsql as $fn$
      declare
        v bigint;
        k smallint := case when tg_table_name = 'time_off' then 0 else 1 end;
        old_busy boolean := false;
        new_busy boolean := false;
      begin
        if tg_op <> 'INSERT' then
          old_busy := tg_table_name <> 'appointments';
          if not old_busy then
            old_busy := old.status in (${ACTIVE_STATUSES});
          end if;
        end if;
        if tg_op <> 'DELETE' then
          new_busy := tg_table_name <> 'appointments';
          if not new_busy then
            new_busy := new.status in (${ACTIVE_STATUSES});
          end if;
        end if;
        if tg_op = 'INSERT' then
          ${postgresBump('new')};
          ${postgresLog('new', sql`case when new_busy then 1 else 0 end`)};
          ${postgresPrune('new')};
        elsif tg_op = 'DELETE' then
          ${postgresBump('old')};
          ${postgresLog('old', sql`case when old_busy then -1 else 0 end`)};
          ${postgresPrune('old')};
        elsif new.provider_id <> old.provider_id then
          ${postgresBump('old')};
          ${postgresLog('old', sql`case when old_busy then -1 else 0 end`)};
          ${postgresPrune('old')};
          ${postgresBump('new')};
          ${postgresLog('new', sql`case when new_busy then 1 else 0 end`)};
          ${postgresPrune('new')};
        else
          -- One version for both sides: the removal and the addition (both kept, even when they
          -- cancel out), or a single marker when neither side is busy.
          ${postgresBump('old')};
          if old_busy then
            ${postgresLog('old', sql`-1`)};
          end if;
          if new_busy or not old_busy then
            ${postgresLog('new', sql`case when new_busy then 1 else 0 end`)};
          end if;
          ${postgresPrune('old')};
        end if;
        return null;
      end
      $fn$`);
    for (const { table, columns } of TABLES)
      await run(sql`create trigger ${sql.raw(`${table}_busy_version_trg`)}
        after insert or delete or update of ${sql.raw(columns)} on ${sql.table(table)}
        for each row execute function provider_busy_change_log()`);
  } else {
    const oldId = sql.raw('old.provider_id');
    const newId = sql.raw('new.provider_id');
    for (const spec of TABLES) {
      const { table, columns } = spec;
      await run(sql`create trigger ${sql.raw(`${table}_busy_version_insert`)} after insert on ${sql.table(table)}
        begin ${bump(newId)}; ${sqliteLog(spec, 'new', 1)}; end`);
      await run(sql`create trigger ${sql.raw(`${table}_busy_version_delete`)} after delete on ${sql.table(table)}
        begin ${bump(oldId)}; ${sqliteLog(spec, 'old', -1)}; end`);
      // Two raises even for the same provider: the removal goes with the first, the addition with
      // the second (each a marker when its side is not busy).
      await run(sql`create trigger ${sql.raw(`${table}_busy_version_update`)}
        after update of ${sql.raw(columns)} on ${sql.table(table)}
        begin ${bump(oldId)}; ${sqliteLog(spec, 'old', -1)}; ${bump(newId)}; ${sqliteLog(spec, 'new', 1)}; end`);
    }
  }
}

/** Migrations 003 and 020's triggers again, as they created them; the log is dropped. */
export async function down(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await dropTriggers(db, isPostgres);
  if (isPostgres) {
    await sql`drop function provider_busy_change_log()`.execute(db);
    for (const { table, columns } of TABLES)
      await sql`create trigger ${sql.raw(`${table}_busy_version_trg`)}
        after insert or delete or update of ${sql.raw(columns)} on ${sql.table(table)}
        for each row execute function provider_busy_version_bump()`.execute(db);
  } else {
    const oldId = sql.raw('old.provider_id');
    const newId = sql.raw('new.provider_id');
    for (const { table, columns } of TABLES) {
      // SQLite keeps the text of a trigger: 003 quoted its table names, 020 did not.
      const on = table === 'slot_holds' ? sql.raw(table) : sql.table(table);
      await sql`create trigger ${sql.raw(`${table}_busy_version_insert`)} after insert on ${on}
        begin ${bump(newId)}; end`.execute(db);
      await sql`create trigger ${sql.raw(`${table}_busy_version_delete`)} after delete on ${on}
        begin ${bump(oldId)}; end`.execute(db);
      await sql`create trigger ${sql.raw(`${table}_busy_version_update`)}
        after update of ${sql.raw(columns)} on ${on}
        begin ${bump(oldId)}; ${bump(newId)}; end`.execute(db);
    }
  }
  await sql`drop table provider_busy_changes`.execute(db);
}
