// The availability engine alone (packages/domain computeAvailability), in process, on a fixed
// synthetic input: 200 providers × 90 days across four locations in three US time zones (the
// window spans the spring-forward), 8 appointments a provider a day, some time off. Compared with a
// straightforward per-slot implementation (below) on the same input: both must find the same slots.
// The input is the same on every run (seeded PRNG, fixed dates); timings are medians of several runs,
// wall clock and this process's CPU time (the latter is steadier on a busy machine).
//
// Then issue 22's budgets (days, not slots) on a second fixed input — 200 providers × 90 days, Mon–Fri
// 09:00–17:00 New York, 30-minute service on a 15-minute step, 40 busy periods a provider — against
// bare integer-minute implementations written below (results checked equal to the engine's):
//   (a) computeFreeDays answering which days have a slot and each provider's first slot ≤ 2× a bare
//       walk over every candidate start; (b) one day's slots (slotsOn) for all 200 providers ≤ 2 ms;
//   (c) every slot of the window (computeFreeDays + allSlots) ≤ 1.5× the bare walk that allocates
//       the same slot objects.
//
//   node --import tsx bench/engine.ts          (ENGINE_RUNS, ENGINE_NAIVE_RUNS, ENGINE_DAYS_RUNS: timed runs)
import { computeAvailability } from '../packages/domain/src/availability/compute-availability.ts';
import { computeFreeDays } from '../packages/domain/src/availability/free-days.ts';
import type { FreeDaysResult } from '../packages/domain/src/availability/free-days.ts';
import { groupSlotsByTime } from '../packages/domain/src/availability/group-slots.ts';
import type {
  AvailabilityInput,
  AvailabilityResult,
  BusyPeriod,
  Slot,
  WorkingHoursRow,
} from '../packages/domain/src/availability/types.ts';
import v8 from 'node:v8';
import { Report, round } from './lib/report.ts';
import { median } from './lib/stats.ts';

// V8 decides per allocation site, per process and at unpredictable moments, whether to allocate that
// site's objects straight in the old generation ("pretenuring"). With hundreds of thousands of
// long-lived slot objects a run, that decision alone moves a run's time 2–3× — for the engine's site
// and for a reference's alike, so a comparison would measure which site V8 happened to pick. Off for
// the whole process: every implementation here allocates the same way.
v8.setFlagsFromString('--no-allocation-site-pretenuring');

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

/** The whole computation (`computeAvailability`, every slot as objects) against the per-slot implementation. */
function slotsVersusPerSlot(into: Report): void {
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
    console.info(
      `  per-slot implementation, run ${run}/${NAIVE_RUNS}: ${Math.round(naive.timing.wallMs)} ms`,
    );
  }

  const same = naiveStarts.length === engineStarts.length && checksum(naiveStarts) === checksum(engineStarts);
  const engineWall = median(engineRuns.map((t) => t.wallMs));
  const engineCpu = median(engineRuns.map((t) => t.cpuMs));
  const naiveWall = median(naiveRuns.map((t) => t.wallMs));
  const naiveCpu = median(naiveRuns.map((t) => t.cpuMs));
  into.add(
    'slots found (engine = per-slot implementation)',
    engineStarts.length,
    'slots',
    undefined,
    same ? 'same slots' : `DIFFERENT: per-slot found ${naiveStarts.length}`,
  );
  into.add('engine, 200 providers × 90 days, first run', round(cold.timing.wallMs), 'ms');
  into.add(
    `engine, 200 providers × 90 days, median of ${RUNS}`,
    round(engineWall),
    'ms',
    undefined,
    `CPU ${round(engineCpu)} ms, fastest ${round(Math.min(...engineRuns.map((t) => t.wallMs)))} ms`,
  );
  into.add(
    'groupSlotsByTime on that result',
    round(grouping.timing.wallMs),
    'ms',
    undefined,
    `${grouping.value.length} times`,
  );
  into.add(
    `per-slot implementation, median of ${NAIVE_RUNS}`,
    round(naiveWall, 0),
    'ms',
    undefined,
    `CPU ${round(naiveCpu, 0)} ms`,
  );
  into.add(
    'ratio per-slot / engine (median wall clock)',
    round(naiveWall / engineWall, 0),
    '×',
    undefined,
    `CPU ratio ${round(naiveCpu / engineCpu, 0)}×`,
  );
  into.details.input = {
    providers: PROVIDERS,
    days: DAYS,
    workingHoursRows: input.workingHours.length,
    appointments: input.appointments.length,
    timeOff: input.timeOff.length,
  };
  into.details.engineRuns = engineRuns;
  into.details.naiveRuns = naiveRuns;
  if (!same) process.exitCode = 1;
}

// ---------------------------------------------------------------------------------------------
// Issue 22: days, not slots.
// ---------------------------------------------------------------------------------------------

const DAYS_RUNS = Math.max(5, Number(process.env.ENGINE_DAYS_RUNS ?? 31));
const BUSY_PER_PROVIDER = 40;
const OPEN_MINUTE = 9 * 60;
const CLOSE_MINUTE = 17 * 60;

function buildDaysInput(): AvailabilityInput {
  const random = seededRandom(22);
  const earliest = Date.UTC(2027, 2, 1, 5); // midnight, 1 March 2027, New York: spans the spring-forward
  const providers = Array.from({ length: PROVIDERS }, (_, i) => ({
    id: `p${i}`,
    name: `Provider ${i}`,
    onlineBookable: true,
  }));
  const workingHours: WorkingHoursRow[] = providers.flatMap((provider) =>
    [1, 2, 3, 4, 5].map((weekday) => ({
      providerId: provider.id,
      locationId: 'NY',
      weekday,
      startLocal: '09:00',
      endLocal: '17:00',
    })),
  );
  const appointments: BusyPeriod[] = [];
  const timeOff: BusyPeriod[] = [];
  for (const provider of providers) {
    for (let k = 0; k < BUSY_PER_PROVIDER; k++) {
      // Inside (or around) New York's working day: 12:00–23:00 UTC, on 5-minute marks.
      const start =
        earliest +
        Math.floor(random() * DAYS) * DAY_MS +
        7 * HOUR_MS +
        Math.floor(random() * 132) * 5 * MINUTE_MS;
      const long = k % 20 === 0;
      const length = long
        ? (2 + Math.floor(random() * 7)) * HOUR_MS
        : (3 + Math.floor(random() * 16)) * 5 * MINUTE_MS;
      (long ? timeOff : appointments).push({
        providerId: provider.id,
        startUtc: new Date(start),
        endUtc: new Date(start + length),
      });
    }
  }
  return {
    now: new Date(earliest - HOUR_MS),
    window: { earliest: new Date(earliest), latestExclusive: new Date(earliest + DAYS * DAY_MS) },
    service: { id: 's', durationMinutes: DURATION_MINUTES },
    slotStepMinutes: STEP_MINUTES,
    locations: [{ id: 'NY', timeZone: 'America/New_York' }],
    providers,
    workingHours,
    timeOff,
    appointments,
  };
}

/** UTC offset (ms) of a zone at an instant, by Intl: the bare implementations' own zone arithmetic. */
function intlOffsetMs(format: Intl.DateTimeFormat, utcMs: number): number {
  const part = Object.fromEntries(format.formatToParts(utcMs).map((p) => [p.type, Number(p.value)]));
  return Date.UTC(part.year!, part.month! - 1, part.day, part.hour! % 24, part.minute) - utcMs;
}

/**
 * What the bare implementations are given for free (the engine caches the same per zone day across
 * runs): per local weekday of the window, its date label and the UTC minutes of 09:00 and 17:00.
 */
interface BareDay {
  dateLocal: string;
  openUtcMinute: number;
  closeUtcMinute: number;
}

function bareDays(input: AvailabilityInput): BareDay[] {
  const timeZone = input.locations[0]!.timeZone;
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  const wallToUtc = (wallMs: number): number =>
    wallMs - intlOffsetMs(format, wallMs - intlOffsetMs(format, wallMs));
  const earliest = input.window.earliest.getTime();
  const firstDay = Math.floor((earliest + intlOffsetMs(format, earliest)) / DAY_MS);
  const days: BareDay[] = [];
  for (let day = firstDay; day < firstDay + DAYS; day++) {
    const weekday = new Date(day * DAY_MS).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    days.push({
      dateLocal: new Date(day * DAY_MS).toISOString().slice(0, 10),
      openUtcMinute: wallToUtc(day * DAY_MS + OPEN_MINUTE * MINUTE_MS) / MINUTE_MS,
      closeUtcMinute: wallToUtc(day * DAY_MS + CLOSE_MINUTE * MINUTE_MS) / MINUTE_MS,
    });
  }
  return days;
}

/** Each provider's busy periods as sorted, merged [start, end) pairs of whole minutes (rounded outwards). */
function bareBusy(input: AvailabilityInput): Map<string, number[]> {
  const byProvider = new Map<string, [number, number][]>();
  for (const period of [...input.timeOff, ...input.appointments]) {
    let list = byProvider.get(period.providerId);
    if (list === undefined) byProvider.set(period.providerId, (list = []));
    list.push([
      Math.floor(period.startUtc.getTime() / MINUTE_MS),
      Math.ceil(period.endUtc.getTime() / MINUTE_MS),
    ]);
  }
  const merged = new Map<string, number[]>();
  for (const [providerId, list] of byProvider) {
    list.sort((a, b) => a[0] - b[0]);
    const pairs: number[] = [];
    for (const [start, end] of list) {
      if (pairs.length > 0 && start <= pairs[pairs.length - 1]!)
        pairs[pairs.length - 1] = Math.max(end, pairs[pairs.length - 1]!);
      else pairs.push(start, end);
    }
    merged.set(providerId, pairs);
  }
  return merged;
}

interface BareProviderDays {
  /** Indexes into the bare days with at least one free start. */
  days: number[];
  firstStartUtcMinute: number | null;
  count: number;
}

/**
 * The bare integer-minute implementation of (a): for every provider and working day, walk every
 * candidate start (09:00, 09:15, … in UTC minutes), skip it when it overlaps a busy pair (one pointer
 * over the provider's sorted pairs), and note the days with a free start and the first free start.
 */
function bareFreeDays(input: AvailabilityInput, days: readonly BareDay[]): BareProviderDays[] {
  const busyByProvider = bareBusy(input);
  const earliest = Math.max(input.window.earliest.getTime(), input.now.getTime()) / MINUTE_MS;
  const latest = input.window.latestExclusive.getTime() / MINUTE_MS;
  return input.providers.map((provider) => {
    const busy = busyByProvider.get(provider.id) ?? [];
    const result: BareProviderDays = { days: [], firstStartUtcMinute: null, count: 0 };
    let pair = 0;
    for (let d = 0; d < days.length; d++) {
      const day = days[d]!;
      let free = 0;
      for (
        let start = day.openUtcMinute;
        start + DURATION_MINUTES <= day.closeUtcMinute;
        start += STEP_MINUTES
      ) {
        const end = start + DURATION_MINUTES;
        if (start < earliest || end > latest) continue;
        while (pair < busy.length && busy[pair + 1]! <= start) pair += 2;
        if (pair < busy.length && busy[pair]! < end) continue;
        if (free === 0 && result.firstStartUtcMinute === null) result.firstStartUtcMinute = start;
        free++;
      }
      if (free > 0) result.days.push(d);
      result.count += free;
    }
    return result;
  });
}

const TIME_LABELS = Array.from(
  { length: 1440 },
  (_, m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`,
);

/** (c)'s reference: the same walk, allocating the same slot objects as the engine for every free start. */
function bareAllSlots(input: AvailabilityInput, days: readonly BareDay[]): Slot[][] {
  const busyByProvider = bareBusy(input);
  const earliest = Math.max(input.window.earliest.getTime(), input.now.getTime()) / MINUTE_MS;
  const latest = input.window.latestExclusive.getTime() / MINUTE_MS;
  const durationMs = DURATION_MINUTES * MINUTE_MS;
  return input.providers.map((provider) => {
    const busy = busyByProvider.get(provider.id) ?? [];
    const slots: Slot[] = [];
    let pair = 0;
    for (const day of days) {
      for (
        let start = day.openUtcMinute;
        start + DURATION_MINUTES <= day.closeUtcMinute;
        start += STEP_MINUTES
      ) {
        const end = start + DURATION_MINUTES;
        if (start < earliest || end > latest) continue;
        while (pair < busy.length && busy[pair + 1]! <= start) pair += 2;
        if (pair < busy.length && busy[pair]! < end) continue;
        const startUtcMs = start * MINUTE_MS;
        slots.push({
          startUtcMs,
          endUtcMs: startUtcMs + durationMs,
          dateLocal: day.dateLocal,
          timeLocal: TIME_LABELS[OPEN_MINUTE + start - day.openUtcMinute]!,
        });
      }
    }
    return slots;
  });
}

/** (a) as a caller asks it: which days have a slot (every location's dates) and each provider's first slot. */
function engineFreeDays(input: AvailabilityInput): {
  result: FreeDaysResult;
  dayCount: number;
  firstSlots: number;
} {
  const result = computeFreeDays(input);
  let dayCount = 0;
  let firstSlots = 0;
  for (const provider of result.providers) {
    for (const location of provider.locations) dayCount += location.dates.length;
    if (provider.nextAvailable !== null) firstSlots++;
  }
  return { result, dayCount, firstSlots };
}

function sameSlots(left: readonly Slot[], right: readonly Slot[]): boolean {
  if (left.length !== right.length) return false;
  for (let i = 0; i < left.length; i++) {
    const a = left[i]!;
    const b = right[i]!;
    if (
      a.startUtcMs !== b.startUtcMs ||
      a.endUtcMs !== b.endUtcMs ||
      a.dateLocal !== b.dateLocal ||
      a.timeLocal !== b.timeLocal
    )
      return false;
  }
  return true;
}

function daysNotSlots(into: Report): void {
  const daysInput = buildDaysInput();
  const days = bareDays(daysInput);
  console.info(
    `\nDays, not slots (issue 22): ${PROVIDERS} providers × ${DAYS} days, Mon–Fri 09:00–17:00 America/New_York, ` +
      `${DURATION_MINUTES}-minute service, ${STEP_MINUTES}-minute step, ${BUSY_PER_PROVIDER} busy periods a provider; ` +
      `medians of ${DAYS_RUNS} runs, engine and bare runs interleaved`,
  );

  // Honest comparison: the bare implementations and the engine must agree.
  const bare = bareFreeDays(daysInput, days);
  const engine = engineFreeDays(daysInput).result;
  const bareSlots = bareAllSlots(daysInput, days);
  let agree = true;
  let totalSlots = 0;
  engine.providers.forEach((provider, pi) => {
    const location = provider.locations[0];
    const mine = bare[pi]!;
    const firstMs = mine.firstStartUtcMinute === null ? null : mine.firstStartUtcMinute * MINUTE_MS;
    totalSlots += mine.count;
    if (
      location === undefined ||
      location.slotCount !== mine.count ||
      (provider.nextAvailable?.startUtcMs ?? null) !== firstMs ||
      location.dates.join() !== mine.days.map((d) => days[d]!.dateLocal).join() ||
      !sameSlots(location.allSlots(), bareSlots[pi]!)
    )
      agree = false;
  });
  into.add(
    'days input: slots in the window (engine = bare walks)',
    totalSlots,
    'slots',
    undefined,
    agree ? 'same days, first slots, counts and slot objects for every provider' : 'DIFFERENT results',
  );
  if (!agree) process.exitCode = 1;

  // (a) which days have a slot + each provider's first slot.
  const engineA: Timing[] = [];
  const bareA: Timing[] = [];
  for (let run = 0; run < DAYS_RUNS; run++) {
    if (run % 2 === 0) bareA.push(timed(() => bareFreeDays(daysInput, days)).timing);
    engineA.push(timed(() => engineFreeDays(daysInput)).timing);
    if (run % 2 === 1) bareA.push(timed(() => bareFreeDays(daysInput, days)).timing);
  }
  const engineAWall = median(engineA.map((t) => t.wallMs));
  const bareAWall = median(bareA.map((t) => t.wallMs));
  into.add(
    '(a) bare integer-minute walk, days + first slot, median',
    round(bareAWall, 2),
    'ms',
    undefined,
    `CPU ${round(median(bareA.map((t) => t.cpuMs)), 2)} ms`,
  );
  into.add(
    '(a) computeFreeDays, days + first slot (no slot objects), median',
    round(engineAWall, 2),
    'ms',
    undefined,
    `CPU ${round(median(engineA.map((t) => t.cpuMs)), 2)} ms`,
  );
  const cpuRatioA = median(engineA.map((t) => t.cpuMs)) / median(bareA.map((t) => t.cpuMs));
  into.add(
    '(a) ratio computeFreeDays / bare walk',
    round(engineAWall / bareAWall, 2),
    '×',
    { kind: 'max', limit: 2 },
    `medians of wall clock; CPU-time ratio ${round(cpuRatioA, 2)}×`,
  );

  // (b) one day's slots for all providers, after the free-days computation.
  const { result } = engineFreeDays(daysInput);
  const date = '2027-04-14';
  const dayIndex = days.findIndex((day) => day.dateLocal === date);
  const expectedOnDay = bareSlots.map((slots) => slots.filter((slot) => slot.dateLocal === date));
  const slotsOnDay = (): Slot[][] =>
    result.providers.map((provider) => provider.locations[0]?.slotsOn(date) ?? []);
  const sameDay = dayIndex >= 0 && slotsOnDay().every((slots, pi) => sameSlots(slots, expectedOnDay[pi]!));
  const dayRuns: Timing[] = [];
  for (let run = 0; run < DAYS_RUNS * 3; run++) dayRuns.push(timed(slotsOnDay).timing);
  into.add(
    `(b) slotsOn(${date}) for all ${PROVIDERS} providers, median`,
    round(median(dayRuns.map((t) => t.wallMs)), 3),
    'ms',
    { kind: 'max', limit: 2 },
    `${expectedOnDay.reduce((sum, slots) => sum + slots.length, 0)} slots; ${sameDay ? 'same as the bare walk' : 'DIFFERENT from the bare walk'}`,
  );
  if (!sameDay) process.exitCode = 1;

  // (c) every slot of the window as objects.
  const engineC: Timing[] = [];
  const bareC: Timing[] = [];
  const everySlot = (): Slot[][] =>
    computeFreeDays(daysInput).providers.map((provider) => provider.locations[0]?.allSlots() ?? []);
  for (let run = 0; run < DAYS_RUNS; run++) {
    // Alternate which goes first: a collection of the other's garbage lands on both alike.
    if (run % 2 === 0) bareC.push(timed(() => bareAllSlots(daysInput, days)).timing);
    engineC.push(timed(everySlot).timing);
    if (run % 2 === 1) bareC.push(timed(() => bareAllSlots(daysInput, days)).timing);
  }
  const engineCWall = median(engineC.map((t) => t.wallMs));
  const bareCWall = median(bareC.map((t) => t.wallMs));
  into.add(
    '(c) bare walk allocating the same slot objects, median',
    round(bareCWall, 2),
    'ms',
    undefined,
    `CPU ${round(median(bareC.map((t) => t.cpuMs)), 2)} ms`,
  );
  into.add(
    '(c) computeFreeDays + allSlots, every slot of the window, median',
    round(engineCWall, 2),
    'ms',
    undefined,
    `CPU ${round(median(engineC.map((t) => t.cpuMs)), 2)} ms`,
  );
  const cpuRatioC = median(engineC.map((t) => t.cpuMs)) / median(bareC.map((t) => t.cpuMs));
  into.add(
    '(c) ratio engine / bare walk with objects',
    round(engineCWall / bareCWall, 2),
    '×',
    { kind: 'max', limit: 1.5 },
    `medians of wall clock; CPU-time ratio ${round(cpuRatioC, 2)}×`,
  );
  into.details.daysNotSlots = { engineA, bareA, dayRuns, engineC, bareC };
}

const report = new Report('engine');
// ENGINE_PARTS=days runs only issue 22's budgets (skips the slow per-slot comparison).
if (process.env.ENGINE_PARTS !== 'days') slotsVersusPerSlot(report);
daysNotSlots(report);
report.finish();
