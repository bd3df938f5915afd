/*
 * FROZEN MIGRATION — never edit after it has shipped; add a new date-prefixed file instead.
 * It imports nothing from the application so that it keeps meaning the same thing forever.
 *
 * Issue 18 "Waitlist offers", on SQLite and PostgreSQL:
 *
 *  - `waitlist_freed_times`: a time that freed (a cancellation, a reschedule's old start, a new
 *    working-hours block) and is offered to the waitlist in waves. `status` is 'offering' (waves
 *    go out), 'filled' (claimed: `filled_appointment_id`) or 'ended' (the cut-off passed, nobody
 *    left to offer, or offers are off); `waves_sent` counts the waves made.
 *  - `waitlist_offers`: one per (freed time, waitlist entry): its wave, channel, the offered time
 *    and service, the claim token's SHA-256 (`token_hash`, unique; null until the message is
 *    made — the token itself is never stored), `move_appointment_id` when claiming moves the
 *    patient's later appointment, `status` 'sent' | 'claimed' | 'gone' | 'expired', when it was
 *    sent, decided, and expires, the appointment it booked, the claim's idempotency key and the
 *    days gained (reports).
 *
 * PostgreSQL: row-level security as on every client-owned table (migration 006: policy
 * tenant_isolation, ENABLE and FORCE).
 */
import { PostgresAdapter, sql } from 'kysely';
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';

const POLICY = 'tenant_isolation';

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: ColumnDefinitionBuilder) =>
    isPostgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable('waitlist_freed_times')
    .addColumn('id', 'integer', id)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('scheduler_id', 'integer', (c) => c.references('schedulers.id').onDelete('set null'))
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('provider_id', 'integer', (c) => c.notNull().references('providers.id').onDelete('cascade'))
    .addColumn('service_id', 'integer', (c) => c.references('services.id').onDelete('cascade'))
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('appointment_id', 'integer', (c) => c.references('appointments.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('offering'))
    .addColumn('waves_sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('filled_appointment_id', 'integer', (c) =>
      c.references('appointments.id').onDelete('set null'),
    )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint(
      'waitlist_freed_times_reason_check',
      sql`reason in ('cancelled', 'rescheduled', 'hours-added')`,
    )
    .addCheckConstraint('waitlist_freed_times_status_check', sql`status in ('offering', 'filled', 'ended')`)
    .execute();
  await db.schema
    .createIndex('waitlist_freed_times_status_idx')
    .on('waitlist_freed_times')
    .columns(['client_id', 'status', 'start_at'])
    .execute();

  await db.schema
    .createTable('waitlist_offers')
    .addColumn('id', 'integer', id)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('freed_time_id', 'integer', (c) =>
      c.notNull().references('waitlist_freed_times.id').onDelete('cascade'),
    )
    .addColumn('waitlist_entry_id', 'integer', (c) =>
      c.notNull().references('waitlist_entries.id').onDelete('cascade'),
    )
    .addColumn('wave', 'integer', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id').onDelete('cascade'))
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    .addColumn('token_hash', 'text')
    .addColumn('move_appointment_id', 'integer', (c) => c.references('appointments.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('sent'))
    .addColumn('sent_at', 'bigint')
    .addColumn('outcome_at', 'bigint')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('appointment_id', 'integer', (c) => c.references('appointments.id').onDelete('set null'))
    .addColumn('claim_key', 'text')
    .addColumn('days_gained', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('waitlist_offers_status_check', sql`status in ('sent', 'claimed', 'gone', 'expired')`)
    .addCheckConstraint('waitlist_offers_channel_check', sql`channel in ('email', 'sms')`)
    .addUniqueConstraint('waitlist_offers_freed_entry_key', ['freed_time_id', 'waitlist_entry_id'])
    .addUniqueConstraint('waitlist_offers_token_hash_key', ['token_hash'])
    .execute();
  await db.schema
    .createIndex('waitlist_offers_entry_idx')
    .on('waitlist_offers')
    .columns(['client_id', 'waitlist_entry_id'])
    .execute();
  await db.schema
    .createIndex('waitlist_offers_created_idx')
    .on('waitlist_offers')
    .columns(['client_id', 'created_at'])
    .execute();

  if (isPostgres) {
    const rule = sql`current_setting('app.tenant_scope', true) = 'system'
      or client_id = nullif(current_setting('app.client_id', true), '')::integer`;
    for (const table of ['waitlist_freed_times', 'waitlist_offers']) {
      await sql`alter table ${sql.table(table)} enable row level security`.execute(db);
      await sql`alter table ${sql.table(table)} force row level security`.execute(db);
      await sql`create policy ${sql.id(POLICY)} on ${sql.table(table)} for all
        using (${rule}) with check (${rule})`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('waitlist_offers').execute();
  await db.schema.dropTable('waitlist_freed_times').execute();
}
