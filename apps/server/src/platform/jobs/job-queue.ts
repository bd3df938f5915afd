/*
 * The durable job queue's one small interface (issue 17; decision 014). Two implementations
 * behind it, proven by the same contract tests (job-queue.contract.test.ts):
 *
 *  - PostgreSQL: pg-boss 10 (any number of server instances share the work, no duplicates).
 *  - SQLite (the embedded default): an in-process runner over the `jobs` table.
 *
 * Jobs are added INSIDE the caller's write transaction (`inWriteTransaction`): they exist exactly
 * when the change that made them commits (outbox semantics). Nothing is ever sent inline in a
 * request; a handler is called by the queue, at or after `runAt`, and re-reads what it needs.
 */
import type { Db } from '../db/database.ts';

/** What a job carries: ids and small values only (never patient details, never rendered text). */
export type JobPayload = Readonly<Record<string, string | number | boolean | null>>;

export interface NewJob {
  /** The queue (e.g. `messages.send`); a handler is registered per queue. */
  queue: string;
  /**
   * Unique per queue, for the life of the database: adding a job whose key exists (in any state)
   * adds nothing. Callers make it from what makes the job one (e.g. the message row's id).
   */
  key: string;
  payload: JobPayload;
  /** Not run before this instant. */
  runAt: Date;
}

export interface RunningJob {
  id: string;
  queue: string;
  key: string;
  payload: JobPayload;
  /** 1 on the first try. */
  attempt: number;
  /** The last try is `attempt === maxAttempts` (after it, the job is failed for good). */
  maxAttempts: number;
}

/** Throw from a handler to fail a job at once, without retries (e.g. an SMTP 5xx, Twilio 21211). */
export class PermanentJobError extends Error {
  override readonly name = 'PermanentJobError';
}

/** Resolves when the job is done; throws to retry it (exponential backoff, MAX_JOB_ATTEMPTS tries). */
export type JobHandler = (job: RunningJob) => Promise<void>;

export const MAX_JOB_ATTEMPTS = 5;

export interface JobQueue {
  readonly kind: 'pg-boss' | 'sqlite';
  /**
   * Adds jobs inside the caller's write transaction: `trx` is the handle `inWriteTransaction`
   * gave (or the plain handle, for a job that needs no transaction of its own).
   */
  enqueue(trx: Db, jobs: readonly NewJob[]): Promise<void>;
  /** The handler of a queue; register every handler before `start`. */
  handle(queue: string, handler: JobHandler): void;
  /** Starts working due jobs in the background (the server; not most tests). */
  start(): Promise<void>;
  /** Stops taking jobs and waits for the ones running (graceful shutdown). */
  stop(): Promise<void>;
  /**
   * Runs every job that is due at `now` (default: the queue's clock) until none is left,
   * retries included only when their backoff has passed. For tests and CLIs; returns how many ran.
   */
  drain(now?: Date): Promise<number>;
}
