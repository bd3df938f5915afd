// Booking (PUT /api/scheduler/bookAppointment) over HTTP against the built server, on SQLite and
// PostgreSQL: bookings per second sustained by 20 concurrent clients, each request a new patient at
// its own free slot (no two requests compete), with the p95 latency; then the conflict path —
// the same slots again, every one already taken — and its p95 (409 SLOT_TAKEN).
//
//   node --import tsx bench/booking.ts        (BENCH_DATABASES=sqlite to skip PostgreSQL)
import { bookingRequests, distinctSlots } from './lib/booking-load.ts';
import {
  brandSizes,
  describeSizes,
  generateBookedBrand,
  offerServiceEverywhere,
  setWindowDays,
} from './lib/data.ts';
import { describeLoad, load } from './lib/load.ts';
import type { LoadResult } from './lib/load.ts';
import { loadSeconds } from './lib/options.ts';
import { ensureServerBuild } from './lib/process.ts';
import { Report } from './lib/report.ts';
import { startServer } from './lib/server.ts';
import { onEachDatabase } from './lib/targets.ts';
import type { Target } from './lib/targets.ts';

const PROVIDERS = 50;
const WINDOW_DAYS = 60;
const CONNECTIONS = 20;

async function benchDatabase(target: Target, report: Report): Promise<void> {
  const db = target.name;
  console.info(`\n── ${db}: generating the brand (large-data generator)`);
  const brand = await generateBookedBrand(target, 'booking', PROVIDERS, {
    pastDays: 14,
    futureDays: WINDOW_DAYS + 3,
  });
  await offerServiceEverywhere(target, brand);
  await setWindowDays(target, brand, WINDOW_DAYS);
  if (db === 'PostgreSQL') await target.analyze();
  const sizes = await brandSizes(target, brand, WINDOW_DAYS);
  console.info(`  ${describeSizes(brand.slug, sizes)}`);
  report.details[`${db} data`] = sizes;

  const server = await startServer(target.env);
  try {
    const slots = await distinctSlots(server, brand);
    const seconds = loadSeconds(10);
    // Warm-up on a slice of the slots, then the measured run on the others (never the same slot).
    const warm = slots.slice(0, 100);
    const measured = slots.slice(100);
    console.info(`  ${slots.length} free, non-overlapping slots in the window; ${CONNECTIONS} clients`);
    await load({
      label: `${db} booking warm-up`,
      url: server.origin,
      connections: CONNECTIONS,
      amount: warm.length,
      requests: bookingRequests(brand, warm),
    });
    // A timed run; should the slots run out, the requests go round again and answer 409 (not counted).
    const bookings: LoadResult = await load({
      label: `${db} bookings`,
      url: server.origin,
      connections: CONNECTIONS,
      duration: seconds,
      requests: bookingRequests(brand, measured),
      serverPid: server.child.pid,
    });
    console.info(`  ${db} bookings: ${describeLoad(bookings)}`);
    const created = bookings.statusCounts['201'] ?? 0;
    const rate = Math.round((created / bookings.seconds) * 10) / 10;
    report.add(
      `${db} bookings per second, ${CONNECTIONS} clients at distinct slots`,
      rate,
      'bookings/s',
      undefined,
      `${created} of ${bookings.requests} answered 201`,
    );
    report.add(
      `${db} booking p95, ${CONNECTIONS} clients`,
      bookings.latencyMs.p95,
      'ms',
      undefined,
      `p50 ${bookings.latencyMs.p50} ms`,
    );
    report.details[`${db} bookings`] = bookings;
    if (created !== bookings.requests)
      console.warn(`  ${db}: not every booking answered 201: ${JSON.stringify(bookings.statusCounts)}`);

    // The conflict path: every slot just booked, requested again by another patient.
    const taken = measured.slice(0, Math.max(1, Math.min(created, 2_000)));
    const conflicts = await load({
      label: `${db} conflicts`,
      url: server.origin,
      connections: CONNECTIONS,
      duration: seconds / 2,
      requests: bookingRequests(brand, taken),
      serverPid: server.child.pid,
    });
    console.info(`  ${db} conflicts: ${describeLoad(conflicts)}`);
    report.add(
      `${db} conflict (409 slot taken) p95, ${CONNECTIONS} clients`,
      conflicts.latencyMs.p95,
      'ms',
      undefined,
      `${conflicts.statusCounts['409'] ?? 0} of ${conflicts.requests} answered 409, ${conflicts.rate} req/s`,
    );
    report.details[`${db} conflicts`] = conflicts;
  } finally {
    await server.stop();
  }
}

const report = new Report('booking');
ensureServerBuild();
await onEachDatabase('booking', 'booking', report.details, (target) => benchDatabase(target, report));
report.finish();
