/**
 * The availability engine's time axis and scan: a provider's busy periods become sorted, merged
 * pairs of whole units on one axis shared by all zones; one pass per working interval, walking
 * those pairs with a pointer, finds the free grid starts of a local day as integers.
 */
import { MINUTES_PER_UNIT, MS_PER_MINUTE, instantOf } from './engine-input.ts';
import type { ParsedRow } from './engine-input.ts';
import { greatestCommonDivisor } from './local-time.ts';
import { elapsedMinutesOfWall, zoneDaysBetween } from '../time-zone.ts';
import type { ZoneDay } from '../time-zone.ts';
import type { AvailabilityInput, AvailabilityProvider, BusyPeriod } from './types.ts';

function mod5(minutes: number): number {
  return ((minutes % MINUTES_PER_UNIT) + MINUTES_PER_UNIT) % MINUTES_PER_UNIT;
}

/** Folds into `unit` everything about a zone day that could put a boundary off the 5-minute grid. */
function unitForDay(unit: number, day: ZoneDay): number {
  let result = greatestCommonDivisor(unit, mod5(day.startUtcMs / MS_PER_MINUTE));
  result = greatestCommonDivisor(result, mod5(day.offsetBeforeMs / MS_PER_MINUTE));
  if (day.transitionUtcMs !== Number.POSITIVE_INFINITY) {
    result = greatestCommonDivisor(result, mod5(day.offsetAfterMs / MS_PER_MINUTE));
    result = greatestCommonDivisor(result, mod5(day.transitionUtcMs / MS_PER_MINUTE));
  }
  return result;
}

/** The local days of the window per zone, on one axis of whole units shared by all zones. */
export interface SlotAxis {
  readonly daysByZone: Map<string, ZoneDay[]>;
  readonly axisStartMs: number;
  readonly axisEndMs: number;
  readonly axisUnits: number;
  readonly hasAxis: boolean;
  /** Minutes per unit: 5 unless something is finer. */
  readonly unit: number;
  readonly unitMs: number;
  readonly stepUnits: number;
}

export function buildAxis(
  zonesInUse: ReadonlySet<string>,
  earliestMs: number,
  latestMs: number,
  startUnit: number,
  stepMinutes: number,
): SlotAxis {
  let unit = startUnit;
  const daysByZone = new Map<string, ZoneDay[]>();
  let axisStartMs = Number.POSITIVE_INFINITY;
  let axisEndMs = Number.NEGATIVE_INFINITY;
  for (const timeZone of zonesInUse) {
    const days = zoneDaysBetween(timeZone, earliestMs, latestMs);
    daysByZone.set(timeZone, days);
    for (const day of days) unit = unitForDay(unit, day);
    const first = days[0];
    const last = days[days.length - 1];
    if (first !== undefined && last !== undefined) {
      axisStartMs = Math.min(axisStartMs, first.startUtcMs);
      axisEndMs = Math.max(axisEndMs, last.endUtcMs);
    }
  }
  const unitMs = unit * MS_PER_MINUTE;
  const stepUnits = stepMinutes / unit;
  const hasAxis = axisEndMs > axisStartMs;
  if (hasAxis) axisStartMs = Math.floor(axisStartMs / unitMs) * unitMs;
  const axisUnits = hasAxis ? Math.ceil((axisEndMs - axisStartMs) / unitMs) : 0;
  return { daysByZone, axisStartMs, axisEndMs, axisUnits, hasAxis, unit, unitMs, stepUnits };
}

/** Busy units per provider, as [startUnit, endUnit) pairs on the axis. */
export function collectBusy<P extends AvailabilityProvider>(
  input: AvailabilityInput<P>,
  providerIndex: ReadonlyMap<string, number>,
  providerCount: number,
  axis: SlotAxis,
): number[][] {
  const { axisStartMs, axisEndMs, axisUnits, hasAxis, unitMs } = axis;
  const busyByProvider: number[][] = Array.from({ length: providerCount }, () => []);
  // Rows usually arrive ordered by provider: remember the last lookup.
  let lastProviderId: string | undefined;
  let lastProviderIndex: number | undefined;
  const addBusy = (period: BusyPeriod, what: string): void => {
    if (period.providerId !== lastProviderId) {
      lastProviderId = period.providerId;
      lastProviderIndex = providerIndex.get(period.providerId);
    }
    const pi = lastProviderIndex;
    if (pi === undefined || !hasAxis) return;
    const startMs = instantOf(period.startUtc, what);
    const endMs = instantOf(period.endUtc, what);
    if (endMs <= startMs || endMs <= axisStartMs || startMs >= axisEndMs) return;
    const from = Math.max(0, Math.floor((startMs - axisStartMs) / unitMs));
    const to = Math.min(axisUnits, Math.ceil((endMs - axisStartMs) / unitMs));
    busyByProvider[pi]?.push(from, to);
  };
  for (const period of input.timeOff) addBusy(period, 'timeOff');
  for (const period of input.appointments) addBusy(period, 'appointment');
  return busyByProvider;
}

/**
 * Sorts and merges one provider's busy [from, to) unit pairs, so that a scan can walk them with
 * one pointer: pairs ascending, none overlapping or touching.
 */
export function mergeBusy(pairs: readonly number[]): Int32Array {
  const count = pairs.length >> 1;
  if (count === 0) return EMPTY_BUSY;
  const sorted = Int32Array.from(pairs);
  if (count <= 64) sortPairs(sorted, count);
  else {
    const order = Array.from({ length: count }, (_, index) => index);
    order.sort((left, right) => (pairs[2 * left] ?? 0) - (pairs[2 * right] ?? 0));
    order.forEach((from, to) => {
      sorted[2 * to] = pairs[2 * from] ?? 0;
      sorted[2 * to + 1] = pairs[2 * from + 1] ?? 0;
    });
  }
  let length = 0;
  for (let index = 0; index < 2 * count; index += 2) {
    const from = sorted[index] ?? 0;
    const to = sorted[index + 1] ?? 0;
    if (to <= from) continue;
    if (length > 0 && from <= (sorted[length - 1] ?? 0)) {
      if (to > (sorted[length - 1] ?? 0)) sorted[length - 1] = to;
    } else {
      sorted[length++] = from;
      sorted[length++] = to;
    }
  }
  return length === sorted.length ? sorted : sorted.slice(0, length);
}

/** Insertion sort of the first `count` [from, to) pairs by `from`, in place: few pairs, no allocation. */
function sortPairs(pairs: Int32Array, count: number): void {
  for (let index = 1; index < count; index++) {
    const from = pairs[2 * index] ?? 0;
    const to = pairs[2 * index + 1] ?? 0;
    let at = index - 1;
    while (at >= 0 && (pairs[2 * at] ?? 0) > from) {
      pairs[2 * at + 2] = pairs[2 * at] ?? 0;
      pairs[2 * at + 3] = pairs[2 * at + 1] ?? 0;
      at--;
    }
    pairs[2 * at + 2] = from;
    pairs[2 * at + 3] = to;
  }
}

const EMPTY_BUSY = new Int32Array(0);

/** A growable list of integers, reused across days and providers. */
export class IntBuffer {
  data = new Int32Array(4096);
  length = 0;

  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }
}

/** What a scan of the window shares across providers: the axis, the window and scratch space. */
export interface ScanState {
  readonly axis: SlotAxis;
  readonly earliestMs: number;
  readonly latestMs: number;
  /** One day's working intervals, [from, to) unit pairs since the day's start. */
  readonly intervals: IntBuffer;
  /** Free starts found so far: (first start, count) runs, in units since their day's start. */
  readonly runs: IntBuffer;
}

/** One provider's service length and merged busy pairs (axis units, see `mergeBusy`). */
export interface ScanProvider {
  readonly busy: Int32Array;
  readonly durationUnits: number;
}

/**
 * Fills `state.intervals` with the [from, to) units of the rows applying on `day`, sorted when
 * there are several; true when two of them overlap. On a day without an offset change, a wall
 * minute is that many minutes after the day's start (no zone arithmetic at all).
 */
function dayIntervals(state: ScanState, day: ZoneDay, rows: readonly ParsedRow[]): boolean {
  const { intervals } = state;
  const { unit } = state.axis;
  const plainDay = day.transitionUtcMs === Number.POSITIVE_INFINITY;
  const dayNumber = day.dayNumber;
  intervals.length = 0;
  for (const row of rows) {
    if (row.fromDay > dayNumber || dayNumber > row.toDay) continue;
    const fromMinute = plainDay ? row.startMinute : elapsedMinutesOfWall(day, row.startMinute);
    const toMinute = plainDay ? row.endMinute : elapsedMinutesOfWall(day, row.endMinute);
    const from = Math.ceil(fromMinute / unit);
    const to = Math.floor(toMinute / unit);
    if (to > from) {
      intervals.push(from);
      intervals.push(to);
    }
  }
  const count = intervals.length >> 1;
  if (count < 2) return false;
  sortPairs(intervals.data, count);
  const data = intervals.data;
  for (let index = 2; index < intervals.length; index += 2)
    if ((data[index] ?? 0) < (data[index - 1] ?? 0)) return true;
  return false;
}

/**
 * Appends to `out` the free grid starts in [firstStart, endLimit) of one working interval as runs:
 * (first start, count) pairs of starts `stepUnits` apart, in units since the day's start; `base`
 * is the day's first unit on the axis. One pointer walks the merged busy pairs: the starts between
 * two busy pairs make one run, and a start that overlaps a pair jumps to the first grid start at or
 * after its end. Cost: busy pairs + runs, whatever the number of starts. Returns how many starts.
 */
function scanInterval(
  busy: Int32Array,
  base: number,
  firstStart: number,
  endLimit: number,
  durationUnits: number,
  stepUnits: number,
  out: IntBuffer,
): number {
  const count = busy.length;
  let start = firstStart;
  let found = 0;
  // First busy pair ending after the first candidate starts.
  let low = 0;
  let high = count >> 1;
  const target = base + start;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((busy[2 * middle + 1] ?? 0) <= target) low = middle + 1;
    else high = middle;
  }
  let pair = 2 * low;
  while (start + durationUnits <= endLimit) {
    const at = base + start;
    while (pair < count && (busy[pair + 1] ?? 0) <= at) pair += 2;
    const limit = pair < count ? Math.min(endLimit, (busy[pair] ?? 0) - base) : endLimit;
    if (start + durationUnits <= limit) {
      const starts = Math.floor((limit - durationUnits - start) / stepUnits) + 1;
      out.push(start);
      out.push(starts);
      found += starts;
      start += starts * stepUnits;
    }
    if (pair >= count) break;
    const busyEnd = (busy[pair + 1] ?? 0) - base;
    if (start < busyEnd) start = firstStart + Math.ceil((busyEnd - firstStart) / stepUnits) * stepUnits;
  }
  return found;
}

/**
 * Appends to `state.runs` the free grid starts of one provider at one location on one local day,
 * as (first start, count) runs of starts one step apart (units since the day's start; ascending,
 * no start twice); returns how many starts it added.
 */
export function appendDayRuns(
  state: ScanState,
  provider: ScanProvider,
  day: ZoneDay,
  rows: readonly ParsedRow[],
): number {
  const { runs, intervals, axis } = state;
  const { unitMs, stepUnits } = axis;
  const { busy, durationUnits } = provider;
  const overlapping = dayIntervals(state, day, rows);
  if (intervals.length === 0) return 0;
  const pairs = intervals.data;
  const base = Math.round((day.startUtcMs - axis.axisStartMs) / unitMs);
  const minStart = Math.ceil((state.earliestMs - day.startUtcMs) / unitMs);
  const maxEnd = Math.floor((state.latestMs - day.startUtcMs) / unitMs);

  const begin = runs.length;
  let found = 0;
  for (let index = 0; index < intervals.length; index += 2) {
    const from = pairs[index] ?? 0;
    const to = pairs[index + 1] ?? 0;
    const firstStart = from >= minStart ? from : from + Math.ceil((minStart - from) / stepUnits) * stepUnits;
    const endLimit = Math.min(to, maxEnd);
    if (firstStart + durationUnits <= endLimit)
      found += scanInterval(busy, base, firstStart, endLimit, durationUnits, stepUnits, runs);
  }
  return overlapping && runs.length - begin > 2 ? normalizeRuns(runs, begin, stepUnits) : found;
}

/**
 * Overlapping working intervals (on different grids) can give runs out of order or sharing starts:
 * rewrites the runs from `begin` as ascending runs without duplicates; returns how many starts.
 */
function normalizeRuns(runs: IntBuffer, begin: number, stepUnits: number): number {
  const starts: number[] = [];
  for (let at = begin; at < runs.length; at += 2) {
    const first = runs.data[at] ?? 0;
    const count = runs.data[at + 1] ?? 0;
    for (let k = 0; k < count; k++) starts.push(first + k * stepUnits);
  }
  starts.sort((left, right) => left - right);
  runs.length = begin;
  let previous = Number.NaN;
  let found = 0;
  for (const start of starts) {
    if (start === previous) continue;
    const last = runs.length - 2;
    if (last >= begin && start === previous + stepUnits) runs.data[last + 1] = (runs.data[last + 1] ?? 0) + 1;
    else {
      runs.push(start);
      runs.push(1);
    }
    previous = start;
    found++;
  }
  return found;
}
