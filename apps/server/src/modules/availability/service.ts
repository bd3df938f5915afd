/*
 * GET getProviders: the slot search. Resolves the scope, checks the refusals of spec
 * section 8, computes the booking window per location time zone (spec section 4), loads the
 * engine's input in at most five statements and runs the availability engine, then applies the
 * patient's filters, the sort (appointment 4), the grouping (appointment 17, 18) and the
 * no-capacity rules (appointment 5, 7, 10).
 */
import { assignProvider } from '@scheduler/domain/availability/assign-provider';
import { computeAvailability } from '@scheduler/domain/availability/compute-availability';
import { providerDistancesMiles } from '@scheduler/domain/availability/distance';
import { filterProviders } from '@scheduler/domain/availability/filter-providers';
import type { ProviderFilter } from '@scheduler/domain/availability/filter-providers';
import { groupSlotsByTime } from '@scheduler/domain/availability/group-slots';
import { sortProviders } from '@scheduler/domain/availability/sort-providers';
import type {
  AvailabilityLocation,
  LocatedSlot,
  ProviderAvailability,
  ProviderLocationAvailability,
  Slot,
  WorkingHoursRow,
} from '@scheduler/domain/availability/types';
import { computeBookingWindow } from '@scheduler/domain/booking-window';
import type { BookingWindow, BookingWindowSettings } from '@scheduler/domain/booking-window';
import { DomainError } from '@scheduler/domain/errors';
import { addCalendarDays } from '@scheduler/domain/local-date';
import { BOOKING_MESSAGES } from '@scheduler/domain/messages';
import type {
  GetProvidersQuery,
  GetProvidersResponse,
  ProviderCard,
  SlotResponse,
} from '@scheduler/contract/scheduler-api';
import { localDateOf, startOfLocalDay, timeZoneOffsetMinutes } from '@scheduler/domain/time-zone';
import type { LocationRecord, SchedulerScope, ServiceRecord } from '../scheduler-config/scheduler-scope.ts';
import {
  LOCATION_NOT_FOUND_MESSAGE,
  PROVIDER_NOT_FOUND_MESSAGE,
  SERVICE_NOT_FOUND_MESSAGE,
  notFound,
  parseRecordId,
  providerDisplayName,
  requireRecordId,
  requireScope,
} from '../scheduler-config/scheduler-scope.ts';
import type { AvailabilityRepository, SearchProviderRecord, SearchScope } from './availability-repository.ts';
import {
  assertLocationBookable,
  assertPatientMaySchedule,
  assertProviderOnline,
  assertServiceOnline,
  postalOrigin,
} from './booking-rules.ts';
import type { PatientKind, PostalOrigin } from './booking-rules.ts';
import { seededRandom, toEngineHours, toEngineLocation, toEngineProvider } from './engine-input.ts';
import type { EngineProvider } from './engine-input.ts';
import { AnswerCache, SearchCache, countBetween, keptBusyOf } from './search-cache.ts';
import type { KeptAnswer, KeptBusy } from './search-cache.ts';

type Entry = ProviderAvailability<EngineProvider>;

export interface CapacityQuery {
  clientSlug: string;
  schedulerSlug: string;
  appointmentTypeId: string;
  locationId: string;
  providerId: string | null;
  patientKind: PatientKind;
}

export interface CapacityCheck {
  scope: SchedulerScope;
  service: ServiceRecord;
  location: LocationRecord;
  /** Null when no provider was asked about. */
  providerNoCapacity: boolean | null;
  locationNoCapacity: boolean;
}

/**
 * A slot search's answer: the serialized body of a kept answer that is still current, or a computed
 * one; `keep` takes the body as it was sent (serialized and checked by the route's response schema).
 */
export type SlotSearchAnswer =
  | { kind: 'kept'; body: string }
  | { kind: 'computed'; response: GetProvidersResponse; keep: (body: string | undefined) => void };

export interface AvailabilityService {
  searchSlots(query: GetProvidersQuery): Promise<GetProvidersResponse>;
  /** The same search, answered from a kept body when nothing it depends on changed (search-cache.ts). */
  answerSlotSearch(query: GetProvidersQuery): Promise<SlotSearchAnswer>;
  /** Whether a provider (or a whole location) has no online availability: the waitlist's question. */
  checkCapacity(query: CapacityQuery): Promise<CapacityCheck>;
}

interface SearchParams {
  clientSlug: string;
  schedulerSlug: string;
  appointmentTypeId: string;
  /** A location id or 'all'. */
  locationId: string;
  providerId?: string | undefined;
  planId?: number | undefined;
  patientKind: PatientKind;
}

interface Computation {
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

/**
 * Facts about a list of slots, kept as long as the list (kept lists live across searches, see
 * search-cache.ts): its distinct local dates, and whether those never decrease along the list (one
 * location's slots, in time order), which lets day navigation cut the list instead of scanning it.
 */
const slotListFacts = new WeakMap<readonly Slot[], { dates: string[]; ordered: boolean }>();

function factsOf(slots: readonly Slot[]): { dates: string[]; ordered: boolean } {
  let facts = slotListFacts.get(slots);
  if (facts === undefined) {
    const dates: string[] = [];
    let ordered = true;
    for (const slot of slots) {
      const last = dates[dates.length - 1];
      if (last === slot.dateLocal) continue;
      if (last !== undefined && slot.dateLocal < last) ordered = false;
      dates.push(slot.dateLocal);
    }
    facts = { dates: ordered ? dates : [...new Set(dates)], ordered };
    slotListFacts.set(slots, facts);
  }
  return facts;
}

function datesOf(slots: readonly Slot[]): readonly string[] {
  return factsOf(slots).dates;
}

/** The slots on local dates from `from` (inclusive) until `until` (exclusive, or no end). */
function slotsBetween(slots: readonly Slot[], from: string, until: string | undefined): Slot[] {
  const inRange = (slot: Slot): boolean =>
    slot.dateLocal >= from && (until === undefined || slot.dateLocal < until);
  if (!factsOf(slots).ordered) return slots.filter(inRange);
  const firstAtOrAfter = (date: string): number => {
    let low = 0;
    let high = slots.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((slots[middle]?.dateLocal ?? '') < date) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return slots.slice(firstAtOrAfter(from), until === undefined ? slots.length : firstAtOrAfter(until));
}

/** Used for the window when no location is in scope. */
const FALLBACK_TIME_ZONE = 'America/New_York';

function isoOf(ms: number): string {
  return new Date(ms).toISOString();
}

function slotResponse(slot: Slot, locationId: string): SlotResponse {
  return {
    startUtc: isoOf(slot.startUtcMs),
    dateLocal: slot.dateLocal,
    timeLocal: slot.timeLocal,
    locationId,
  };
}

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
 * What an answer depends on through the clock, given its settings and time zones: per zone, the
 * window's end and its start where the clock does not clip it (the engine and day navigation start
 * at the later of the window's start and now). Equal keys, equal answers; with a window that starts
 * now ('how soon' 0 or hours) the key changes every millisecond and nothing is answered from kept.
 */
function clockKey(settings: BookingWindowSettings, timeZones: readonly string[], at: Date): string {
  const parts: string[] = [];
  for (const timeZone of timeZones) {
    const window = computeBookingWindow(settings, at, timeZone);
    parts.push(
      `${Math.max(window.earliest.getTime(), at.getTime())}:${window.latestExclusive.getTime()}:${window.latestDate}`,
    );
  }
  return parts.join('|');
}

/**
 * Until when (exclusive) the clock key of `at` cannot change: the next local midnight of every zone
 * (a new today) and the window's start (from then on the clock clips it), provided the zone keeps
 * its UTC offset until that midnight (the tz database has no zone that changes its offset and back
 * within a day), so that its wall clock only moves forward. `at` itself when the window starts now.
 */
function clockSteadyUntil(settings: BookingWindowSettings, timeZones: readonly string[], at: Date): number {
  const atMs = at.getTime();
  let until = Number.POSITIVE_INFINITY;
  for (const timeZone of timeZones) {
    const window = computeBookingWindow(settings, at, timeZone);
    const nextMidnight = startOfLocalDay(addCalendarDays(localDateOf(at, timeZone), 1), timeZone).getTime();
    if (timeZoneOffsetMinutes(atMs, timeZone) !== timeZoneOffsetMinutes(nextMidnight - 1, timeZone))
      return atMs;
    until = Math.min(until, nextMidnight, window.earliest.getTime());
  }
  return Math.max(atMs, until);
}

/**
 * How long concurrent identical searches may wait for the first one before computing themselves (a
 * computation whose response is never sent settles after this long).
 */
const SHARED_WAIT_MS = 2_000;

export function createAvailabilityService(
  repository: AvailabilityRepository,
  now: () => Date,
  cache: SearchCache = new SearchCache(),
  answers: AnswerCache = new AnswerCache(),
): AvailabilityService {
  /** Searches being computed, per query: concurrent identical searches wait for the first one. */
  const computing = new Map<string, { fingerprint: string; settled: Promise<void> }>();

  async function compute(params: SearchParams, at: Date, first?: SearchScope): Promise<Computation> {
    const serviceId = requireRecordId(
      params.appointmentTypeId,
      SERVICE_NOT_FOUND_MESSAGE,
      'appointmentTypeId',
    );
    const locationId =
      params.locationId === 'all'
        ? undefined
        : requireRecordId(params.locationId, LOCATION_NOT_FOUND_MESSAGE, 'locationId');
    let providerId: number | undefined;
    if (params.providerId !== undefined)
      providerId = requireRecordId(params.providerId, PROVIDER_NOT_FOUND_MESSAGE, 'providerId');

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

    // Statement 5, after 3 (so what is read is at least as new as the version it is kept under):
    // busy periods of the providers whose kept ones are missing, of another version, or too short.
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

    // The engine, once per time zone (each zone has its own window), merged per provider. A
    // provider's slots in a zone are kept under a key of everything they depend on (see
    // search-cache.ts); one engine run computes those of the providers without kept slots.
    const providers = providerRecords.map(toEngineProvider);
    const hoursByProvider = new Map<string, WorkingHoursRow[]>();
    for (const row of toEngineHours(hours)) {
      const list = hoursByProvider.get(row.providerId);
      if (list === undefined) hoursByProvider.set(row.providerId, [row]);
      else list.push(row);
    }
    const locationOrder = new Map(locations.map((l, index) => [String(l.id), index]));
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
      const zoneKey = zoneRunKey(scope.clientId, zoneWindow, at, service, zoneLocations);
      const toCompute: { provider: EngineProvider; key: string; hours: WorkingHoursRow[] }[] = [];
      for (const provider of providers) {
        const zoneHours = (hoursByProvider.get(provider.id) ?? []).filter((row) =>
          inZone.has(row.locationId),
        );
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
    const byLocationOrder = (a: ProviderLocationAvailability, b: ProviderLocationAvailability): number =>
      (locationOrder.get(a.locationId) ?? 0) - (locationOrder.get(b.locationId) ?? 0);
    // Providers who cannot be booked online are not offered at all.
    let entries: Entry[] = providers
      .filter((provider) => provider.onlineBookable)
      .map((provider) =>
        withLocations(
          { provider, providerId: provider.id, locations: [], nextAvailable: null, noCapacity: true },
          [...(merged.get(provider.id) ?? [])].sort(byLocationOrder),
        ),
      );
    // New patients cannot book providers who do not accept them: no capacity for them.
    if (params.patientKind === 'new')
      entries = entries.map((entry) =>
        entry.provider.record.acceptingNewPatients ? entry : withoutSlots(entry),
      );

    // A location has capacity when any provider has a slot there (whoever was asked about).
    const locationsWithSlots = new Set<string>();
    for (const entry of entries)
      for (const availability of entry.locations)
        if (availability.slots.length > 0) locationsWithSlots.add(availability.locationId);
    if (providerId !== undefined)
      entries = entries.filter((entry) => entry.provider.record.id === providerId);

    const timeZones = [...new Set([...allLocations.map((l) => l.timeZone), FALLBACK_TIME_ZONE])];
    return {
      fingerprint: found?.fingerprint ?? '',
      timeZones,
      scope,
      service,
      locations,
      windowByLocation,
      window,
      entries,
      locationsWithSlots,
      bookedCounts,
    };
  }

  function searchParams(query: GetProvidersQuery): SearchParams {
    const planId = query.insurancePlanId === undefined ? undefined : parseRecordId(query.insurancePlanId);
    return {
      clientSlug: query.clientName,
      schedulerSlug: query.scheduler,
      appointmentTypeId: query.appointmentTypeId,
      locationId: query.locationId,
      providerId: query.providerId,
      planId: planId ?? -1,
      patientKind:
        query.isExistingPatient === 'true'
          ? 'existing'
          : query.isExistingPatient === 'false'
            ? 'new'
            : 'unknown',
    };
  }

  async function search(
    query: GetProvidersQuery,
    at: Date,
    first?: SearchScope,
  ): Promise<{ response: GetProvidersResponse; c: Computation }> {
    const origin: PostalOrigin | undefined =
      query.postalCode === undefined ? undefined : postalOrigin(query.postalCode);
    const c = await compute(searchParams(query), at, first);
    const { settings } = c.scope;

    // Patient filters: gender, insurance plan, distance.
    const filter: {
      genders?: string[];
      insurance?: ProviderFilter['insurance'];
      distance?: ProviderFilter['distance'];
    } = {};
    if (query.gender !== undefined) filter.genders = query.gender.split(',');
    if (query.insurancePlanId !== undefined) {
      const accepted = new Map<string, ReadonlySet<string>>();
      for (const entry of c.entries)
        if (entry.provider.record.acceptsPlan)
          accepted.set(entry.providerId, new Set([query.insurancePlanId]));
      filter.insurance = { planId: query.insurancePlanId, acceptedPlanIdsByProvider: accepted };
    }
    if (origin !== undefined && query.distance !== undefined && query.distance > 0)
      filter.distance = { origin, maxMiles: query.distance };
    const filtered = filterProviders(c.entries, filter);

    const distances = origin === undefined ? undefined : providerDistancesMiles(filtered, origin);
    const sorted = sortProviders(filtered, settings.providerSort, distances);
    const visible = sorted.filter((entry) => !entry.noCapacity || settings.showNoCapacityProviders);

    // Day navigation: fromDate / days narrow the slots returned (not nextAvailable).
    const zoneOf = new Map(c.locations.map((l) => [String(l.id), l.timeZone]));
    const narrowing = query.fromDate !== undefined || query.days !== undefined;
    // Once per location (a time-zone conversion), not once per provider.
    const ranges = new Map<string, { from: string; until: string | undefined }>();
    const rangeOf = (locationId: string): { from: string; until: string | undefined } => {
      let range = ranges.get(locationId);
      if (range === undefined) {
        const timeZone = zoneOf.get(locationId) ?? FALLBACK_TIME_ZONE;
        const window = c.windowByLocation.get(Number(locationId)) ?? c.window;
        const from =
          query.fromDate ?? localDateOf(Math.max(window.earliest.getTime(), at.getTime()), timeZone);
        range = { from, until: query.days === undefined ? undefined : addCalendarDays(from, query.days) };
        ranges.set(locationId, range);
      }
      return range;
    };
    const narrowed: Entry[] = visible.map((entry) => {
      if (!narrowing) return entry;
      return {
        ...entry,
        locations: entry.locations.map((availability) => {
          const { from, until } = rangeOf(availability.locationId);
          return { ...availability, slots: slotsBetween(availability.slots, from, until) };
        }),
      };
    });

    const availableDates = new Set<string>();
    for (const entry of visible)
      for (const availability of entry.locations)
        for (const date of datesOf(availability.slots)) availableDates.add(date);

    const providers: ProviderCard[] = narrowed.map((entry) => {
      const record = entry.provider.record;
      const miles = distances?.get(entry.providerId);
      const slots = entry.locations
        .flatMap((availability) =>
          availability.slots.map((slot) => ({ slot, locationId: availability.locationId })),
        )
        .sort((a, b) => a.slot.startUtcMs - b.slot.startUtcMs)
        .map(({ slot, locationId }) => slotResponse(slot, locationId));
      return {
        providerId: entry.providerId,
        name: providerDisplayName(record),
        firstName: record.firstName,
        lastName: record.lastName,
        credentials: record.credentials,
        gender: record.gender,
        bio: record.bio,
        photoUrl: record.photoUrl,
        acceptingNewPatients: record.acceptingNewPatients,
        distanceMiles: miles === undefined ? null : Math.round(miles * 10) / 10,
        locationIds: entry.locations.map((l) => l.locationId),
        nextAvailable:
          entry.nextAvailable === null
            ? null
            : slotResponse(entry.nextAvailable, entry.nextAvailable.locationId),
        slots,
        noCapacity: entry.noCapacity,
        message: entry.noCapacity ? BOOKING_MESSAGES.PROVIDER_NO_CAPACITY : null,
        waitlistAllowed: entry.noCapacity && settings.waitlistNoCapacityProviders,
      };
    });

    const groupBy = settings.groupSlotsByProvider ? 'provider' : 'time';
    const timeGroups: GetProvidersResponse['timeGroups'] = [];
    if (groupBy === 'time') {
      const random = seededRandom(
        `${c.scope.schedulerId}|${c.service.id}|${query.locationId}|${c.window.earliest.toISOString()}`,
      );
      const counts = c.bookedCounts;
      for (const group of groupSlotsByTime({ providers: narrowed })) {
        const assigned = assignProvider(group.candidates, settings.assignment, {
          random,
          bookedCountByProvider: counts,
        });
        if (assigned === undefined) continue;
        timeGroups.push({
          startUtc: isoOf(group.startUtcMs),
          dateLocal: group.dateLocal,
          timeLocal: group.timeLocal,
          locationId: assigned.locationId,
          assignedProviderId: assigned.providerId,
          providerIds: [...new Set(group.candidates.map((candidate) => candidate.providerId))],
        });
      }
    }

    const response: GetProvidersResponse = {
      window: {
        earliest: c.window.earliest.toISOString(),
        latestDate: c.window.latestDate,
        latestExclusive: c.window.latestExclusive.toISOString(),
      },
      availableDates: [...availableDates].sort(),
      providers,
      timeGroups,
      groupBy,
      locations: c.locations.map((location) => {
        const noCapacity = !c.locationsWithSlots.has(String(location.id));
        return {
          locationId: String(location.id),
          noCapacity,
          message: noCapacity ? BOOKING_MESSAGES.LOCATION_NO_CAPACITY : null,
          waitlistAllowed: noCapacity && settings.waitlistNoCapacityLocations && location.waitlistEnabled,
        };
      }),
    };
    return { response, c };
  }

  return {
    async searchSlots(query) {
      return (await search(query, now())).response;
    },

    async answerSlotSearch(query) {
      const at = now();
      const params = searchParams(query);
      const serviceId = parseRecordId(params.appointmentTypeId);
      // Statement 1 tells whether a kept answer is still current: same fingerprint, same clock key.
      const first =
        serviceId === undefined
          ? undefined
          : await repository.findScope(params.clientSlug, params.schedulerSlug, serviceId);
      const key = JSON.stringify(query);
      const clockKeyAt = (e: KeptAnswer): string => clockKey(e.settings, e.timeZones, at);
      if (first !== undefined) {
        const kept = answers.get(key, first.fingerprint, at.getTime(), clockKeyAt);
        if (kept !== undefined) return { kind: 'kept', body: kept };
        // The same search already being computed from the same inputs: its answer, once kept, is
        // this one's too (checked against this request's own statement 1 and clock, as any kept one).
        const running = computing.get(key);
        if (running !== undefined && running.fingerprint === first.fingerprint) {
          await running.settled;
          const shared = answers.get(key, first.fingerprint, at.getTime(), clockKeyAt);
          if (shared !== undefined) return { kind: 'kept', body: shared };
        }
      }
      let settle = (): void => undefined;
      if (first !== undefined && !computing.has(key)) {
        const entry = {
          fingerprint: first.fingerprint,
          settled: new Promise<void>((resolve) => {
            settle = () => {
              clearTimeout(late);
              if (computing.get(key) === entry) computing.delete(key);
              resolve();
            };
          }),
        };
        const late = setTimeout(settle, SHARED_WAIT_MS);
        late.unref();
        computing.set(key, entry);
      }
      let computed: Awaited<ReturnType<typeof search>>;
      try {
        computed = await search(query, at, first);
      } catch (error) {
        settle();
        throw error;
      }
      const { response, c } = computed;
      return {
        kind: 'computed',
        response,
        keep: (body) => {
          if (body !== undefined)
            answers.keep(key, {
              fingerprint: c.fingerprint,
              settings: c.scope.settings,
              timeZones: c.timeZones,
              clockKey: clockKey(c.scope.settings, c.timeZones, at),
              keptAtMs: at.getTime(),
              clockSteadyUntilMs: clockSteadyUntil(c.scope.settings, c.timeZones, at),
              body,
            });
          settle();
        },
      };
    },

    async checkCapacity(query) {
      if (query.locationId === 'all')
        throw new DomainError('VALIDATION', 'Choose a location', {
          fields: [{ path: 'locationId', message: 'Choose a location' }],
        });
      const c = await compute(
        {
          clientSlug: query.clientSlug,
          schedulerSlug: query.schedulerSlug,
          appointmentTypeId: query.appointmentTypeId,
          locationId: query.locationId,
          providerId: query.providerId ?? undefined,
          patientKind: query.patientKind,
        },
        now(),
      );
      const location = c.locations[0];
      if (location === undefined) throw notFound(LOCATION_NOT_FOUND_MESSAGE, 'locationId');
      return {
        scope: c.scope,
        service: c.service,
        location,
        providerNoCapacity: query.providerId === null ? null : (c.entries[0]?.noCapacity ?? true),
        locationNoCapacity: !c.locationsWithSlots.has(String(location.id)),
      };
    },
  };
}
