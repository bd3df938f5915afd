// A search after a booking change, before and after a change of the server, paired: two builds
// serve the same brand side by side, and after each change (every provider has one of its
// appointments cancelled, through the database as any instance would) the same one-day search goes
// to both, in alternating order. The figure is the median of the per-search differences, which a
// shared, noisy machine moves far less than either side's own p50 or p95 (both printed beside it).
// No budget: it says what a change is worth (docs/performance.md, issue 22).
//
//   BENCH_AB_BEFORE=/path/to/old-dist node --import tsx bench/search-ab.ts
//     BENCH_AB_BEFORE  a copy of apps/server/dist built before the change (required); "after" is
//                      apps/server/dist (built if older than its sources). Both must accept the
//                      schema: the "before" build refuses migrations it does not know.
//     BENCH_AB_PROVIDERS=N  providers of the brand (default 50); BENCH_COLD_RUNS=N searches
//                      (default 100, after 10 not counted); BENCH_DATABASES=sqlite|postgres.
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  ACTIVE_STATUSES,
  DAY_MS,
  generateBookedBrand,
  offerServiceEverywhere,
  setWindowDays,
  slotSearchPath,
} from './lib/data.ts';
import { ensureServerBuild } from './lib/process.ts';
import { Report, round } from './lib/report.ts';
import { startServer } from './lib/server.ts';
import type { RunningServer } from './lib/server.ts';
import { summarize } from './lib/stats.ts';
import { onEachDatabase } from './lib/targets.ts';
import type { Target } from './lib/targets.ts';

const WINDOW_DAYS = 60;
const WARM_UP_RUNS = 10;
const positiveInteger = (value: string | undefined, fallback: number): number => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
};
const PROVIDERS = positiveInteger(process.env.BENCH_AB_PROVIDERS, 50);
const RUNS = positiveInteger(process.env.BENCH_COLD_RUNS, 100);
const before = process.env.BENCH_AB_BEFORE;
if (before === undefined || !existsSync(path.join(before, 'main.js')))
  throw new Error('BENCH_AB_BEFORE must name a server build (a folder with main.js) made before the change');

async function timedGet(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

async function pairedRuns(target: Target, db: string, report: Report): Promise<void> {
  const brand = await generateBookedBrand(target, `ab${PROVIDERS}`, PROVIDERS, {
    pastDays: 14,
    futureDays: WINDOW_DAYS + 3,
  });
  await offerServiceEverywhere(target, brand);
  await setWindowDays(target, brand, WINDOW_DAYS);
  target.release?.();
  const searchPath = (fromDate?: string): string =>
    slotSearchPath(brand, fromDate === undefined ? {} : { fromDate });

  // Before, after.
  const servers: RunningServer[] = [];
  try {
    servers.push(await startServer(target.env, path.resolve(before ?? '')));
    servers.push(await startServer(target.env));
    const first = await fetch(`${servers[1]?.origin ?? ''}${searchPath()}`);
    const { availableDates } = (await first.json()) as { availableDates: string[] };
    await timedGet(`${servers[0]?.origin ?? ''}${searchPath()}`);

    // Per provider its active appointments in the window; run r cancels the one at r × count / runs.
    const now = Date.now();
    const rows = await target.query(
      `select id, provider_id from appointments where client_id = ? and status in (${ACTIVE_STATUSES.map(() => '?').join(', ')})
         and start_at >= ? and start_at < ? order by provider_id, start_at`,
      [brand.clientId, ...ACTIVE_STATUSES, now + DAY_MS, now + (WINDOW_DAYS - 1) * DAY_MS],
    );
    const byProvider = new Map<number, number[]>();
    for (const row of rows) {
      const list = byProvider.get(Number(row.provider_id)) ?? [];
      list.push(Number(row.id));
      byProvider.set(Number(row.provider_id), list);
    }
    const total = RUNS + WARM_UP_RUNS;
    const times: [number[], number[]] = [[], []];
    const differences: number[] = [];
    for (let run = 0; run < total; run++) {
      const ids = [...byProvider.values()]
        .map((list) => list[Math.floor((run * list.length) / total)])
        .filter((id): id is number => id !== undefined);
      await target.query(
        `update appointments set status = 'cancelled' where id in (${ids.map(() => '?').join(', ')})`,
        ids,
      );
      const url = searchPath(availableDates[run % availableDates.length]);
      // Alternating order: the second search of a pair finds the database's pages warmer.
      const order = run % 2 === 0 ? [0, 1] : [1, 0];
      const took = [0, 0];
      for (const side of order) took[side] = await timedGet(`${servers[side]?.origin ?? ''}${url}`);
      if (run < WARM_UP_RUNS) continue;
      times[0].push(took[0] ?? 0);
      times[1].push(took[1] ?? 0);
      differences.push((took[0] ?? 0) - (took[1] ?? 0));
    }
    const [b, a, d] = [summarize(times[0]), summarize(times[1]), summarize(differences)];
    report.add(
      `${db} ${PROVIDERS} providers × ${WINDOW_DAYS} days, search after a booking change: before − after, median of pairs`,
      round(d.p50, 2),
      'ms',
      undefined,
      `before p50 ${round(b.p50, 2)} / p95 ${round(b.p95, 2)} ms, after p50 ${round(a.p50, 2)} / p95 ${round(a.p95, 2)} ms, ${d.count} pairs`,
    );
    report.details[`${db} before`] = b;
    report.details[`${db} after`] = a;
    report.details[`${db} differences`] = d;
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

ensureServerBuild();
const report = new Report('search-ab');
await onEachDatabase('search-ab', 'bench_search_ab', report.details, (target, db) =>
  pairedRuns(target, db, report),
);
report.finish();
