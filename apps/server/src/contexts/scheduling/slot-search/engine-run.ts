/*
 * The availability engine's runs for one search: once per time zone (each zone has its own
 * window), per provider only where no slots are kept for exactly the same inputs (search-cache.ts).
 */
import { computeAvailability } from '@scheduler/domain/availability/compute-availability';
import type {
  AvailabilityLocation,
  ProviderLocationAvailability,
  WorkingHoursRow,
} from '@scheduler/domain/availability/types';
import type { BookingWindow } from '@scheduler/domain/booking-window';
import type { LocationRecord, ServiceRecord } from '../../catalogue/index.ts';
import { toEngineHours, toEngineLocation } from '../engine-input.ts';
import type { EngineProvider } from '../engine-input.ts';
import type { SearchProviderRecord, WorkingHoursRecord } from './availability-repository.ts';
import type { KeptBusy, SearchCache } from './search-cache.ts';

/** What the providers of one search share: the client, service, locations, windows and clock. */
export interface EngineRun {
  clientId: number;
  service: ServiceRecord;
  locations: readonly LocationRecord[];
  windowOf: (timeZone: string) => BookingWindow;
  at: Date;
}

/**
 * The inputs of an engine run that its providers share, as text: window, the clock where it is
 * later than the window's start (the engine starts at the later of the two), service, locations.
 */
function zoneRunKey(
  clientId: number,
  window: BookingWindow,
  now: Date,
  service: ServiceRecord,
  locations: readonly AvailabilityLocation[],
): string {
  const parts: string[] = [
    String(clientId),
    String(Math.max(window.earliest.getTime(), now.getTime())),
    String(window.latestExclusive.getTime()),
    `${service.id}:${service.durationMinutes}`,
  ];
  for (const l of locations) parts.push(`${l.id}:${l.timeZone}:${l.latitude}:${l.longitude}`);
  return parts.join('|');
}

/**
 * One provider's own inputs to an engine run, as text. A provider's slots depend on nothing of
 * the other providers (the engine's time unit divides every candidate start and end whatever the
 * set), so they are kept, and recomputed, per provider.
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

/**
 * The engine, once per time zone (each zone has its own window), merged per provider. A
 * provider's slots in a zone are kept under a key of everything they depend on (see
 * search-cache.ts); one engine run computes those of the providers without kept slots.
 */
export function runEngine(
  cache: SearchCache,
  run: EngineRun,
  providers: readonly EngineProvider[],
  hours: readonly WorkingHoursRecord[],
  busyOf: ReadonlyMap<number, KeptBusy>,
): Map<string, ProviderLocationAvailability[]> {
  const { clientId, service, locations, windowOf, at } = run;
  const hoursByProvider = new Map<string, WorkingHoursRow[]>();
  for (const row of toEngineHours(hours)) {
    const list = hoursByProvider.get(row.providerId);
    if (list === undefined) hoursByProvider.set(row.providerId, [row]);
    else list.push(row);
  }
  const merged = new Map<string, ProviderLocationAvailability[]>();
  const add = (providerId: string, availability: readonly ProviderLocationAvailability[]): void => {
    const list = merged.get(providerId);
    if (list === undefined) merged.set(providerId, [...availability]);
    else list.push(...availability);
  };
  for (const timeZone of new Set(locations.map((l) => l.timeZone))) {
    const zoneLocations = locations.filter((l) => l.timeZone === timeZone).map(toEngineLocation);
    const inZone = new Set(zoneLocations.map((l) => l.id));
    const zoneWindow = windowOf(timeZone);
    const zoneKey = zoneRunKey(clientId, zoneWindow, at, service, zoneLocations);
    const toCompute: { provider: EngineProvider; key: string; hours: WorkingHoursRow[] }[] = [];
    for (const provider of providers) {
      const zoneHours = (hoursByProvider.get(provider.id) ?? []).filter((row) => inZone.has(row.locationId));
      if (zoneHours.length === 0) continue;
      const key = `${zoneKey}|${providerRunKey(provider, zoneHours)}`;
      const kept = cache.providerSlots(key);
      if (kept === undefined) toCompute.push({ provider, key, hours: zoneHours });
      else add(provider.id, kept);
    }
    if (toCompute.length === 0) continue;
    const result = computeAvailability({
      now: at,
      window: zoneWindow,
      service: { id: String(service.id), durationMinutes: service.durationMinutes },
      locations: zoneLocations,
      providers: toCompute.map((item) => item.provider),
      workingHours: toCompute.flatMap((item) => item.hours),
      timeOff: [],
      appointments: toCompute.flatMap((item) => busyOf.get(item.provider.record.id)?.periods ?? []),
    });
    const computed = new Map(result.providers.map((entry) => [entry.providerId, entry.locations]));
    for (const { provider, key } of toCompute) {
      // Providers who cannot be booked online come out of the engine without an entry.
      const availability = computed.get(provider.id) ?? [];
      cache.keepProviderSlots(key, availability);
      add(provider.id, availability);
    }
  }
  return merged;
}
