// Slot search (GET /api/scheduler/getProviders) over HTTP from the database, measured with autocannon
// on 127.0.0.1 against the built server, on SQLite and PostgreSQL:
//   - 50 providers × 60-day window, 30-minute service, 10 concurrent clients: p95 ≤ 50 ms (SQLite),
//     ≤ 80 ms (PostgreSQL);
//   - 1 provider × 30 days: p95 ≤ 10 ms and ≥ 1,000 requests/s (10 concurrent clients);
//   - the cost curve: p50/p95 for 10, 50, 200 and 500 providers (one client at a time, so the
//     figures are the cost of one search, not queueing), drawn to docs/slot-search-curve.svg;
//   - issue 22, a search after every provider changed (one client): before each search every
//     provider has one of its appointments cancelled (a booking change, through the database's
//     triggers as through any instance), so nothing the server kept of any provider is current:
//     50 providers × 60 days p95 ≤ 10 ms (SQLite), ≤ 15 ms (PostgreSQL); 500 providers ≤ 60 ms on
//     both; drawn in the curve's second panel. Printed beside it, without a budget: every busy
//     version raised with no change recorded, so every provider's whole window is read again.
// Requests are those of the find-appointment screen: every location, one day of slots (`days=1`),
// stepping through the days of the window; the whole window is still computed for
// `availableDates` and each provider's `nextAvailable` (as days: no slot objects but the day's).
//
//   node --import tsx bench/slot-search.ts        (BENCH_DATABASES=sqlite to skip PostgreSQL)
//   BENCH_SEARCH_CURVE=10,50 measures only those points of the curve (the brands of 200 and 500
//   providers take most of the run to generate on a loaded machine) and leaves the SVG as it is;
//   BENCH_COLD_RUNS=N searches after changes per point (default 60); BENCH_SECONDS=N per load.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Request } from 'autocannon';
import type { Brand } from './lib/data.ts';
import {
  ACTIVE_STATUSES,
  DAY_MS,
  brandSizes,
  describeSizes,
  generateBookedBrand,
  offerServiceEverywhere,
  setWindowDays,
  slotSearchPath,
} from './lib/data.ts';
import { describeLoad, load } from './lib/load.ts';
import type { LoadResult } from './lib/load.ts';
import { loadSeconds } from './lib/options.ts';
import { docsDir, resultsDir } from './lib/paths.ts';
import { ensureServerBuild } from './lib/process.ts';
import { Report, describeMachine, round } from './lib/report.ts';
import { summarize } from './lib/stats.ts';
import type { Summary } from './lib/stats.ts';
import { startServer } from './lib/server.ts';
import type { RunningServer } from './lib/server.ts';
import { lineChart, linearFit } from './lib/svg.ts';
import type { Series } from './lib/svg.ts';
import { onEachDatabase } from './lib/targets.ts';
import type { Target } from './lib/targets.ts';

const FULL_CURVE = [10, 50, 200, 500];
/** `BENCH_SEARCH_CURVE=10,50`: only these points (the 50-provider brand is always generated). */
const CURVE: number[] = (() => {
  const asked = (process.env.BENCH_SEARCH_CURVE ?? '')
    .split(',')
    .map(Number)
    .filter((n) => FULL_CURVE.includes(n));
  return asked.length > 0 ? asked : FULL_CURVE;
})();
const FULL = CURVE.length === FULL_CURVE.length;
const MAIN_PROVIDERS = 50;
const MAIN_WINDOW_DAYS = 60;
const SMALL_WINDOW_DAYS = 30;
/** Two weeks of history, and a booked future a little longer than the window. */
const SPAN = { pastDays: 14, futureDays: MAIN_WINDOW_DAYS + 3 };
const P95_BUDGET_MS = { SQLite: 50, PostgreSQL: 80 } as const;
/** Issue 22: p95 of a search with nothing kept, one client, per number of providers. */
const COLD_P95_BUDGET_MS: Record<number, { SQLite: number; PostgreSQL: number }> = {
  50: { SQLite: 10, PostgreSQL: 15 },
  500: { SQLite: 60, PostgreSQL: 60 },
};
const COLD_RUNS = (() => {
  const value = Number(process.env.BENCH_COLD_RUNS);
  return Number.isInteger(value) && value >= 5 ? value : 60;
})();

interface SearchBody {
  window: { earliest: string; latestDate: string };
  availableDates: string[];
  providers: { slots: unknown[] }[];
  timeGroups: unknown[];
}

/** One search to check the answer and to list the window's days; then the day-by-day requests. */
async function dayRequests(
  server: RunningServer,
  brand: Brand,
): Promise<{ body: SearchBody; requests: Request[] }> {
  const response = await fetch(`${server.origin}${slotSearchPath(brand)}`);
  if (response.status !== 200)
    throw new Error(`search answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as SearchBody;
  const days = body.availableDates.length > 0 ? body.availableDates : [body.window.latestDate];
  return {
    body,
    requests: days.map((day) => ({ method: 'GET', path: slotSearchPath(brand, { fromDate: day }) })),
  };
}

function describeAnswer(body: SearchBody): string {
  const slots = body.providers.reduce((sum, provider) => sum + provider.slots.length, 0);
  return (
    `window ${body.window.earliest.slice(0, 10)} … ${body.window.latestDate}, ${body.availableDates.length} days ` +
    `with slots, ${body.providers.length} providers, ${slots} slots and ${body.timeGroups.length} times on the first day`
  );
}

async function searchLoad(
  server: RunningServer,
  label: string,
  requests: Request[],
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  // Warm-up (JIT, SQLite page cache, PostgreSQL buffers), not counted.
  const serverPid = server.child.pid;
  await load({ label: `${label} warm-up`, url: server.origin, connections, amount: 100, requests });
  const result = await load({
    label,
    url: server.origin,
    connections,
    duration: seconds,
    requests,
    serverPid,
  });
  console.info(`  ${label}: ${describeLoad(result)}`);
  if (Object.keys(result.statusCounts).some((status) => status !== '200'))
    throw new Error(`${label}: not every search answered 200 (${JSON.stringify(result.statusCounts)})`);
  return result;
}

/**
 * What happens before each timed search of `coldSearches`:
 *  - 'bookings': every provider has a real change — one of its active appointments in the window
 *    is cancelled (a different one, on another day, each time), as a booking or a cancellation
 *    through any instance does: the triggers raise its busy version and record the changed range
 *    (migration 2026-11-28-024), so the server reads again what changed and recomputes those days;
 *  - 'versions': every provider's busy version is raised with no change recorded (what a version
 *    older than the change log's last 192 looks like): the server reads each provider's whole
 *    window again and runs the engine over it (the first measure of "nothing kept").
 */
type ColdKind = 'bookings' | 'versions';

/**
 * Searches before the timed ones, not counted: the paths that apply logged changes and recompute
 * a few days run only here, and V8 compiles them over the first few runs (the first run after a
 * server start is 2-3x the later ones).
 */
const WARM_UP_RUNS = 10;

/** Active appointments in the window per provider, spread over its days, for 'bookings'. */
async function appointmentsToCancel(target: Target, brand: Brand, runs: number): Promise<number[][]> {
  const now = Date.now();
  const placeholders = ACTIVE_STATUSES.map(() => '?').join(', ');
  const rows = await target.query(
    `select id, provider_id from appointments where client_id = ? and status in (${placeholders})
       and start_at >= ? and start_at < ? order by provider_id, start_at`,
    [brand.clientId, ...ACTIVE_STATUSES, now + DAY_MS, now + (MAIN_WINDOW_DAYS - 1) * DAY_MS],
  );
  const byProvider = new Map<number, number[]>();
  for (const row of rows) {
    const provider = Number(row.provider_id);
    let list = byProvider.get(provider);
    if (list === undefined) byProvider.set(provider, (list = []));
    list.push(Number(row.id));
  }
  // Run r cancels, for each provider, its appointment at r × (its count / runs): one a day or so apart.
  return Array.from({ length: runs }, (_, run) =>
    [...byProvider.values()]
      .map((ids) => ids[Math.floor((run * ids.length) / runs)])
      .filter((id): id is number => id !== undefined),
  );
}

/**
 * Searches one client makes after changes it did not see (`ColdKind`), each asking one day (the
 * day-by-day requests in turn); the change is not timed.
 */
async function coldSearches(
  server: RunningServer,
  target: Target,
  brand: Brand,
  requests: readonly Request[],
  kind: ColdKind,
  runs = COLD_RUNS,
): Promise<Summary> {
  const times: number[] = [];
  const cancellations =
    kind === 'bookings' ? await appointmentsToCancel(target, brand, runs + WARM_UP_RUNS) : [];
  for (let run = 0; run < runs + WARM_UP_RUNS; run++) {
    if (kind === 'versions')
      await target.query(
        `insert into provider_busy_versions (provider_id, version) select id, 1 from providers where client_id = ?
           on conflict (provider_id) do update set version = provider_busy_versions.version + 1`,
        [brand.clientId],
      );
    else {
      const ids = cancellations[run] ?? [];
      await target.query(
        `update appointments set status = 'cancelled' where id in (${ids.map(() => '?').join(', ')})`,
        ids,
      );
    }
    const started = performance.now();
    const response = await fetch(`${server.origin}${requests[run % requests.length]?.path ?? ''}`);
    await response.arrayBuffer();
    // The first ones warm the code paths up (JIT), not counted.
    if (run >= WARM_UP_RUNS) times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`search after ${kind} answered ${response.status}`);
  }
  const summary = summarize(times);
  return {
    ...summary,
    p50: round(summary.p50, 2),
    p95: round(summary.p95, 2),
    p99: round(summary.p99, 2),
    mean: round(summary.mean, 2),
    max: round(summary.max, 2),
  };
}

interface CurvePoint {
  providers: number;
  p50: number;
  p95: number;
  rate: number;
  p95At10: number;
  cpuMs: number | null;
  /** Nothing kept, one client: median and p95. */
  coldMs: number;
  coldP95: number;
}

async function benchDatabase(target: Target, report: Report): Promise<CurvePoint[]> {
  const db = target.name;
  const seconds = loadSeconds(15);
  console.info(`\n── ${db}: generating the brands (large-data generator)`);
  const brands = new Map<number, Brand>();
  for (const providers of new Set([1, MAIN_PROVIDERS, ...CURVE])) {
    const brand = await generateBookedBrand(target, `search${providers}`, providers, SPAN);
    const added = await offerServiceEverywhere(target, brand);
    if (added > 0) console.info(`    search${providers}: the 30-minute service added to ${added} providers`);
    await setWindowDays(target, brand, providers === 1 ? SMALL_WINDOW_DAYS : MAIN_WINDOW_DAYS);
    brands.set(providers, brand);
  }
  // PostgreSQL's autovacuum would analyze the fresh tables shortly; do it now. SQLite is left as
  // the application leaves it (it never runs ANALYZE).
  if (db === 'PostgreSQL') await target.analyze();
  const sizes: Record<string, unknown> = {};
  for (const [providers, brand] of brands) {
    const windowDays = providers === 1 ? SMALL_WINDOW_DAYS : MAIN_WINDOW_DAYS;
    const size = await brandSizes(target, brand, windowDays);
    sizes[brand.slug] = size;
    console.info(`  ${describeSizes(brand.slug, size)}`);
  }
  report.details[`${db} data`] = sizes;

  const server = await startServer(target.env);
  try {
    // 50 providers × 60 days at 10 concurrent clients.
    const main = brands.get(MAIN_PROVIDERS)!;
    const { body, requests } = await dayRequests(server, main);
    console.info(`\n  ${db} ${MAIN_PROVIDERS} providers × ${MAIN_WINDOW_DAYS} days: ${describeAnswer(body)}`);
    const mainLoad = await searchLoad(server, `${db} 50×60 at 10 clients`, requests, 10, seconds);
    report.add(`${db} search 50 providers × 60 days, p95 at 10 clients`, mainLoad.latencyMs.p95, 'ms', {
      kind: 'max',
      limit: P95_BUDGET_MS[db],
    });
    report.add(`${db} search 50 providers × 60 days, p50 at 10 clients`, mainLoad.latencyMs.p50, 'ms');
    report.add(`${db} search 50 providers × 60 days, throughput at 10 clients`, mainLoad.rate, 'req/s');
    report.add(
      `${db} search 50 providers × 60 days, server CPU per search`,
      mainLoad.serverCpuMsPerRequest,
      'ms',
    );
    report.details[`${db} 50x60`] = mainLoad;

    // 1 provider × 30 days at 10 concurrent clients.
    const small = brands.get(1)!;
    const one = await dayRequests(server, small);
    console.info(`\n  ${db} 1 provider × ${SMALL_WINDOW_DAYS} days: ${describeAnswer(one.body)}`);
    const smallLoad = await searchLoad(server, `${db} 1×30 at 10 clients`, one.requests, 10, seconds);
    report.add(`${db} search 1 provider × 30 days, p95 at 10 clients`, smallLoad.latencyMs.p95, 'ms', {
      kind: 'max',
      limit: 10,
    });
    report.add(`${db} search 1 provider × 30 days, throughput at 10 clients`, smallLoad.rate, 'req/s', {
      kind: 'min',
      limit: 1000,
    });
    report.add(
      `${db} search 1 provider × 30 days, server CPU per search`,
      smallLoad.serverCpuMsPerRequest,
      'ms',
    );
    report.details[`${db} 1x30`] = smallLoad;

    // The cost curve: one client (the cost of a search), and 10 clients (with queueing).
    console.info(`\n  ${db} cost curve (60-day window)`);
    const curve: CurvePoint[] = [];
    for (const providers of CURVE) {
      const brand = brands.get(providers)!;
      const { requests: curveRequests } = await dayRequests(server, brand);
      const single = await searchLoad(
        server,
        `${db} ${providers} providers, 1 client`,
        curveRequests,
        1,
        seconds / 2,
      );
      const ten = await searchLoad(
        server,
        `${db} ${providers} providers, 10 clients`,
        curveRequests,
        10,
        seconds / 2,
      );
      const cold = await coldSearches(server, target, brand, curveRequests, 'bookings');
      const whole = await coldSearches(server, target, brand, curveRequests, 'versions');
      curve.push({
        providers,
        p50: single.latencyMs.p50,
        p95: single.latencyMs.p95,
        rate: single.rate,
        p95At10: ten.latencyMs.p95,
        cpuMs: single.serverCpuMsPerRequest,
        coldMs: cold.p50,
        coldP95: cold.p95,
      });
      report.add(
        `${db} curve ${providers} providers × 60 days, p50 / p95 (1 client)`,
        single.latencyMs.p50,
        'ms',
        undefined,
        `p95 ${single.latencyMs.p95} ms, p95 at 10 clients ${ten.latencyMs.p95} ms, server CPU ${single.serverCpuMsPerRequest} ms/search`,
      );
      const coldBudget = COLD_P95_BUDGET_MS[providers];
      report.add(
        `${db} search ${providers} providers × 60 days after a booking change for every provider, one day asked, p95 (1 client)`,
        cold.p95,
        'ms',
        coldBudget === undefined ? undefined : { kind: 'max', limit: coldBudget[db] },
        `p50 ${cold.p50} ms, max ${cold.max} ms, ${cold.count} searches, each after every provider had an appointment cancelled`,
      );
      report.add(
        `${db} search ${providers} providers × 60 days, every busy version raised with no change recorded, p95`,
        whole.p95,
        'ms',
        undefined,
        `p50 ${whole.p50} ms: every provider's whole window read again and computed (no budget)`,
      );
      report.details[`${db} ${providers} nothing kept`] = cold;
      report.details[`${db} ${providers} whole windows read again`] = whole;
    }
    const fit = linearFit(curve.map((point) => ({ x: point.providers, y: point.p50 })));
    const perHundred = round(fit.b * 100, 2);
    report.add(
      `${db} curve linearity (R² of p50 against providers)`,
      round(fit.r2, 3),
      '',
      undefined,
      `p50 ≈ ${round(fit.a, 2)} ms + ${perHundred} ms per 100 providers`,
    );
    report.details[`${db} curve`] = { points: curve, fit };

    // For information: one provider of the 50 by id (a deep link), and the whole window returned.
    const provider = await fetch(`${server.origin}${slotSearchPath(main)}`).then(
      async (response) =>
        ((await response.json()) as { providers: { providerId: string }[] }).providers[0]?.providerId,
    );
    if (provider !== undefined) {
      const deepLink = await searchLoad(
        server,
        `${db} providerId of 50, 10 clients`,
        [{ method: 'GET', path: slotSearchPath(main, { providerId: provider }) }],
        10,
        seconds / 3,
      );
      report.add(
        `${db} search providerId=… among 50 × 60 days, p95 at 10 clients`,
        deepLink.latencyMs.p95,
        'ms',
        undefined,
        'location capacity still needs every provider',
      );
    }
    const whole = await searchLoad(
      server,
      `${db} 50×60 whole window, 1 client`,
      [{ method: 'GET', path: slotSearchPath(main).replace('&days=1', '') }],
      1,
      seconds / 3,
    );
    report.add(
      `${db} search 50 × 60 returning all 60 days of slots, p50 (1 client)`,
      whole.latencyMs.p50,
      'ms',
      undefined,
      'not what the screen asks for',
    );
    return curve;
  } finally {
    await server.stop();
  }
}

function drawCurve(curves: Map<string, CurvePoint[]>, machine: string): void {
  const colours: Record<string, [string, string]> = {
    SQLite: ['#1f77b4', '#7fb2dd'],
    PostgreSQL: ['#d62728', '#eb8f90'],
  };
  const warm: Series[] = [];
  const cold: Series[] = [];
  for (const [db, points] of curves) {
    const [dark, light] = colours[db] ?? ['#333333', '#999999'];
    const at = (y: (p: CurvePoint) => number | null) =>
      points.filter((p) => y(p) !== null).map((p) => ({ x: p.providers, y: y(p) ?? 0 }));
    const fit = linearFit(at((p) => p.p50));
    warm.push(
      { label: `${db} p50`, colour: dark, points: at((p) => p.p50) },
      { label: `${db} p95`, colour: light, points: at((p) => p.p95) },
      {
        label: `${db} p50, linear fit`,
        colour: dark,
        dashed: true,
        points: [0, 500].map((x) => ({ x, y: Math.max(0, fit.a + fit.b * x) })),
      },
      { label: `${db} server CPU / search`, colour: light, dashed: true, points: at((p) => p.cpuMs) },
    );
    cold.push(
      { label: `${db} p50`, colour: dark, points: at((p) => p.coldMs) },
      { label: `${db} p95`, colour: light, points: at((p) => p.coldP95 ?? null) },
    );
  }
  const svg = lineChart({
    title: 'Slot search cost: providers × 60-day window (getProviders over HTTP, one client)',
    subtitle: `All locations, one day of slots, 30-minute service; ${machine}`,
    panels: [
      {
        title: 'Latency, kept slots still current',
        xLabel: 'providers searched',
        yLabel: 'ms',
        series: warm,
      },
      {
        title: 'After a booking change for every provider, budget p95: 50 → 10 / 15 ms, 500 → 60 ms',
        xLabel: 'providers searched',
        yLabel: 'ms',
        series: cold,
      },
    ],
  });
  const file = path.join(docsDir, 'slot-search-curve.svg');
  writeFileSync(file, svg);
  console.info(`Wrote ${path.relative(process.cwd(), file)}`);
}

/** `--redraw`: the SVG again from bench/results/slot-search.json, without measuring. */
function redraw(): void {
  const saved = JSON.parse(readFileSync(path.join(resultsDir, 'slot-search.json'), 'utf8')) as {
    machine: { cores: number; loadAverage: number[] };
    startedAt: string;
    details: Record<string, { points?: CurvePoint[] } | undefined>;
  };
  const curves = new Map<string, CurvePoint[]>();
  for (const db of ['SQLite', 'PostgreSQL']) {
    const points = saved.details[`${db} curve`]?.points;
    if (points !== undefined) curves.set(db, points);
  }
  drawCurve(
    curves,
    `${saved.machine.cores} cores, load ${saved.machine.loadAverage[0]}, ${saved.startedAt.slice(0, 10)}`,
  );
}

if (process.argv.includes('--redraw')) {
  redraw();
  process.exit(0);
}

const report = new Report('slot-search');
ensureServerBuild();
const curves = new Map<string, CurvePoint[]>();
await onEachDatabase('slot-search', 'slot_search', report.details, async (target, name) => {
  curves.set(name, await benchDatabase(target, report));
});
if (curves.size > 0 && !FULL)
  console.info('Part of the curve only (BENCH_SEARCH_CURVE): the SVG is left as it is.');
if (curves.size > 0 && FULL) {
  const m = describeMachine();
  drawCurve(
    curves,
    `${m.cores} cores, Node ${m.node}, load ${m.loadAverage[0]}, ${new Date().toISOString().slice(0, 10)}`,
  );
}
report.finish();
