/*
 * FROZEN MIGRATION — never edit after it has shipped; add a new date-prefixed file instead.
 * It imports nothing from the application so that it keeps meaning the same thing forever.
 *
 * Optimistic concurrency for the configuration screens: a `version` counter on services,
 * locations, insurance carriers, types and plans, and a `settings_version` on schedulers (bumped
 * by every updateConfig). An edit names the version it read; the UPDATE matches on it, so a stale
 * edit changes no row and is answered 409. Existing rows start at version 1.
 *
 * Also indexes for the paged, searchable lists of those screens (each scoped by client_id).
 * Plain ALTER TABLE … ADD COLUMN … NOT NULL DEFAULT 1 and CREATE INDEX: the same on SQLite and
 * PostgreSQL.
 */
import type { Kysely } from 'kysely';

const VERSIONED_TABLES = [
  'services',
  'locations',
  'insurance_carriers',
  'insurance_types',
  'insurance_plans',
] as const;

const INDEXES = [
  { name: 'services_client_sort_idx', table: 'services', columns: ['client_id', 'sort_order', 'id'] },
  { name: 'locations_client_sort_idx', table: 'locations', columns: ['client_id', 'sort_order', 'id'] },
  {
    name: 'insurance_plans_client_carrier_idx',
    table: 'insurance_plans',
    columns: ['client_id', 'carrier_id'],
  },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of VERSIONED_TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  }
  await db.schema
    .alterTable('schedulers')
    .addColumn('settings_version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  for (const index of INDEXES) {
    await db.schema
      .createIndex(index.name)
      .on(index.table)
      .columns([...index.columns])
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES) await db.schema.dropIndex(index.name).ifExists().execute();
  await db.schema.alterTable('schedulers').dropColumn('settings_version').execute();
  for (const table of VERSIONED_TABLES) {
    await db.schema.alterTable(table).dropColumn('version').execute();
  }
}
