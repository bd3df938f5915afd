/*
 * What the slot search may keep between requests, and how it knows it is still current.
 *
 * The server is stateless in its answers: every search reads statement 1 (the scope, settings and
 * service, with a fingerprint of counters that database triggers raise) and each provider's busy
 * version, a counter the triggers raise whenever the provider's appointments, holds or time off
 * change, whoever writes them (migrations 2026-11-25-003, 2026-11-28-024). What is kept is a
 * function of those inputs only:
 *
 *  - statements 2–4 (locations, providers, hours, closed days) under statement 1's configuration
 *    fingerprint: while it is the same, a search reads only the providers' busy versions;
 *  - per provider, its busy periods for the range they cover, at a version (kept-busy.ts). A
 *    provider whose version moved has the ranges changed since read (`provider_busy_changes`) and
 *    only the periods overlapping them read again; without every change since (the log keeps the
 *    last 192 versions or more), or when the range does not cover the window, its whole window;
 *  - per provider and time zone, the engine's free days (compact: the days with a slot and their
 *    free starts as integers, no slot objects; computeFreeDays), under a key made of every other
 *    input they depend on (window, the clock where it clips the window, service, the zone's
 *    locations and their closed days, the provider and its hours), at a busy version; at an older
 *    version, only the days the changes since touch are computed again (engine-run.ts).
 *
 * So a search answers exactly what a fresh computation would, on every instance; the cache only
 * saves the work (issues 9 and 22, docs/performance.md). Every map is bounded (least recently used
 * first).
 *
 * A whole answer is kept too (answer-cache.ts), under statement 1's fingerprint: the configuration
 * counter (migration 2026-11-27-010) and the sum of the busy versions of the providers offering
 * the service. A repeated search whose counters did not move is answered after that one statement.
 */
import type { LocationDays } from '../engine.ts';
import type { LocationRecord } from '../../catalogue/index.ts';
import type { HoursAndClosures, SearchProviderRecord } from './availability-repository.ts';
import type { KeptBusy } from './kept-busy.ts';

/**
 * Statements 2–4 of a search as read (locations, providers but for their busy versions, hours and
 * closed days), kept under statement 1's configuration fingerprint with the service, location,
 * plan and closed-days date asked: while the fingerprint is the same, so are they (search-scope-
 * repository.ts), and a search reads only the providers' busy versions instead.
 */
export interface KeptInputs {
  allLocations: LocationRecord[];
  providerRecords: SearchProviderRecord[];
  hours: HoursAndClosures['hours'];
  closedDates: HoursAndClosures['closedDates'];
}

/** A provider's free days per location of one engine run, at the busy version they were computed for. */
export interface KeptDays {
  version: number;
  days: readonly LocationDays[];
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
  delete(key: string): void {
    this.map.delete(key);
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

/** Scopes whose statements 2–4 are kept (a few hundred KB each at 500 providers). */
const KEPT_INPUTS = 200;

export class SearchCache {
  private readonly busy: Lru<KeptBusy>;
  private readonly days: Lru<KeptDays>;
  private readonly inputs = new Lru<KeptInputs>(KEPT_INPUTS);

  constructor(limits: SearchCacheLimits = DEFAULT_SEARCH_CACHE_LIMITS) {
    this.busy = new Lru(limits.providers);
    this.days = new Lru(limits.providerDays);
  }

  /** Statements 2–4 kept under `key` (configuration fingerprint and what the search asked). */
  inputsOf(key: string): KeptInputs | undefined {
    return this.inputs.get(key);
  }

  keepInputs(key: string, inputs: KeptInputs): void {
    this.inputs.set(key, inputs);
  }

  /** A provider's kept busy periods (of whichever version) when they cover [fromMs, toMs). */
  busyOf(clientId: number, providerId: number, fromMs: number, toMs: number): KeptBusy | undefined {
    const kept = this.busy.get(`${clientId}:${providerId}`);
    if (kept === undefined || kept.fromMs > fromMs || kept.toMs < toMs) return undefined;
    return kept;
  }

  keepBusy(clientId: number, providerId: number, kept: KeptBusy): void {
    this.busy.set(`${clientId}:${providerId}`, kept);
  }

  forgetBusy(clientId: number, providerId: number): void {
    this.busy.delete(`${clientId}:${providerId}`);
  }

  /** A provider's free days per location in one time zone, kept under `key` (engine-run.ts). */
  providerDays(key: string): KeptDays | undefined {
    return this.days.get(key);
  }

  keepProviderDays(key: string, days: KeptDays): void {
    this.days.set(key, days);
  }
}
