import type { ColumnType, Generated } from 'kysely';
import type { EpochMs } from './columns.ts';

/** The durable job queue's tables (migration 2026-11-27-011; platform/jobs/). */

export type JobState = 'queued' | 'running' | 'done' | 'failed';

/** SQLite only: the queue of the in-process runner, one row per job, unique per (queue, key). */
export interface JobsTable {
  id: Generated<number>;
  queue: string;
  key: string;
  /** JSON of the job's payload. */
  payload: string;
  state: JobState;
  /** Not started before this instant (the next try's, after a failure). */
  run_at: EpochMs;
  /** Tries started. */
  attempts: number;
  max_attempts: number;
  /** A running job's lease: claimed again by any runner after this instant. */
  locked_until: ColumnType<EpochMs | null, EpochMs | null | undefined>;
  locked_by: ColumnType<string | null, string | null | undefined>;
  last_error: ColumnType<string | null, string | null | undefined>;
  created_at: EpochMs;
  updated_at: EpochMs;
  finished_at: ColumnType<EpochMs | null, EpochMs | null | undefined>;
}

/** PostgreSQL only: (queue, key) unique for the life of the database; the job lives in pg-boss. */
export interface JobKeysTable {
  queue: string;
  key: string;
  /** pg-boss's job id (uuid). */
  job_id: string;
  created_at: EpochMs;
}
