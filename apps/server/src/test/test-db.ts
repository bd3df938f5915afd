/*
 * Real databases for tests: a fresh SQLite file in a temp folder, and — when
 * TEST_DATABASE_URL is set (CI sets it) — a uniquely named PostgreSQL schema as well,
 * dropped afterwards. On PostgreSQL the application connects as `scheduler_app`, a role that does
 * not own the tables (created here when missing), so that row-level security applies to every
 * test as it does in production; the tables belong to the TEST_DATABASE_URL user, which runs the
 * migrations. Run a suite against each with:
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
import { parseConfig } from '../platform/config.ts';
import type { Config } from '../platform/config.ts';
import { createDb } from '../platform/db/database.ts';
import type { Db, DbDialect } from '../platform/db/database.ts';
import { migrate } from '../platform/db/migrate.ts';
import type { LoggerSettings } from '../platform/http/logging.ts';
import type { JobQueue } from '../platform/jobs/index.ts';
import type { EmailTransport, SmsTransport } from '../platform/outbound/index.ts';

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

/** The role the application connects as in tests: not the owner of the tables. */
export const TEST_APP_ROLE = 'scheduler_app';

/** PostgreSQL error codes of a role created twice (by two test files at once). */
const ALREADY_EXISTS = new Set(['42710', '23505']);

async function ensureAppRole(admin: pg.Client): Promise<void> {
  const found = await admin.query('select 1 from pg_roles where rolname = $1', [TEST_APP_ROLE]);
  if (found.rowCount !== 0) return;
  try {
    await admin.query(`create role "${TEST_APP_ROLE}" login nosuperuser nobypassrls`);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code !== 'string' || !ALREADY_EXISTS.has(code)) throw error;
  }
}

/**
 * Where the application connects: TEST_DATABASE_APP_URL when set (a non-owner role made by the
 * CI), else `url` with `scheduler_app` as its user (the test server trusts local connections).
 */
function appRoleUrl(url: string): string {
  const given = process.env.TEST_DATABASE_APP_URL;
  if (given !== undefined && given !== '') return given;
  const parsed = new URL(url);
  parsed.username = TEST_APP_ROLE;
  parsed.password = '';
  return parsed.toString();
}

function postgresTarget(url: string): TestDatabaseTarget {
  return {
    name: 'postgres',
    async create(options = {}) {
      const schema = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        if (!process.env.TEST_DATABASE_APP_URL) await ensureAppRole(admin);
        await admin.query(`create schema "${schema}"`);
      } finally {
        await admin.end();
      }
      const config = testConfig({ DATABASE_URL: url, DATABASE_APP_URL: appRoleUrl(url) });
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
            // The job queue's pg-boss schema beside it (platform/jobs/pg-boss-repository.ts).
            await cleanup.query(`drop schema if exists "${schema}_pgboss" cascade`);
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

/**
 * The real app on a test database (logs off unless a logger is given). Its job queue is built but
 * NOT started: run due jobs with `await app.jobs.drain(now)`. Inject transports to see what is
 * sent: `email: createEmailTransport({ smtpUrl: sink.url, mailFrom })` (test/smtp-sink.ts) and
 * `sms: twilioStub().sms` (test/twilio-stub.ts); by default both are unconfigured (as `npm start`).
 */
export async function createTestApp(
  database: Pick<TestDatabase, 'db' | 'config'>,
  options: {
    logger?: LoggerSettings | false;
    config?: Partial<Config>;
    now?: () => Date;
    jobs?: JobQueue;
    email?: EmailTransport;
    sms?: SmsTransport;
  } = {},
): Promise<App> {
  return buildApp({
    config: { ...database.config, ...options.config },
    db: database.db,
    logger: options.logger ?? false,
    ...(options.now === undefined ? {} : { now: options.now }),
    ...(options.jobs === undefined ? {} : { jobs: options.jobs }),
    ...(options.email === undefined ? {} : { email: options.email }),
    ...(options.sms === undefined ? {} : { sms: options.sms }),
  });
}
