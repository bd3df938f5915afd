// Booking with reminders on vs off (issue 17, "Booking p95 with reminders on is within 10 % of
// without"), A/B in ONE run on the same server and data, on SQLite and PostgreSQL.
//
// Both variants are the real booking path of the built server (PUT /api/scheduler/bookAppointment,
// 20 concurrent clients, each request a new patient at its own free slot) with the messages context
// planning inside the booking's write transaction:
//  - ON:  the scheduler's reminder rules as shipped (no `message_rules` row: e-mail 48 h + SMS 2 h
//         before): per booking 2 notices + 2 reminders, 4 message rows and 4 jobs;
//  - OFF: the scheduler's rules stored with an empty reminder list (what the admin's rules editor
//         saves): per booking the 2 notices only, 2 rows and 2 jobs.
// The rules are switched between rounds in the rules table (the planner reads them per booking).
// Rounds alternate ON/OFF in an ABBA order (ON OFF, OFF ON, …) so that a drift of the machine's
// load falls on both; the latencies of each variant are pooled over its rounds. Only slots at least
// 3 days ahead are booked (every ON booking gets both reminders), in a shuffled (seeded) order.
// The server's job queue runs (as in production) without transports: the notices due at once are
// rendered and recorded "not sent" in both variants alike; the reminders fall due days later.
//
// Budget: p95 ON ≤ 1.10 × p95 OFF.
//
//   node --import tsx bench/booking-reminders.ts    (npm run bench:booking-reminders -w bench)
//   BENCH_DATABASES=sqlite|postgres, BENCH_AB_ROUNDS (per variant, default 6),
//   BENCH_AB_BOOKINGS (per round, default 400), BENCH_PROVIDERS (default 50)
import { bookingRequests, distinctSlots } from './lib/booking-load.ts';
import type { Slot } from './lib/booking-load.ts';
import type { Brand } from './lib/data.ts';
import {
  brandSizes,
  DAY_MS,
  describeSizes,
  generateBookedBrand,
  offerServiceEverywhere,
  setWindowDays,
} from './lib/data.ts';
import { describeLoad, load } from './lib/load.ts';
import { ensureServerBuild } from './lib/process.ts';
import { Report, round } from './lib/report.ts';
import { startServer } from './lib/server.ts';
import type { RunningServer } from './lib/server.ts';
import { median, summarize } from './lib/stats.ts';
import { count, onEachDatabase } from './lib/targets.ts';
import type { Target } from './lib/targets.ts';

const PROVIDERS = Number(process.env.BENCH_PROVIDERS ?? 50);
const WINDOW_DAYS = 60;
const CONNECTIONS = 20;
const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 6);
const BOOKINGS_PER_ROUND = Number(process.env.BENCH_AB_BOOKINGS ?? 400);
const WARM_UP = Math.min(200, BOOKINGS_PER_ROUND);
const RATIO_BUDGET = 1.1;
/** Quiet hours as shipped (21:00–08:00), in minutes after local midnight. */
const QUIET = { start: 21 * 60, end: 8 * 60 };

type Variant = 'on' | 'off';
const LABEL: Record<Variant, string> = { on: 'reminders on', off: 'reminders off' };

/** A small seeded PRNG (mulberry32): the same shuffle on every run. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** ON: no rules row (the defaults as shipped); OFF: the rules stored with no reminder. */
async function setReminders(target: Target, brand: Brand, variant: Variant, version: number): Promise<void> {
  await target.query('delete from message_rules where scheduler_id = ?', [brand.schedulerId]);
  if (variant === 'off')
    await target.query(
      'insert into message_rules (client_id, scheduler_id, reminders, quiet_start, quiet_end, version, updated_at) values (?, ?, ?, ?, ?, ?, ?)',
      [brand.clientId, brand.schedulerId, '[]', QUIET.start, QUIET.end, version, Date.now()],
    );
}

async function messageCounts(target: Target, brand: Brand): Promise<{ reminders: number; all: number }> {
  const reminders = count(
    await target.query("select count(*) as n from messages where client_id = ? and kind = 'reminder'", [
      brand.clientId,
    ]),
  );
  const all = count(
    await target.query('select count(*) as n from messages where client_id = ?', [brand.clientId]),
  );
  return { reminders, all };
}

interface VariantRuns {
  latencies: number[];
  roundP95: number[];
  cpuMsPerRequest: number[];
  created: number;
  requests: number;
  reminderRows: number;
  messageRows: number;
}

async function abRounds(
  target: Target,
  brand: Brand,
  server: RunningServer,
  slots: readonly Slot[],
  roundSize: number,
): Promise<Record<Variant, VariantRuns>> {
  const db = target.name;
  const runs: Record<Variant, VariantRuns> = {
    on: {
      latencies: [],
      roundP95: [],
      cpuMsPerRequest: [],
      created: 0,
      requests: 0,
      reminderRows: 0,
      messageRows: 0,
    },
    off: {
      latencies: [],
      roundP95: [],
      cpuMsPerRequest: [],
      created: 0,
      requests: 0,
      reminderRows: 0,
      messageRows: 0,
    },
  };
  let next = 0;
  let version = 1;
  for (let r = 0; r < ROUNDS; r++) {
    const order: Variant[] = r % 2 === 0 ? ['on', 'off'] : ['off', 'on'];
    for (const variant of order) {
      await setReminders(target, brand, variant, version++);
      const before = await messageCounts(target, brand);
      const slice = slots.slice(next, next + roundSize);
      next += roundSize;
      const runsOf = runs[variant];
      const result = await load({
        label: `${db} round ${r + 1} ${LABEL[variant]}`,
        url: server.origin,
        connections: CONNECTIONS,
        amount: slice.length,
        requests: bookingRequests(brand, slice),
        serverPid: server.child.pid,
        onResponse: (ms, status) => {
          if (status === 201) runsOf.latencies.push(ms);
        },
      });
      const after = await messageCounts(target, brand);
      const created = result.statusCounts['201'] ?? 0;
      runsOf.created += created;
      runsOf.requests += result.requests;
      runsOf.roundP95.push(result.latencyMs.p95);
      if (result.serverCpuMsPerRequest !== null) runsOf.cpuMsPerRequest.push(result.serverCpuMsPerRequest);
      runsOf.reminderRows += after.reminders - before.reminders;
      runsOf.messageRows += after.all - before.all;
      console.info(
        `  round ${r + 1} ${LABEL[variant].padEnd(13)} ${describeLoad(result)}; ` +
          `+${after.all - before.all} message rows (${after.reminders - before.reminders} reminders)`,
      );
    }
  }
  return runs;
}

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
    const earliest = Date.now() + 3 * DAY_MS;
    const all = await distinctSlots(server, brand);
    const slots = shuffled(
      all.filter((slot) => Date.parse(slot.startUtc) >= earliest),
      20_261_127,
    );
    const warm = slots.slice(0, WARM_UP);
    const measured = slots.slice(WARM_UP);
    const roundSize = Math.min(BOOKINGS_PER_ROUND, Math.floor(measured.length / (2 * ROUNDS)));
    if (roundSize < 50)
      throw new Error(`only ${slots.length} free slots 3+ days ahead: too few for the rounds`);
    console.info(
      `  ${slots.length} free, non-overlapping slots 3+ days ahead (of ${all.length}); ${CONNECTIONS} clients; ` +
        `${ROUNDS} rounds per variant of ${roundSize} bookings, ABBA order`,
    );
    // Warm-up: half with each variant (JIT, caches, the first jobs of the queue).
    for (const [index, variant] of (['on', 'off'] as const).entries()) {
      await setReminders(target, brand, variant, 100 + index);
      const half = warm.slice(index * Math.ceil(warm.length / 2), (index + 1) * Math.ceil(warm.length / 2));
      await load({
        label: `${db} warm-up ${LABEL[variant]}`,
        url: server.origin,
        connections: CONNECTIONS,
        amount: half.length,
        requests: bookingRequests(brand, half),
      });
    }
    const runs = await abRounds(target, brand, server, measured, roundSize);
    await setReminders(target, brand, 'on', 0);

    const summary = { on: summarize(runs.on.latencies), off: summarize(runs.off.latencies) };
    for (const variant of ['on', 'off'] as const) {
      const s = summary[variant];
      const v = runs[variant];
      report.add(
        `${db} booking p95, ${LABEL[variant]}`,
        round(s.p95, 1),
        'ms',
        undefined,
        `p50 ${round(s.p50, 1)} ms; ${v.created} of ${v.requests} answered 201; round p95s ${v.roundP95.join(', ')}; ` +
          `server CPU ${round(median(v.cpuMsPerRequest), 2)} ms/booking; ${v.messageRows} message rows (${v.reminderRows} reminders)`,
      );
    }
    report.add(
      `${db} booking p95 ratio, reminders on / off`,
      round(summary.on.p95 / summary.off.p95, 3),
      '×',
      { kind: 'max', limit: RATIO_BUDGET },
      `p50 ratio ${round(summary.on.p50 / summary.off.p50, 3)}; median of round p95s ` +
        `${round(median(runs.on.roundP95), 1)} / ${round(median(runs.off.roundP95), 1)} ms`,
    );
    report.details[`${db} A/B`] = {
      roundSize,
      rounds: ROUNDS,
      connections: CONNECTIONS,
      on: { ...summary.on, ...runs.on, latencies: undefined },
      off: { ...summary.off, ...runs.off, latencies: undefined },
    };
    // A broken run, not a missed budget: the switch did not do what it says.
    if (runs.off.reminderRows !== 0 || runs.on.reminderRows === 0)
      throw new Error(
        `the reminder switch did not hold: ${runs.on.reminderRows} reminders ON, ${runs.off.reminderRows} OFF`,
      );
    if (runs.on.created === 0 || runs.off.created === 0) throw new Error('no booking answered 201');
  } finally {
    await server.stop();
  }
}

const report = new Report('booking-reminders');
ensureServerBuild();
await onEachDatabase('booking-reminders', 'booking_reminders', report.details, (target) =>
  benchDatabase(target, report),
);
report.finish();
