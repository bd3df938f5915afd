// The availability engine alone (packages/domain computeAvailability), in process, on a fixed
// synthetic input: 200 providers × 90 days across four locations in three US time zones (the
// window spans the spring-forward), 8 appointments a provider a day, some time off. Compared with a
// straightforward per-slot implementation (below) on the same input: both must find the same slots.
// The input is the same on every run (seeded PRNG, fixed dates); timings are medians of several runs,
// wall clock and this process's CPU time (the latter is steadier on a busy machine).
//
//   node --import tsx bench/engine.ts          (ENGINE_RUNS, ENGINE_NAIVE_RUNS: how many timed runs)
import { computeAvailability } from '../packages/domain/src/availability/compute-availability.ts';
import { groupSlotsByTime } from '../packages/domain/src/availability/group-slots.ts';
import type {
  AvailabilityInput,
  AvailabilityResult,
  BusyPeriod,
  WorkingHoursRow,
} from '../packages/domain/src/availability/types.ts';
import { Report, round } from './lib/report.ts';
import { median } from './lib/stats.ts';

const PROVIDERS = 200;
const DAYS = 90;
const APPOINTMENTS_PER_DAY = 8;
const DURATION_MINUTES = 30;
const STEP_MINUTES = 15;
const RUNS = Math.max(3, Number(process.env.ENGINE_RUNS ?? 30));
const NAIVE_RUNS = Math.max(1, Number(process.env.ENGINE_NAIVE_RUNS ?? 3));
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** mulberry32: the same numbers on every run. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function buildInput(): AvailabilityInput {
  const random = seededRandom(42);
  const earliest = Date.UTC(2027, 2, 1, 5); // 1 March 2027: the window spans the US spring-forward
  const locations = [
    { id: 'L0', timeZone: 'America/New_York', latitude: 40.7, longitude: -74 },
    { id: 'L1', timeZone: 'America/Chicago', latitude: 41.8, longitude: -87.6 },
    { id: 'L2', timeZone: 'America/Los_Angeles', latitude: 34, longitude: -118.2 },
    { id: 'L3', timeZone: 'America/New_York', latitude: 40.8, longitude: -73.9 },
  ];
  const providers = Array.from({ length: PROVIDERS }, (_, i) => ({
    id: `p${i}`,
    name: `Provider ${i}`,
    gender: i % 2 === 0 ? 'F' : 'M',
    onlineBookable: true,
  }));
  const workingHours: WorkingHoursRow[] = [];
  for (const provider of providers) {
    const home = locations[Math.floor(random() * locations.length)]!.id;
    const second = locations[Math.floor(random() * locations.length)]!.id;
    for (let weekday = 1; weekday <= 5; weekday++) {
      const locationId = weekday === 3 ? second : home;
      for (const [startLocal, endLocal] of [
        ['08:00', '12:00'],
        ['13:00', '17:00'],
      ] as const)
        workingHours.push({ providerId: provider.id, locationId, weekday, startLocal, endLocal });
    }
  }
  const appointments: BusyPeriod[] = [];
  const timeOff: BusyPeriod[] = [];
  for (const provider of providers) {
    for (let day = 0; day < DAYS; day++) {
      const dayStart = earliest + day * DAY_MS;
      for (let k = 0; k < APPOINTMENTS_PER_DAY; k++) {
        const start =
          dayStart + (8 + Math.floor(random() * 12)) * HOUR_MS + Math.floor(random() * 4) * 15 * MINUTE_MS;
        appointments.push({
          providerId: provider.id,
          startUtc: new Date(start),
          endUtc: new Date(start + DURATION_MINUTES * MINUTE_MS),
        });
      }
    }
    if (random() < 0.3) {
      const start = earliest + Math.floor(random() * DAYS) * DAY_MS;
      timeOff.push({
        providerId: provider.id,
        startUtc: new Date(start),
        endUtc: new Date(start + 3 * DAY_MS),
      });
    }
  }
  return {
    now: new Date(earliest - HOUR_MS),
    window: { earliest: new Date(earliest), latestExclusive: new Date(earliest + DAYS * DAY_MS) },
    service: { id: 's', durationMinutes: DURATION_MINUTES },
    locations,
    providers,
    workingHours,
    timeOff,
    appointments,
  };
}

/**
 * The straightforward implementation the engine is compared with: for every provider, location,
 * day, working interval and candidate start, convert the local time to UTC with Intl, then check
 * the slot against every busy period of the provider. Same rules, no precomputation.
 */
function naiveSlotStarts(input: AvailabilityInput): number[] {
  const formatters = new Map<string, Intl.DateTimeFormat>();
  const offsetMs = (timeZone: string, utcMs: number): number => {
    let format = formatters.get(timeZone);
    if (format === undefined) {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      });
      formatters.set(timeZone, format);
    }
    const part = Object.fromEntries(format.formatToParts(utcMs).map((p) => [p.type, Number(p.value)]));
    return Date.UTC(part.year!, part.month! - 1, part.day, part.hour! % 24, part.minute) - utcMs;
  };
  const wallToUtc = (timeZone: string, wallMs: number): number =>
    wallMs - offsetMs(timeZone, wallMs - offsetMs(timeZone, wallMs));
  const minutes = (clock: string): number => {
    const [hours = 0, mins = 0] = clock.split(':').map(Number);
    return hours * 60 + mins;
  };

  const starts: number[] = [];
  const earliest = Math.max(input.window.earliest.getTime(), input.now.getTime());
  const latest = input.window.latestExclusive.getTime();
  const durationMs = input.service.durationMinutes * MINUTE_MS;
  const busy = [...input.appointments, ...input.timeOff];
  for (const provider of input.providers) {
    const mine = busy.filter((period) => period.providerId === provider.id);
    for (const location of input.locations) {
      const rows = input.workingHours.filter(
        (r) => r.providerId === provider.id && r.locationId === location.id,
      );
      if (rows.length === 0) continue;
      for (let day = Math.floor(earliest / DAY_MS) - 1; day <= Math.floor(latest / DAY_MS) + 1; day++) {
        const weekday = new Date(day * DAY_MS).getUTCDay();
        for (const row of rows) {
          if (row.weekday !== weekday) continue;
          for (
            let m = minutes(row.startLocal);
            m + input.service.durationMinutes <= minutes(row.endLocal);
            m += STEP_MINUTES
          ) {
            const start = wallToUtc(location.timeZone, day * DAY_MS + m * MINUTE_MS);
            const end = start + durationMs;
            if (start < earliest || end > latest) continue;
            if (mine.some((period) => period.startUtc.getTime() < end && period.endUtc.getTime() > start))
              continue;
            starts.push(start);
          }
        }
      }
    }
  }
  return starts;
}

function engineSlotStarts(result: AvailabilityResult): number[] {
  return result.providers.flatMap((p) => p.locations.flatMap((l) => l.slots.map((s) => s.startUtcMs)));
}

/** Order-independent checksum of slot starts. */
function checksum(starts: readonly number[]): number {
  let sum = 0;
  for (const start of starts) sum = (sum + (start / MINUTE_MS) * 2_654_435_761) % 4_294_967_296;
  return sum;
}

interface Timing {
  wallMs: number;
  cpuMs: number;
}

function timed<T>(work: () => T): { value: T; timing: Timing } {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = work();
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { value, timing: { wallMs, cpuMs: (used.user + used.system) / 1000 } };
}

const report = new Report('engine');
const input = buildInput();
console.info(
  `Input: ${PROVIDERS} providers × ${DAYS} days, ${input.locations.length} locations, ${input.workingHours.length} weekly hours rows, ` +
    `${input.appointments.length} appointments, ${input.timeOff.length} time off, ${DURATION_MINUTES}-minute service`,
);

const cold = timed(() => computeAvailability(input));
const engineStarts = engineSlotStarts(cold.value);
const engineRuns: Timing[] = [];
for (let run = 0; run < RUNS; run++) engineRuns.push(timed(() => computeAvailability(input)).timing);
const grouping = timed(() => groupSlotsByTime(cold.value));

const naiveRuns: Timing[] = [];
let naiveStarts: number[] = [];
for (let run = 1; run <= NAIVE_RUNS; run++) {
  const naive = timed(() => naiveSlotStarts(input));
  naiveStarts = naive.value;
  naiveRuns.push(naive.timing);
  console.info(`  per-slot implementation, run ${run}/${NAIVE_RUNS}: ${Math.round(naive.timing.wallMs)} ms`);
}

const same = naiveStarts.length === engineStarts.length && checksum(naiveStarts) === checksum(engineStarts);
const engineWall = median(engineRuns.map((t) => t.wallMs));
const engineCpu = median(engineRuns.map((t) => t.cpuMs));
const naiveWall = median(naiveRuns.map((t) => t.wallMs));
const naiveCpu = median(naiveRuns.map((t) => t.cpuMs));
report.add(
  'slots found (engine = per-slot implementation)',
  engineStarts.length,
  'slots',
  undefined,
  same ? 'same slots' : `DIFFERENT: per-slot found ${naiveStarts.length}`,
);
report.add('engine, 200 providers × 90 days, first run', round(cold.timing.wallMs), 'ms');
report.add(
  `engine, 200 providers × 90 days, median of ${RUNS}`,
  round(engineWall),
  'ms',
  undefined,
  `CPU ${round(engineCpu)} ms, fastest ${round(Math.min(...engineRuns.map((t) => t.wallMs)))} ms`,
);
report.add(
  'groupSlotsByTime on that result',
  round(grouping.timing.wallMs),
  'ms',
  undefined,
  `${grouping.value.length} times`,
);
report.add(
  `per-slot implementation, median of ${NAIVE_RUNS}`,
  round(naiveWall, 0),
  'ms',
  undefined,
  `CPU ${round(naiveCpu, 0)} ms`,
);
report.add(
  'ratio per-slot / engine (median wall clock)',
  round(naiveWall / engineWall, 0),
  '×',
  undefined,
  `CPU ratio ${round(naiveCpu / engineCpu, 0)}×`,
);
report.details.input = {
  providers: PROVIDERS,
  days: DAYS,
  workingHoursRows: input.workingHours.length,
  appointments: input.appointments.length,
  timeOff: input.timeOff.length,
};
report.details.engineRuns = engineRuns;
report.details.naiveRuns = naiveRuns;
report.finish();
if (!same) process.exitCode = 1;
