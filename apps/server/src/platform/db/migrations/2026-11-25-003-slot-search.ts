/*
 * FROZEN MIGRATION — never edit after it has shipped; add a new date-prefixed file instead.
 * It imports nothing from the application so that it keeps meaning the same thing forever.
 *
 * The slot search (issue 9, docs/performance.md), on SQLite and PostgreSQL alike:
 *
 *  - covering indexes for the busy periods it reads (statement 5 of getProviders, also the booking
 *    re-check): `client_id = ? AND provider_id IN (…) AND end_at > :from AND start_at < :to`. Before,
 *    SQLite walked appointments_client_status_start_idx (client_id, status, start_at < :to) — every
 *    past appointment of the brand, with a table lookup per row — then sorted the result. With
 *    (client_id, provider_id, end_at, …) each provider is one index range starting at the window (a
 *    past appointment ends before it) that holds every column the query reads. Same for time off.
 *  - `provider_busy_versions`: a counter per provider, raised BY DATABASE TRIGGERS on every insert,
 *    delete or change (provider, start, end, status) of its appointments and time off, whoever
 *    writes them (any server instance, the seed, a CLI). A server may keep a provider's busy periods
 *    and the slots computed from them for as long as the counter it reads in the same search is
 *    unchanged: the answer is the one a fresh computation gives, on every instance. A provider
 *    without a row is at version 0. No foreign key: a provider's deletion cascades to its
 *    appointments, whose triggers still write here.
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

const bump = (providerId: ReturnType<typeof sql>) =>
  sql`insert into provider_busy_versions (provider_id, version) values (${providerId}, 1)
      on conflict (provider_id) do update set version = provider_busy_versions.version + 1`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const run = async (statement: ReturnType<typeof sql>): Promise<void> => {
    await statement.execute(db);
  };

  await run(sql`create index appointments_client_provider_end_busy_idx
    on appointments (client_id, provider_id, end_at, start_at, status)`);
  await run(sql`create index time_off_client_provider_end_busy_idx
    on time_off (client_id, provider_id, end_at, start_at)`);

  await run(sql`create table provider_busy_versions (
    provider_id integer primary key,
    version bigint not null
  )`);

  const oldId = sql.raw('old.provider_id');
  const newId = sql.raw('new.provider_id');
  const tables = [
    { table: 'appointments', columns: 'provider_id, start_at, end_at, status' },
    { table: 'time_off', columns: 'provider_id, start_at, end_at' },
  ];
  if (isPostgres) {
    await run(sql`create function provider_busy_version_bump() returns trigger language plpgsql as $fn$
      begin
        if tg_op = 'INSERT' then
          ${bump(newId)};
        elsif tg_op = 'DELETE' then
          ${bump(oldId)};
        else
          ${bump(oldId)};
          if new.provider_id <> old.provider_id then
            ${bump(newId)};
          end if;
        end if;
        return null;
      end
      $fn$`);
    for (const { table, columns } of tables)
      await run(sql`create trigger ${sql.raw(`${table}_busy_version_trg`)}
        after insert or delete or update of ${sql.raw(columns)} on ${sql.table(table)}
        for each row execute function provider_busy_version_bump()`);
  } else {
    for (const { table, columns } of tables) {
      await run(sql`create trigger ${sql.raw(`${table}_busy_version_insert`)} after insert on ${sql.table(table)}
        begin ${bump(newId)}; end`);
      await run(sql`create trigger ${sql.raw(`${table}_busy_version_delete`)} after delete on ${sql.table(table)}
        begin ${bump(oldId)}; end`);
      await run(sql`create trigger ${sql.raw(`${table}_busy_version_update`)}
        after update of ${sql.raw(columns)} on ${sql.table(table)}
        begin ${bump(oldId)}; ${bump(newId)}; end`);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of ['appointments', 'time_off']) {
    if (isPostgres)
      await sql`drop trigger ${sql.raw(`${table}_busy_version_trg`)} on ${sql.table(table)}`.execute(db);
    else
      for (const event of ['insert', 'delete', 'update'])
        await sql`drop trigger ${sql.raw(`${table}_busy_version_${event}`)}`.execute(db);
  }
  if (isPostgres) await sql`drop function provider_busy_version_bump()`.execute(db);
  await sql`drop table provider_busy_versions`.execute(db);
  await sql`drop index time_off_client_provider_end_busy_idx`.execute(db);
  await sql`drop index appointments_client_provider_end_busy_idx`.execute(db);
}
