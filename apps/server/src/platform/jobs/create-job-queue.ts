/*
 * The job queue of a database: pg-boss on PostgreSQL, the in-process runner over `jobs` on SQLite
 * (job-queue.ts says what both promise; job-queue.contract.test.ts proves it on both).
 */
import type { Config } from '../config.ts';
import { dialectOf } from '../db/database.ts';
import type { Db } from '../db/database.ts';
import type { JobQueue } from './job-queue.ts';
import { JobRunner } from './job-runner.ts';
import type { JobRunnerOptions } from './job-runner.ts';
import { PgBossJobStore } from './pg-boss-repository.ts';
import { SqliteJobStore } from './sqlite-job-repository.ts';

export type JobQueueOptions = Omit<JobRunnerOptions, 'pollMs'> & {
  /** pg-boss maintenance interval while started (PostgreSQL; default 60 s). */
  maintenanceIntervalSeconds?: number;
};

/** A queue over `db`, not started: register handlers, then `start()` (the server) or `drain()` (tests). */
export function createJobQueue(
  config: Pick<Config, 'jobPollMs'>,
  db: Db,
  options: JobQueueOptions = {},
): JobRunner {
  const runnerOptions: JobRunnerOptions = { ...options, pollMs: config.jobPollMs };
  if (dialectOf(db) === 'postgres') {
    const store = new PgBossJobStore(db, {
      retryBaseMs: options.retryBaseMs ?? 30_000,
      ...(options.maintenanceIntervalSeconds === undefined
        ? {}
        : { maintenanceIntervalSeconds: options.maintenanceIntervalSeconds }),
      ...(options.onError === undefined ? {} : { onError: options.onError }),
    });
    return new JobRunner('pg-boss', store, runnerOptions);
  }
  return new JobRunner('sqlite', new SqliteJobStore(db), runnerOptions);
}

export type { JobQueue };
