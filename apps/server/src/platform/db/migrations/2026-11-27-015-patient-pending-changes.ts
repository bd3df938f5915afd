/*
 * FROZEN MIGRATION — never edit after it has shipped; add a new date-prefixed file instead.
 * It imports nothing from the application so that it keeps meaning the same thing forever.
 *
 * Issue 15, findings 3 and 11, on SQLite and PostgreSQL:
 *
 *  - `patient_pending_changes`: an anonymous booking (or a staff booking from a waitlist entry the
 *    public filled in) that matches a stored patient no longer writes its phone, e-mail and
 *    consents over the record; the fields that differ are kept here (null: unchanged) until staff
 *    accept (applied to the record) or reject them. `status` is 'pending', 'accepted' or
 *    'rejected'; `decided_by_user_id` / `decided_at` say who decided and when. PostgreSQL:
 *    row-level security as on every client-owned table (migration 006: policy tenant_isolation,
 *    ENABLE and FORCE).
 *  - The generated avatars' URL names the brand (`/api/avatars/{client slug}/{id}.svg`): the
 *    providers' stored photo addresses of the old form (`/api/avatars/{id}.svg`) are rewritten.
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

const POLICY = 'tenant_isolation';

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('patient_pending_changes')
    .addColumn('id', 'integer', (c) =>
      isPostgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('patient_id', 'integer', (c) => c.notNull().references('patients.id').onDelete('cascade'))
    .addColumn('appointment_id', 'integer', (c) => c.references('appointments.id').onDelete('set null'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('sms_permission', 'integer')
    .addColumn('email_permission', 'integer')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('decided_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('patient_pending_changes_source_check', sql`source in ('booking', 'waitlist')`)
    .addCheckConstraint(
      'patient_pending_changes_status_check',
      sql`status in ('pending', 'accepted', 'rejected')`,
    )
    .execute();
  await db.schema
    .createIndex('patient_pending_changes_patient_idx')
    .on('patient_pending_changes')
    .columns(['client_id', 'patient_id', 'status'])
    .execute();

  if (isPostgres) {
    const rule = sql`current_setting('app.tenant_scope', true) = 'system'
      or client_id = nullif(current_setting('app.client_id', true), '')::integer`;
    await sql`alter table patient_pending_changes enable row level security`.execute(db);
    await sql`alter table patient_pending_changes force row level security`.execute(db);
    await sql`create policy ${sql.id(POLICY)} on patient_pending_changes for all
      using (${rule}) with check (${rule})`.execute(db);
  }

  // The avatars' old URL names no brand: rewrite the stored photo addresses of that form.
  await sql`update providers
    set photo_url = '/api/avatars/' || (select c.slug from clients c where c.id = providers.client_id)
      || '/' || cast(id as text) || '.svg'
    where photo_url = '/api/avatars/' || cast(id as text) || '.svg'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update providers
    set photo_url = '/api/avatars/' || cast(id as text) || '.svg'
    where photo_url = '/api/avatars/' || (select c.slug from clients c where c.id = providers.client_id)
      || '/' || cast(id as text) || '.svg'`.execute(db);
  await db.schema.dropTable('patient_pending_changes').execute();
}
