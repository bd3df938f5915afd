/*
 * The slot search's computation: resolves the scope, checks the refusals of spec section 8,
 * computes the booking window per location (its time zone and closed days, spec section 4), loads
 * the engine's input in at most five statements (availability-repository.ts) and runs the
 * availability engine by days, per time zone and per provider only where nothing is kept
 * (search-cache.ts). No slot object is made here: the answer asks the days (response.ts).
 */
import type { LocatedSlot, ProviderAvailability } from '@scheduler/domain/availability/types';
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
import type { LocationDays } from '../engine.ts';
import {
  assertLocationBookable,
  assertPatientMaySchedule,
  assertProviderOnline,
  assertServiceOnline,
} from '../rules.ts';
import type { PatientKind } from '../rules.ts';
import type { AvailabilityRepository } from './availability-repository.ts';
import type { SearchScope } from './search-scope-repository.ts';
import { loadBusy } from './load-busy.ts';
import type { KeptInputs, SearchCache } from './search-cache.ts';
import { SearchLocation, noFreeDays } from './search-location.ts';

/** A provider of the search; its locations are SearchLocations (free days, search-location.ts). */
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
  /** Online providers in input order, free days over the whole window. */
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
function withLocations(entry: Entry, locations: SearchLocation[]): Entry {
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
    entry.locations.map((l) => new SearchLocation(noFreeDays(l.location))),
  );
}

/** What statements 1 and 2 settle: the scope, the service and the locations. */
export interface SearchScopeParts {
  /** The provider asked about, if any. */
  providerId: number | undefined;
  found: SearchScope | undefined;
  scope: SchedulerScope;
  service: ServiceRecord;
  allLocations: LocationRecord[];
  locations: LocationRecord[];
  /** Where statements 2–4 are kept for this search (none without statement 1's fingerprint). */
  inputsKey: string | undefined;
  /** Statements 2–4 kept by an earlier search with the same fingerprint. */
  kept: KeptInputs | undefined;
}

/** The booking windows of a search: per location (its zone and closed days), and their union. */
interface SearchWindows {
  windowOf: (location: LocationRecord) => BookingWindow;
  windowByLocation: Map<number, BookingWindow>;
  window: BookingWindow;
}

/** Statements 1 (unless read already) and 2, with the refusals they allow. */
async function resolveScope(
  repository: AvailabilityRepository,
  cache: SearchCache,
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

  // Statements 2–4 may be kept under statement 1's configuration fingerprint (search-cache.ts).
  const inputsKey =
    found === undefined
      ? undefined
      : [
          found.configFingerprint,
          service.id,
          locationId ?? 'all',
          params.planId ?? '',
          closedFromDate(at),
        ].join('|');
  const kept = inputsKey === undefined ? undefined : cache.inputsOf(inputsKey);

  // Statement 2: locations.
  const allLocations =
    kept?.allLocations ?? (await repository.listLocations(scope.clientId, service.id, locationId));
  let locations: LocationRecord[];
  if (locationId !== undefined) {
    const location = allLocations[0];
    if (location === undefined) throw notFound(LOCATION_NOT_FOUND_MESSAGE, 'locationId');
    assertLocationBookable(location);
    locations = [location];
  } else {
    locations = allLocations.filter((l) => l.onlineEnabled && l.offersService);
  }

  return { providerId, found, scope, service, allLocations, locations, inputsKey, kept };
}

/**
 * The window of each location in scope: its time zone's, where its closed days (statement 4)
 * move what business days count (spec section 4, issue 19); computed once per zone and set of
 * closed days. The union spans them all (the fallback zone's when no location is in scope).
 */
function searchWindows(
  parts: SearchScopeParts,
  at: Date,
  closedDates: ReadonlyMap<number, readonly string[]>,
): SearchWindows {
  const { settings } = parts.scope;
  const windowByKey = new Map<string, BookingWindow>();
  const windowIn = (timeZone: string, closed: readonly string[] | undefined): BookingWindow => {
    const key = closed === undefined ? timeZone : `${timeZone}|${closed.join(',')}`;
    let window = windowByKey.get(key);
    if (window === undefined) {
      window = computeBookingWindow(settings, at, timeZone, closed);
      windowByKey.set(key, window);
    }
    return window;
  };
  const windowOf = (location: LocationRecord): BookingWindow =>
    windowIn(location.timeZone, closedDates.get(location.id));
  const windowByLocation = new Map<number, BookingWindow>();
  for (const location of parts.locations) windowByLocation.set(location.id, windowOf(location));
  const window = unionWindow(
    [...new Set(windowByLocation.values())],
    windowIn(parts.allLocations[0]?.timeZone ?? FALLBACK_TIME_ZONE, undefined),
  );
  return { windowOf, windowByLocation, window };
}

/** Closed days matter from today on, in whichever zone: read them from yesterday's UTC date. */
function closedFromDate(at: Date): string {
  return new Date(at.getTime() - 86_400_000).toISOString().slice(0, 10);
}

/**
 * Statements 3–4: providers (with their busy versions), hours and closed days, together; or, when
 * statements 2–4 are kept for this configuration, only the providers' busy versions.
 */
async function readInputs(
  repository: AvailabilityRepository,
  cache: SearchCache,
  parts: SearchScopeParts,
  params: SearchParams,
  at: Date,
): Promise<Omit<KeptInputs, 'allLocations'>> {
  const { scope, service, kept, inputsKey } = parts;
  if (kept !== undefined) {
    const versions = await repository.listBusyVersions(kept.providerRecords.map((record) => record.id));
    return {
      providerRecords: kept.providerRecords.map((record) => ({
        ...record,
        busyVersion: versions.get(record.id) ?? 0,
      })),
      hours: kept.hours,
      closedDates: kept.closedDates,
    };
  }
  const locationIds = parts.locations.map((l) => l.id);
  const [providerRecords, { hours, closedDates }] = await Promise.all([
    repository.listProviders({
      clientId: scope.clientId,
      serviceId: service.id,
      locationIds,
      ...(params.planId === undefined ? {} : { planId: params.planId }),
    }),
    repository.listHoursAndClosures(
      { clientId: scope.clientId, serviceId: service.id, locationIds },
      closedFromDate(at),
    ),
  ]);
  if (inputsKey !== undefined)
    cache.keepInputs(inputsKey, { allLocations: parts.allLocations, providerRecords, hours, closedDates });
  return { providerRecords, hours, closedDates };
}

/** The online providers' entries, their locations in display order; new patients' limits applied. */
function entriesOf(
  parts: SearchScopeParts,
  params: SearchParams,
  providers: readonly EngineProvider[],
  merged: ReadonlyMap<string, readonly LocationDays[]>,
): Entry[] {
  const locationOrder = new Map(parts.locations.map((l, index) => [String(l.id), index]));
  const byLocationOrder = (a: LocationDays, b: LocationDays): number =>
    (locationOrder.get(a.locationId) ?? 0) - (locationOrder.get(b.locationId) ?? 0);
  // Providers who cannot be booked online are not offered at all.
  const entries: Entry[] = providers
    .filter((provider) => provider.onlineBookable)
    .map((provider) =>
      withLocations(
        { provider, providerId: provider.id, locations: [], nextAvailable: null, noCapacity: true },
        [...(merged.get(provider.id) ?? [])].sort(byLocationOrder).map((days) => new SearchLocation(days)),
      ),
    );
  // New patients cannot book providers who do not accept them: no capacity for them.
  if (params.patientKind !== 'new') return entries;
  return entries.map((entry) => (entry.provider.record.acceptingNewPatients ? entry : withoutSlots(entry)));
}

/** The search's computation over the repository, keeping what it may in `cache`. */
export function createComputeSearch(repository: AvailabilityRepository, cache: SearchCache): ComputeSearch {
  return async (params, at, first) => {
    const parts = await resolveScope(repository, cache, params, at, first);
    const { providerId, scope, service, locations, allLocations } = parts;
    const { providerRecords, hours, closedDates } = await readInputs(repository, cache, parts, params, at);
    if (providerId !== undefined) {
      const provider = providerRecords.find((p) => p.id === providerId);
      if (provider === undefined) throw notFound(PROVIDER_NOT_FOUND_MESSAGE, 'providerId');
      assertProviderOnline(provider);
    }

    const windows = searchWindows(parts, at, closedDates);
    const { busyOf, bookedCounts } = await loadBusy(
      repository,
      cache,
      parts,
      windows.window,
      providerRecords,
    );
    const providers = providerRecords.map(toEngineProvider);
    const merged = runEngine(
      cache,
      { clientId: scope.clientId, service, locations, windowOf: windows.windowOf, closedDates, at },
      providers,
      hours,
      busyOf,
    );
    let entries = entriesOf(parts, params, providers, merged);

    // A location has capacity when any provider has a slot there (whoever was asked about).
    const locationsWithSlots = new Set<string>();
    for (const entry of entries)
      for (const availability of entry.locations)
        if (!availability.noCapacity) locationsWithSlots.add(availability.locationId);
    if (providerId !== undefined)
      entries = entries.filter((entry) => entry.provider.record.id === providerId);

    return {
      fingerprint: parts.found?.fingerprint ?? '',
      timeZones: [...new Set([...allLocations.map((l) => l.timeZone), FALLBACK_TIME_ZONE])],
      scope,
      service,
      locations,
      windowByLocation: windows.windowByLocation,
      window: windows.window,
      entries,
      locationsWithSlots,
      bookedCounts,
    };
  };
}
