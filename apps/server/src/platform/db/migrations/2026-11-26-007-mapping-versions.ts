/*
 * FROZEN MIGRATION — never edit after it has shipped; add a new date-prefixed file instead.
 * It imports nothing from the application so that it keeps meaning the same thing forever.
 *
 * Optimistic concurrency for the replace-the-set map writes and the widget allow-list. Each set has
 * its own counter on the row that owns it, so that editing a record and editing its map do not
 * refuse each other:
 *
 *   providers.locations_version       the provider's locations   (providerLocationMapAssign)
 *   providers.services_version        the provider's services    (insertApptProviderMap)
 *   providers.plans_version           the provider's plans       (createInsuranceProviderConfig)
 *   locations.providers_version       the location's providers   (createLocationProviderConfig)
 *   services.locations_version        the service's locations    (createServiceLocationConfig)
 *   insurance_plans.providers_version the plan's providers       (createInsuranceProviderConfig)
 *   clients.frame_ancestors_version   the widget's allow-list    (PUT admin/widget)
 *
 * A write names the version it read; the UPDATE of the counter matches on it, so a stale write
 * changes nothing and is answered 409. A write from one side bumps the counters of the other side's
 * rows whose sets it changed. Existing rows start at 1. Plain ALTER TABLE … ADD COLUMN … NOT NULL
 * DEFAULT 1: the same on SQLite and PostgreSQL. No new table, so no new row-level security policy
 * (the tables keep the policies of migration 006).
 */
import type { Kysely } from 'kysely';

const COUNTERS = [
  { table: 'providers', column: 'locations_version' },
  { table: 'providers', column: 'services_version' },
  { table: 'providers', column: 'plans_version' },
  { table: 'locations', column: 'providers_version' },
  { table: 'services', column: 'locations_version' },
  { table: 'insurance_plans', column: 'providers_version' },
  { table: 'clients', column: 'frame_ancestors_version' },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { table, column } of COUNTERS) {
    await db.schema
      .alterTable(table)
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table, column } of [...COUNTERS].reverse()) {
    await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
