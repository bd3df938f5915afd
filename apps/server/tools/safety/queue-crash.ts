/*
 * The job queue under SIGKILL (issue 17): M e-mail jobs fall due at once; a child process
 * (queue-crash-worker.ts) works them, sending each to a local SMTP sink; the harness kills it with
 * SIGKILL at random moments, several times, starts it again, and lets the last one finish.
 *
 * Promises checked: no due job is lost (every job's e-mail reached the sink, and every job ended
 * done); a job is sent twice only when a kill fell between the sink's acceptance and the queue's
 * record of it (such a job then shows a second try). Duplicates are counted, not failures.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { sql } from 'kysely';
import { repoRoot } from '../../src/platform/config.ts';
import { inWriteTransaction } from '../../src/platform/db/transaction.ts';
import { createJobQueue } from '../../src/platform/jobs/index.ts';
import { startSmtpSink } from '../../src/test/smtp-sink.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { Config } from '../../src/platform/config.ts';
import { createDb } from '../../src/platform/db/database.ts';
import type { Db } from '../../src/platform/db/database.ts';
import { migrate } from '../../src/platform/db/migrate.ts';
import { testConfig } from '../../src/test/test-db.ts';
import { createScratchDatabase, dropScratchDatabase } from './db/scratch-databases.ts';
import { harnessPostgresUrl } from './harness-servers.ts';
import type { HarnessDialect } from './harness-servers.ts';

const QUEUE = 'harness.send';

/** A fresh, migrated, empty database (no demo data: the queue needs none). */
export interface QueueHarnessDatabase {
  dialect: HarnessDialect;
  config: Config;
  db: Db;
  /** SQLite file, or PostgreSQL URL. */
  location: string;
  destroy(): Promise<void>;
}

export async function createQueueHarnessDatabase(
  dialect: HarnessDialect,
  name = 'scheduler_safety_queue',
): Promise<QueueHarnessDatabase> {
  let location: string;
  let cleanup: () => Promise<void>;
  if (dialect === 'postgres') {
    const base = harnessPostgresUrl();
    if (base === undefined) throw new Error('PostgreSQL needs TEST_DATABASE_URL (postgres://…)');
    location = await createScratchDatabase(base, name);
    cleanup = () => dropScratchDatabase(base, name);
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'scheduler-queue-'));
    location = path.join(dir, 'queue.db');
    cleanup = () => {
      rmSync(dir, { recursive: true, force: true });
      return Promise.resolve();
    };
  }
  const config = testConfig(dialect === 'postgres' ? { DATABASE_URL: location } : { SQLITE_PATH: location });
  const db = createDb(config, { poolSize: 4 });
  await migrate(db);
  return {
    dialect,
    config,
    db,
    location,
    async destroy() {
      await db.destroy().catch(() => undefined);
      await cleanup();
    },
  };
}
const BUILD_DIR = path.join(repoRoot, 'apps', 'server', 'dist', 'safety');

export interface QueueCrashOptions {
  jobs: number;
  kills: number;
  minRunMs: number;
  maxRunMs: number;
  leaseMs: number;
  onKill?: (kill: number, doneAtKill: number) => void;
}

export interface QueueCrashReport {
  due: number;
  kills: number;
  /** Jobs done when each kill landed (shows the kills fell mid-work). */
  doneAtKills: number[];
  delivered: number;
  lost: number;
  duplicatedJobs: number;
  extraCopies: number;
  /** Duplicated jobs that show a second try (the kill fell between acceptance and record). */
  duplicatesWithRetry: number;
  states: Record<string, number>;
  seconds: number;
  failures: string[];
}

async function buildWorker(): Promise<string> {
  mkdirSync(BUILD_DIR, { recursive: true });
  const outfile = path.join(BUILD_DIR, 'queue-crash-worker.mjs');
  await build({
    entryPoints: [path.join(repoRoot, 'apps', 'server', 'tools', 'safety', 'queue-crash-worker.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    plugins: [
      {
        name: 'external-packages',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@scheduler/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
    banner: {
      js: "import { createRequire as __safetyCreateRequire } from 'node:module'; const require = __safetyCreateRequire(import.meta.url);",
    },
  });
  return outfile;
}

const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

function startWorker(
  entry: string,
  database: QueueHarnessDatabase,
  smtpUrl: string,
  leaseMs: number,
): Promise<ChildProcess> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SMTP_URL: smtpUrl,
    JOB_POLL_MS: '100',
    HARNESS_LEASE_MS: String(leaseMs),
    ...(database.dialect === 'postgres'
      ? { DATABASE_URL: database.location }
      : { SQLITE_PATH: database.location }),
  };
  const child = spawn(process.execPath, [entry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`worker did not start in 60 s: ${output}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('READY')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`worker exited (${code ?? signal}) before READY: ${output}`));
    });
  });
}

function stopWorker(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve();
      return;
    }
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** Jobs by state, in either implementation's tables (SQLite `jobs`; pg-boss's job table). */
async function jobStates(database: QueueHarnessDatabase): Promise<Record<string, number>> {
  const rows =
    database.dialect === 'sqlite'
      ? (
          await sql<{
            state: string;
            n: number;
          }>`select state, count(*) as n from jobs where queue = ${QUEUE} group by state`.execute(database.db)
        ).rows
      : (
          await sql<{
            state: string;
            n: number;
          }>`select j.state::text as state, count(*)::int as n from pgboss.job j
              join job_keys k on k.job_id = j.id where k.queue = ${QUEUE} group by j.state`.execute(
            database.db,
          )
        ).rows;
  const states: Record<string, number> = {};
  for (const row of rows) states[row.state === 'completed' ? 'done' : row.state] = Number(row.n);
  return states;
}

/** Tries started per job key. */
async function triesByKey(database: QueueHarnessDatabase): Promise<Map<string, number>> {
  const rows =
    database.dialect === 'sqlite'
      ? (
          await sql<{
            key: string;
            tries: number;
          }>`select key, attempts as tries from jobs where queue = ${QUEUE}`.execute(database.db)
        ).rows
      : (
          await sql<{ key: string; tries: number }>`select k.key, j.retry_count + 1 as tries from pgboss.job j
              join job_keys k on k.job_id = j.id where k.queue = ${QUEUE}`.execute(database.db)
        ).rows;
  return new Map(rows.map((row) => [row.key, Number(row.tries)]));
}

const randomBetween = (min: number, max: number): number => min + Math.floor(Math.random() * (max - min + 1));

export async function runQueueCrashes(
  database: QueueHarnessDatabase,
  options: QueueCrashOptions,
): Promise<QueueCrashReport> {
  const started = Date.now();
  const sink = await startSmtpSink({ parse: false });
  const failures: string[] = [];
  try {
    const entry = await buildWorker();
    // The M jobs, due now, added in one committed transaction (as a booking burst would).
    const queue = createJobQueue(database.config, database.db);
    const due = new Date(Date.now() - 1_000);
    await inWriteTransaction(database.db, (trx) =>
      queue.enqueue(
        trx,
        Array.from({ length: options.jobs }, (_, n) => ({
          queue: QUEUE,
          key: `job-${n}`,
          payload: { n },
          runAt: due,
        })),
      ),
    );

    const doneAtKills: number[] = [];
    for (let kill = 1; kill <= options.kills; kill += 1) {
      const child = await startWorker(entry, database, sink.url, options.leaseMs);
      await new Promise((resolve) => setTimeout(resolve, randomBetween(options.minRunMs, options.maxRunMs)));
      await stopWorker(child, 'SIGKILL');
      const done = (await jobStates(database)).done ?? 0;
      doneAtKills.push(done);
      options.onKill?.(kill, done);
    }

    // The last run: until every job ended (leases of the killed runs expire on the way).
    const child = await startWorker(entry, database, sink.url, options.leaseMs);
    const deadline = Date.now() + 10 * 60_000;
    for (;;) {
      const states = await jobStates(database);
      const ended = (states.done ?? 0) + (states.failed ?? 0);
      if (ended >= options.jobs) break;
      if (Date.now() > deadline) {
        failures.push(`jobs still open after 10 minutes: ${JSON.stringify(states)}`);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await stopWorker(child, 'SIGTERM');

    const copies = new Map<string, number>();
    for (const envelope of sink.envelopes) {
      const key = /^<(job-\d+)@queue-harness\.test>$/.exec(envelope.messageId ?? '')?.[1];
      if (key !== undefined) copies.set(key, (copies.get(key) ?? 0) + 1);
    }
    const tries = await triesByKey(database);
    const states = await jobStates(database);
    let lost = 0;
    for (let n = 0; n < options.jobs; n += 1) if (!copies.has(`job-${n}`)) lost += 1;
    const duplicated = [...copies.entries()].filter(([, count]) => count > 1);
    const duplicatesWithRetry = duplicated.filter(([key]) => (tries.get(key) ?? 1) > 1).length;
    if (lost > 0) failures.push(`${lost} due jobs never reached the SMTP sink`);
    if ((states.done ?? 0) !== options.jobs) failures.push(`jobs not all done: ${JSON.stringify(states)}`);
    if (duplicatesWithRetry !== duplicated.length)
      failures.push(`${duplicated.length - duplicatesWithRetry} jobs sent twice without a second try`);
    return {
      due: options.jobs,
      kills: options.kills,
      doneAtKills,
      delivered: copies.size,
      lost,
      duplicatedJobs: duplicated.length,
      extraCopies: duplicated.reduce((sum, [, count]) => sum + count - 1, 0),
      duplicatesWithRetry,
      states,
      seconds: (Date.now() - started) / 1000,
      failures,
    };
  } finally {
    for (const child of children) child.kill('SIGKILL');
    await sink.close();
  }
}
