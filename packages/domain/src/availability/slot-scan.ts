/**
 * The availability engine's time axis and scan: one byte per time unit over the window marks a
 * provider's busy units; one pass per working interval finds the free grid starts of a local day.
 */
import { MINUTES_PER_UNIT, MS_PER_MINUTE, appliesOn, instantOf } from './engine-input.ts';
import type { ParsedRow } from './engine-input.ts';
import { formatLocalTime, greatestCommonDivisor } from './local-time.ts';
import { elapsedMinutesOfWall, wallMinuteOfElapsed, zoneDaysBetween } from '../time-zone.ts';
import type { ZoneDay } from '../time-zone.ts';
import type { AvailabilityInput, AvailabilityProvider, BusyPeriod, Slot } from './types.ts';

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

/** Sets `value` on every [from, to) unit pair of `ranges`; a plain loop beats `fill` on short ranges. */
export function markUnits(map: Uint8Array, ranges: readonly number[], value: 0 | 1): void {
  for (let index = 0; index < ranges.length; index += 2) {
    const from = ranges[index] ?? 0;
    const to = ranges[index + 1] ?? 0;
    if (to - from > 64) map.fill(value, from, to);
    else for (let unit = from; unit < to; unit++) map[unit] = value;
  }
}

/**
 * Appends to `starts` the free grid starts (in units since the day start) of one interval.
 * `busy` is the provider's busy map and `base` the day's first unit in it.
 */
function scanInterval(
  busy: Uint8Array | null,
  base: number,
  firstStart: number,
  endLimit: number,
  durationUnits: number,
  stepUnits: number,
  starts: number[],
): void {
  if (busy === null) {
    for (let start = firstStart; start + durationUnits <= endLimit; start += stepUnits) starts.push(start);
    return;
  }
  // Sliding run-length: `run` counts the free units ending at `unit`; the candidate whose
  // last unit is `unit` is free when the run covers its whole length.
  let run = 0;
  let candidateEnd = firstStart + durationUnits;
  for (let unit = firstStart; unit < endLimit && candidateEnd <= endLimit; unit++) {
    run = busy[base + unit] === 1 ? 0 : run + 1;
    if (unit + 1 === candidateEnd) {
      if (run >= durationUnits) starts.push(candidateEnd - durationUnits);
      candidateEnd += stepUnits;
    }
  }
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

/** What one scan of the window shares across providers: the axis, the window and scratch arrays. */
export interface ScanState {
  readonly axis: SlotAxis;
  readonly earliestMs: number;
  readonly latestMs: number;
  readonly busyMap: Uint8Array;
  readonly starts: number[];
  readonly intervals: number[];
}

/** One provider's service length, and its busy map (null when nothing is busy). */
export interface ScanProvider {
  readonly busy: Uint8Array | null;
  readonly durationUnits: number;
  readonly durationMs: number;
}

/**
 * Fills `state.intervals` with the [from, to) units of the rows applying on `day`, sorted when
 * there are several; true when two of them overlap.
 */
function dayIntervals(state: ScanState, day: ZoneDay, rows: readonly ParsedRow[]): boolean {
  const { intervals } = state;
  const { unit } = state.axis;
  intervals.length = 0;
  for (const row of rows) {
    if (!appliesOn(row, day.dayNumber)) continue;
    const from = Math.ceil(elapsedMinutesOfWall(day, row.startMinute) / unit);
    const to = Math.floor(elapsedMinutesOfWall(day, row.endMinute) / unit);
    if (to > from) intervals.push(from, to);
  }
  let overlapping = false;
  if (intervals.length > 2) {
    const pairs: [number, number][] = [];
    for (let index = 0; index < intervals.length; index += 2)
      pairs.push([intervals[index] ?? 0, intervals[index + 1] ?? 0]);
    pairs.sort((left, right) => left[0] - right[0]);
    intervals.length = 0;
    for (const [from, to] of pairs) {
      if (intervals.length > 0 && from < (intervals[intervals.length - 1] ?? 0)) overlapping = true;
      intervals.push(from, to);
    }
  }
  return overlapping;
}

/** Appends to `slots` the free slots of one provider at one location on one local day. */
export function appendDaySlots(
  slots: Slot[],
  state: ScanState,
  provider: ScanProvider,
  day: ZoneDay,
  rows: readonly ParsedRow[],
): void {
  const { starts, intervals, axis } = state;
  const { unit, unitMs, stepUnits } = axis;
  const { busy, durationUnits, durationMs } = provider;
  const base = Math.round((day.startUtcMs - axis.axisStartMs) / unitMs);
  const minStart = Math.ceil((state.earliestMs - day.startUtcMs) / unitMs);
  const maxEnd = Math.floor((state.latestMs - day.startUtcMs) / unitMs);

  const overlapping = dayIntervals(state, day, rows);
  if (intervals.length === 0) return;

  starts.length = 0;
  for (let index = 0; index < intervals.length; index += 2) {
    const from = intervals[index] ?? 0;
    const to = intervals[index + 1] ?? 0;
    const firstStart = from >= minStart ? from : from + Math.ceil((minStart - from) / stepUnits) * stepUnits;
    const endLimit = Math.min(to, maxEnd);
    if (firstStart + durationUnits <= endLimit)
      scanInterval(busy, base, firstStart, endLimit, durationUnits, stepUnits, starts);
  }
  if (overlapping) {
    starts.sort((left, right) => left - right);
    let kept = 0;
    for (const start of starts) if (kept === 0 || starts[kept - 1] !== start) starts[kept++] = start;
    starts.length = kept;
  }

  for (const start of starts) {
    const elapsedMinutes = start * unit;
    const startUtcMs = day.startUtcMs + elapsedMinutes * MS_PER_MINUTE;
    slots.push({
      startUtcMs,
      endUtcMs: startUtcMs + durationMs,
      dateLocal: day.dateLocal,
      timeLocal: formatLocalTime(wallMinuteOfElapsed(day, elapsedMinutes)),
    });
  }
}
