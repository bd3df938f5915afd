/*
 * A provider's busy periods as the slot search keeps them between requests (search-cache.ts), and
 * how a change is applied to them without reading the provider's whole window again (issue 22).
 *
 * The periods are plain numbers (epoch ms pairs, in start order); `BusyPeriod` objects, which the
 * engine takes, are made only for the range an engine run covers. With them, the ranges changed at
 * each version since `changesFrom` (read from `provider_busy_changes`, migration 2026-11-28-024),
 * so the engine's free days kept at an older version can be recomputed on the days those ranges
 * touch only (engine-run.ts).
 *
 * Why applying a change this way gives what a full read gives: the database's triggers record, at
 * every version, the ranges whose periods changed (old and new). For a provider kept at version k
 * and now at v, the search reads the changes of versions k+1…v — all of them, or it reads the
 * whole window instead — and then the periods overlapping their hull as they are now; kept periods
 * overlapping the hull are dropped and the read ones put in. Outside the hull nothing changed
 * between k and v. What is read may already hold a change later than v; that change has its own,
 * later version, and its range is read again when the search sees it.
 */
import type { BusyPeriod } from '@scheduler/domain/availability/types';
import type { ProviderBusy } from './busy-repository.ts';

/** The range [fromMs, toMs) whose busy periods changed at `version`. */
export interface BusyChangeRange {
  version: number;
  fromMs: number;
  toMs: number;
}

/**
 * Moved in place by `applyBusyDeltas`; nothing else changes it.
 */
export interface KeptBusy {
  version: number;
  /** The range the periods were read for: [fromMs, toMs). */
  fromMs: number;
  toMs: number;
  /** Time off as [start, end, start, end, …] (epoch ms), in start order. */
  timeOff: number[];
  /** Active appointments and holds as [start, end, …] (epoch ms), in start order. */
  appointments: number[];
  /** The changes of every version in (changesFrom, version] are in `changes`. */
  changesFrom: number;
  /** Ranges changed since `changesFrom`, by version (at most MAX_KEPT_CHANGES). */
  changes: BusyChangeRange[];
}

/** Changed ranges kept per provider: enough for free days a few dozen bookings behind. */
const MAX_KEPT_CHANGES = 64;

/** `[start, end, …]` pairs sorted by start (the covering index usually delivers them so). */
function sortedPairs(pairs: readonly number[]): number[] {
  for (let index = 2; index + 1 < pairs.length; index += 2) {
    if ((pairs[index] ?? 0) < (pairs[index - 2] ?? 0)) {
      const order: number[] = [];
      for (let k = 0; k + 1 < pairs.length; k += 2) order.push(k);
      order.sort((a, b) => (pairs[a] ?? 0) - (pairs[b] ?? 0));
      return order.flatMap((k) => [pairs[k] ?? 0, pairs[k + 1] ?? 0]);
    }
  }
  return [...pairs];
}

/** Busy periods of one provider read whole for [fromMs, toMs) at `version` (statement 5). */
export function keptBusyOf(busy: ProviderBusy, version: number, fromMs: number, toMs: number): KeptBusy {
  return {
    version,
    fromMs,
    toMs,
    timeOff: sortedPairs(busy.timeOff),
    appointments: sortedPairs(busy.appointments),
    changesFrom: version,
    changes: [],
  };
}

/** One logged change of a provider's busy periods (`provider_busy_changes`, busy-repository.ts). */
export interface BusyDelta {
  version: number;
  /** 0: time off; 1: an active appointment or a hold. */
  kind: number;
  /** +1: the period [startAt, endAt) was added; -1: removed; 0: nothing busy changed at this version. */
  delta: number;
  startAt: number;
  endAt: number;
}

/** Puts [start, end) into `pairs` at its place in start order. */
function insertPair(pairs: number[], start: number, end: number): void {
  let low = 0;
  let high = pairs.length >> 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((pairs[2 * middle] ?? 0) <= start) low = middle + 1;
    else high = middle;
  }
  pairs.splice(2 * low, 0, start, end);
}

/** Takes one [start, end) out of `pairs`; false when it holds none. */
function removePair(pairs: number[], start: number, end: number): boolean {
  let low = 0;
  let high = pairs.length >> 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((pairs[2 * middle] ?? 0) < start) low = middle + 1;
    else high = middle;
  }
  for (let index = 2 * low; index + 1 < pairs.length && pairs[index] === start; index += 2) {
    if (pairs[index + 1] !== end) continue;
    pairs.splice(index, 2);
    return true;
  }
  return false;
}

/**
 * Moves `kept`, in place, by the logged changes of `deltas` above its version — every change of
 * the versions up to the last one's, in version order — and returns whether they applied: false
 * when a removed period is not kept (then `kept` is spoilt and the caller reads the whole window
 * again). In place, so no copy of a provider's periods is made per booking: the search applies
 * and reads them without an await in between, so no other search sees them half moved. A period
 * outside the kept range is ignored (what was read whole holds none), but its range is still a
 * change for the kept free days.
 */
export function applyBusyDeltas(kept: KeptBusy, deltas: readonly BusyDelta[]): boolean {
  const from = kept.version;
  for (const change of deltas) {
    if (change.version <= from) continue;
    kept.version = change.version;
    if (change.delta === 0) continue;
    kept.changes.push({ version: change.version, fromMs: change.startAt, toMs: change.endAt });
    // Kept are the periods overlapping [fromMs, toMs), as statement 5 reads them.
    if (!(change.endAt > kept.fromMs && change.startAt < kept.toMs)) continue;
    const pairs = change.kind === 0 ? kept.timeOff : kept.appointments;
    if (change.delta > 0) insertPair(pairs, change.startAt, change.endAt);
    else if (!removePair(pairs, change.startAt, change.endAt)) return false;
  }
  if (kept.changes.length > MAX_KEPT_CHANGES) {
    const dropped = kept.changes.splice(0, kept.changes.length - MAX_KEPT_CHANGES);
    kept.changesFrom = dropped[dropped.length - 1]?.version ?? kept.changesFrom;
  }
  return true;
}

/** The ranges changed in (since, kept.version], or undefined when they are not all kept. */
export function changesSince(kept: KeptBusy, since: number): readonly BusyChangeRange[] | undefined {
  if (since < kept.changesFrom || since > kept.version) return undefined;
  // In version order: the ones after `since` are the last few (a search is a booking or two behind).
  let first = kept.changes.length;
  while (first > 0 && (kept.changes[first - 1]?.version ?? 0) > since) first--;
  return kept.changes.slice(first);
}

/**
 * The engine's busy periods overlapping [fromMs, toMs) (the whole kept range by default), made for
 * one engine run and not kept (tens of thousands of small objects would slow every full GC):
 * time off, then appointments with touching or overlapping ones joined into one period — the
 * engine only asks whether a time unit is busy (about half as many objects on a well-booked day).
 */
export function periodsOf(kept: KeptBusy, providerId: string, fromMs?: number, toMs?: number): BusyPeriod[] {
  const from = fromMs ?? -Infinity;
  const to = toMs ?? Infinity;
  const periods: BusyPeriod[] = [];
  const { timeOff, appointments } = kept;
  for (let index = 0; index + 1 < timeOff.length; index += 2) {
    const start = timeOff[index] ?? 0;
    const end = timeOff[index + 1] ?? 0;
    if (end > from && start < to)
      periods.push({ providerId, startUtc: new Date(start), endUtc: new Date(end) });
  }
  let runStart = Number.NaN;
  let runEnd = Number.NaN;
  const flush = (): void => {
    if (!Number.isNaN(runStart) && runEnd > from && runStart < to)
      periods.push({ providerId, startUtc: new Date(runStart), endUtc: new Date(runEnd) });
  };
  for (let index = 0; index + 1 < appointments.length; index += 2) {
    const start = appointments[index] ?? 0;
    const end = appointments[index + 1] ?? 0;
    if (start <= runEnd) {
      if (end > runEnd) runEnd = end;
      continue;
    }
    // In start order: once a run starts at or after `to`, no later one overlaps the range.
    flush();
    if (start >= to) {
      runStart = Number.NaN;
      break;
    }
    runStart = start;
    runEnd = end;
  }
  flush();
  return periods;
}

/** How many active appointments of `kept` start in [fromMs, toMs) ('leastBusy' counts). */
export function countBetween(kept: KeptBusy, fromMs: number, toMs: number): number {
  const pairs = kept.appointments;
  const lowerBound = (value: number): number => {
    let low = 0;
    let high = pairs.length >> 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((pairs[2 * middle] ?? 0) < value) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return Math.max(0, lowerBound(toMs) - lowerBound(fromMs));
}
