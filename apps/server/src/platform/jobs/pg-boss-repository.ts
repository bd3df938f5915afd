/*
 * PostgreSQL's job store, on pg-boss 10 (issue 17).
 *
 *  - pg-boss owns the jobs: its schema (installed and migrated by pg-boss's own plans, as the
 *    owner, in `migrate`: installPgBoss below), one pg-boss queue `scheduler` holding every job
 *    (our queue name, key and payload in its `data`), and its maintenance while the queue runs
 *    (expiring jobs active past their lease, archiving done ones, dropping old archives).
 *  - Adding jobs is pg-boss's `insert` with the per-call `db` option: the caller's Kysely
 *    transaction, so a job exists exactly when the change that made it commits.
 *  - (queue, key) is unique for the life of the database through our `job_keys` ledger in the same
 *    transaction (pg-boss's singleton keys dedupe only while a job is queued or active).
 *  - Claims, outcomes and lease releases are SQL on pg-boss's job table, the same statements as
 *    pg-boss's fetch/complete/fail (`FOR UPDATE SKIP LOCKED`: any number of instances share the
 *    work, none claims a job another holds) but due times compared with the queue's clock rather
 *    than the database's `now()` (tests and the browser suite run on a fixed clock), the try
 *    number as a fence, and no retry by pg-boss itself (the runner decides: backoff, permanent).
 *
 * The application role (DATABASE_APP_URL) needs only rows of pg-boss's tables: `migrate` grants
 * them. Its schema is named after the application's: `pgboss` beside `public`, `<schema>_pgboss`
 * beside any other (a test database's own schema).
 */
import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { Db } from '../db/database.ts';
import { MAX_JOB_ATTEMPTS } from './job-queue.ts';
import type { JobPayload, NewJob, RunningJob } from './job-queue.ts';
import type { JobStore } from './job-store.ts';

/** The one pg-boss queue holding every job. */
export const BOSS_QUEUE = 'scheduler';

/** pg-boss's schema beside the application schema `appSchema`. */
export function bossSchemaFor(appSchema: string): string {
  return appSchema === 'public' ? 'pgboss' : `${appSchema}_pgboss`;
}

async function currentSchema(db: Db): Promise<string> {
  const result = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = result.rows[0]?.schema;
  if (schema === undefined) throw new Error('PostgreSQL reported no current schema');
  return schema;
}

/** pg-boss's `db` option over a Kysely handle or transaction (statements run on it). */
export function bossDb(db: Db): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const result = await db.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows };
    },
  };
}

interface JobData {
  queue: string;
  key: string;
  payload: JobPayload;
}

/**
 * Installs or migrates pg-boss's schema with the owner's handle (pg-boss's own plans, under its
 * advisory lock), creates the `scheduler` queue, and grants `appRole` (when the application
 * connects as another role) the rows of pg-boss's tables. Idempotent; safe from several instances.
 */
export async function installPgBoss(ownerDb: Db, appRole?: string): Promise<void> {
  const schema = bossSchemaFor(await currentSchema(ownerDb));
  const boss = new PgBoss({ db: bossDb(ownerDb), schema, migrate: true, supervise: false, schedule: false });
  boss.on('error', () => undefined);
  await boss.start();
  try {
    await boss.createQueue(BOSS_QUEUE, {
      name: BOSS_QUEUE,
      policy: 'standard',
      retryLimit: MAX_JOB_ATTEMPTS - 1,
      retryBackoff: true,
      retryDelay: 30,
    });
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
  if (appRole === undefined) return;
  const schemaId = sql.id(schema);
  const role = sql.id(appRole);
  await ownerDb.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${GRANT_LOCK_KEY})`.execute(trx);
    await sql`grant usage on schema ${schemaId} to ${role}`.execute(trx);
    await sql`grant select, insert, update, delete on all tables in schema ${schemaId} to ${role}`.execute(
      trx,
    );
  });
}

/** The same advisory-lock key as migrate.ts's grants (concurrent GRANTs on one object fail). */
const GRANT_LOCK_KEY = 80_060_006;

export interface PgBossStoreOptions {
  /** First retry delay (pg-boss keeps it on each job for its own expiry handling), in ms. */
  retryBaseMs: number;
  /** pg-boss maintenance (expiry, archive, retention) every this many seconds while started. */
  maintenanceIntervalSeconds?: number;
  onError?: (error: unknown) => void;
}

export class PgBossJobStore implements JobStore {
  #schema: Promise<string> | undefined;
  #boss: PgBoss | undefined;

  constructor(
    private readonly db: Db,
    private readonly options: PgBossStoreOptions,
  ) {}

  /** pg-boss's schema for this database (resolved once). */
  schema(): Promise<string> {
    return this.#schemaVia(this.db);
  }

  /**
   * The schema, looked up over `handle` the first time: `enqueue` passes the caller's transaction, so
   * a first enqueue never waits for a second pool connection (with every connection held by a booking
   * at that step, it would wait for ever). A failed lookup is forgotten, so the next call asks again.
   */
  #schemaVia(handle: Db): Promise<string> {
    if (this.#schema === undefined) {
      const lookup = currentSchema(handle).then(bossSchemaFor);
      this.#schema = lookup;
      lookup.catch(() => {
        if (this.#schema === lookup) this.#schema = undefined;
      });
    }
    return this.#schema;
  }

  async #bossFor(handle: Db = this.db): Promise<PgBoss> {
    if (this.#boss !== undefined) return this.#boss;
    const boss = new PgBoss({
      db: bossDb(this.db),
      schema: await this.#schemaVia(handle),
      migrate: false,
      supervise: true,
      schedule: false,
      maintenanceIntervalSeconds: this.options.maintenanceIntervalSeconds ?? 60,
    });
    boss.on('error', (error: unknown) => this.options.onError?.(error));
    this.#boss ??= boss;
    return this.#boss;
  }

  async start(): Promise<void> {
    await (await this.#bossFor()).start();
  }

  async stop(): Promise<void> {
    await this.#boss?.stop({ graceful: false, close: false });
  }

  async enqueue(trx: Db, jobs: readonly NewJob[]): Promise<void> {
    // The key and the job are written together: in the caller's transaction, or in one of their own.
    if (!trx.isTransaction) return trx.transaction().execute((own) => this.enqueue(own, jobs));
    const at = Date.now();
    const rows = jobs.map((job) => ({
      queue: job.queue,
      key: job.key,
      job_id: randomUUID(),
      created_at: at,
    }));
    const added = await trx
      .insertInto('job_keys')
      .values(rows)
      .onConflict((conflict) => conflict.columns(['queue', 'key']).doNothing())
      .returning(['queue', 'key', 'job_id'])
      .execute();
    if (added.length === 0) return;
    const byKey = new Map(jobs.map((job) => [`${job.queue}\u0000${job.key}`, job]));
    const retryDelay = Math.max(1, Math.round(this.options.retryBaseMs / 1000));
    const boss = await this.#bossFor(trx);
    await boss.insert(
      added.map((row): PgBoss.JobInsert<JobData> => {
        const job = byKey.get(`${row.queue}\u0000${row.key}`);
        if (job === undefined) throw new Error('job queue: an added key has no job');
        return {
          id: row.job_id,
          name: BOSS_QUEUE,
          data: { queue: job.queue, key: job.key, payload: job.payload },
          startAfter: job.runAt.toISOString(),
          retryLimit: MAX_JOB_ATTEMPTS - 1,
          retryDelay,
          retryBackoff: true,
        };
      }),
      { db: bossDb(trx) },
    );
  }

  async claim(queues: readonly string[], now: Date, limit: number, leaseMs: number): Promise<RunningJob[]> {
    if (queues.length === 0 || limit <= 0) return [];
    const s = sql.id(await this.schema());
    const result = await sql<{ id: string; data: JobData; retry_count: number; retry_limit: number }>`
      with next as (
        select id from ${s}.job
        where name = ${BOSS_QUEUE} and state < 'active' and start_after <= ${now}
          and data->>'queue' in (${sql.join(queues)})
        order by priority desc, start_after, created_on, id
        limit ${limit}
        for update skip locked
      )
      update ${s}.job j set state = 'active', started_on = now(), expire_in = ${`${Math.ceil(leaseMs / 1000)} seconds`}::interval,
        retry_count = case when j.started_on is not null then j.retry_count + 1 else j.retry_count end
      from next where j.name = ${BOSS_QUEUE} and j.id = next.id
      returning j.id, j.data, j.retry_count, j.retry_limit`.execute(this.db);
    return result.rows.map((row) => ({
      id: row.id,
      queue: row.data.queue,
      key: row.data.key,
      payload: row.data.payload,
      attempt: row.retry_count + 1,
      maxAttempts: row.retry_limit + 1,
    }));
  }

  async releaseExpired(now: Date): Promise<number> {
    const s = sql.id(await this.schema());
    const result = await sql`
      update ${s}.job set
        state = case when retry_count < retry_limit then 'retry' else 'failed' end::${s}.job_state,
        start_after = case when retry_count < retry_limit then ${now} else start_after end,
        completed_on = case when retry_count < retry_limit then null else now() end,
        output = ${JSON.stringify({ message: 'the runner stopped during the try (lease expired)' })}::jsonb
      where name = ${BOSS_QUEUE} and state = 'active' and started_on + expire_in < now()`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  async complete(jobs: readonly RunningJob[]): Promise<void> {
    if (jobs.length === 0) return;
    const s = sql.id(await this.schema());
    await sql`
      update ${s}.job j set state = 'completed', completed_on = now(), output = null
      from unnest(${jobs.map((job) => job.id)}::uuid[], ${jobs.map((job) => job.attempt - 1)}::int[]) as done(id, retry_count)
      where j.name = ${BOSS_QUEUE} and j.id = done.id and j.state = 'active' and j.retry_count = done.retry_count`.execute(
      this.db,
    );
  }

  async fail(job: RunningJob, error: string, retryAt: Date | undefined): Promise<void> {
    const s = sql.id(await this.schema());
    const output = JSON.stringify({ message: error });
    await sql`
      update ${s}.job set
        state = ${retryAt === undefined ? 'failed' : 'retry'}::${s}.job_state,
        start_after = coalesce(${retryAt ?? null}::timestamptz, start_after),
        completed_on = ${retryAt === undefined ? sql`now()` : sql`null`},
        output = ${output}::jsonb
      where name = ${BOSS_QUEUE} and id = ${job.id} and state = 'active' and retry_count = ${job.attempt - 1}`.execute(
      this.db,
    );
  }

  /** A job's state and last error in pg-boss (tests and harnesses). */
  async jobState(
    queue: string,
    key: string,
  ): Promise<{ state: string; attempts: number; error: string | null } | undefined> {
    const s = sql.id(await this.schema());
    const result = await sql<{
      state: string;
      retry_count: number;
      started_on: Date | null;
      output: { message?: string } | null;
    }>`
      select j.state, j.retry_count, j.started_on, j.output from job_keys k join ${s}.job j on j.id = k.job_id and j.name = ${BOSS_QUEUE}
      where k.queue = ${queue} and k.key = ${key}`.execute(this.db);
    const row = result.rows[0];
    if (row === undefined) return undefined;
    return {
      state: row.state,
      attempts: row.started_on === null ? 0 : row.retry_count + 1,
      error: row.output?.message ?? null,
    };
  }
}
