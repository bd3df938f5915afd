import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { Migration, MigrationProvider, MigrationResult } from 'kysely/migration';
import { dialectOf } from './database.ts';
import type { Db } from './database.ts';
import * as initial from './migrations/2026-11-25-001-initial.ts';
import * as reportIndexes from './migrations/2026-11-25-002-report-indexes.ts';
import * as slotSearch from './migrations/2026-11-25-003-slot-search.ts';

/**
 * Every migration, by name. A static list (no directory scan) so that the bundled server
 * in dist/ carries its migrations. Add new files here; never rename or edit shipped ones.
 * Names sort chronologically (date prefix), which is the order Kysely applies them in.
 */
const migrations: Record<string, Migration> = {
  '2026-11-25-001-initial': initial,
  '2026-11-25-002-report-indexes': reportIndexes,
  '2026-11-25-003-slot-search': slotSearch,
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
 */
export async function migrate(db: Db): Promise<MigrateReport> {
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
