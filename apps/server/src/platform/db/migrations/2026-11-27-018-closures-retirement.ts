/*
 * FROZEN MIGRATION — never edit after it has shipped; add a new date-prefixed file instead.
 * It imports nothing from the application so that it keeps meaning the same thing forever.
 *
 * Issue 19 "Providers" and "Closures", on SQLite and PostgreSQL:
 *
 *  - `providers.retired_at`: when the provider was retired (UTC epoch ms), null while active. A
 *    retired provider stays for history (appointments, reports) and is never bookable; clearing
 *    the column restores it. The update raises the client's `search_config_versions` counter
 *    through the trigger of migration 010, so kept searches are not reused.
 *  - `location_closures`: one closed day of a location (a holiday, a training day): its local
 *    date (`YYYY-MM-DD` in the location's zone), a name, and where it came from (`manual`, or
 *    `us-federal` for the import of a year's US federal holidays). One row per location and date
 *    (unique), so importing a year twice adds nothing. Every insert, update or delete raises the
 *    client's `search_config_versions` counter (triggers as in migration 010), so a kept search
 *    never offers a slot on a day closed since.
 *
 * PostgreSQL: row-level security as on every client-owned table (migration 006: policy
 * tenant_isolation, ENABLE and FORCE).
 */
import { PostgresAdapter, sql } from 'kysely';
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';

const POLICY = 'tenant_isolation';
const TABLE = 'location_closures';

const bump = (clientId: ReturnType<typeof sql.raw>) =>
  sql`insert into search_config_versions (client_id, version) values (${clientId}, 1)
      on conflict (client_id) do update set version = search_config_versions.version + 1`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: ColumnDefinitionBuilder) =>
    isPostgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

  await db.schema.alterTable('providers').addColumn('retired_at', 'bigint').execute();

  await db.schema
    .createTable(TABLE)
    .addColumn('id', 'integer', id)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('date_local', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('manual'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('location_closures_source_check', sql`source in ('manual', 'us-federal')`)
    .addUniqueConstraint('location_closures_location_date_key', ['location_id', 'date_local'])
    .execute();
  await db.schema
    .createIndex('location_closures_client_date_idx')
    .on(TABLE)
    .columns(['client_id', 'date_local'])
    .execute();

  if (isPostgres) {
    const rule = sql`current_setting('app.tenant_scope', true) = 'system'
      or client_id = nullif(current_setting('app.client_id', true), '')::integer`;
    await sql`alter table ${sql.table(TABLE)} enable row level security`.execute(db);
    await sql`alter table ${sql.table(TABLE)} force row level security`.execute(db);
    await sql`create policy ${sql.id(POLICY)} on ${sql.table(TABLE)} for all
      using (${rule}) with check (${rule})`.execute(db);
    // The functions of migration 010 raise the counter of the row's client (or of every client).
    await sql`create trigger location_closures_search_config_trg
      after insert or delete or update on ${sql.table(TABLE)}
      for each row execute function search_config_version_bump_by_client_id()`.execute(db);
    await sql`create trigger location_closures_search_config_truncate_trg
      after truncate on ${sql.table(TABLE)}
      for each statement execute function search_config_version_bump_all()`.execute(db);
  } else {
    const oldId = sql.raw('old.client_id');
    const newId = sql.raw('new.client_id');
    await sql`create trigger location_closures_search_config_insert after insert on ${sql.table(TABLE)}
      begin ${bump(newId)}; end`.execute(db);
    await sql`create trigger location_closures_search_config_delete after delete on ${sql.table(TABLE)}
      begin ${bump(oldId)}; end`.execute(db);
    await sql`create trigger location_closures_search_config_update after update on ${sql.table(TABLE)}
      begin ${bump(oldId)}; ${bump(newId)}; end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable(TABLE).execute();
  await db.schema.alterTable('providers').dropColumn('retired_at').execute();
}
