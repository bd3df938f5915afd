/*
 * Databases and server instances for the full-size harnesses (races, crashes): a fresh SQLite file,
 * or a fresh PostgreSQL database created next to TEST_DATABASE_URL; migrated and seeded with the
 * demo at the pinned clock; and N app instances on it, each with its own connection pool.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app.ts';
import type { App } from '../../src/app.ts';
import type { Config } from '../../src/platform/config.ts';
import { createDb } from '../../src/platform/db/database.ts';
import type { Db } from '../../src/platform/db/database.ts';
import { migrate } from '../../src/platform/db/migrate.ts';
import { seedIfEmpty } from '../../src/platform/db/seed/seed.ts';
import { testConfig } from '../../src/test/test-db.ts';
import { NOW, RELAXED_LIMITS } from './safety-fixture.ts';
import { brandRecords } from './db/brand-records.ts';
import { createScratchDatabase, dropScratchDatabase } from './db/scratch-databases.ts';

export type HarnessDialect = 'sqlite' | 'postgres';

/** Test tooling reads its own variable (as test/test-db.ts does); the app reads env only in config.ts. */
export function harnessPostgresUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL;
  return url === undefined || url === '' ? undefined : url;
}

export interface HarnessDatabase {
  dialect: HarnessDialect;
  /** The config the instances run with (database, relaxed rate limits). */
  config: Config;
  /** A handle for the harness's own SQL checks. */
  db: Db;
  /** The brand the load goes to. */
  brand: { clientId: number; slug: string; schedulerSlug: string };
  /** SQLite file, or PostgreSQL URL. */
  location: string;
  destroy(): Promise<void>;
}

export async function createHarnessDatabase(
  dialect: HarnessDialect,
  options: { seed?: boolean; name?: string } = {},
): Promise<HarnessDatabase> {
  let config: Config;
  let cleanup: () => Promise<void>;
  let location: string;
  if (dialect === 'postgres') {
    const base = harnessPostgresUrl();
    if (base === undefined) throw new Error('PostgreSQL needs TEST_DATABASE_URL (postgres://…)');
    const name = options.name ?? `scheduler_safety_${process.pid}`;
    location = await createScratchDatabase(base, name);
    config = { ...testConfig({ DATABASE_URL: location }), ...RELAXED_LIMITS };
    cleanup = () => dropScratchDatabase(base, name);
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'scheduler-safety-'));
    location = path.join(dir, 'harness.db');
    config = { ...testConfig({ SQLITE_PATH: location }), ...RELAXED_LIMITS };
    cleanup = () => {
      rmSync(dir, { recursive: true, force: true });
      return Promise.resolve();
    };
  }
  const db = createDb(config, { poolSize: 4 });
  await migrate(db);
  if (options.seed !== false) await seedIfEmpty(db, NOW);
  const records = await brandRecords(db, 'brightsmile', NOW.getTime());
  return {
    dialect,
    config,
    db,
    location,
    brand: { clientId: records.clientId, slug: records.slug, schedulerSlug: records.schedulerSlug },
    async destroy() {
      await db.destroy().catch(() => undefined);
      await cleanup();
    },
  };
}

/** An app instance on the harness database, with a pool of its own. */
export async function createHarnessApp(
  database: HarnessDatabase,
  options: { poolSize?: number } = {},
): Promise<{ app: App; close(): Promise<void> }> {
  const db = createDb(database.config, { poolSize: options.poolSize ?? 10 });
  const app = await buildApp({ config: database.config, db, logger: false, now: () => NOW });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}
