/*
 * Real databases for tests: a fresh SQLite file in a temp folder, and — when
 * TEST_DATABASE_URL is set (CI sets it) — a uniquely named PostgreSQL schema as well,
 * dropped afterwards. Run a suite against each with:
 *
 *   describe.each(testDatabases())('… on $name', (target) => {
 *     let t: TestDatabase;
 *     beforeAll(async () => { t = await target.create(); });
 *     afterAll(async () => { await t.destroy(); });
 *   });
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../app.ts';
import type { App } from '../app.ts';
import { parseConfig } from '../config.ts';
import type { Config } from '../config.ts';
import { createDb } from '../db/database.ts';
import type { Db, DbDialect } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import type { LoggerSettings } from '../http/logging.ts';

export interface TestDatabase {
  name: DbDialect;
  db: Db;
  config: Config;
  destroy(): Promise<void>;
}

export interface TestDatabaseTarget {
  name: DbDialect;
  create(options?: { migrate?: boolean }): Promise<TestDatabase>;
}

/** Test tooling reads its own variable; the application reads the environment only in config.ts. */
function testDatabaseUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL;
  return url === undefined || url === '' ? undefined : url;
}

/** A config for tests: no web build unless given, quiet logs, the given database. */
export function testConfig(env: Record<string, string | undefined> = {}): Config {
  return parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(tmpdir(), 'scheduler-no-web-build'),
    SQLITE_PATH: path.join(tmpdir(), 'scheduler-unused.db'),
    ...env,
  });
}

const sqliteTarget: TestDatabaseTarget = {
  name: 'sqlite',
  async create(options = {}) {
    const dir = mkdtempSync(path.join(tmpdir(), 'scheduler-test-'));
    const config = testConfig({ SQLITE_PATH: path.join(dir, 'test.db') });
    const db = createDb(config);
    if (options.migrate !== false) await migrate(db);
    let destroyed = false;
    return {
      name: 'sqlite',
      db,
      config,
      async destroy() {
        if (!destroyed) await db.destroy().catch(() => undefined);
        destroyed = true;
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

function postgresTarget(url: string): TestDatabaseTarget {
  return {
    name: 'postgres',
    async create(options = {}) {
      const schema = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query(`create schema "${schema}"`);
      } finally {
        await admin.end();
      }
      const config = testConfig({ DATABASE_URL: url });
      const db = createDb(config, { pgSchema: schema, poolSize: 4 });
      if (options.migrate !== false) await migrate(db);
      let destroyed = false;
      return {
        name: 'postgres',
        db,
        config,
        async destroy() {
          if (destroyed) return;
          destroyed = true;
          await db.destroy().catch(() => undefined);
          const cleanup = new pg.Client({ connectionString: url });
          await cleanup.connect();
          try {
            await cleanup.query(`drop schema if exists "${schema}" cascade`);
          } finally {
            await cleanup.end();
          }
        },
      };
    },
  };
}

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export function testDatabases(): TestDatabaseTarget[] {
  const url = testDatabaseUrl();
  return url === undefined ? [sqliteTarget] : [sqliteTarget, postgresTarget(url)];
}

export function sqliteOnly(): TestDatabaseTarget {
  return sqliteTarget;
}

/** The real app on a test database (logs off unless a logger is given). */
export async function createTestApp(
  database: Pick<TestDatabase, 'db' | 'config'>,
  options: { logger?: LoggerSettings | false; config?: Partial<Config>; now?: () => Date } = {},
): Promise<App> {
  return buildApp({
    config: { ...database.config, ...options.config },
    db: database.db,
    logger: options.logger ?? false,
    ...(options.now === undefined ? {} : { now: options.now }),
  });
}
