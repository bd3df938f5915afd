/*
 * The slot search's computation: resolves the scope, checks the refusals of spec section 8,
 * computes the booking window per location time zone (spec section 4), loads the engine's input
 * in at most five statements (availability-repository.ts) and runs the availability engine, per
 * time zone and per provider only where nothing is kept (search-cache.ts).
 */
import type {
  LocatedSlot,
  ProviderAvailability,
  ProviderLocationAvailability,
} from '@scheduler/domain/availability/types';
import { computeBookingWindow } from '@scheduler/domain/booking-window';
import type { BookingWindow } from '@scheduler/domain/booking-window';
import {
  LOCATION_NOT_FOUND_MESSAGE,
  PROVIDER_NOT_FOUND_MESSAGE,
  SERVICE_NOT_FOUND_MESSAGE,
} from '@scheduler/domain/messages';
import type { LocationRecord, SchedulerScope, ServiceRecord } from '../../catalogue/index.ts';
import { notFound, requireRecordId, requireScope } from '../../catalogue/index.ts';
import { toEngineProvider } from '../engine-input.ts';
import { runEngine } from './engine-run.ts';
import type { EngineProvider } from '../engine-input.ts';
import {
  assertLocationBookable,
  assertPatientMaySchedule,
  assertProviderOnline,
  assertServiceOnline,
} from '../rules.ts';
import type { PatientKind } from '../rules.ts';
import type { AvailabilityRepository, SearchProviderRecord } from './availability-repository.ts';
import type { SearchScope } from './search-scope-repository.ts';
import { countBetween, keptBusyOf } from './search-cache.ts';
import type { KeptBusy, SearchCache } from './search-cache.ts';

export type Entry = ProviderAvailability<EngineProvider>;

/** Used for the window when no location is in scope. */
export const FALLBACK_TIME_ZONE = 'America/New_York';

export interface SearchParams {
  clientSlug: string;
  schedulerSlug: string;
  appointmentTypeId: string;
  /** A location id or 'all'. */
  locationId: string;
  providerId?: string | undefined;
  planId?: number | undefined;
  patientKind: PatientKind;
}

export interface Computation {
  /** Statement 1's fingerprint of every input read from the database (availability-repository.ts). */
  fingerprint: string;
  /** The time zones whose booking windows the answer depends on (with the clock). */
  timeZones: string[];
  scope: SchedulerScope;
  service: ServiceRecord;
  /** Locations in scope, in display order (online, offering the service). */
  locations: LocationRecord[];
  windowByLocation: Map<number, BookingWindow>;
  window: BookingWindow;
  /** Online providers in input order, slots over the whole window. */
  entries: Entry[];
  /** Locations with at least one slot. */
  locationsWithSlots: Set<string>;
  /** Active appointments per provider starting inside the window ('leastBusy'). */
  bookedCounts: Map<string, number>;
}

/** Computes a search from `params` at `at`; `first` is statement 1 when already read. */
export type ComputeSearch = (params: SearchParams, at: Date, first?: SearchScope) => Promise<Computation>;

function unionWindow(windows: readonly BookingWindow[], fallback: BookingWindow): BookingWindow {
  const [first, ...rest] = windows;
  if (first === undefined) return fallback;
  let earliest = first.earliest;
  let latestExclusive = first.latestExclusive;
  let latestDate = first.latestDate;
  for (const window of rest) {
    if (window.earliest < earliest) earliest = window.earliest;
    if (window.latestExclusive > latestExclusive) latestExclusive = window.latestExclusive;
    if (window.latestDate > latestDate) latestDate = window.latestDate;
  }
  return { earliest, latestExclusive, latestDate };
}

/** A provider's availability summarised again after its locations changed. */
function withLocations(entry: Entry, locations: ProviderLocationAvailability[]): Entry {
  let nextAvailable: LocatedSlot | null = null;
  for (const availability of locations) {
    const first = availability.nextAvailable;
    if (first !== null && (nextAvailable === null || first.startUtcMs < nextAvailable.startUtcMs))
      nextAvailable = { ...first, locationId: availability.locationId };
  }
  return { ...entry, locations, nextAvailable, noCapacity: nextAvailable === null };
}

function withoutSlots(entry: Entry): Entry {
  return withLocations(
    entry,
    entry.locations.map((l) => ({ ...l, slots: [], nextAvailable: null, noCapacity: true })),
  );
}

/** Busy periods are read this far past the window, so the kept ones serve the next days' windows too. */
const BUSY_READ_AHEAD_MS = 7 * 86_400_000;

/** What statements 1 and 2 settle: the scope, the service, the locations and their windows. */
interface SearchScopeParts {
  /** The provider asked about, if any. */
  providerId: number | undefined;
  found: SearchScope | undefined;
  scope: SchedulerScope;
  service: ServiceRecord;
  allLocations: LocationRecord[];
  locations: LocationRecord[];
  windowOf: (timeZone: string) => BookingWindow;
  windowByLocation: Map<number, BookingWindow>;
  window: BookingWindow;
}

/** Statements 1 (unless read already) and 2, with the refusals they allow and the windows. */
async function resolveScope(
  repository: AvailabilityRepository,
  params: SearchParams,
  at: Date,
  first: SearchScope | undefined,
): Promise<SearchScopeParts> {
  const serviceId = requireRecordId(params.appointmentTypeId, SERVICE_NOT_FOUND_MESSAGE, 'appointmentTypeId');
  const locationId =
    params.locationId === 'all'
      ? undefined
      : requireRecordId(params.locationId, LOCATION_NOT_FOUND_MESSAGE, 'locationId');
  const providerId =
    params.providerId === undefined
      ? undefined
      : requireRecordId(params.providerId, PROVIDER_NOT_FOUND_MESSAGE, 'providerId');

  // Statement 1: scope, settings and service (and the fingerprint of statements 2–4).
  const found = first ?? (await repository.findScope(params.clientSlug, params.schedulerSlug, serviceId));
  const scope = requireScope(found?.scope);
  const service = found?.service ?? null;
  if (service === null) throw notFound(SERVICE_NOT_FOUND_MESSAGE, 'appointmentTypeId');
  assertServiceOnline(service);
  assertPatientMaySchedule(scope.settings, service, params.patientKind);

  // Statement 2: locations.
  const allLocations = await repository.listLocations(scope.clientId, service.id, locationId);
  let locations: LocationRecord[];
  if (locationId !== undefined) {
    const location = allLocations[0];
    if (location === undefined) throw notFound(LOCATION_NOT_FOUND_MESSAGE, 'locationId');
    assertLocationBookable(location);
    locations = [location];
  } else {
    locations = allLocations.filter((l) => l.onlineEnabled && l.offersService);
  }

  // The window, per time zone.
  const windowByZone = new Map<string, BookingWindow>();
  const windowOf = (timeZone: string): BookingWindow => {
    let window = windowByZone.get(timeZone);
    if (window === undefined) {
      window = computeBookingWindow(scope.settings, at, timeZone);
      windowByZone.set(timeZone, window);
    }
    return window;
  };
  const windowByLocation = new Map<number, BookingWindow>();
  for (const location of locations) windowByLocation.set(location.id, windowOf(location.timeZone));
  const window = unionWindow(
    [...windowByZone.values()],
    windowOf(allLocations[0]?.timeZone ?? FALLBACK_TIME_ZONE),
  );
  return { providerId, found, scope, service, allLocations, locations, windowOf, windowByLocation, window };
}

/**
 * Statement 5, after 3 (so what is read is at least as new as the version it is kept under):
 * busy periods of the providers whose kept ones are missing, of another version, or too short.
 */
async function loadBusy(
  repository: AvailabilityRepository,
  cache: SearchCache,
  parts: SearchScopeParts,
  providerRecords: readonly SearchProviderRecord[],
): Promise<{ busyOf: Map<number, KeptBusy>; bookedCounts: Map<string, number> }> {
  const { scope, service, window } = parts;
  const fromMs = window.earliest.getTime();
  const toMs = window.latestExclusive.getTime();
  const busyOf = new Map<number, KeptBusy>();
  const stale: SearchProviderRecord[] = [];
  for (const record of providerRecords) {
    const kept = cache.busyOf(scope.clientId, record.id, record.busyVersion, fromMs, toMs);
    if (kept === undefined) stale.push(record);
    else busyOf.set(record.id, kept);
  }
  if (stale.length > 0) {
    const readTo = toMs + BUSY_READ_AHEAD_MS;
    const read = await repository.listBusy({
      clientId: scope.clientId,
      serviceId: service.id,
      fromMs,
      toMs: readTo,
      providerIds: stale.map((record) => record.id),
    });
    for (const record of stale) {
      const kept = keptBusyOf(
        String(record.id),
        read.get(record.id) ?? { appointments: [], timeOff: [] },
        record.busyVersion,
        fromMs,
        readTo,
      );
      cache.keepBusy(scope.clientId, record.id, kept);
      busyOf.set(record.id, kept);
    }
  }
  const bookedCounts = new Map<string, number>();
  for (const [id, kept] of busyOf) {
    const count = countBetween(kept.starts, fromMs, toMs);
    if (count > 0) bookedCounts.set(String(id), count);
  }
  return { busyOf, bookedCounts };
}

/** The online providers' entries, their locations in display order; new patients' limits applied. */
function entriesOf(
  parts: SearchScopeParts,
  params: SearchParams,
  providers: readonly EngineProvider[],
  merged: ReadonlyMap<string, readonly ProviderLocationAvailability[]>,
): Entry[] {
  const locationOrder = new Map(parts.locations.map((l, index) => [String(l.id), index]));
  const byLocationOrder = (a: ProviderLocationAvailability, b: ProviderLocationAvailability): number =>
    (locationOrder.get(a.locationId) ?? 0) - (locationOrder.get(b.locationId) ?? 0);
  // Providers who cannot be booked online are not offered at all.
  const entries: Entry[] = providers
    .filter((provider) => provider.onlineBookable)
    .map((provider) =>
      withLocations(
        { provider, providerId: provider.id, locations: [], nextAvailable: null, noCapacity: true },
        [...(merged.get(provider.id) ?? [])].sort(byLocationOrder),
      ),
    );
  // New patients cannot book providers who do not accept them: no capacity for them.
  if (params.patientKind !== 'new') return entries;
  return entries.map((entry) => (entry.provider.record.acceptingNewPatients ? entry : withoutSlots(entry)));
}

/** The search's computation over the repository, keeping what it may in `cache`. */
export function createComputeSearch(repository: AvailabilityRepository, cache: SearchCache): ComputeSearch {
  return async (params, at, first) => {
    const parts = await resolveScope(repository, params, at, first);
    const { providerId, scope, service, locations, allLocations } = parts;
    const locationIds = locations.map((l) => l.id);

    // Statements 3–4: providers (with their busy versions) and hours, together.
    const [providerRecords, hours] = await Promise.all([
      repository.listProviders({
        clientId: scope.clientId,
        serviceId: service.id,
        locationIds,
        ...(params.planId === undefined ? {} : { planId: params.planId }),
      }),
      repository.listWorkingHours({ clientId: scope.clientId, serviceId: service.id, locationIds }),
    ]);
    if (providerId !== undefined) {
      const provider = providerRecords.find((p) => p.id === providerId);
      if (provider === undefined) throw notFound(PROVIDER_NOT_FOUND_MESSAGE, 'providerId');
      assertProviderOnline(provider);
    }

    const { busyOf, bookedCounts } = await loadBusy(repository, cache, parts, providerRecords);
    const providers = providerRecords.map(toEngineProvider);
    const merged = runEngine(
      cache,
      { clientId: scope.clientId, service, locations, windowOf: parts.windowOf, at },
      providers,
      hours,
      busyOf,
    );
    let entries = entriesOf(parts, params, providers, merged);

    // A location has capacity when any provider has a slot there (whoever was asked about).
    const locationsWithSlots = new Set<string>();
    for (const entry of entries)
      for (const availability of entry.locations)
        if (availability.slots.length > 0) locationsWithSlots.add(availability.locationId);
    if (providerId !== undefined)
      entries = entries.filter((entry) => entry.provider.record.id === providerId);

    return {
      fingerprint: parts.found?.fingerprint ?? '',
      timeZones: [...new Set([...allLocations.map((l) => l.timeZone), FALLBACK_TIME_ZONE])],
      scope,
      service,
      locations,
      windowByLocation: parts.windowByLocation,
      window: parts.window,
      entries,
      locationsWithSlots,
      bookedCounts,
    };
  };
}
