/*
 * The slot search's answer from a computation (compute.ts): the patient's filters, the sort
 * (appointment 4), day navigation, the provider cards, the time groups (appointment 17, 18) and
 * the no-capacity rules (appointment 5, 7, 10). The computation holds free days (the engine's
 * computeFreeDays): `availableDates` and the next-available times come from them without slot
 * objects; slot objects are built for the days the answer returns only.
 */
import { assignProvider } from '@scheduler/domain/availability/assign-provider';
import { locationDistanceMiles, providerDistancesMiles } from '@scheduler/domain/availability/distance';
import { filterProviders } from '@scheduler/domain/availability/filter-providers';
import type { ProviderFilter } from '@scheduler/domain/availability/filter-providers';
import { groupSlotsByTime } from '@scheduler/domain/availability/group-slots';
import { sortProviders } from '@scheduler/domain/availability/sort-providers';
import type { ProviderLocationAvailability, Slot } from '@scheduler/domain/availability/types';
import { addCalendarDays } from '@scheduler/domain/local-date';
import { BOOKING_MESSAGES } from '@scheduler/domain/messages';
import { providerDisplayName } from '@scheduler/domain/providers';
import { localDateOf } from '@scheduler/domain/time-zone';
import type {
  GetProvidersQuery,
  GetProvidersResponse,
  ProviderCard,
  SlotResponse,
} from '@scheduler/contract/scheduler-api';
import type { SchedulerSettings } from '@scheduler/domain/settings';
import { parseRecordId } from '../../catalogue/index.ts';
import type { BookableProvider } from '../../catalogue/index.ts';
import type { LocationDays } from '../engine.ts';
import { seededRandom } from '../engine-input.ts';
import type { PostalOrigin } from '../rules.ts';
import { FALLBACK_TIME_ZONE } from './compute.ts';
import type { Computation, Entry, SearchParams } from './compute.ts';
import { daysOf } from './search-location.ts';

/** The computation's parameters of a getProviders query. */
export function searchParams(query: GetProvidersQuery): SearchParams {
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

/** An open end for day navigation without `days` (after any date the contract accepts). */
const NO_END = '9999-12-31';

/** ISO texts of instants already written: a day's answer repeats the same few dozen starts. */
const isoTexts = new Map<number, string>();

function isoOf(ms: number): string {
  let text = isoTexts.get(ms);
  if (text === undefined) {
    if (isoTexts.size >= 20_000) isoTexts.clear();
    text = new Date(ms).toISOString();
    isoTexts.set(ms, text);
  }
  return text;
}

function slotResponse(slot: Slot, locationId: string): SlotResponse {
  return {
    startUtc: isoOf(slot.startUtcMs),
    dateLocal: slot.dateLocal,
    timeLocal: slot.timeLocal,
    locationId,
  };
}

/** Patient filters (gender, insurance plan, distance), the sort, and the no-capacity rule. */
function visibleEntries(
  query: GetProvidersQuery,
  c: Computation,
  origin: PostalOrigin | undefined,
): { visible: Entry[]; distances: ReadonlyMap<string, number> | undefined } {
  const { settings } = c.scope;
  const filter: {
    genders?: string[];
    insurance?: ProviderFilter['insurance'];
    distance?: ProviderFilter['distance'];
  } = {};
  if (query.gender !== undefined) filter.genders = query.gender.split(',');
  if (query.insurancePlanId !== undefined) {
    const accepted = new Map<string, ReadonlySet<string>>();
    for (const entry of c.entries)
      if (entry.provider.record.acceptsPlan) accepted.set(entry.providerId, new Set([query.insurancePlanId]));
    filter.insurance = { planId: query.insurancePlanId, acceptedPlanIdsByProvider: accepted };
  }
  if (origin !== undefined && query.distance !== undefined && query.distance > 0)
    filter.distance = { origin, maxMiles: query.distance };
  const filtered = filterProviders(c.entries, filter);

  const distances = origin === undefined ? undefined : providerDistancesMiles(filtered, origin);
  const sorted = sortProviders(filtered, settings.providerSort, distances);
  const visible = sorted.filter((entry) => !entry.noCapacity || settings.showNoCapacityProviders);
  return { visible, distances };
}

type DayRange = { from: string; until: string | undefined };

/**
 * Day navigation: fromDate / days narrow the slots returned (not nextAvailable); the slot objects
 * of those days only are built. Without either, every slot of the window (built once, when read).
 */
function narrowedEntries(query: GetProvidersQuery, c: Computation, at: Date, visible: Entry[]): Entry[] {
  if (query.fromDate === undefined && query.days === undefined) return visible;
  const rangeOf = dayRanges(query, c, at);
  return visible.map((entry) => ({
    ...entry,
    locations: entry.locations.map((availability): ProviderLocationAvailability => {
      const { from, until } = rangeOf(availability.locationId);
      return {
        location: availability.location,
        locationId: availability.locationId,
        slots: daysOf(availability).slotsOn(from, until ?? NO_END),
        nextAvailable: availability.nextAvailable,
        noCapacity: availability.noCapacity,
      };
    }),
  }));
}

/** Per location, the local dates day navigation returns (computed once per location). */
function dayRanges(query: GetProvidersQuery, c: Computation, at: Date): (locationId: string) => DayRange {
  const zoneOf = new Map(c.locations.map((l) => [String(l.id), l.timeZone]));
  // Once per location (a time-zone conversion), not once per provider.
  const ranges = new Map<string, { from: string; until: string | undefined }>();
  const rangeOf = (locationId: string): { from: string; until: string | undefined } => {
    let range = ranges.get(locationId);
    if (range === undefined) {
      const timeZone = zoneOf.get(locationId) ?? FALLBACK_TIME_ZONE;
      const window = c.windowByLocation.get(Number(locationId)) ?? c.window;
      const from = query.fromDate ?? localDateOf(Math.max(window.earliest.getTime(), at.getTime()), timeZone);
      range = { from, until: query.days === undefined ? undefined : addCalendarDays(from, query.days) };
      ranges.set(locationId, range);
    }
    return range;
  };
  return rangeOf;
}

/**
 * With fromDate: per provider, the first slot on or after fromDate (in its location's zone), or
 * null. "Next available" beside a day without times then never points to an earlier day.
 */
function nextAvailableFrom(
  query: GetProvidersQuery,
  c: Computation,
  at: Date,
  visible: Entry[],
): Map<string, SlotResponse | null> | undefined {
  if (query.fromDate === undefined) return undefined;
  const rangeOf = dayRanges(query, c, at);
  const next = new Map<string, SlotResponse | null>();
  for (const entry of visible) {
    let best: { slot: Slot; locationId: string } | undefined;
    for (const availability of entry.locations) {
      const first = daysOf(availability).firstSlotFrom(rangeOf(availability.locationId).from);
      if (first !== null && (best === undefined || first.startUtcMs < best.slot.startUtcMs))
        best = { slot: first, locationId: availability.locationId };
    }
    next.set(entry.providerId, best === undefined ? null : slotResponse(best.slot, best.locationId));
  }
  return next;
}

function providerCard(
  entry: Entry,
  distances: ReadonlyMap<string, number> | undefined,
  settings: SchedulerSettings,
): ProviderCard {
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
      entry.nextAvailable === null ? null : slotResponse(entry.nextAvailable, entry.nextAvailable.locationId),
    slots,
    noCapacity: entry.noCapacity,
    message: entry.noCapacity ? BOOKING_MESSAGES.PROVIDER_NO_CAPACITY : null,
    waitlistAllowed: entry.noCapacity && settings.waitlistNoCapacityProviders,
  };
}

/** Slots grouped by time, each with the provider assigned by appointment 18. */
function timeGroupsOf(
  query: GetProvidersQuery,
  c: Computation,
  narrowed: Entry[],
): GetProvidersResponse['timeGroups'] {
  const { settings } = c.scope;
  const timeGroups: GetProvidersResponse['timeGroups'] = [];
  const random = seededRandom(
    `${c.scope.schedulerId}|${c.service.id}|${query.locationId}|${c.window.earliest.toISOString()}`,
  );
  for (const group of groupSlotsByTime({ providers: narrowed })) {
    const assigned = assignProvider(group.candidates, settings.assignment, {
      random,
      bookedCountByProvider: c.bookedCounts,
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
  return timeGroups;
}

/** A provider the whole-window answer lists, with its free days per location (no slot objects). */
export interface ProviderFreeDays {
  providerId: string;
  provider: BookableProvider;
  /** In display order; read by day (`slotsOn`) to build slots only as they are used. */
  locations: readonly LocationDays[];
}

/**
 * Issue 20 (bulk publishing): the providers `slotSearchResponse` lists for `query` with neither
 * `fromDate` nor `days` (the same filters, sort and no-capacity rule), as their free days: their
 * slots are exactly the answer's `providers[].slots`, built by the caller a day at a time.
 */
export function visibleFreeDays(
  query: GetProvidersQuery,
  c: Computation,
  origin: PostalOrigin | undefined,
): ProviderFreeDays[] {
  return visibleEntries(query, c, origin).visible.map((entry) => ({
    providerId: entry.providerId,
    provider: entry.provider.record,
    locations: entry.locations.map(daysOf),
  }));
}

/** The getProviders answer of `query` from its computation at `at`. */
export function slotSearchResponse(
  query: GetProvidersQuery,
  c: Computation,
  at: Date,
  origin: PostalOrigin | undefined,
): GetProvidersResponse {
  const { settings } = c.scope;
  const { visible, distances } = visibleEntries(query, c, origin);
  const narrowed = narrowedEntries(query, c, at, visible);
  const nextFrom = nextAvailableFrom(query, c, at, visible);

  const availableDates = new Set<string>();
  for (const entry of visible)
    for (const availability of entry.locations)
      for (const date of daysOf(availability).dates) availableDates.add(date);

  const groupBy = settings.groupSlotsByProvider ? 'provider' : 'time';
  return {
    window: {
      earliest: c.window.earliest.toISOString(),
      latestDate: c.window.latestDate,
      latestExclusive: c.window.latestExclusive.toISOString(),
    },
    availableDates: [...availableDates].sort(),
    providers: narrowed.map((entry) => {
      const card = providerCard(entry, distances, settings);
      const next = nextFrom?.get(entry.providerId);
      return next === undefined ? card : { ...card, nextAvailableFrom: next };
    }),
    timeGroups: groupBy === 'time' ? timeGroupsOf(query, c, narrowed) : [],
    groupBy,
    locations: c.locations.map((location) => {
      const noCapacity = !c.locationsWithSlots.has(String(location.id));
      const miles = origin === undefined ? undefined : locationDistanceMiles(location, origin);
      return {
        locationId: String(location.id),
        noCapacity,
        message: noCapacity ? BOOKING_MESSAGES.LOCATION_NO_CAPACITY : null,
        waitlistAllowed: noCapacity && settings.waitlistNoCapacityLocations && location.waitlistEnabled,
        ...(miles === undefined ? {} : { distanceMiles: Math.round(miles * 10) / 10 }),
      };
    }),
  };
}
