/*
 * FROZEN MIGRATION — never edit after it has shipped; add a new date-prefixed file instead.
 * It imports nothing from the application so that it keeps meaning the same thing forever.
 *
 * The slot search's configuration counter (issue 9, docs/performance.md), on SQLite and PostgreSQL:
 * `search_config_versions`, one counter per client, raised BY DATABASE TRIGGERS on every insert,
 * delete or update of a row the slot search reads besides busy periods — clients, schedulers,
 * scheduler_settings, services, locations, service_locations, providers, provider_services,
 * provider_locations, provider_insurance_plans, working_hours — whoever writes it (any server
 * instance, the seed, the generator, a CLI). With the busy versions of migration 003, statement 1
 * of a search reads a few counters instead of fingerprinting every row statements 2–5 read: equal
 * counters, equal inputs. Every client gets its row here and when it is created, so a counter never
 * starts from "no row"; TRUNCATE of one of those tables (PostgreSQL) raises every counter.
 *
 * PostgreSQL: row-level security as on every client-owned table (migration 006). A trigger writes
 * the counter of the row's own client, which a session on a tenant may write.
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

/** The tables whose rows feed the slot search, with the column naming their client. */
const TABLES = [
  { table: 'clients', client: 'id' },
  { table: 'schedulers', client: 'client_id' },
  { table: 'scheduler_settings', client: 'client_id' },
  { table: 'services', client: 'client_id' },
  { table: 'locations', client: 'client_id' },
  { table: 'service_locations', client: 'client_id' },
  { table: 'providers', client: 'client_id' },
  { table: 'provider_services', client: 'client_id' },
  { table: 'provider_locations', client: 'client_id' },
  { table: 'provider_insurance_plans', client: 'client_id' },
  { table: 'working_hours', client: 'client_id' },
] as const;

const POLICY = 'tenant_isolation';

const bump = (clientId: ReturnType<typeof sql.raw>) =>
  sql`insert into search_config_versions (client_id, version) values (${clientId}, 1)
      on conflict (client_id) do update set version = search_config_versions.version + 1`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const run = async (statement: ReturnType<typeof sql>): Promise<void> => {
    await statement.execute(db);
  };
  await run(sql`create table search_config_versions (
    client_id integer primary key,
    version bigint not null
  )`);
  await run(sql`insert into search_config_versions (client_id, version) select id, 1 from clients`);

  if (isPostgres) {
    const rule = sql`current_setting('app.tenant_scope', true) = 'system'
      or client_id = nullif(current_setting('app.client_id', true), '')::integer`;
    await run(sql`alter table search_config_versions enable row level security`);
    await run(sql`alter table search_config_versions force row level security`);
    await run(sql`create policy ${sql.id(POLICY)} on search_config_versions for all
      using (${rule}) with check (${rule})`);
    for (const column of ['id', 'client_id'] as const) {
      const oldId = sql.raw(`old.${column}`);
      const newId = sql.raw(`new.${column}`);
      await run(sql`create function ${sql.raw(`search_config_version_bump_by_${column}`)}() returns trigger
        language plpgsql as $fn$
        begin
          if tg_op = 'INSERT' then
            ${bump(newId)};
          elsif tg_op = 'DELETE' then
            ${bump(oldId)};
          else
            ${bump(oldId)};
            if ${newId} <> ${oldId} then
              ${bump(newId)};
            end if;
          end if;
          return null;
        end
        $fn$`);
    }
    await run(sql`create function search_config_version_bump_all() returns trigger language plpgsql as $fn$
      begin
        update search_config_versions set version = version + 1;
        return null;
      end
      $fn$`);
    for (const { table, client } of TABLES) {
      await run(sql`create trigger ${sql.raw(`${table}_search_config_trg`)}
        after insert or delete or update on ${sql.table(table)}
        for each row execute function ${sql.raw(`search_config_version_bump_by_${client}`)}()`);
      await run(sql`create trigger ${sql.raw(`${table}_search_config_truncate_trg`)}
        after truncate on ${sql.table(table)}
        for each statement execute function search_config_version_bump_all()`);
    }
  } else {
    for (const { table, client } of TABLES) {
      const oldId = sql.raw(`old.${client}`);
      const newId = sql.raw(`new.${client}`);
      await run(sql`create trigger ${sql.raw(`${table}_search_config_insert`)} after insert on ${sql.table(table)}
        begin ${bump(newId)}; end`);
      await run(sql`create trigger ${sql.raw(`${table}_search_config_delete`)} after delete on ${sql.table(table)}
        begin ${bump(oldId)}; end`);
      await run(sql`create trigger ${sql.raw(`${table}_search_config_update`)} after update on ${sql.table(table)}
        begin ${bump(oldId)}; ${bump(newId)}; end`);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const { table } of TABLES) {
    if (isPostgres) {
      await sql`drop trigger ${sql.raw(`${table}_search_config_trg`)} on ${sql.table(table)}`.execute(db);
      await sql`drop trigger ${sql.raw(`${table}_search_config_truncate_trg`)} on ${sql.table(table)}`.execute(
        db,
      );
    } else
      for (const event of ['insert', 'delete', 'update'])
        await sql`drop trigger ${sql.raw(`${table}_search_config_${event}`)}`.execute(db);
  }
  if (isPostgres) {
    await sql`drop function search_config_version_bump_all()`.execute(db);
    await sql`drop function search_config_version_bump_by_id()`.execute(db);
    await sql`drop function search_config_version_bump_by_client_id()`.execute(db);
  }
  await sql`drop table search_config_versions`.execute(db);
}
