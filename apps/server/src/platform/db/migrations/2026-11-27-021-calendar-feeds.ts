/*
 * FROZEN MIGRATION — never edit after it has shipped; add a new date-prefixed file instead.
 * It imports nothing from the application so that it keeps meaning the same thing forever.
 *
 * Issue 20 "Provider calendar feeds", on SQLite and PostgreSQL:
 *
 *  - `provider_calendar_feeds`: a provider's secret ICS feed address (/api/calendar/{token}.ics).
 *    One row per provider (unique). The token is base64url(HMAC-SHA256(key, provider and
 *    `nonce`)): the 128-bit random nonce makes it unguessable, the server's key underivable from
 *    a copy of the database. Only `token_hash` (SHA-256 of the token, hex; unique) is looked up,
 *    and the token itself is never stored; the admin derives it again to show the address. A new
 *    nonce (rotation, `rotated_at`) changes the token: the old address answers 404 at once.
 *
 * PostgreSQL: row-level security as on every client-owned table (migration 006: policy
 * tenant_isolation, ENABLE and FORCE). The public feed looks its token up in system scope, then
 * works on the feed's client.
 */
import { PostgresAdapter, sql } from 'kysely';
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';

const POLICY = 'tenant_isolation';
const TABLE = 'provider_calendar_feeds';

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: ColumnDefinitionBuilder) =>
    isPostgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable(TABLE)
    .addColumn('id', 'integer', id)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('provider_id', 'integer', (c) => c.notNull().references('providers.id').onDelete('cascade'))
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('rotated_at', 'bigint')
    .addUniqueConstraint('provider_calendar_feeds_provider_key', ['provider_id'])
    .addUniqueConstraint('provider_calendar_feeds_token_hash_key', ['token_hash'])
    .execute();
  await db.schema.createIndex('provider_calendar_feeds_client_idx').on(TABLE).column('client_id').execute();

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
