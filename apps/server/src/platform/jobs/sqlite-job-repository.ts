/*
 * The SQLite job store: the `jobs` table (migration 2026-11-27-011). A claim is one
 * `UPDATE … WHERE id IN (SELECT … LIMIT n) RETURNING`, atomic under SQLite's write lock, so one
 * try of a job is run by one runner, in this process or another on the same file (a CLI). A
 * claim holds a lease (`locked_until`); a job whose runner died (SIGKILL) is released when the
 * lease ends and claimed again as its next try.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { MAX_JOB_ATTEMPTS } from './job-queue.ts';
import type { JobPayload, NewJob, RunningJob } from './job-queue.ts';
import type { JobStore } from './job-store.ts';

/** Rows per INSERT (9 parameters a row; SQLite's limit is 32,766 parameters a statement). */
const INSERT_CHUNK = 3_000;

export class SqliteJobStore implements JobStore {
  /** This runner's name on the leases it holds. */
  readonly #runnerId = randomUUID();

  constructor(private readonly db: Db) {}

  async enqueue(trx: Db, jobs: readonly NewJob[]): Promise<void> {
    const at = Date.now();
    for (let i = 0; i < jobs.length; i += INSERT_CHUNK) {
      await trx
        .insertInto('jobs')
        .values(
          jobs.slice(i, i + INSERT_CHUNK).map((job) => ({
            queue: job.queue,
            key: job.key,
            payload: JSON.stringify(job.payload),
            state: 'queued' as const,
            run_at: job.runAt.getTime(),
            attempts: 0,
            max_attempts: MAX_JOB_ATTEMPTS,
            created_at: at,
            updated_at: at,
          })),
        )
        .onConflict((conflict) => conflict.columns(['queue', 'key']).doNothing())
        .execute();
    }
  }

  async claim(queues: readonly string[], now: Date, limit: number, leaseMs: number): Promise<RunningJob[]> {
    if (queues.length === 0 || limit <= 0) return [];
    const at = now.getTime();
    const rows = await sql<{
      id: number;
      queue: string;
      key: string;
      payload: string;
      attempts: number;
      max_attempts: number;
    }>`
      update jobs set state = 'running', attempts = attempts + 1, locked_until = ${at + leaseMs},
        locked_by = ${this.#runnerId}, updated_at = ${at}
      where id in (
        select id from jobs
        where state = 'queued' and run_at <= ${at} and queue in (${sql.join(queues)})
        order by run_at, id
        limit ${limit}
      )
      returning id, queue, key, payload, attempts, max_attempts`.execute(this.db);
    return rows.rows
      .map((row) => ({
        id: String(row.id),
        queue: row.queue,
        key: row.key,
        payload: JSON.parse(row.payload) as JobPayload,
        attempt: row.attempts,
        maxAttempts: row.max_attempts,
      }))
      .sort((a, b) => Number(a.id) - Number(b.id));
  }

  async releaseExpired(now: Date): Promise<number> {
    const at = now.getTime();
    const failed = await this.db
      .updateTable('jobs')
      .set({
        state: 'failed',
        last_error: 'the runner stopped during the last try (lease expired)',
        locked_until: null,
        locked_by: null,
        updated_at: at,
        finished_at: at,
      })
      .where('state', '=', 'running')
      .where('locked_until', '<=', at)
      .whereRef('attempts', '>=', 'max_attempts')
      .executeTakeFirst();
    const released = await this.db
      .updateTable('jobs')
      .set({ state: 'queued', run_at: at, locked_until: null, locked_by: null, updated_at: at })
      .where('state', '=', 'running')
      .where('locked_until', '<=', at)
      .executeTakeFirst();
    return Number(failed.numUpdatedRows) + Number(released.numUpdatedRows);
  }

  async complete(jobs: readonly RunningJob[], now: Date): Promise<void> {
    if (jobs.length === 0) return;
    const at = now.getTime();
    await this.db
      .updateTable('jobs')
      .set({
        state: 'done',
        locked_until: null,
        locked_by: null,
        last_error: null,
        updated_at: at,
        finished_at: at,
      })
      .where('state', '=', 'running')
      .where((eb) =>
        eb.or(jobs.map((job) => eb.and([eb('id', '=', Number(job.id)), eb('attempts', '=', job.attempt)]))),
      )
      .execute();
  }

  async fail(job: RunningJob, error: string, retryAt: Date | undefined, now: Date): Promise<void> {
    const at = now.getTime();
    await this.#whileOurs(job)
      .set(
        retryAt === undefined
          ? {
              state: 'failed',
              locked_until: null,
              locked_by: null,
              last_error: error,
              updated_at: at,
              finished_at: at,
            }
          : {
              state: 'queued',
              run_at: retryAt.getTime(),
              locked_until: null,
              locked_by: null,
              last_error: error,
              updated_at: at,
            },
      )
      .execute();
  }

  /** The job's row while it is still this claim's try (the fence of job-store.ts). */
  #whileOurs(job: RunningJob) {
    return this.db
      .updateTable('jobs')
      .where('id', '=', Number(job.id))
      .where('state', '=', 'running')
      .where('attempts', '=', job.attempt);
  }
}
