import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect } from 'kysely';
import type { SqliteDatabase as KyselySqliteDatabase, SqliteStatement } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { DB } from './schema.ts';

/** The application's database handle. Repositories take this; nothing else sees Kysely. */
export type Db = Kysely<DB>;
export type DbDialect = 'sqlite' | 'postgres';

export interface CreateDbOptions {
  /** PostgreSQL only: put `search_path` on this schema (tests use one schema per file). */
  pgSchema?: string;
  /** PostgreSQL pool size (default 10). */
  poolSize?: number;
}

const PG_INT8_OID = 20;
const PG_NUMERIC_OID = 1700;

/**
 * int8 (bigint, count(*)) and numeric (sum, avg) arrive as strings from node-postgres.
 * We store epoch milliseconds in bigint columns, all far below 2^53, and want counts and
 * sums to be numbers as they are on SQLite, so both are parsed to JS numbers. The parser
 * set is per pool (not global), so nothing else in the process is affected.
 */
const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary'): unknown =>
    oid === PG_INT8_OID || oid === PG_NUMERIC_OID
      ? Number
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * Opens the database described by the config: PostgreSQL when `databaseUrl` is set,
 * otherwise the SQLite file at `sqlitePath` (its folder is created when missing).
 *
 * SQLite runs in WAL mode with foreign keys on, `synchronous=FULL` (an acknowledged booking
 * survives a power cut) and a busy timeout so that a second process (a CLI) waits for the
 * write lock instead of failing.
 */
export function createDb(
  config: Pick<Config, 'databaseUrl' | 'sqlitePath'>,
  options: CreateDbOptions = {},
): Db {
  if (config.databaseUrl !== undefined) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      types: pgTypes,
      ...(options.pgSchema === undefined ? {} : { options: `-c search_path=${options.pgSchema}` }),
    });
    // An idle client losing its connection must not crash the process; the next query
    // reports the failure (and /api/health says so).
    pool.on('error', (error) => {
      console.error(`PostgreSQL pool error: ${error.message}`);
    });
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  }

  mkdirSync(path.dirname(config.sqlitePath), { recursive: true });
  const sqlite = new SqliteDatabase(config.sqlitePath, { timeout: 5_000 });
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('temp_store = MEMORY');
  return new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

/** Prepared statements kept per SQL text (least recently used dropped first). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; on a small query that is a good part of its cost (a third of a
 * one-provider slot search, issue 9). This keeps each SQL text's prepared statement for reuse by
 * `all`/`run`, which better-sqlite3 runs to completion synchronously, so a statement is never in
 * use twice at once. `iterate` (streaming, which stays open across awaits) prepares its own.
 * SQLite re-prepares a kept statement by itself after a schema change.
 */
function withStatementCache(sqlite: KyselySqliteDatabase): KyselySqliteDatabase {
  const kept = new Map<string, SqliteStatement>();
  return {
    close: () => {
      kept.clear();
      sqlite.close();
    },
    prepare(sql: string): SqliteStatement {
      let cached = kept.get(sql);
      if (cached === undefined) {
        cached = sqlite.prepare(sql);
        if (kept.size >= STATEMENT_CACHE_SIZE) {
          const oldest = kept.keys().next();
          if (oldest.done !== true) kept.delete(oldest.value);
        }
      } else kept.delete(sql);
      kept.set(sql, cached);
      const statement = cached;
      return {
        reader: statement.reader,
        all: (parameters) => statement.all(parameters),
        run: (parameters) => statement.run(parameters),
        iterate: (parameters) => sqlite.prepare(sql).iterate(parameters),
      };
    },
  };
}

/** Which database a handle (or a transaction of it) talks to. */
export function dialectOf(db: Kysely<unknown> | Db): DbDialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
