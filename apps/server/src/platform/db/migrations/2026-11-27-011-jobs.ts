/*
 * FROZEN MIGRATION — never edit after it has shipped; add a new date-prefixed file instead.
 * It imports nothing from the application so that it keeps meaning the same thing forever.
 *
 * The durable job queue (issue 17; platform/jobs/):
 *
 *  - SQLite: `jobs`, the queue itself, worked by the in-process runner. One row per job, unique
 *    per (queue, key) for the life of the database (adding an existing key adds nothing). `state`
 *    queued → running → done | failed; a running row holds a lease (`locked_until`, `locked_by`):
 *    when the process that claimed it dies, the lease runs out and another runner claims it again
 *    (a new attempt). `attempts` counts tries started; `run_at` is when the next one may start.
 *  - PostgreSQL: the jobs live in pg-boss's own schema (installed and migrated by pg-boss's plans
 *    at `migrate`, not here); `job_keys` is the ledger that keeps (queue, key) unique for the life
 *    of the database (pg-boss's singleton keys dedupe only while a job is queued or active), and
 *    names the pg-boss job id of each key.
 *
 * Neither table has a `client_id`: the queue is system data (no row-level security); handlers
 * read the rows they need in system scope.
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create table job_keys (
      queue text not null,
      key text not null,
      job_id uuid not null,
      created_at bigint not null,
      primary key (queue, key)
    )`.execute(db);
    return;
  }
  await sql`create table jobs (
    id integer primary key autoincrement,
    queue text not null,
    key text not null,
    payload text not null,
    state text not null default 'queued' check (state in ('queued', 'running', 'done', 'failed')),
    run_at integer not null,
    attempts integer not null default 0,
    max_attempts integer not null,
    locked_until integer,
    locked_by text,
    last_error text,
    created_at integer not null,
    updated_at integer not null,
    finished_at integer,
    unique (queue, key)
  )`.execute(db);
  // The runner's two scans: due queued jobs, and running jobs whose lease ran out.
  await sql`create index jobs_due on jobs (run_at, id) where state = 'queued'`.execute(db);
  await sql`create index jobs_leases on jobs (locked_until) where state = 'running'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`drop table job_keys`.execute(db);
  else await sql`drop table jobs`.execute(db);
}
