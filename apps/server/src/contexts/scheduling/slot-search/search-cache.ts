/*
 * What the slot search may keep between requests, and how it knows it is still current.
 *
 * The server is stateless in its answers: every search reads the scope, locations, providers and
 * working hours afresh (statements 1–4), and each provider's busy version (statement 3), a counter
 * that database triggers raise whenever the provider's appointments or time off change, whoever
 * writes them (migration 2026-11-25-003). What is kept is a function of those inputs only:
 *
 *  - per provider, its busy periods (merged into runs) and appointment starts, for the version they
 *    were read at and the range they cover; a search reads (statement 5) only the providers whose
 *    version moved or whose range does not cover its window;
 *  - per provider and time zone, the engine's free days (compact: the days with a slot and their
 *    free starts as integers, no slot objects; computeFreeDays), under a key made of every input
 *    they depend on (window, the clock where it clips the window, service, the zone's locations and
 *    their closed days, the provider with its busy version and its hours); a change to one provider
 *    recomputes that provider only.
 *
 * So a search answers exactly what a fresh computation would, on every instance; the cache only
 * saves the work (issue 9, docs/performance.md). Both maps are bounded (least recently used first).
 *
 * A whole answer is kept too (answer-cache.ts), under statement 1's fingerprint: counters that
 * database triggers raise on every change to the client's search configuration (migration
 * 2026-11-27-010) and the busy versions of the providers offering the service. A repeated search
 * whose counters did not move is answered after that one statement.
 */
import type { BusyPeriod } from '@scheduler/domain/availability/types';
import type { LocationDays } from '../engine.ts';
import type { ProviderBusy } from './busy-repository.ts';

export interface KeptBusy {
  version: number;
  /** The range the periods were read for: [fromMs, toMs). */
  fromMs: number;
  toMs: number;
  /** Time off, then appointments merged into runs (touching or overlapping ones joined). */
  periods: BusyPeriod[];
  /** Start of each active appointment, ascending ('leastBusy' counts). */
  starts: number[];
}

export interface SearchCacheLimits {
  /** Providers whose busy periods are kept. */
  providers: number;
  /** Free days kept (one per provider, service, location scope and time zone in use). */
  providerDays: number;
}

/**
 * About 50 KB per provider of busy periods (60 days) at most, and a few KB of free days (the
 * starts as 4-byte integers): ~200 MB in all.
 */
export const DEFAULT_SEARCH_CACHE_LIMITS: SearchCacheLimits = { providers: 3_000, providerDays: 3_000 };

/** Busy periods of one provider, as the engine wants them, from the packed rows of statement 5. */
export function keptBusyOf(
  providerId: string,
  busy: ProviderBusy,
  version: number,
  fromMs: number,
  toMs: number,
): KeptBusy {
  const periods: BusyPeriod[] = [];
  const { timeOff, appointments } = busy;
  for (let index = 0; index + 1 < timeOff.length; index += 2)
    periods.push({
      providerId,
      startUtc: new Date(timeOff[index] ?? 0),
      endUtc: new Date(timeOff[index + 1] ?? 0),
    });

  // Appointments by start: the covering index usually delivers them so; sort only when not.
  let pairs = appointments;
  for (let index = 2; index + 1 < pairs.length; index += 2) {
    if ((pairs[index] ?? 0) < (pairs[index - 2] ?? 0)) {
      const order: number[] = [];
      for (let k = 0; k + 1 < appointments.length; k += 2) order.push(k);
      order.sort((a, b) => (appointments[a] ?? 0) - (appointments[b] ?? 0));
      pairs = order.flatMap((k) => [appointments[k] ?? 0, appointments[k + 1] ?? 0]);
      break;
    }
  }
  // The engine only asks whether a time unit is busy: touching or overlapping appointments are
  // one period to it (about half as many objects on a well-booked day).
  const starts: number[] = [];
  let runStart = Number.NaN;
  let runEnd = Number.NaN;
  for (let index = 0; index + 1 < pairs.length; index += 2) {
    const start = pairs[index] ?? 0;
    const end = pairs[index + 1] ?? 0;
    starts.push(start);
    if (start <= runEnd) {
      if (end > runEnd) runEnd = end;
      continue;
    }
    if (!Number.isNaN(runStart))
      periods.push({ providerId, startUtc: new Date(runStart), endUtc: new Date(runEnd) });
    runStart = start;
    runEnd = end;
  }
  if (!Number.isNaN(runStart))
    periods.push({ providerId, startUtc: new Date(runStart), endUtc: new Date(runEnd) });
  return { version, fromMs, toMs, periods, starts };
}

/** How many of the ascending `starts` lie in [fromMs, toMs). */
export function countBetween(starts: readonly number[], fromMs: number, toMs: number): number {
  const lowerBound = (value: number): number => {
    let low = 0;
    let high = starts.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((starts[middle] ?? 0) < value) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return Math.max(0, lowerBound(toMs) - lowerBound(fromMs));
}

class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly limit: number) {}
  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.limit) {
      const oldest = this.map.keys().next();
      if (oldest.done === true) break;
      this.map.delete(oldest.value);
    }
  }
}

export class SearchCache {
  private readonly busy: Lru<KeptBusy>;
  private readonly days: Lru<readonly LocationDays[]>;

  constructor(limits: SearchCacheLimits = DEFAULT_SEARCH_CACHE_LIMITS) {
    this.busy = new Lru(limits.providers);
    this.days = new Lru(limits.providerDays);
  }

  /** A provider's kept busy periods when they are at `version` and cover [fromMs, toMs). */
  busyOf(
    clientId: number,
    providerId: number,
    version: number,
    fromMs: number,
    toMs: number,
  ): KeptBusy | undefined {
    const kept = this.busy.get(`${clientId}:${providerId}`);
    if (kept === undefined || kept.version !== version || kept.fromMs > fromMs || kept.toMs < toMs)
      return undefined;
    return kept;
  }

  keepBusy(clientId: number, providerId: number, kept: KeptBusy): void {
    this.busy.set(`${clientId}:${providerId}`, kept);
  }

  /** A provider's free days per location in one time zone, kept under `key` (engine-run.ts). */
  providerDays(key: string): readonly LocationDays[] | undefined {
    return this.days.get(key);
  }

  keepProviderDays(key: string, days: readonly LocationDays[]): void {
    this.days.set(key, days);
  }
}
