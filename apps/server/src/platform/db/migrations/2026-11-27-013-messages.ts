/*
 * FROZEN MIGRATION — never edit after it has shipped; add a new date-prefixed file instead.
 * It imports nothing from the application so that it keeps meaning the same thing forever.
 *
 * Patient messages (issue 17), on SQLite and PostgreSQL:
 *  - `messages`: one row per message of an appointment (confirmation, reminder, notice), made in the
 *    transaction of the change that calls for it and sent by a job. UNIQUE (appointment_id, kind,
 *    channel, scheduled_at): planning twice makes no second message. `appointment_start_at` is the
 *    start it was planned for (a moved appointment's reminders are skipped at send time). Subject,
 *    body and address are those of the send (rendered then, from the patient's details on file).
 *  - `message_rules`: a scheduler's reminder rules (JSON list of {channel, offsetMinutes}) and its
 *    quiet hours (minutes after local midnight); no row = the defaults (e-mail 48 h, SMS 2 h; 21–08).
 *  - `message_replies`: what an SMS reply did (confirm / stop / start / help), never its text.
 *
 * PostgreSQL: row-level security as on every client-owned table (migrations 006 and 010).
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

const POLICY = 'tenant_isolation';
const TABLES = ['messages', 'message_rules', 'message_replies'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', 'integer', (c) =>
        isPostgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
      );

  await id('messages')
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('appointment_id', 'integer', (c) =>
      c.notNull().references('appointments.id').onDelete('cascade'),
    )
    .addColumn('patient_id', 'integer', (c) => c.notNull().references('patients.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('scheduled_at', 'bigint', (c) => c.notNull())
    .addColumn('appointment_start_at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('status_reason', 'text')
    .addColumn('to_address', 'text')
    .addColumn('subject', 'text')
    .addColumn('body', 'text')
    .addColumn('body_html', 'text')
    .addColumn('provider_id', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sends', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'bigint')
    .addColumn('delivered_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('messages_appointment_kind_channel_time_key', [
      'appointment_id',
      'kind',
      'channel',
      'scheduled_at',
    ])
    .execute();
  await db.schema
    .createIndex('messages_client_scheduled_idx')
    .on('messages')
    .columns(['client_id', 'scheduled_at'])
    .execute();
  await db.schema
    .createIndex('messages_client_patient_idx')
    .on('messages')
    .columns(['client_id', 'patient_id'])
    .execute();
  await db.schema.createIndex('messages_provider_id_idx').on('messages').column('provider_id').execute();

  await id('message_rules')
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('scheduler_id', 'integer', (c) =>
      c.notNull().unique().references('schedulers.id').onDelete('cascade'),
    )
    .addColumn('reminders', 'text', (c) => c.notNull())
    .addColumn('quiet_start', 'integer', (c) => c.notNull())
    .addColumn('quiet_end', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await id('message_replies')
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('patient_id', 'integer', (c) => c.notNull().references('patients.id').onDelete('cascade'))
    .addColumn('appointment_id', 'integer', (c) => c.references('appointments.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('message_replies_client_created_idx')
    .on('message_replies')
    .columns(['client_id', 'created_at'])
    .execute();

  if (isPostgres) {
    const rule = sql`current_setting('app.tenant_scope', true) = 'system'
      or client_id = nullif(current_setting('app.client_id', true), '')::integer`;
    for (const table of TABLES) {
      await sql`alter table ${sql.table(table)} enable row level security`.execute(db);
      await sql`alter table ${sql.table(table)} force row level security`.execute(db);
      await sql`create policy ${sql.id(POLICY)} on ${sql.table(table)} for all
        using (${rule}) with check (${rule})`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [...TABLES].reverse()) await db.schema.dropTable(table).execute();
}
