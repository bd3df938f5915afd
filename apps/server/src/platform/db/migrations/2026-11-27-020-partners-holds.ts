/*
 * FROZEN MIGRATION — never edit after it has shipped; add a new date-prefixed file instead.
 * It imports nothing from the application so that it keeps meaning the same thing forever.
 *
 * Issue 20 "Find, hold, book" for trusted partners, on SQLite and PostgreSQL:
 *
 *  - `partner_clients`: an OAuth 2.0 client of one brand (client credentials): its name, the public
 *    `client_identifier` (random, unique), `secret_hash` (SHA-256 of a 256-bit random secret, hex:
 *    the secret itself is shown once and never stored), who created it and when, when it was last
 *    used, and `revoked_at` (null while it may get tokens; a revoked client's tokens stop working).
 *  - `slot_holds`: a partner's 5-minute hold of one time (`$hold`): provider, location, service,
 *    [start_at, end_at) and `expires_at` (UTC epoch ms). A job deletes it at expiry; a `$book`
 *    of the same partner turns it into the appointment.
 *  - `appointment_slot_units` (the double-booking guard of the initial migration) now holds the
 *    units of an active appointment OR of a hold: `appointment_id` becomes nullable, `hold_id`
 *    references `slot_holds` (ON DELETE CASCADE) and a check requires exactly one of them. The
 *    unique key (provider_id, unit_start), its name kept, so refuses a booking over a hold and a
 *    hold over a booking under any concurrency. SQLite cannot alter a column's constraints: the
 *    table is rebuilt (create, copy, drop, rename, indexes again); it has no trigger or view (the
 *    migration checks, and stops rather than drop one silently).
 *  - Holds raise `provider_busy_versions` like appointments (migration 003's triggers): a kept
 *    slot search is not reused once a time is held or released.
 *
 * PostgreSQL: row-level security on both new tables (migration 006: policy tenant_isolation,
 * ENABLE and FORCE).
 */
import { PostgresAdapter, sql } from 'kysely';
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';

const POLICY = 'tenant_isolation';
const UNITS = 'appointment_slot_units';
const UNITS_KEY = 'appointment_slot_units_provider_unit_key';
const UNITS_OWNER_CHECK = 'appointment_slot_units_owner_check';

const bump = (providerId: ReturnType<typeof sql.raw>) =>
  sql`insert into provider_busy_versions (provider_id, version) values (${providerId}, 1)
      on conflict (provider_id) do update set version = provider_busy_versions.version + 1`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: ColumnDefinitionBuilder) =>
    isPostgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable('partner_clients')
    .addColumn('id', 'integer', id)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('client_identifier', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .addUniqueConstraint('partner_clients_identifier_key', ['client_identifier'])
    .execute();
  await db.schema
    .createIndex('partner_clients_client_idx')
    .on('partner_clients')
    .columns(['client_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('slot_holds')
    .addColumn('id', 'integer', id)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('partner_id', 'integer', (c) =>
      c.notNull().references('partner_clients.id').onDelete('cascade'),
    )
    .addColumn('provider_id', 'integer', (c) => c.notNull().references('providers.id').onDelete('cascade'))
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id').onDelete('cascade'))
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('slot_holds_range_check', sql`start_at < end_at`)
    .execute();
  // The slot search's statement 5 reads holds like appointments (client, provider, end, start).
  await db.schema
    .createIndex('slot_holds_client_provider_end_busy_idx')
    .on('slot_holds')
    .columns(['client_id', 'provider_id', 'end_at', 'start_at'])
    .execute();
  await db.schema
    .createIndex('slot_holds_provider_expires_idx')
    .on('slot_holds')
    .columns(['provider_id', 'expires_at'])
    .execute();
  await db.schema.createIndex('slot_holds_partner_idx').on('slot_holds').columns(['partner_id']).execute();

  if (isPostgres) {
    await sql`alter table ${sql.table(UNITS)} alter column appointment_id drop not null`.execute(db);
    await sql`alter table ${sql.table(UNITS)}
      add column hold_id integer references slot_holds (id) on delete cascade`.execute(db);
    await sql`alter table ${sql.table(UNITS)} add constraint ${sql.id(UNITS_OWNER_CHECK)}
      check ((appointment_id is null) <> (hold_id is null))`.execute(db);
  } else {
    await rebuildSqliteUnits(db);
  }
  await db.schema.createIndex('appointment_slot_units_hold_idx').on(UNITS).columns(['hold_id']).execute();

  if (isPostgres) {
    const rule = sql`current_setting('app.tenant_scope', true) = 'system'
      or client_id = nullif(current_setting('app.client_id', true), '')::integer`;
    for (const table of ['partner_clients', 'slot_holds']) {
      await sql`alter table ${sql.table(table)} enable row level security`.execute(db);
      await sql`alter table ${sql.table(table)} force row level security`.execute(db);
      await sql`create policy ${sql.id(POLICY)} on ${sql.table(table)} for all
        using (${rule}) with check (${rule})`.execute(db);
    }
    // The function of migration 003 raises the counter of the row's provider (old and new).
    await sql`create trigger slot_holds_busy_version_trg
      after insert or delete or update of provider_id, start_at, end_at on slot_holds
      for each row execute function provider_busy_version_bump()`.execute(db);
  } else {
    const oldId = sql.raw('old.provider_id');
    const newId = sql.raw('new.provider_id');
    await sql`create trigger slot_holds_busy_version_insert after insert on slot_holds
      begin ${bump(newId)}; end`.execute(db);
    await sql`create trigger slot_holds_busy_version_delete after delete on slot_holds
      begin ${bump(oldId)}; end`.execute(db);
    await sql`create trigger slot_holds_busy_version_update
      after update of provider_id, start_at, end_at on slot_holds
      begin ${bump(oldId)}; ${bump(newId)}; end`.execute(db);
  }
}

/**
 * SQLite: `appointment_slot_units` again with a nullable `appointment_id`, `hold_id` and the
 * owner check (the documented 12-step table change: new table, copy, drop, rename, indexes).
 */
async function rebuildSqliteUnits(db: Kysely<unknown>): Promise<void> {
  const attached = await sql<{ type: string; name: string }>`
    select type, name from sqlite_master
    where tbl_name = ${UNITS} and type in ('trigger', 'view')`.execute(db);
  const views = await sql<{ name: string }>`
    select name from sqlite_master where type = 'view' and sql like ${`%${UNITS}%`}`.execute(db);
  const found = [...attached.rows.map((row) => row.name), ...views.rows.map((row) => row.name)];
  if (found.length > 0)
    throw new Error(`${UNITS} has triggers or views (${found.join(', ')}): recreate them in this migration`);

  const next = `${UNITS}_next`;
  await db.schema
    .createTable(next)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('provider_id', 'integer', (c) => c.notNull().references('providers.id'))
    .addColumn('unit_start', 'bigint', (c) => c.notNull())
    .addColumn('appointment_id', 'integer', (c) => c.references('appointments.id').onDelete('cascade'))
    .addColumn('hold_id', 'integer', (c) => c.references('slot_holds.id').onDelete('cascade'))
    .addUniqueConstraint(UNITS_KEY, ['provider_id', 'unit_start'])
    .addCheckConstraint(UNITS_OWNER_CHECK, sql`(appointment_id is null) <> (hold_id is null)`)
    .execute();
  await sql`insert into ${sql.table(next)} (client_id, provider_id, unit_start, appointment_id)
    select client_id, provider_id, unit_start, appointment_id from ${sql.table(UNITS)}`.execute(db);
  await db.schema.dropTable(UNITS).execute();
  await sql`alter table ${sql.table(next)} rename to ${sql.table(UNITS)}`.execute(db);
  await db.schema
    .createIndex('appointment_slot_units_appointment_idx')
    .on(UNITS)
    .columns(['appointment_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql`delete from ${sql.table(UNITS)} where hold_id is not null`.execute(db);
  await db.schema.dropIndex('appointment_slot_units_hold_idx').execute();
  if (isPostgres) {
    await sql`alter table ${sql.table(UNITS)} drop constraint ${sql.id(UNITS_OWNER_CHECK)}`.execute(db);
    await sql`alter table ${sql.table(UNITS)} drop column hold_id`.execute(db);
    await sql`alter table ${sql.table(UNITS)} alter column appointment_id set not null`.execute(db);
  } else {
    const previous = `${UNITS}_previous`;
    await db.schema
      .createTable(previous)
      .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
      .addColumn('provider_id', 'integer', (c) => c.notNull().references('providers.id'))
      .addColumn('unit_start', 'bigint', (c) => c.notNull())
      .addColumn('appointment_id', 'integer', (c) =>
        c.notNull().references('appointments.id').onDelete('cascade'),
      )
      .addUniqueConstraint(UNITS_KEY, ['provider_id', 'unit_start'])
      .execute();
    await sql`insert into ${sql.table(previous)} (client_id, provider_id, unit_start, appointment_id)
      select client_id, provider_id, unit_start, appointment_id from ${sql.table(UNITS)}`.execute(db);
    await db.schema.dropTable(UNITS).execute();
    await sql`alter table ${sql.table(previous)} rename to ${sql.table(UNITS)}`.execute(db);
    await db.schema
      .createIndex('appointment_slot_units_appointment_idx')
      .on(UNITS)
      .columns(['appointment_id'])
      .execute();
  }
  await db.schema.dropTable('slot_holds').execute();
  await db.schema.dropTable('partner_clients').execute();
}
