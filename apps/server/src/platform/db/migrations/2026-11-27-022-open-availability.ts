/*
 * FROZEN MIGRATION — never edit after it has shipped; add a new date-prefixed file instead.
 * It imports nothing from the application so that it keeps meaning the same thing forever.
 *
 * Issue 20 "Open availability", on SQLite and PostgreSQL:
 *
 *  - `open_availability_settings`: a brand's publication of its open times (the public FHIR R4
 *    read API, the SMART Scheduling Links publisher, partners' find/hold/book). One row per
 *    client (unique); a brand without a row publishes with the defaults. `published` (1 by
 *    default): 0 answers 404 on every /fhir path of the brand. `scheduler_id`: the scheduler
 *    whose view is published, null for the brand's first scheduler by id (a deleted scheduler
 *    falls back to it too). `feed_service_names` (0 by default): providers' calendar feeds show
 *    the service name in event titles. `version`: optimistic concurrency of the admin's changes.
 *
 * PostgreSQL: row-level security as on every client-owned table (migration 006: policy
 * tenant_isolation, ENABLE and FORCE).
 */
import { PostgresAdapter, sql } from 'kysely';
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';

const POLICY = 'tenant_isolation';
const TABLE = 'open_availability_settings';

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: ColumnDefinitionBuilder) =>
    isPostgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable(TABLE)
    .addColumn('id', 'integer', id)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('scheduler_id', 'integer', (c) => c.references('schedulers.id').onDelete('set null'))
    .addColumn('feed_service_names', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('open_availability_settings_published_check', sql`published in (0, 1)`)
    .addCheckConstraint('open_availability_settings_feed_names_check', sql`feed_service_names in (0, 1)`)
    .addUniqueConstraint('open_availability_settings_client_key', ['client_id'])
    .execute();

  if (isPostgres) {
    const rule = sql`current_setting('app.tenant_scope', true) = 'system'
      or client_id = nullif(current_setting('app.client_id', true), '')::integer`;
    await sql`alter table ${sql.table(TABLE)} enable row level security`.execute(db);
    await sql`alter table ${sql.table(TABLE)} force row level security`.execute(db);
    await sql`create policy ${sql.id(POLICY)} on ${sql.table(TABLE)} for all
      using (${rule}) with check (${rule})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable(TABLE).execute();
}
