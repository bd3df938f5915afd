/*
 * FROZEN MIGRATION — never edit after it has shipped; add a new date-prefixed file instead.
 * It imports nothing from the application so that it keeps meaning the same thing forever.
 *
 * Message templates (issue 17 "Content rules"), on SQLite and PostgreSQL: `message_templates`, a
 * practice's (client's) own wording of one message, per kind × channel × language. No row = the
 * shipped default (packages/domain/src/messages/defaults.ts). E-mail rows have subject, body_html and
 * body_text; SMS rows body_text only. `sms_service_name` (0/1) is the practice's opt-in to name
 * the service in that SMS. `version` starts at 1 and grows with each save (a stale save is
 * refused); deleting the row is "reset to default".
 *
 * PostgreSQL: row-level security as on every client-owned table (migrations 006 and 010).
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

const POLICY = 'tenant_isolation';

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('message_templates')
    .addColumn('id', 'integer', (c) =>
      isPostgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('subject', 'text')
    .addColumn('body_html', 'text')
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('sms_service_name', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .addUniqueConstraint('message_templates_client_kind_channel_language_key', [
      'client_id',
      'kind',
      'channel',
      'language',
    ])
    .execute();

  if (isPostgres) {
    const rule = sql`current_setting('app.tenant_scope', true) = 'system'
      or client_id = nullif(current_setting('app.client_id', true), '')::integer`;
    await sql`alter table message_templates enable row level security`.execute(db);
    await sql`alter table message_templates force row level security`.execute(db);
    await sql`create policy ${sql.id(POLICY)} on message_templates for all
      using (${rule}) with check (${rule})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('message_templates').execute();
}
