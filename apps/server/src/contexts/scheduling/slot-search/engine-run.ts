/*
 * The availability engine's runs for one search: once per time zone and booking window (a
 * location's closed days can move its window), per provider only where no free days are kept for
 * exactly the same inputs (search-cache.ts). The engine answers by days (computeFreeDays): which
 * local days have a slot and their free starts as integers; slot objects are built later, only
 * for the days the answer shows (response.ts).
 */
import type {
  AvailabilityLocation,
  LocationClosure,
  WorkingHoursRow,
} from '@scheduler/domain/availability/types';
import type { BookingWindow } from '@scheduler/domain/booking-window';
import type { LocationRecord, ServiceRecord } from '../../catalogue/index.ts';
import { computeFreeDays } from '../engine.ts';
import type { LocationDays } from '../engine.ts';
import { toEngineHours, toEngineLocation } from '../engine-input.ts';
import type { EngineProvider } from '../engine-input.ts';
import type { SearchProviderRecord, WorkingHoursRecord } from './availability-repository.ts';
import type { KeptBusy, SearchCache } from './search-cache.ts';

/** What the providers of one search share: the client, service, locations, windows and clock. */
export interface EngineRun {
  clientId: number;
  service: ServiceRecord;
  locations: readonly LocationRecord[];
  /** Each location's booking window (its zone's, moved by its closed days when they count). */
  windowOf: (location: LocationRecord) => BookingWindow;
  /** Closed local dates per location id. */
  closedDates: ReadonlyMap<number, readonly string[]>;
  at: Date;
}

/**
 * The inputs of an engine run that its providers share, as text: window, the clock where it is
 * later than the window's start (the engine starts at the later of the two), service, locations
 * and their closed days.
 */
function runKey(
  clientId: number,
  window: BookingWindow,
  now: Date,
  service: ServiceRecord,
  locations: readonly AvailabilityLocation[],
  closures: readonly LocationClosure[],
): string {
  const parts: string[] = [
    String(clientId),
    String(Math.max(window.earliest.getTime(), now.getTime())),
    String(window.latestExclusive.getTime()),
    `${service.id}:${service.durationMinutes}`,
  ];
  for (const l of locations) parts.push(`${l.id}:${l.timeZone}:${l.latitude}:${l.longitude}`);
  for (const c of closures) parts.push(`${c.locationId}@${c.dateLocal}`);
  return parts.join('|');
}

/**
 * One provider's own inputs to an engine run, as text. A provider's free days depend on nothing
 * of the other providers (the engine's time unit divides every candidate start and end whatever
 * the set), so they are kept, and recomputed, per provider.
 */
function providerRunKey(provider: EngineProvider, hours: readonly WorkingHoursRow[]): string {
  const version = (provider.record as SearchProviderRecord).busyVersion;
  const parts = [
    `${provider.id}:${provider.onlineBookable ? 1 : 0}:${provider.durationMinutes ?? ''}:${version}`,
  ];
  for (const h of hours)
    parts.push(
      `${h.locationId}:${h.weekday}:${h.startLocal}:${h.endLocal}:${h.effectiveFrom ?? ''}:${h.effectiveTo ?? ''}`,
    );
  return parts.join('|');
}

/** The search's locations grouped by what one engine run shares: time zone and window. */
function runGroups(
  run: EngineRun,
): { window: BookingWindow; locations: AvailabilityLocation[]; closures: LocationClosure[] }[] {
  const groups = new Map<
    string,
    { window: BookingWindow; locations: AvailabilityLocation[]; closures: LocationClosure[] }
  >();
  for (const location of run.locations) {
    const window = run.windowOf(location);
    const key = `${location.timeZone}|${window.earliest.getTime()}|${window.latestExclusive.getTime()}`;
    let group = groups.get(key);
    if (group === undefined) {
      group = { window, locations: [], closures: [] };
      groups.set(key, group);
    }
    const engineLocation = toEngineLocation(location);
    group.locations.push(engineLocation);
    for (const dateLocal of run.closedDates.get(location.id) ?? [])
      group.closures.push({ locationId: engineLocation.id, dateLocal });
  }
  return [...groups.values()];
}

/**
 * The engine, once per time zone and window, merged per provider. A provider's free days in a
 * run are kept under a key of everything they depend on (see search-cache.ts); one engine run
 * computes those of the providers without kept days.
 */
export function runEngine(
  cache: SearchCache,
  run: EngineRun,
  providers: readonly EngineProvider[],
  hours: readonly WorkingHoursRecord[],
  busyOf: ReadonlyMap<number, KeptBusy>,
): Map<string, LocationDays[]> {
  const { clientId, service, at } = run;
  const hoursByProvider = new Map<string, WorkingHoursRow[]>();
  for (const row of toEngineHours(hours)) {
    const list = hoursByProvider.get(row.providerId);
    if (list === undefined) hoursByProvider.set(row.providerId, [row]);
    else list.push(row);
  }
  const merged = new Map<string, LocationDays[]>();
  const add = (providerId: string, days: readonly LocationDays[]): void => {
    const list = merged.get(providerId);
    if (list === undefined) merged.set(providerId, [...days]);
    else list.push(...days);
  };
  for (const group of runGroups(run)) {
    const inGroup = new Set(group.locations.map((l) => l.id));
    const groupKey = runKey(clientId, group.window, at, service, group.locations, group.closures);
    const toCompute: { provider: EngineProvider; key: string; hours: WorkingHoursRow[] }[] = [];
    for (const provider of providers) {
      const groupHours = (hoursByProvider.get(provider.id) ?? []).filter((row) =>
        inGroup.has(row.locationId),
      );
      if (groupHours.length === 0) continue;
      const key = `${groupKey}|${providerRunKey(provider, groupHours)}`;
      const kept = cache.providerDays(key);
      if (kept === undefined) toCompute.push({ provider, key, hours: groupHours });
      else add(provider.id, kept);
    }
    if (toCompute.length === 0) continue;
    const result = computeFreeDays({
      now: at,
      window: group.window,
      service: { id: String(service.id), durationMinutes: service.durationMinutes },
      locations: group.locations,
      providers: toCompute.map((item) => item.provider),
      workingHours: toCompute.flatMap((item) => item.hours),
      timeOff: [],
      appointments: toCompute.flatMap((item) => busyOf.get(item.provider.record.id)?.periods ?? []),
      ...(group.closures.length === 0 ? {} : { closures: group.closures }),
    });
    const computed = new Map(result.providers.map((entry) => [entry.providerId, entry.locations]));
    for (const { provider, key } of toCompute) {
      // Providers who cannot be booked online come out of the engine without an entry.
      const days = computed.get(provider.id) ?? [];
      cache.keepProviderDays(key, days);
      add(provider.id, days);
    }
  }
  return merged;
}
