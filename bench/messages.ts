// 10,000 reminders falling due at once, sent to a local SMTP sink (issue 17): on SQLite (one server
// instance) and on PostgreSQL with two instances (two processes sharing the pg-boss queue).
// Budget: all sent within 2 minutes of falling due. Prints throughput and lag (due → accepted by the
// sink: p50, p95, max). Two modes (BENCH_MESSAGES_MODE):
//
//  - `real` (default; helper J): the real messages path. N booked appointments (bulk-inserted, all
//    starting at one instant) get their messages planned through the messages context's planner
//    (the function the booking transaction calls: real `messages` rows and `messages.send` jobs,
//    shipped reminder rules), so N e-mail reminders fall due at start − 48 h, all at once. The
//    instances are the BUILT SERVER (apps/server/dist/main.js, what `npm start` runs; JOB_POLL_MS
//    1000, 16 jobs at once, SMTP_URL = the sink): its send handler re-reads message, appointment and
//    patient, renders the practice's template (LiquidJS) with the .ics, sends through nodemailer and
//    records it. The due instant is set after timing the planning of 200 appointments first, so
//    that all N are planned before they fall due (the output says if planning overran it).
//  - `queue` (helper A): the job queue and transport alone, with a dispatch-shaped handler over a
//    table of the bench's own (bench/messages-worker.ts; its figures are in docs/performance.md).
//
//   node --import tsx bench/messages.ts     (npm run bench:messages -w bench)
//   BENCH_DATABASES=sqlite|postgres; BENCH_MESSAGES=N; BENCH_MESSAGES_MODE=real|queue
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { parseConfig } from '../apps/server/src/platform/config.ts';
import { createDb } from '../apps/server/src/platform/db/database.ts';
import type { Db } from '../apps/server/src/platform/db/database.ts';
import { migrate } from '../apps/server/src/platform/db/migrate.ts';
import { inWriteTransaction } from '../apps/server/src/platform/db/transaction.ts';
import { createJobQueue } from '../apps/server/src/platform/jobs/index.ts';
import { startSmtpSink } from '../apps/server/src/test/smtp-sink.ts';
import type { ReceivedEnvelope, SmtpSink } from '../apps/server/src/test/smtp-sink.ts';
import { wantDatabase } from './lib/options.ts';
import { processCpuMs } from './lib/load.ts';
import { ensureServerBuild } from './lib/process.ts';
import {
  EMAIL_REMINDER_MS,
  insertAppointments,
  insertPatients,
  planMessages,
  reminderOutcomes,
  seededBrand,
} from './lib/reminder-burst.ts';
import { Report, round } from './lib/report.ts';
import { startServer } from './lib/server.ts';
import type { RunningServer } from './lib/server.ts';
import { POSTGRES_URL } from './lib/targets.ts';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_000);
const BUDGET_MS = 120_000;
/** The burst falls due this long after it is queued (the instances are polling by then). */
const DUE_IN_MS = 3_000;

interface Setup {
  name: string;
  instances: number;
  env: Record<string, string>;
  /** The database environment of the built server (mode `real`). */
  serverEnv: Record<string, string>;
  db: Db;
  /** Creates the bench's message rows 1..n (a table of the bench's own). */
  createMessages(n: number): Promise<void>;
  destroy(): Promise<void>;
}

const MESSAGE_TABLE =
  'create table bench_messages (id integer primary key, to_address text not null, status text not null, provider_id text, sent_at bigint)';

async function sqliteSetup(): Promise<Setup> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-messages-'));
  const file = path.join(dir, 'messages.db');
  const db = createDb(parseConfig({ SQLITE_PATH: file }));
  await migrate(db);
  return {
    name: 'SQLite, 1 instance',
    instances: 1,
    env: { SQLITE_PATH: file },
    serverEnv: { SQLITE_PATH: file },
    db,
    createMessages(n) {
      const raw = new SqliteDatabase(file, { timeout: 5_000 });
      raw.exec(MESSAGE_TABLE);
      const insert = raw.prepare(
        "insert into bench_messages (id, to_address, status) values (?, ?, 'queued')",
      );
      raw.transaction(() => {
        for (let id = 1; id <= n; id += 1) insert.run(id, `patient${id}@example.test`);
      })();
      raw.close();
      return Promise.resolve();
    },
    async destroy() {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** POSTGRES_URL with `search_path` on `schema` (what the built server connects with). */
function urlOnSchema(schema: string): string {
  const url = new URL(POSTGRES_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

async function postgresSetup(): Promise<Setup> {
  const schema = `bench_messages_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  await admin.end();
  const db = createDb(parseConfig({ DATABASE_URL: POSTGRES_URL }), { pgSchema: schema, poolSize: 4 });
  await migrate(db);
  return {
    name: 'PostgreSQL (pg-boss), 2 instances',
    instances: 2,
    env: { DATABASE_URL: POSTGRES_URL, BENCH_PG_SCHEMA: schema },
    serverEnv: { DATABASE_URL: urlOnSchema(schema) },
    db,
    async createMessages(n) {
      const client = new pg.Client({ connectionString: POSTGRES_URL, options: `-c search_path=${schema}` });
      await client.connect();
      await client.query(MESSAGE_TABLE);
      await client.query(
        "insert into bench_messages (id, to_address, status) select id, 'patient' || id || '@example.test', 'queued' from generate_series(1, $1::int) as id",
        [n],
      );
      await client.end();
    },
    async destroy() {
      await db.destroy();
      const cleanup = new pg.Client({ connectionString: POSTGRES_URL });
      await cleanup.connect();
      await cleanup.query(`drop schema if exists "${schema}" cascade`);
      await cleanup.query(`drop schema if exists "${schema}_pgboss" cascade`);
      await cleanup.end();
    },
  };
}

function startInstance(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'messages-worker.ts')],
    {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`instance did not start: ${output}`)), 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('READY')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`instance exited (${code}): ${output}`));
    });
  });
}

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/** Prints and records the figures of one burst (lag from `dueAt` to the sink); returns the distinct count. */
function burstFigures(
  report: Report,
  prefix: string,
  envelopes: readonly ReceivedEnvelope[],
  dueAt: number,
  expected: number,
): number {
  const lags = envelopes.map((e) => e.receivedAt - dueAt).sort((a, b) => a - b);
  const distinct = new Set(envelopes.map((e) => e.messageId)).size;
  const first = Math.min(...envelopes.map((e) => e.receivedAt));
  const last = Math.max(...envelopes.map((e) => e.receivedAt));
  report.add(
    `${prefix}: sent`,
    envelopes.length,
    'messages',
    { kind: 'min', limit: expected },
    `${distinct} distinct`,
  );
  report.add(
    `${prefix}: all sent after falling due`,
    envelopes.length === 0 ? null : round((last - dueAt) / 1000, 1),
    's',
    { kind: 'max', limit: BUDGET_MS / 1000 },
  );
  report.add(
    `${prefix}: throughput`,
    envelopes.length === 0 ? null : round(envelopes.length / ((last - first) / 1000), 0),
    'messages/s',
    undefined,
    envelopes.length === 0 ? undefined : `first at +${round((first - dueAt) / 1000, 1)} s`,
  );
  report.add(`${prefix}: lag p50`, round(percentile(lags, 50) / 1000, 1), 's');
  report.add(`${prefix}: lag p95`, round(percentile(lags, 95) / 1000, 1), 's');
  report.add(`${prefix}: lag max`, round((lags.at(-1) ?? Number.NaN) / 1000, 1), 's');
  return distinct;
}

async function run(report: Report, setup: Setup): Promise<void> {
  const sink = await startSmtpSink({ parse: false });
  const children: ChildProcess[] = [];
  try {
    await setup.createMessages(MESSAGES);
    for (let i = 0; i < setup.instances; i += 1)
      children.push(
        await startInstance({
          ...setup.env,
          SMTP_URL: sink.url,
          MAIL_FROM: 'BrightSmile Dental <no-reply@brightsmile.test>',
        }),
      );

    // The burst: N jobs for the N message rows, committed in transactions of 1,000, all due at one instant.
    const dueAt = Date.now() + DUE_IN_MS;
    const queue = createJobQueue({ jobPollMs: 1000 }, setup.db);
    for (let start = 0; start < MESSAGES; start += 1000) {
      const ids = Array.from({ length: Math.min(1000, MESSAGES - start) }, (_, i) => start + i + 1);
      await inWriteTransaction(setup.db, (trx) =>
        queue.enqueue(
          trx,
          ids.map((id) => ({
            queue: 'bench.message',
            key: `message-${id}`,
            payload: { messageId: id },
            runAt: new Date(dueAt),
          })),
        ),
      );
    }
    const queuedBy = Date.now();
    const deadline = dueAt + 4 * BUDGET_MS;
    while (sink.envelopes.length < MESSAGES && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 250));

    const distinct = burstFigures(report, setup.name, sink.envelopes, dueAt, MESSAGES);
    report.details[setup.name] = {
      messages: MESSAGES,
      instances: setup.instances,
      queuedInMs: queuedBy - (dueAt - DUE_IN_MS),
      distinct,
    };
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null))),
      ),
    );
    await sink.close();
    await setup.destroy();
  }
}

/** Appointments planned first to time the planning (their reminders fall due weeks later). */
const CALIBRATION = 200;
const MAIL_FROM = 'BrightSmile Dental <no-reply@brightsmile.test>';
const REMINDER_MESSAGE_ID = /^<message-\d+@/;

/** Waits until `expected` reminders arrived, the deadline passed, or nothing arrived for `stallMs`. */
async function awaitArrivals(
  sink: SmtpSink,
  expected: number,
  deadline: number,
  stallMs = 60_000,
): Promise<void> {
  let seen = 0;
  let lastChange = Date.now();
  let lastPrint = 0;
  while (sink.envelopes.length < expected && Date.now() < deadline && Date.now() - lastChange < stallMs) {
    await new Promise((r) => setTimeout(r, 250));
    if (sink.envelopes.length !== seen) {
      seen = sink.envelopes.length;
      lastChange = Date.now();
    }
    if (Date.now() - lastPrint >= 5_000) {
      lastPrint = Date.now();
      console.info(`    … ${sink.envelopes.length} of ${expected} in the sink`);
    }
  }
}

async function runReal(report: Report, setup: Setup): Promise<void> {
  const sink = await startSmtpSink({ parse: false });
  const servers: RunningServer[] = [];
  try {
    console.info(`\n── ${setup.name}: the demo seed, ${MESSAGES + CALIBRATION} patients`);
    const brand = await seededBrand(setup.db);
    const patients = await insertPatients(setup.db, brand, MESSAGES + CALIBRATION, '');
    for (let i = 0; i < setup.instances; i += 1) {
      const server = await startServer({
        ...setup.serverEnv,
        SMTP_URL: sink.url,
        MAIL_FROM,
        SEED_DEMO: 'false',
      });
      servers.push(server);
      console.info(
        `  instance ${i + 1} (built server, pid ${server.child.pid}) ready in ${round(server.readyMs / 1000, 1)} s`,
      );
    }
    // The planner's queue handle: only `enqueue` (in the planning transactions), never started here.
    const jobs = createJobQueue({ jobPollMs: 1000 }, setup.db);

    // Time the planning of a few appointments (30 days ahead), then set the burst's due instant.
    const calibrationStart = Date.now();
    const calibration = await insertAppointments(
      setup.db,
      brand,
      patients.slice(0, CALIBRATION),
      calibrationStart + 30 * 86_400_000,
    );
    await planMessages(setup.db, jobs, calibration, new Date());
    const perAppointmentMs = (Date.now() - calibrationStart) / CALIBRATION;
    const dueAt = Date.now() + Math.round(2 * perAppointmentMs * MESSAGES) + 10_000;
    const startAt = dueAt + EMAIL_REMINDER_MS;
    console.info(
      `  planning ${round(perAppointmentMs, 2)} ms per appointment: the ${MESSAGES} reminders fall due at ` +
        `${new Date(dueAt).toISOString()} (in ${round((dueAt - Date.now()) / 1000, 1)} s)`,
    );

    const plannedAt = new Date();
    const ids = await insertAppointments(setup.db, brand, patients.slice(CALIBRATION), startAt);
    const rows = await planMessages(setup.db, jobs, ids, plannedAt);
    const plannedBy = Date.now();
    const overranMs = Math.max(0, plannedBy - dueAt);
    console.info(
      `  ${ids.length} appointments, ${rows} message rows and jobs planned in ${round((plannedBy - plannedAt.getTime()) / 1000, 1)} s` +
        (overranMs > 0 ? ` — OVERRAN the due instant by ${round(overranMs / 1000, 1)} s` : ''),
    );
    if (rows !== 2 * MESSAGES)
      throw new Error(`expected ${2 * MESSAGES} reminder rows (e-mail + SMS), made ${rows}`);

    const cpuBefore = servers.map((server) => processCpuMs(server.child.pid) ?? Number.NaN);
    await awaitArrivals(sink, MESSAGES, dueAt + 2 * BUDGET_MS);
    const cpuMs = servers.reduce(
      (sum, server, i) => sum + (processCpuMs(server.child.pid) ?? Number.NaN) - (cpuBefore[i] ?? Number.NaN),
      0,
    );
    const reminders = sink.envelopes.filter((e) => REMINDER_MESSAGE_ID.test(e.messageId ?? ''));
    const distinct = burstFigures(report, setup.name, reminders, dueAt, MESSAGES);
    const outcomes = await reminderOutcomes(setup.db, startAt);
    const described = outcomes.map((o) => `${o.n} ${o.status}`).join(', ');
    const cpuPerMessage = round(cpuMs / Math.max(1, reminders.length), 2);
    const meanBytes = Math.round(
      reminders.reduce((sum, e) => sum + e.bytes, 0) / Math.max(1, reminders.length),
    );
    console.info(
      `  the burst's reminder rows: ${described}; instances' CPU ${cpuPerMessage} ms per message; ${meanBytes} bytes per e-mail`,
    );
    report.details[setup.name] = {
      mode: 'real',
      messages: MESSAGES,
      instances: setup.instances,
      planningMsPerAppointment: round(perAppointmentMs, 2),
      plannedInMs: plannedBy - plannedAt.getTime(),
      planningOverranDueMs: overranMs,
      distinct,
      instanceCpuMsPerMessage: cpuPerMessage,
      meanEmailBytes: meanBytes,
      otherMail: sink.envelopes.length - reminders.length,
      outcomes,
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await sink.close();
    await setup.destroy();
  }
}

const MODE = process.env.BENCH_MESSAGES_MODE ?? 'real';
if (MODE !== 'real' && MODE !== 'queue') throw new Error(`BENCH_MESSAGES_MODE is real or queue, not ${MODE}`);
const runMode = MODE === 'real' ? runReal : run;
const report = new Report(MODE === 'real' ? 'messages' : 'messages-queue');
if (MODE === 'real') ensureServerBuild();
if (wantDatabase('sqlite')) await runMode(report, await sqliteSetup());
if (wantDatabase('postgres')) await runMode(report, await postgresSetup());
report.finish();
