// Fresh databases for a benchmark: a temporary SQLite file, or a new PostgreSQL schema.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { serverDist } from './paths.ts';
import { wantDatabase } from './options.ts';
import { runStreaming } from './process.ts';

export const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type Row = Record<string, unknown>;

export interface Target {
  name: 'SQLite' | 'PostgreSQL';
  /** Environment of a server or CLI using this database. */
  env: Record<string, string>;
  /** One statement with `?` placeholders. */
  query(statement: string, params?: unknown[]): Promise<Row[]>;
  /** Reads up to date statistics (the planner's) after a bulk load. */
  analyze(): Promise<void>;
  /**
   * Closes a handle kept open on the database, if any (the next query opens it again): the
   * generator's SQLite bulk load takes a rollback journal only when it is the sole connection.
   */
  release?(): void;
  destroy(): Promise<void>;
}

export function sqliteTarget(label: string): Target {
  const dir = mkdtempSync(path.join(tmpdir(), `scheduler-bench-${label}-`));
  const file = path.join(dir, 'bench.db');
  let handle: SqliteDatabase.Database | undefined;
  const open = (): SqliteDatabase.Database => (handle ??= new SqliteDatabase(file, { timeout: 5_000 }));
  return {
    name: 'SQLite',
    env: { SQLITE_PATH: file },
    query(statement, params = []) {
      const prepared = open().prepare(statement);
      if (prepared.reader) return Promise.resolve(prepared.all(...params) as Row[]);
      prepared.run(...params);
      return Promise.resolve([]);
    },
    analyze() {
      open().exec('analyze');
      return Promise.resolve();
    },
    release() {
      handle?.close();
      handle = undefined;
    },
    destroy() {
      handle?.close();
      if (process.env.BENCH_KEEP_DATA === '1') console.info(`Kept the database: ${file}`);
      else rmSync(dir, { recursive: true, force: true });
      return Promise.resolve();
    },
  };
}

/** A fresh schema on the PostgreSQL at POSTGRES_URL, or undefined (with the reason) when unreachable. */
export async function postgresTarget(label: string): Promise<Target | string> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch (error) {
    return `PostgreSQL at ${POSTGRES_URL} is unreachable (${error instanceof Error ? error.message : String(error)})`;
  }
  const schema = `bench_${label.replace(/\W/g, '_')}_${process.pid}_${randomBytes(3).toString('hex')}`;
  await admin.query(`create schema ${schema}`);
  const url = new URL(POSTGRES_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  return {
    name: 'PostgreSQL',
    env: { DATABASE_URL: url.toString() },
    async query(statement, params = []) {
      let index = 0;
      const text = statement.replace(/\?/g, () => `$${++index}`);
      return (await pool.query(text, params)).rows as Row[];
    },
    async analyze() {
      await pool.query('analyze');
    },
    async destroy() {
      await pool.end();
      if (process.env.BENCH_KEEP_DATA === '1') console.info(`Kept the schema: ${schema}`);
      else {
        // The server's job queue (pg-boss) keeps its tables in `<schema>_pgboss` beside it.
        await admin.query(`drop schema if exists ${schema} cascade`);
        await admin.query(`drop schema if exists ${schema}_pgboss cascade`);
      }
      await admin.end();
    },
  };
}

export interface GenerateOptions {
  client: string;
  providers: number;
  appointments: number;
  events?: number;
  patients?: number;
  pastDays?: number;
  futureDays?: number;
}

/** Fills the target with the large-data generator (apps/server's `db:generate`), showing its progress. */
export async function generate(target: Target, options: GenerateOptions): Promise<string> {
  target.release?.();
  const args = [
    path.join(serverDist, 'generate-cli.js'),
    '--client',
    options.client,
    '--providers',
    String(options.providers),
    '--appointments',
    String(options.appointments),
  ];
  if (options.events !== undefined) args.push('--events', String(options.events));
  if (options.patients !== undefined) args.push('--patients', String(options.patients));
  if (options.pastDays !== undefined) args.push('--past-days', String(options.pastDays));
  if (options.futureDays !== undefined) args.push('--future-days', String(options.futureDays));
  const output = await runStreaming(process.execPath, args, {
    env: { ...process.env, LOG_LEVEL: 'warn', ...target.env },
    prefix: `    [generate ${options.client}] `,
    chatty: /^\s+[\d.]+ s\s/,
    // With a fixed span the count is only an upper bound: its "only N of M fitted" is expected.
    ...(options.pastDays === undefined ? {} : { hide: /^Note: only \d+ of \d+ appointments fitted/ }),
  });
  return output;
}

export function count(rows: Row[], column = 'n'): number {
  return Number(rows[0]?.[column] ?? 0);
}

/**
 * Runs `bench` on a fresh SQLite target and then on a fresh PostgreSQL schema, as BENCH_DATABASES
 * asks, destroying each afterwards; an unreachable PostgreSQL is said (and recorded in `details`) as
 * skipped. `label` names the SQLite folder, `pgLabel` the PostgreSQL schema (letters, digits, `_`).
 */
export async function onEachDatabase(
  label: string,
  pgLabel: string,
  details: Record<string, unknown>,
  bench: (target: Target, name: 'SQLite' | 'PostgreSQL') => Promise<void>,
): Promise<void> {
  if (wantDatabase('sqlite')) {
    const sqlite = sqliteTarget(label);
    try {
      await bench(sqlite, 'SQLite');
    } finally {
      await sqlite.destroy();
    }
  }
  if (wantDatabase('postgres')) {
    const postgres = await postgresTarget(pgLabel);
    if (typeof postgres === 'string') {
      console.warn(`\nSKIPPED the PostgreSQL part: ${postgres}`);
      details.postgresSkipped = postgres;
      return;
    }
    try {
      await bench(postgres, 'PostgreSQL');
    } finally {
      await postgres.destroy();
    }
  }
}
