/*
 * FROZEN MIGRATION — never edit after it has shipped; add a new date-prefixed file instead.
 * It imports nothing from the application so that it keeps meaning the same thing forever.
 *
 * Issue 18 "Manage link" (patients cancel or reschedule their own appointment), on SQLite and
 * PostgreSQL (docs/decisions/017-manage-links.md):
 *
 *  - appointments.manage_nonce: 16 random bytes (base64url) from which the manage token is derived
 *    (HMAC with MANAGE_LINK_KEY); a new nonce ("resend link") kills every earlier link. Null: no
 *    link yet. appointments.manage_token_hash: SHA-256 (hex) of the token, unique, the only way a
 *    request finds its appointment. The token itself is never stored.
 *  - appointments.cancelled_by ('patient' | 'staff'), cancel_note (the patient's free text; the
 *    reason stays in cancel_reason), reschedule_count (reschedules by the patient) and
 *    rescheduled_from_at (the start before the latest one, epoch ms).
 *  - services.patient_cancel_cutoff_hours (24), patient_reschedule_cutoff_hours (24),
 *    patient_reschedule_limit (2): "patients may cancel / reschedule online until N hours before",
 *    "at most N reschedules per appointment".
 *
 * No new table: the columns are on tables that already have their row-level security policy
 * (migration 006).
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('appointments').addColumn('manage_nonce', 'text').execute();
  await db.schema.alterTable('appointments').addColumn('manage_token_hash', 'text').execute();
  await db.schema
    .alterTable('appointments')
    .addColumn('cancelled_by', 'text', (c) => c.check(sql`cancelled_by in ('patient', 'staff')`))
    .execute();
  await db.schema.alterTable('appointments').addColumn('cancel_note', 'text').execute();
  await db.schema
    .alterTable('appointments')
    .addColumn('reschedule_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('appointments').addColumn('rescheduled_from_at', 'bigint').execute();
  await db.schema
    .createIndex('appointments_manage_token_hash')
    .unique()
    .on('appointments')
    .column('manage_token_hash')
    .execute();

  await db.schema
    .alterTable('services')
    .addColumn('patient_cancel_cutoff_hours', 'integer', (c) => c.notNull().defaultTo(24))
    .execute();
  await db.schema
    .alterTable('services')
    .addColumn('patient_reschedule_cutoff_hours', 'integer', (c) => c.notNull().defaultTo(24))
    .execute();
  await db.schema
    .alterTable('services')
    .addColumn('patient_reschedule_limit', 'integer', (c) => c.notNull().defaultTo(2))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [
    'patient_reschedule_limit',
    'patient_reschedule_cutoff_hours',
    'patient_cancel_cutoff_hours',
  ]) {
    await db.schema.alterTable('services').dropColumn(column).execute();
  }
  await db.schema.dropIndex('appointments_manage_token_hash').execute();
  for (const column of [
    'rescheduled_from_at',
    'reschedule_count',
    'cancel_note',
    'cancelled_by',
    'manage_token_hash',
    'manage_nonce',
  ]) {
    await db.schema.alterTable('appointments').dropColumn(column).execute();
  }
}
