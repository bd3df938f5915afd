// Issue 22: a realistic mixed load on the built server (a real process: its RSS is the server's),
// on SQLite and PostgreSQL, 50 providers × 60-day window:
//   - pure search first: 10 clients searching (the find-appointment screen: every location, one
//     day asked, stepping through the window's days), for the figure the mixed one is printed beside;
//   - then 10 clients searching while 2 clients book at 5 bookings/s in all into the same providers
//     (each booking raises its provider's busy version, so the next searches compute that
//     provider again): p95 of the searches ≤ 20 ms;
//   - memory: the server's RSS after the mixed load (10 minutes by default) within 50 MB of its
//     RSS when the mixed load started.
// The searching clients send the Accept-Encoding of a browser (the server keeps and sends its answers
// compressed then); BENCH_MIXED_IDENTITY=1 makes them ask for uncompressed answers instead.
//
//   node --import tsx bench/mixed-load.ts          (BENCH_DATABASES=sqlite to skip PostgreSQL)
//   BENCH_MIXED_MINUTES=N   length of the mixed load (default 10)
//   BENCH_MIXED_SHORT=1     a quick check: 30 s of mixed load (the RSS budget is then not judged)
//   BENCH_SECONDS=N         length of the pure-search run (default 15)
import { readFileSync } from 'node:fs';
import type { Request } from 'autocannon';
import { bookingBody, distinctSlots } from './lib/booking-load.ts';
import type { Slot } from './lib/booking-load.ts';
import type { Brand } from './lib/data.ts';
import {
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
import { ensureServerBuild } from './lib/process.ts';
import { Report, round } from './lib/report.ts';
import { startServer } from './lib/server.ts';
import type { RunningServer } from './lib/server.ts';
import { summarize } from './lib/stats.ts';
import { onEachDatabase } from './lib/targets.ts';
import type { Target } from './lib/targets.ts';

const PROVIDERS = 50;
const WINDOW_DAYS = 60;
const SPAN = { pastDays: 14, futureDays: WINDOW_DAYS + 3 };
const SEARCH_CLIENTS = 10;
const BOOKING_CLIENTS = 2;
const BOOKINGS_PER_SECOND = 5;
const SEARCH_P95_BUDGET_MS = 20;
const RSS_GROWTH_BUDGET_MB = 50;
const SHORT = process.env.BENCH_MIXED_SHORT === '1';
/** What a browser's fetch sends (Chrome, Firefox, Safari): the find-appointment screen's searches. */
const SEARCH_HEADERS: Record<string, string> =
  process.env.BENCH_MIXED_IDENTITY === '1' ? {} : { 'accept-encoding': 'gzip, deflate, br' };
const ENCODING_NOTE = process.env.BENCH_MIXED_IDENTITY === '1' ? 'identity' : 'br';
const MIXED_SECONDS = (() => {
  if (SHORT) return 30;
  const minutes = Number(process.env.BENCH_MIXED_MINUTES);
  return (Number.isFinite(minutes) && minutes > 0 ? minutes : 10) * 60;
})();

/** The server's resident set (Linux /proc), MB; null where it cannot be read. */
function rssMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match === null ? null : round(Number(match[1]) / 1024, 1);
  } catch {
    return null;
  }
}

/** The day-by-day search requests of the window (one per day with a slot). */
async function dayRequests(server: RunningServer, brand: Brand): Promise<Request[]> {
  const response = await fetch(`${server.origin}${slotSearchPath(brand)}`);
  if (response.status !== 200)
    throw new Error(`search answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { availableDates: string[]; window: { latestDate: string } };
  const days = body.availableDates.length > 0 ? body.availableDates : [body.window.latestDate];
  return days.map((day) => ({ method: 'GET', path: slotSearchPath(brand, { fromDate: day }) }));
}

interface BookingStream {
  statusCounts: Record<string, number>;
  latencies: number[];
}

/**
 * `clients` clients booking at `perSecond` in all until `stop()`: each sends one booking every
 * clients / perSecond seconds (its next one after the answer, on the pace), the slots taken in
 * turn (distinct, interleaved across providers), each a new patient.
 */
function bookingStream(
  server: RunningServer,
  brand: Brand,
  slots: readonly Slot[],
  clients: number,
  perSecond: number,
): { done: Promise<BookingStream>; stop(): void } {
  const result: BookingStream = { statusCounts: {}, latencies: [] };
  let running = true;
  let next = 0;
  const everyMs = (1000 * clients) / perSecond;
  const client = async (offsetMs: number): Promise<void> => {
    await new Promise((resolve) => setTimeout(resolve, offsetMs));
    let due = performance.now();
    while (running) {
      const slot = slots[next++ % slots.length];
      if (slot === undefined) break;
      const started = performance.now();
      const response = await fetch(`${server.origin}/api/scheduler/bookAppointment`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: bookingBody(brand, slot),
      });
      await response.arrayBuffer();
      result.latencies.push(performance.now() - started);
      result.statusCounts[response.status] = (result.statusCounts[response.status] ?? 0) + 1;
      due += everyMs;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  };
  const done = Promise.all(
    Array.from({ length: clients }, (_, index) => client((index * everyMs) / clients)),
  ).then(() => result);
  return {
    done,
    stop: () => {
      running = false;
    },
  };
}

async function benchDatabase(target: Target, report: Report): Promise<void> {
  const db = target.name;
  console.info(`\n── ${db}: generating the brand (large-data generator)`);
  const brand = await generateBookedBrand(target, `mixed${PROVIDERS}`, PROVIDERS, SPAN);
  await offerServiceEverywhere(target, brand);
  await setWindowDays(target, brand, WINDOW_DAYS);
  if (db === 'PostgreSQL') await target.analyze();
  const size = await brandSizes(target, brand, WINDOW_DAYS);
  console.info(`  ${describeSizes(brand.slug, size)}`);
  report.details[`${db} data`] = size;

  const server = await startServer(target.env);
  try {
    const pid = server.child.pid;
    const requests = await dayRequests(server, brand);
    const slots = await distinctSlots(server, brand);
    const needed = Math.ceil(MIXED_SECONDS * BOOKINGS_PER_SECOND);
    console.info(
      `  ${requests.length} days searched in turn; ${slots.length} distinct free slots for ${needed} bookings` +
        (slots.length < needed
          ? ' (later bookings find their slot taken: 409, still a booking attempt)'
          : ''),
    );

    // Pure search: 10 clients (warm-up first: JIT, page cache, the kept days).
    await load({
      label: `${db} warm-up`,
      url: server.origin,
      connections: SEARCH_CLIENTS,
      headers: SEARCH_HEADERS,
      amount: 200,
      requests,
    });
    const pure = await load({
      label: `${db} pure search`,
      url: server.origin,
      connections: SEARCH_CLIENTS,
      headers: SEARCH_HEADERS,
      duration: loadSeconds(15),
      requests,
      serverPid: pid,
    });
    console.info(`  pure search: ${describeLoad(pure)}`);

    // Mixed: the same searches while 2 clients book at 5/s.
    const rssStart = rssMb(pid);
    const rssSamples: { atSeconds: number; rssMb: number | null }[] = [{ atSeconds: 0, rssMb: rssStart }];
    const started = performance.now();
    const sampler = setInterval(() => {
      rssSamples.push({ atSeconds: round((performance.now() - started) / 1000, 0), rssMb: rssMb(pid) });
    }, 10_000);
    const bookings = bookingStream(server, brand, slots, BOOKING_CLIENTS, BOOKINGS_PER_SECOND);
    let mixed: LoadResult;
    try {
      mixed = await load({
        label: `${db} mixed search`,
        url: server.origin,
        connections: SEARCH_CLIENTS,
        headers: SEARCH_HEADERS,
        duration: MIXED_SECONDS,
        requests,
        serverPid: pid,
      });
    } finally {
      bookings.stop();
      clearInterval(sampler);
    }
    const booked = await bookings.done;
    const rssEnd = rssMb(pid);
    rssSamples.push({ atSeconds: round((performance.now() - started) / 1000, 0), rssMb: rssEnd });
    console.info(`  mixed search: ${describeLoad(mixed)}`);
    const bookingLatency = summarize(booked.latencies);
    const bookingStatuses = Object.entries(booked.statusCounts)
      .map(([status, n]) => `${n}×${status}`)
      .join(' ');
    console.info(
      `  bookings: ${booked.latencies.length} in ${mixed.seconds} s (${round(booked.latencies.length / mixed.seconds, 2)}/s), ` +
        `p50 ${round(bookingLatency.p50, 2)} ms, p95 ${round(bookingLatency.p95, 2)} ms (${bookingStatuses})`,
    );
    if (Object.keys(mixed.statusCounts).some((status) => status !== '200'))
      throw new Error(`not every search answered 200 (${JSON.stringify(mixed.statusCounts)})`);
    if ((booked.statusCounts['500'] ?? 0) > 0) throw new Error('a booking answered 500');

    report.add(
      `${db} search p95, 10 clients while 2 clients book at 5/s (50 providers × 60 days)`,
      mixed.latencyMs.p95,
      'ms',
      { kind: 'max', limit: SEARCH_P95_BUDGET_MS },
      `answers asked for ${ENCODING_NOTE}; pure search p95 at 10 clients ${pure.latencyMs.p95} ms (p50 ${pure.latencyMs.p50} ms); mixed p50 ` +
        `${mixed.latencyMs.p50} ms, ${mixed.rate} searches/s, server CPU ${mixed.serverCpuMsPerRequest} ms/search`,
    );
    report.add(`${db} pure search p95, 10 clients (beside the mixed figure)`, pure.latencyMs.p95, 'ms');
    report.add(
      `${db} bookings during the mixed load`,
      round(booked.latencies.length / mixed.seconds, 2),
      'per s',
      undefined,
      `${bookingStatuses}; p95 ${round(bookingLatency.p95, 2)} ms`,
    );
    const growth = rssStart === null || rssEnd === null ? null : round(rssEnd - rssStart, 1);
    const maxRss = Math.max(...rssSamples.map((sample) => sample.rssMb ?? 0));
    report.add(
      `${db} server RSS growth over ${round(MIXED_SECONDS / 60, 1)} min of mixed load`,
      growth,
      'MB',
      SHORT ? undefined : { kind: 'max', limit: RSS_GROWTH_BUDGET_MB },
      `${rssStart} MB at the start, ${rssEnd} MB at the end, ${maxRss} MB at most` +
        (SHORT ? ' (short run: not judged)' : ''),
    );
    report.details[`${db} mixed`] = {
      pure,
      mixed,
      bookings: {
        count: booked.latencies.length,
        statusCounts: booked.statusCounts,
        latencyMs: bookingLatency,
      },
      rssSamples,
    };
  } finally {
    await server.stop();
  }
}

const report = new Report('mixed-load');
ensureServerBuild();
await onEachDatabase('mixed-load', 'mixed_load', report.details, async (target) => {
  await benchDatabase(target, report);
});
report.finish();
