/*
 * FROZEN MIGRATION — never edit after it has shipped; add a new date-prefixed file instead.
 * It imports nothing from the application so that it keeps meaning the same thing forever.
 *
 * Staff accounts an attacker cannot bend (issue 15, "Accounts"), on SQLite and PostgreSQL:
 *
 *  - `staff_invitations` (client-owned): adding a person to a brand is an invitation with a
 *    single-use link; only the SHA-256 of its 32-byte random token is stored (`token_hash`).
 *  - `password_resets`: single-use reset links (1 h), token hashed the same way.
 *  - `login_challenges`: the second step of a sign-in (TOTP code, or the new password an owner's
 *    forced reset requires), token hashed, single-use, counted wrong tries.
 *  - `account_emails`: the outbox of invitation and reset e-mails. The link is kept encrypted
 *    (AES-256-GCM) until the e-mail is handed to the transport, then cleared (`link_encrypted`
 *    null); a job of the durable queue carries only the row's id.
 *  - users: `last_client_id` (the brand chosen last: the active brand of the next sign-in),
 *    `must_reset_password` (an owner forced a reset), `totp_secret_encrypted` /
 *    `totp_pending_encrypted` / `totp_enabled_at` / `totp_last_step` (TOTP, secrets encrypted).
 *  - memberships: `disabled_at` (an owner disabled the member in this brand only).
 *  - clients: `require_owner_totp` (owners must use two-factor sign-in to use the admin).
 *
 * PostgreSQL: row-level security on `staff_invitations` like every client-owned table (006). The
 * other new tables name no brand (a person's account spans brands).
 */
import { PostgresAdapter, sql } from 'kysely';
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';

const POLICY = 'tenant_isolation';

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: ColumnDefinitionBuilder) =>
    isPostgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  const required = (c: ColumnDefinitionBuilder) => c.notNull();
  const userRef = (c: ColumnDefinitionBuilder) => c.notNull().references('users.id').onDelete('cascade');

  await db.schema
    .createTable('staff_invitations')
    .addColumn('id', 'integer', id)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('email', 'text', required)
    .addColumn('role', 'text', required)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', required)
    .addColumn('expires_at', 'bigint', required)
    .addColumn('accepted_at', 'bigint')
    .addColumn('accepted_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('revoked_at', 'bigint')
    .addCheckConstraint('staff_invitations_role_check', sql`role in ('owner', 'admin', 'staff', 'viewer')`)
    .execute();
  await db.schema
    .createIndex('staff_invitations_client_idx')
    .on('staff_invitations')
    .columns(['client_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', userRef)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', required)
    .addColumn('expires_at', 'bigint', required)
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('password_resets_user_idx').on('password_resets').column('user_id').execute();

  await db.schema
    .createTable('login_challenges')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', userRef)
    .addColumn('kind', 'text', required)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'bigint', required)
    .addColumn('expires_at', 'bigint', required)
    .addColumn('used_at', 'bigint')
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('login_challenges_kind_check', sql`kind in ('two-factor', 'password-change')`)
    .execute();
  await db.schema.createIndex('login_challenges_user_idx').on('login_challenges').column('user_id').execute();

  await db.schema
    .createTable('account_emails')
    .addColumn('id', 'integer', id)
    .addColumn('kind', 'text', required)
    .addColumn('to_email', 'text', required)
    .addColumn('invitation_id', 'integer', (c) => c.references('staff_invitations.id').onDelete('set null'))
    .addColumn('link_encrypted', 'text')
    .addColumn('status', 'text', required)
    .addColumn('provider_id', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', required)
    .addColumn('sent_at', 'bigint')
    .addCheckConstraint('account_emails_kind_check', sql`kind in ('staff-invitation', 'password-reset')`)
    .addCheckConstraint(
      'account_emails_status_check',
      sql`status in ('queued', 'sent', 'failed', 'not-sent')`,
    )
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('last_client_id', 'integer', (c) => c.references('clients.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('must_reset_password', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('totp_secret_encrypted', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_pending_encrypted', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_enabled_at', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('totp_last_step', 'bigint').execute();
  await db.schema.alterTable('memberships').addColumn('disabled_at', 'bigint').execute();
  await db.schema
    .alterTable('clients')
    .addColumn('require_owner_totp', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  if (isPostgres) {
    const rule = sql`current_setting('app.tenant_scope', true) = 'system'
      or client_id = nullif(current_setting('app.client_id', true), '')::integer`;
    await sql`alter table staff_invitations enable row level security`.execute(db);
    await sql`alter table staff_invitations force row level security`.execute(db);
    await sql`create policy ${sql.id(POLICY)} on staff_invitations for all
      using (${rule}) with check (${rule})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('clients').dropColumn('require_owner_totp').execute();
  await db.schema.alterTable('memberships').dropColumn('disabled_at').execute();
  for (const column of [
    'totp_last_step',
    'totp_enabled_at',
    'totp_pending_encrypted',
    'totp_secret_encrypted',
    'must_reset_password',
    'last_client_id',
  ]) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
  for (const table of ['account_emails', 'login_challenges', 'password_resets', 'staff_invitations']) {
    await db.schema.dropTable(table).execute();
  }
}
