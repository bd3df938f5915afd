import { Migrator, sql } from 'kysely';
import type { Kysely, Migration, MigrationProvider, MigrationResult } from 'kysely';
import { createDb, dialectOf, ownerConnectionOf } from './database.ts';
import { installPgBoss } from '../jobs/pg-boss-repository.ts';
import type { Db } from './database.ts';
import * as initial from './migrations/2026-11-25-001-initial.ts';
import * as reportIndexes from './migrations/2026-11-25-002-report-indexes.ts';
import * as slotSearch from './migrations/2026-11-25-003-slot-search.ts';
import * as dailyAppointmentRollup from './migrations/2026-11-26-004-daily-appointment-rollup.ts';
import * as adminVersions from './migrations/2026-11-26-005-admin-versions.ts';
import * as rowLevelSecurity from './migrations/2026-11-26-006-row-level-security.ts';
import * as mappingVersions from './migrations/2026-11-26-007-mapping-versions.ts';
import * as reportRollups from './migrations/2026-11-26-008-report-rollups.ts';
import * as reportCellIndex from './migrations/2026-11-27-009-report-cell-index.ts';
import * as searchConfigVersions from './migrations/2026-11-27-010-search-config-versions.ts';
import * as jobs from './migrations/2026-11-27-011-jobs.ts';
import * as messageTemplates from './migrations/2026-11-27-012-message-templates.ts';
import * as patientPendingChanges from './migrations/2026-11-27-015-patient-pending-changes.ts';
import * as messages from './migrations/2026-11-27-013-messages.ts';
import * as accounts from './migrations/2026-11-27-014-accounts.ts';
import * as selfService from './migrations/2026-11-27-016-self-service.ts';
import * as waitlistOffers from './migrations/2026-11-27-017-waitlist-offers.ts';
import * as closuresRetirement from './migrations/2026-11-27-018-closures-retirement.ts';
import * as patientSearch from './migrations/2026-11-27-019-patient-search.ts';
import * as partnersHolds from './migrations/2026-11-27-020-partners-holds.ts';
import * as calendarFeeds from './migrations/2026-11-27-021-calendar-feeds.ts';
import * as openAvailability from './migrations/2026-11-27-022-open-availability.ts';
import * as bookingLanguage from './migrations/2026-11-27-023-booking-language.ts';
import * as busyChanges from './migrations/2026-11-28-024-busy-changes.ts';

/**
 * Every migration, by name. A static list (no directory scan) so that the bundled server
 * in dist/ carries its migrations. Add new files here; never rename or edit shipped ones.
 * Names sort chronologically (date prefix), which is the order Kysely applies them in.
 */
const migrations: Record<string, Migration> = {
  '2026-11-25-001-initial': initial,
  '2026-11-25-002-report-indexes': reportIndexes,
  '2026-11-25-003-slot-search': slotSearch,
  '2026-11-26-004-daily-appointment-rollup': dailyAppointmentRollup,
  '2026-11-26-005-admin-versions': adminVersions,
  '2026-11-26-006-row-level-security': rowLevelSecurity,
  '2026-11-26-007-mapping-versions': mappingVersions,
  '2026-11-26-008-report-rollups': reportRollups,
  '2026-11-27-009-report-cell-index': reportCellIndex,
  '2026-11-27-010-search-config-versions': searchConfigVersions,
  '2026-11-27-011-jobs': jobs,
  '2026-11-27-012-message-templates': messageTemplates,
  '2026-11-27-013-messages': messages,
  '2026-11-27-014-accounts': accounts,
  '2026-11-27-015-patient-pending-changes': patientPendingChanges,
  '2026-11-27-016-self-service': selfService,
  '2026-11-27-017-waitlist-offers': waitlistOffers,
  '2026-11-27-018-closures-retirement': closuresRetirement,
  '2026-11-27-019-patient-search': patientSearch,
  '2026-11-27-020-partners-holds': partnersHolds,
  '2026-11-27-021-calendar-feeds': calendarFeeds,
  '2026-11-27-022-open-availability': openAvailability,
  '2026-11-27-023-booking-language': bookingLanguage,
  '2026-11-28-024-busy-changes': busyChanges,
};

const staticProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};

export interface MigrateReport {
  applied: string[];
}

/**
 * Brings the schema up to date. Safe to call at every start and from several instances at
 * once: Kysely holds a lock (a PostgreSQL advisory lock; SQLite's write lock) while it runs.
 * Throws when a migration fails (that migration's transaction is rolled back).
 *
 * A PostgreSQL handle that connects as the application role (`DATABASE_APP_URL`) is migrated
 * over a connection of the owner (`DATABASE_URL`), which then grants the application role the
 * use of the tables (rows only: no DDL, no ownership, not Kysely's bookkeeping tables). Refused
 * when the application role owns the tables or bypasses row-level security.
 */
export async function migrate(db: Db): Promise<MigrateReport> {
  const owner = ownerConnectionOf(db);
  if (owner === undefined) {
    const report = await migrateAsOwner(db);
    if (dialectOf(db) === 'postgres') await installPgBoss(db);
    return report;
  }
  const ownerDb = createDb(
    { databaseUrl: owner.url, sqlitePath: '' },
    { poolSize: 2, ...(owner.pgSchema === undefined ? {} : { pgSchema: owner.pgSchema }) },
  );
  try {
    const report = await migrateAsOwner(ownerDb);
    await grantToApplicationRole(ownerDb, db);
    // The job queue's pg-boss schema (platform/jobs/pg-boss-repository.ts), installed by the owner.
    await installPgBoss(ownerDb, (await roleFacts(db)).role);
    return report;
  } finally {
    await ownerDb.destroy();
  }
}

interface RoleFacts {
  role: string;
  superuser: boolean;
  bypassRls: boolean;
}

async function roleFacts(db: Db): Promise<RoleFacts> {
  const result = await sql<{ role: string; superuser: boolean; bypass_rls: boolean }>`
    select current_user as role, r.rolsuper as superuser, r.rolbypassrls as bypass_rls
    from pg_roles r where r.rolname = current_user`.execute(db);
  const row = result.rows[0];
  if (row === undefined) throw new Error('PostgreSQL reported no current role');
  return { role: row.role, superuser: row.superuser, bypassRls: row.bypass_rls };
}

/** Grants the application role (the one `appDb` connects as) the rows of the owner's schema. */
async function grantToApplicationRole(ownerDb: Db, appDb: Db): Promise<void> {
  const [ownerRole, app] = await Promise.all([roleFacts(ownerDb), roleFacts(appDb)]);
  if (app.role === ownerRole.role) {
    throw new Error(
      'DATABASE_APP_URL connects as the owner of the tables; use a role that does not own them',
    );
  }
  if (app.superuser || app.bypassRls) {
    throw new Error(
      `DATABASE_APP_URL connects as ${app.role}, which bypasses row-level security (superuser or BYPASSRLS)`,
    );
  }
  const schema = sql.id(await currentSchema(ownerDb));
  const role = sql.id(app.role);
  // One instance at a time: concurrent GRANTs on the same objects fail ('tuple concurrently updated').
  await ownerDb.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${GRANT_LOCK_KEY})`.execute(trx);
    await sql`grant usage on schema ${schema} to ${role}`.execute(trx);
    await sql`grant select, insert, update, delete on all tables in schema ${schema} to ${role}`.execute(trx);
    await sql`grant usage, select, update on all sequences in schema ${schema} to ${role}`.execute(trx);
    await sql`revoke all on ${sql.table('kysely_migration')}, ${sql.table('kysely_migration_lock')} from ${role}`.execute(
      trx,
    );
  });
}

/** An arbitrary advisory-lock key for the grants. */
const GRANT_LOCK_KEY = 80_060_006;

async function migrateAsOwner(db: Db): Promise<MigrateReport> {
  const migrator = new Migrator({
    db: db as Kysely<unknown>,
    provider: staticProvider,
    // PostgreSQL: keep Kysely's bookkeeping tables in the schema we migrate (search_path),
    // otherwise it would find another schema's tables and skip creating its own.
    ...(dialectOf(db) === 'postgres' ? { migrationTableSchema: await currentSchema(db) } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result: MigrationResult) => result.status === 'Error');
  if (error !== undefined) {
    const cause = error instanceof Error ? error : new Error(JSON.stringify(error));
    throw new Error(
      `Database migration failed${failed ? ` in ${failed.migrationName}` : ''}: ${cause.message}`,
      { cause },
    );
  }
  return {
    applied: (results ?? [])
      .filter((result) => result.status === 'Success')
      .map((result) => result.migrationName),
  };
}

async function currentSchema(db: Db): Promise<string> {
  const result = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = result.rows[0]?.schema;
  if (schema === undefined) throw new Error('PostgreSQL reported no current schema');
  return schema;
}
