// Reports over 1,000,000 appointments and 5,000,000 analytics events (large-data generator), over
// HTTP against the built server as a signed-in viewer: the appointment report and the chart report,
// default range (30 days) and the longest range (366 days), one client at a time: p95 ≤ 300 ms each.
//
//   node --import tsx bench/reports.ts        (BENCH_DATABASES=sqlite to skip PostgreSQL;
//                                             BENCH_REPORT_APPOINTMENTS / _EVENTS to scale down)
//
// Before/after comparisons on the same data (generating it takes minutes on SQLite, tens of minutes
// on PostgreSQL; the generator prints its progress): BENCH_REPORT_SQLITE_FILE=/path/reports.db and
// BENCH_REPORT_PG_SCHEMA=name keep the data there and reuse it when it already holds the brand (no
// generation, printed with its sizes; the server migrates it); BENCH_DATABASE_URL=postgres://…/db
// puts that schema in a database of your own;
// BENCH_SERVER_DIST=<dir> runs another build of the server (e.g. a copy of apps/server/dist made
// before a change). The load average at the start and end of each figure is printed and recorded.
import { randomBytes, scryptSync } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { describeLoad, load } from './lib/load.ts';
import { loadSeconds, wantDatabase } from './lib/options.ts';
import { ensureServerBuild, ticker } from './lib/process.ts';
import { Report } from './lib/report.ts';
import { startServer } from './lib/server.ts';
import type { RunningServer } from './lib/server.ts';
import { POSTGRES_URL, count, generate, postgresTarget, sqliteTarget } from './lib/targets.ts';
import type { Target } from './lib/targets.ts';

const APPOINTMENTS = Number(process.env.BENCH_REPORT_APPOINTMENTS ?? 1_000_000);
const EVENTS = Number(process.env.BENCH_REPORT_EVENTS ?? 5_000_000);
const PROVIDERS = 300;
const P95_BUDGET_MS = 300;
const VIEWER = { email: 'bench.viewer@example.org', password: 'bench-viewer-password' };

/** The password format of apps/server (scrypt$log2N$r$p$salt$key), at a cost fit for a benchmark. */
function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 64, { N: 2 ** 14, r: 8, p: 1 });
  return ['scrypt', 14, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

/** A SQLite file kept between runs (BENCH_REPORT_SQLITE_FILE). */
function keptSqliteTarget(file: string): Target {
  mkdirSync(path.dirname(file), { recursive: true });
  let handle: SqliteDatabase.Database | undefined;
  const open = (): SqliteDatabase.Database => (handle ??= new SqliteDatabase(file, { timeout: 5_000 }));
  return {
    name: 'SQLite',
    env: { SQLITE_PATH: file },
    query(statement, params = []) {
      const prepared = open().prepare(statement);
      if (prepared.reader) return Promise.resolve(prepared.all(...params) as Record<string, unknown>[]);
      prepared.run(...params);
      return Promise.resolve([]);
    },
    analyze() {
      open().exec('analyze');
      return Promise.resolve();
    },
    release() {
      handle?.close();
      handle = undefined;
    },
    destroy() {
      handle?.close();
      console.info(`Kept the database: ${file}`);
      return Promise.resolve();
    },
  };
}

/** A PostgreSQL schema kept between runs (BENCH_REPORT_PG_SCHEMA). */
async function keptPostgresTarget(schema: string): Promise<Target> {
  if (!/^\w+$/.test(schema)) throw new Error('BENCH_REPORT_PG_SCHEMA must be a plain identifier');
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create schema if not exists ${schema}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  return {
    name: 'PostgreSQL',
    env: { DATABASE_URL: url.toString() },
    async query(statement, params = []) {
      let index = 0;
      const text = statement.replace(/\?/g, () => `$${++index}`);
      return (await pool.query(text, params)).rows as Record<string, unknown>[];
    },
    async analyze() {
      await pool.query('analyze');
    },
    async destroy() {
      await pool.end();
      console.info(`Kept the schema: ${schema}`);
    },
  };
}

/** Whether the target already holds the generated brand (a kept database). */
async function hasBrand(target: Target): Promise<boolean> {
  try {
    return (await target.query('select id from clients where slug = ?', ['reports'])).length > 0;
  } catch {
    return false; // no schema yet
  }
}

const loadAverage = (): number => Math.round((loadavg()[0] ?? 0) * 10) / 10;

async function addViewer(target: Target, clientId: number): Promise<void> {
  if ((await target.query('select id from users where email = ?', [VIEWER.email])).length > 0) return;
  const now = Date.now();
  await target.query(
    'insert into users (email, password_hash, display_name, created_at, updated_at) values (?, ?, ?, ?, ?)',
    [VIEWER.email, hashPassword(VIEWER.password), 'Bench Viewer', now, now],
  );
  const user = await target.query('select id from users where email = ?', [VIEWER.email]);
  await target.query('insert into memberships (user_id, client_id, role, created_at) values (?, ?, ?, ?)', [
    Number(user[0]?.id),
    clientId,
    'viewer',
    now,
  ]);
}

async function signIn(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.origin}/api/config/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(VIEWER),
  });
  if (response.status !== 200)
    throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

async function benchDatabase(target: Target, report: Report): Promise<void> {
  const db = target.name;
  if (await hasBrand(target)) {
    console.info(`\n── ${db}: REUSING the data already generated (kept database; its sizes follow)`);
  } else {
    console.info(`\n── ${db}: generating ${APPOINTMENTS} appointments and ${EVENTS} analytics events`);
    await generate(target, {
      client: 'reports',
      providers: PROVIDERS,
      appointments: APPOINTMENTS,
      events: EVENTS,
    });
  }
  const stop = ticker(`${db} statistics`);
  if (db === 'PostgreSQL') await target.analyze();
  const clientId = Number((await target.query('select id from clients where slug = ?', ['reports']))[0]?.id);
  const sizes = {
    appointments: count(
      await target.query('select count(*) as n from appointments where client_id = ?', [clientId]),
    ),
    analyticsEvents: count(
      await target.query('select count(*) as n from analytics_events where client_id = ?', [clientId]),
    ),
    analyticsSessions: count(
      await target.query('select count(*) as n from analytics_sessions where client_id = ?', [clientId]),
    ),
    providers: PROVIDERS,
  };
  stop();
  console.info(
    `  reports: ${sizes.appointments} appointments, ${sizes.analyticsEvents} analytics events ` +
      `(${sizes.analyticsSessions} sessions), ${PROVIDERS} providers`,
  );
  // A kept database made for other sizes (or a generation stopped early) is measured as it is.
  const near = (have: number, want: number): boolean => Math.abs(have - want) <= want * 0.02;
  if (!near(sizes.appointments, APPOINTMENTS) || !near(sizes.analyticsEvents, EVENTS)) {
    console.warn(
      `  NOTE: asked for ${APPOINTMENTS} appointments and ${EVENTS} events; measuring the data as it is ` +
        '(delete the kept file / schema to generate it again)',
    );
    report.details[`${db} sizes asked`] = { appointments: APPOINTMENTS, analyticsEvents: EVENTS };
  }
  report.details[`${db} data`] = sizes;
  await addViewer(target, clientId);

  const server = await startServer(target.env);
  try {
    const token = await signIn(server);
    const headers = { authorization: `Bearer ${token}` };
    const today = Date.now();
    const longest = { from: isoDay(today - 365 * 86_400_000), to: isoDay(today) };
    const cases: { name: string; path: string }[] = [
      {
        name: 'appointment report, last 30 days, page 1',
        path: `/api/scheduler/getAppointmentReport?clientId=${clientId}`,
      },
      {
        name: 'appointment report, 366 days, newest first',
        path: `/api/scheduler/getAppointmentReport?clientId=${clientId}&from=${longest.from}&to=${longest.to}&sort=-startUtc`,
      },
      {
        name: 'chart report, last 30 days',
        path: `/api/scheduler/report/getChartReport?clientId=${clientId}`,
      },
      {
        name: 'chart report, 366 days',
        path: `/api/scheduler/report/getChartReport?clientId=${clientId}&from=${longest.from}&to=${longest.to}`,
      },
    ];
    for (const { name, path } of cases) {
      const first = await fetch(`${server.origin}${path}`, { headers });
      if (first.status !== 200) {
        const text = await first.text();
        console.warn(`  ${db} ${name}: answered ${first.status} (${text.slice(0, 200)})`);
        report.add(
          `${db} ${name}, p95`,
          null,
          'ms',
          { kind: 'max', limit: P95_BUDGET_MS },
          `answered ${first.status}`,
        );
        continue;
      }
      await load({
        label: `${db} ${name} warm-up`,
        url: server.origin,
        connections: 1,
        amount: 5,
        headers,
        requests: [{ method: 'GET', path }],
      });
      const loadBefore = loadAverage();
      const result = await load({
        label: `${db} ${name}`,
        url: server.origin,
        connections: 1,
        duration: loadSeconds(10),
        headers,
        requests: [{ method: 'GET', path }],
        serverPid: server.child.pid,
      });
      const loadAfter = loadAverage();
      console.info(`  ${db} ${name}: ${describeLoad(result)}, load average ${loadBefore} → ${loadAfter}`);
      report.add(
        `${db} ${name}, p95 (1 client)`,
        result.latencyMs.p95,
        'ms',
        { kind: 'max', limit: P95_BUDGET_MS },
        `p50 ${result.latencyMs.p50} ms, server CPU ${result.serverCpuMsPerRequest} ms/request, ` +
          `load ${loadBefore} → ${loadAfter}`,
      );
      report.details[`${db} ${name}`] = { ...result, loadAverage: [loadBefore, loadAfter] };
    }
  } finally {
    await server.stop();
  }
}

const report = new Report('reports');
// Another build (BENCH_SERVER_DIST) is run as it is.
if (process.env.BENCH_SERVER_DIST === undefined) ensureServerBuild();
const keptSqlite = process.env.BENCH_REPORT_SQLITE_FILE;
const keptSchema = process.env.BENCH_REPORT_PG_SCHEMA;
if (wantDatabase('sqlite')) {
  const sqlite =
    keptSqlite === undefined ? sqliteTarget('reports') : keptSqliteTarget(path.resolve(keptSqlite));
  try {
    await benchDatabase(sqlite, report);
  } finally {
    await sqlite.destroy();
  }
}
if (wantDatabase('postgres')) {
  const postgres =
    keptSchema === undefined ? await postgresTarget('reports') : await keptPostgresTarget(keptSchema);
  if (typeof postgres === 'string') {
    console.warn(`\nSKIPPED the PostgreSQL part: ${postgres}`);
    report.details.postgresSkipped = postgres;
  } else {
    try {
      await benchDatabase(postgres, report);
    } finally {
      await postgres.destroy();
    }
  }
}
report.finish();
