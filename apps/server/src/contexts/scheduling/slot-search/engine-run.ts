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
import { addCalendarDays } from '@scheduler/domain/local-date';
import type { LocationRecord, ServiceRecord } from '../../catalogue/index.ts';
import { computeFreeDays, narrowWindow, spliceLocationDays, touchedDays } from '../engine.ts';
import type { LocationDays } from '../engine.ts';
import { toEngineHours, toEngineLocation } from '../engine-input.ts';
import type { EngineProvider } from '../engine-input.ts';
import type { SearchProviderRecord, WorkingHoursRecord } from './availability-repository.ts';
import { changesSince, periodsOf } from './kept-busy.ts';
import type { KeptBusy } from './kept-busy.ts';
import type { SearchCache } from './search-cache.ts';

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

/** A provider's working hours at one run's locations, as the engine reads them and as text. */
interface GroupHours {
  rows: WorkingHoursRow[];
  text: string;
}

/**
 * Per statement 4's hours as read (the same array while statements 2–4 are kept, search-cache.ts),
 * per set of locations, each provider's `GroupHours`: worked out once, not for every search.
 */
const groupHoursByInput = new WeakMap<readonly WorkingHoursRecord[], Map<string, Map<string, GroupHours>>>();

function groupHoursOf(
  hours: readonly WorkingHoursRecord[],
  locations: readonly AvailabilityLocation[],
): Map<string, GroupHours> {
  let byLocations = groupHoursByInput.get(hours);
  if (byLocations === undefined)
    groupHoursByInput.set(hours, (byLocations = new Map<string, Map<string, GroupHours>>()));
  const locationsKey = locations.map((l) => l.id).join(',');
  let byProvider = byLocations.get(locationsKey);
  if (byProvider !== undefined) return byProvider;
  const inGroup = new Set(locations.map((l) => l.id));
  const built = new Map<string, GroupHours>();
  for (const row of toEngineHours(hours)) {
    if (!inGroup.has(row.locationId)) continue;
    let entry = built.get(row.providerId);
    if (entry === undefined) built.set(row.providerId, (entry = { rows: [], text: '' }));
    entry.rows.push(row);
  }
  for (const entry of built.values())
    entry.text = entry.rows
      .map(
        (h) =>
          `${h.locationId}:${h.weekday}:${h.startLocal}:${h.endLocal}:${h.effectiveFrom ?? ''}:${h.effectiveTo ?? ''}`,
      )
      .join('|');
  byProvider = built;
  byLocations.set(locationsKey, byProvider);
  return byProvider;
}

/**
 * One provider's own inputs to an engine run, as text, but for its busy periods (kept with the
 * days at a busy version, search-cache.ts). A provider's free days depend on nothing of the other
 * providers (the engine's time unit divides every candidate start and end whatever the set), so
 * they are kept, and recomputed, per provider.
 */
function providerRunKey(provider: EngineProvider, hours: GroupHours): string {
  return `${provider.id}:${provider.onlineBookable ? 1 : 0}:${provider.durationMinutes ?? ''}|${hours.text}`;
}

/** Locations of the search that one engine run shares: same time zone and window. */
interface RunGroup {
  window: BookingWindow;
  locations: AvailabilityLocation[];
  closures: LocationClosure[];
}

/** The search's locations grouped by what one engine run shares: time zone and window. */
function runGroups(run: EngineRun): RunGroup[] {
  const groups = new Map<string, RunGroup>();
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

/** A provider of an engine run whose free days are computed (again) in this search. */
interface ToCompute {
  provider: EngineProvider;
  key: string;
  hours: WorkingHoursRow[];
  version: number;
  busy: KeptBusy | undefined;
}

/** One engine run over `window` for `items` (their busy periods overlapping it only). */
function computeDays(
  run: EngineRun,
  group: RunGroup,
  window: BookingWindow,
  items: readonly ToCompute[],
  whole: boolean,
): Map<string, LocationDays[]> {
  const { service, at } = run;
  const fromMs = window.earliest.getTime();
  const toMs = window.latestExclusive.getTime();
  const result = computeFreeDays({
    now: at,
    window,
    service: { id: String(service.id), durationMinutes: service.durationMinutes },
    locations: group.locations,
    providers: items.map((item) => item.provider),
    workingHours: items.flatMap((item) => item.hours),
    timeOff: [],
    appointments: items.flatMap((item) =>
      item.busy === undefined
        ? []
        : whole
          ? periodsOf(item.busy, item.provider.id)
          : periodsOf(item.busy, item.provider.id, fromMs, toMs),
    ),
    ...(group.closures.length === 0 ? {} : { closures: group.closures }),
  });
  // Providers who cannot be booked online come out of the engine without an entry.
  return new Map(result.providers.map((entry) => [entry.providerId, entry.locations]));
}

/**
 * `kept` (free days at an older busy version) with the days in [fromDate, untilDate) taken from
 * `fresh` (computed on those days only at the current version), or undefined when they do not
 * match location for location.
 */
function spliceDays(
  kept: readonly LocationDays[],
  fresh: readonly LocationDays[],
  fromDate: string,
  untilDate: string,
): LocationDays[] | undefined {
  if (kept.length !== fresh.length) return undefined;
  const spliced: LocationDays[] = [];
  for (let index = 0; index < kept.length; index++) {
    const before = kept[index];
    const after = fresh[index];
    if (before === undefined || after === undefined || before.locationId !== after.locationId)
      return undefined;
    const days = spliceLocationDays(before, after, fromDate, untilDate);
    if (days === undefined) return undefined;
    spliced.push(days);
  }
  return spliced;
}

/** A provider whose kept free days are computed again on the local days [fromDate, untilDate). */
interface Narrow {
  item: ToCompute;
  kept: readonly LocationDays[];
  fromDate: string;
  untilDate: string;
}

/**
 * Days computed together at most: one engine run for the providers whose changes touch the same
 * day (each run has its fixed setup). Runs over a week, each provider's unchanged days of it
 * computed again, cost more: paired against them (`bench/search-ab.ts`, a booking change for every
 * provider), one-day runs saved 0.44 ms of 11 at 50 providers and 7.1 ms of 64 at 500.
 */
const CLUSTER_DAYS = 1;

/** The narrow recomputations in runs over at most CLUSTER_DAYS days each (by first day). */
function clustersOf(narrow: readonly Narrow[]): { fromDate: string; untilDate: string; items: Narrow[] }[] {
  const sorted = [...narrow].sort((a, b) => (a.fromDate < b.fromDate ? -1 : a.fromDate > b.fromDate ? 1 : 0));
  const clusters: { fromDate: string; untilDate: string; items: Narrow[] }[] = [];
  let current: { fromDate: string; untilDate: string; items: Narrow[]; limit: string } | undefined;
  for (const entry of sorted) {
    if (current !== undefined && entry.untilDate <= current.limit) {
      if (entry.untilDate > current.untilDate) current.untilDate = entry.untilDate;
      current.items.push(entry);
      continue;
    }
    current = {
      fromDate: entry.fromDate,
      untilDate: entry.untilDate,
      items: [entry],
      limit: addCalendarDays(entry.fromDate, CLUSTER_DAYS),
    };
    clusters.push(current);
  }
  return clusters;
}

/**
 * The engine, once per time zone and window, merged per provider. A provider's free days in a
 * run are kept under a key of everything else they depend on, at a busy version (search-cache.ts):
 * at the current version they are used as they are; at an older one whose changes since are kept
 * (kept-busy.ts), only the local days those changes touch are computed again (one engine run for
 * the providers whose changes touch the same day) and put in place of the kept ones; else one
 * engine run over the whole window computes them for every provider without them.
 */
export function runEngine(
  cache: SearchCache,
  run: EngineRun,
  providers: readonly EngineProvider[],
  hours: readonly WorkingHoursRecord[],
  busyOf: ReadonlyMap<number, KeptBusy>,
): Map<string, LocationDays[]> {
  const { clientId, service, at } = run;
  const merged = new Map<string, LocationDays[]>();
  const add = (providerId: string, days: readonly LocationDays[]): void => {
    const list = merged.get(providerId);
    if (list === undefined) merged.set(providerId, [...days]);
    else list.push(...days);
  };
  for (const group of runGroups(run)) {
    const hoursOf = groupHoursOf(hours, group.locations);
    const timeZone = group.locations[0]?.timeZone ?? 'UTC';
    const groupKey = runKey(clientId, group.window, at, service, group.locations, group.closures);
    const whole: ToCompute[] = [];
    // Providers whose changed days are computed again, with those days.
    const narrow: Narrow[] = [];
    for (const provider of providers) {
      const groupHours = hoursOf.get(provider.id);
      if (groupHours === undefined) continue;
      const key = `${groupKey}|${providerRunKey(provider, groupHours)}`;
      const busy = busyOf.get(provider.record.id);
      // The version of the periods the days are computed from (at least the one statement 3 read).
      const version = busy?.version ?? (provider.record as SearchProviderRecord).busyVersion;
      const item: ToCompute = { provider, key, hours: groupHours.rows, version, busy };
      const kept = cache.providerDays(key);
      if (kept !== undefined && kept.version === version) {
        add(provider.id, kept.days);
        continue;
      }
      const changes = kept === undefined || busy === undefined ? undefined : changesSince(busy, kept.version);
      if (kept === undefined || changes === undefined) {
        whole.push(item);
        continue;
      }
      const fromMs = Math.min(...changes.map((change) => change.fromMs));
      const toMs = Math.max(...changes.map((change) => change.toMs));
      const duration = Math.max(service.durationMinutes, provider.durationMinutes ?? 0);
      const touched = changes.length === 0 ? undefined : touchedDays(timeZone, fromMs, toMs, duration);
      const narrowed =
        touched === undefined
          ? undefined
          : narrowWindow(group.window, timeZone, touched.fromDate, touched.untilDate);
      if (touched === undefined || narrowed === undefined) {
        // Nothing changed on a day of this window: the kept days are those of the current version.
        cache.keepProviderDays(key, { version, days: kept.days });
        add(provider.id, kept.days);
        continue;
      }
      narrow.push({ item, kept: kept.days, ...touched });
    }
    for (const cluster of clustersOf(narrow)) {
      const window = narrowWindow(group.window, timeZone, cluster.fromDate, cluster.untilDate);
      const computed =
        window === undefined
          ? new Map<string, LocationDays[]>()
          : computeDays(
              run,
              group,
              window,
              cluster.items.map(({ item }) => item),
              false,
            );
      for (const { item, kept, fromDate, untilDate } of cluster.items) {
        const days = spliceDays(kept, computed.get(item.provider.id) ?? [], fromDate, untilDate);
        if (days === undefined) {
          whole.push(item);
          continue;
        }
        cache.keepProviderDays(item.key, { version: item.version, days });
        add(item.provider.id, days);
      }
    }
    if (whole.length === 0) continue;
    const computed = computeDays(run, group, group.window, whole, true);
    for (const { provider, key, version } of whole) {
      const days = computed.get(provider.id) ?? [];
      cache.keepProviderDays(key, { version, days });
      add(provider.id, days);
    }
  }
  return merged;
}
