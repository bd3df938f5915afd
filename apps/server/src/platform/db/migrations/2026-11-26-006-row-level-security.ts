/*
 * FROZEN MIGRATION — never edit after it has shipped; add a new date-prefixed file instead.
 * It imports nothing from the application so that it keeps meaning the same thing forever.
 *
 * PostgreSQL row-level security on every client-owned table (every table with a `client_id`
 * column when this runs): ENABLE and FORCE (so that the owner is held to it too, unless it is a
 * superuser or BYPASSRLS) and one policy, `tenant_isolation`, for every command:
 *
 *   - a session put on a tenant (`app.tenant_scope` = 'tenant', `app.client_id` = the client's id)
 *     sees and writes only rows of that client; with `app.client_id` empty it sees none;
 *   - a session in system scope (`app.tenant_scope` = 'system': migrations, the seed, sign-in,
 *     a staff user's list of brands) sees every row;
 *   - a session that set neither sees nothing (deny by default).
 *
 * The application sets both on every connection it uses (apps/server/src/db/database.ts). A new
 * client-owned table needs its own policy in its own migration: the meta-test
 * (src/safety/row-level-security.test.ts) fails otherwise. SQLite has no row-level security: a
 * no-op there.
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

const POLICY = 'tenant_isolation';

async function clientOwnedTables(db: Kysely<unknown>): Promise<string[]> {
  const result = await sql<{ table_name: string }>`
    select c.table_name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and c.column_name = 'client_id' and t.table_type = 'BASE TABLE'
    order by c.table_name`.execute(db);
  return result.rows.map((row) => row.table_name);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  const rule = sql`current_setting('app.tenant_scope', true) = 'system'
    or client_id = nullif(current_setting('app.client_id', true), '')::integer`;
  for (const table of await clientOwnedTables(db)) {
    await sql`alter table ${sql.table(table)} enable row level security`.execute(db);
    await sql`alter table ${sql.table(table)} force row level security`.execute(db);
    await sql`create policy ${sql.id(POLICY)} on ${sql.table(table)} for all
      using (${rule}) with check (${rule})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const table of await clientOwnedTables(db)) {
    await sql`drop policy if exists ${sql.id(POLICY)} on ${sql.table(table)}`.execute(db);
    await sql`alter table ${sql.table(table)} no force row level security`.execute(db);
    await sql`alter table ${sql.table(table)} disable row level security`.execute(db);
  }
}
