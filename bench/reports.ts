// Reports over 1,000,000 appointments and 5,000,000 analytics events (large-data generator), over
// HTTP against the built server as a signed-in viewer: the appointment report and the chart report,
// default range (30 days) and the longest range (366 days), one client at a time: p95 ≤ 300 ms each.
//
//   node --import tsx bench/reports.ts        (BENCH_DATABASES=sqlite to skip PostgreSQL;
//                                             BENCH_REPORT_APPOINTMENTS / _EVENTS to scale down)
import { randomBytes, scryptSync } from 'node:crypto';
import { describeLoad, load } from './lib/load.ts';
import { loadSeconds, wantDatabase } from './lib/options.ts';
import { ensureServerBuild, ticker } from './lib/process.ts';
import { Report } from './lib/report.ts';
import { startServer } from './lib/server.ts';
import type { RunningServer } from './lib/server.ts';
import { count, generate, postgresTarget, sqliteTarget } from './lib/targets.ts';
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

async function addViewer(target: Target, clientId: number): Promise<void> {
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
  console.info(`\n── ${db}: generating ${APPOINTMENTS} appointments and ${EVENTS} analytics events`);
  await generate(target, {
    client: 'reports',
    providers: PROVIDERS,
    appointments: APPOINTMENTS,
    events: EVENTS,
  });
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
      const result = await load({
        label: `${db} ${name}`,
        url: server.origin,
        connections: 1,
        duration: loadSeconds(10),
        headers,
        requests: [{ method: 'GET', path }],
        serverPid: server.child.pid,
      });
      console.info(`  ${db} ${name}: ${describeLoad(result)}`);
      report.add(
        `${db} ${name}, p95 (1 client)`,
        result.latencyMs.p95,
        'ms',
        { kind: 'max', limit: P95_BUDGET_MS },
        `p50 ${result.latencyMs.p50} ms, server CPU ${result.serverCpuMsPerRequest} ms/request`,
      );
      report.details[`${db} ${name}`] = result;
    }
  } finally {
    await server.stop();
  }
}

const report = new Report('reports');
ensureServerBuild();
if (wantDatabase('sqlite')) {
  const sqlite = sqliteTarget('reports');
  try {
    await benchDatabase(sqlite, report);
  } finally {
    await sqlite.destroy();
  }
}
if (wantDatabase('postgres')) {
  const postgres = await postgresTarget('reports');
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
