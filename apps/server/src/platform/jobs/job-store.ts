/*
 * What each database gives the runner (job-runner.ts): add jobs in a transaction, claim due ones
 * atomically (each claimed job is run by one runner until its lease ends), and record the outcome
 * of a try. A claim's `attempt` is its fence: an outcome is recorded only while the job is still
 * on that attempt (a runner whose lease ran out and was claimed again records nothing).
 */
import type { Db } from '../db/database.ts';
import type { NewJob, RunningJob } from './job-queue.ts';

export interface JobStore {
  enqueue(trx: Db, jobs: readonly NewJob[]): Promise<void>;
  /**
   * Claims up to `limit` jobs of `queues` due at `now` (oldest due first), for `leaseMs`:
   * attempt + 1, running. Atomic: two runners never claim the same try.
   */
  claim(queues: readonly string[], now: Date, limit: number, leaseMs: number): Promise<RunningJob[]>;
  /**
   * Running jobs whose lease ended before `now` (their runner died): back to queued, due at once,
   * or failed when that was their last try. Returns how many were released.
   */
  releaseExpired(now: Date): Promise<number>;
  /** Records tries that succeeded (a batch: the runner groups the completions of a burst). */
  complete(jobs: readonly RunningJob[], now: Date): Promise<void>;
  /** `retryAt` undefined: failed for good, with `error`; else queued again for `retryAt`. */
  fail(job: RunningJob, error: string, retryAt: Date | undefined, now: Date): Promise<void>;
  /** Starts what the store runs beside the runner (pg-boss's maintenance); optional. */
  start?(): Promise<void>;
  stop?(): Promise<void>;
}
