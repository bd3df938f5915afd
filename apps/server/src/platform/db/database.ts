import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  PostgresDriver,
  SqliteDialect,
} from 'kysely';
import type {
  DatabaseConnection,
  Driver,
  PostgresDialectConfig,
  SqliteDatabase as KyselySqliteDatabase,
  SqliteStatement,
} from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { DB } from './schema.ts';
import { currentTenant, settleTenant, tenantSettingKey } from './tenant-context.ts';
import type { TenantSetting } from './tenant-context.ts';

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
 * The SQL that puts a PostgreSQL session on a tenant (see tenant-context.ts and migration 006):
 * `app.tenant_scope` is 'system' or 'tenant'; `app.client_id` the client's id, or '0' for none
 * (a URL name that names no client; ids start at 1). Session-level (`is_local` false): it holds across the
 * transactions of the connection until the next time the connection is handed out.
 */
function tenantStatement(setting: TenantSetting): CompiledQuery {
  const set = (clientIdSql: string): string =>
    `select set_config('app.tenant_scope', $1, false) as scope, set_config('app.client_id', coalesce((${clientIdSql}), '0'), false) as client_id`;
  if (setting.scope === 'system') return CompiledQuery.raw(set(`select '0'::text`), ['system']);
  if ('clientId' in setting) {
    return CompiledQuery.raw(set(`select $2::text`), ['tenant', String(setting.clientId)]);
  }
  if ('clientSlug' in setting) {
    return CompiledQuery.raw(set(`select id::text from clients where slug = $2`), [
      'tenant',
      setting.clientSlug,
    ]);
  }
  // As the analytics calls name their client: digits are its id, anything else its URL name.
  return CompiledQuery.raw(
    set(
      `select id::text from clients where case when $2 ~ '^[0-9]{1,15}$' then id = $2::bigint else slug = lower($2) end`,
    ),
    ['tenant', setting.clientRef],
  );
}

/**
 * Kysely's PostgreSQL driver, putting every connection it hands out on the current tenant
 * first. The tenant each connection is on is remembered, so the extra statement runs only when
 * a connection changes tenant (not on every query). A tenant named by URL name is looked up by
 * that statement and then kept by id for the rest of the request (a renamed or new client is
 * never served from a stale lookup).
 */
class TenantPostgresDriver extends PostgresDriver {
  readonly #settingOf = new WeakMap<DatabaseConnection, string>();

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    const setting = currentTenant();
    const byId = setting.scope === 'system' || 'clientId' in setting;
    const key = tenantSettingKey(setting);
    if (byId && this.#settingOf.get(connection) === key) return connection;
    try {
      this.#settingOf.delete(connection);
      const result = await connection.executeQuery<{ client_id: string }>(tenantStatement(setting));
      if (byId) this.#settingOf.set(connection, key);
      else {
        const resolved: TenantSetting = { scope: 'tenant', clientId: Number(result.rows[0]?.client_id ?? 0) };
        settleTenant(setting, resolved);
        this.#settingOf.set(connection, tenantSettingKey(resolved));
      }
    } catch (error) {
      await this.releaseConnection(connection as Parameters<PostgresDriver['releaseConnection']>[0]);
      throw error;
    }
    return connection;
  }
}

class TenantPostgresDialect extends PostgresDialect {
  readonly #config: PostgresDialectConfig;

  constructor(config: PostgresDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new TenantPostgresDriver(this.#config);
  }
}

/** The owner's connection of a handle opened with a separate application role (for `migrate`). */
export interface OwnerConnection {
  url: string;
  pgSchema: string | undefined;
}

const ownerConnections = new WeakMap<object, OwnerConnection>();

/**
 * When the handle connects as the application role (`DATABASE_APP_URL`), where the owner of the
 * tables connects: migrations run there. Undefined when the handle is the owner's own.
 */
export function ownerConnectionOf(db: Db): OwnerConnection | undefined {
  return ownerConnections.get(db);
}

function createPostgresDb(url: string, options: CreateDbOptions): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    types: pgTypes,
    Client: PreparingClient,
    ...(options.pgSchema === undefined ? {} : { options: `-c search_path=${options.pgSchema}` }),
  });
  // An idle client losing its connection must not crash the process; the next query
  // reports the failure (and /api/health says so).
  pool.on('error', (error) => {
    console.error(`PostgreSQL pool error: ${error.message}`);
  });
  return new Kysely<DB>({ dialect: new TenantPostgresDialect({ pool }) });
}

/** Statements kept prepared per PostgreSQL connection (each PostgreSQL backend keeps their plans). */
const PG_PREPARED_PER_CONNECTION = 200;

/**
 * node-postgres' client, keeping the SELECTs it runs with parameters prepared: each is sent as a
 * named query (pg's query config `{ name, text, values }`), so PostgreSQL parses and analyses it
 * once per connection and, once it settles on a generic plan, plans it once too (issue 9: most of
 * the database's work on the slot search's small statements, and all but the round trip of a
 * repeated search's one statement). Kysely sends every query as `query(text, values)` unnamed.
 *
 * Bounded without deallocating anything: a connection names its first PG_PREPARED_PER_CONNECTION
 * distinct texts (the application's query shapes, a fixed set but for the arity of IN lists) and
 * runs any later one unnamed. Names are per connection, as PostgreSQL's are. Row-level security
 * still applies: policies are checked at execution, with the session's settings of that moment.
 */
class PreparingClient extends pg.Client {
  readonly #names = new Map<string, string>();

  override query(...args: unknown[]): never {
    return super.query(...(this.#named(args) as [pg.QueryConfig])) as never;
  }

  /** `query`'s arguments, as a named query config when the text is (or may be) kept prepared. */
  #named(args: unknown[]): unknown[] {
    const [text, values] = args;
    if (args.length !== 2 || typeof text !== 'string' || !Array.isArray(values) || values.length === 0)
      return args;
    let name = this.#names.get(text);
    if (name === undefined) {
      if (this.#names.size >= PG_PREPARED_PER_CONNECTION || !/^\s*(select|with)\s/i.test(text)) return args;
      name = `scheduler_${this.#names.size + 1}`;
      this.#names.set(text, name);
    }
    return [{ name, text, values } satisfies pg.QueryConfig];
  }
}

/**
 * Opens the database described by the config: PostgreSQL when `databaseUrl` is set,
 * otherwise the SQLite file at `sqlitePath` (its folder is created when missing).
 *
 * PostgreSQL with `databaseAppUrl`: the handle connects as that (application) role, which does
 * not own the tables, so row-level security applies to it; `migrate(db)` connects as the owner
 * (`databaseUrl`) by itself. Every PostgreSQL connection is put on the current tenant
 * (tenant-context.ts) before it runs a query.
 *
 * SQLite runs in WAL mode with foreign keys on, `synchronous=FULL` (an acknowledged booking
 * survives a power cut) and a busy timeout so that a second process (a CLI) waits for the
 * write lock instead of failing.
 */
export function createDb(
  config: Pick<Config, 'databaseUrl' | 'sqlitePath'> & Partial<Pick<Config, 'databaseAppUrl'>>,
  options: CreateDbOptions = {},
): Db {
  if (config.databaseUrl !== undefined) {
    if (config.databaseAppUrl === undefined) return createPostgresDb(config.databaseUrl, options);
    const db = createPostgresDb(config.databaseAppUrl, options);
    ownerConnections.set(db, { url: config.databaseUrl, pgSchema: options.pgSchema });
    return db;
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
