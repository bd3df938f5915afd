/**
 * The availability engine, by days: which local days each provider has a free slot on at each
 * location, kept compact, with slot objects built only for the days a caller asks for.
 *
 * A slot [start, start + duration) is bookable when
 * - it lies entirely inside one working-hours interval of its local weekday at that
 *   location (effective dates respected, read in the location's time zone), and its start
 *   is on that interval's grid (interval start + k × step);
 * - the location is not closed on that local date (`input.closures`);
 * - it overlaps no time off and no active appointment of the provider, at any location;
 * - it starts at or after max(window.earliest, now) and ends at or before
 *   window.latestExclusive.
 *
 * What is kept: per provider × location, the local days with at least one free start (their
 * cached `ZoneDay`s) and, per such day, its free grid starts as runs of integers — (first start,
 * count) pairs of starts one step apart, in units elapsed since the day's first instant — in one
 * `Int32Array` with an offsets array. No `Slot`, no date or time string is made until `slotsOn`,
 * `firstSlotFrom`, `allSlots` or `nextAvailable` asks for one.
 * (`CompactLocationDays`, location-days.ts.) After one provider's busy time changes, only the
 * days it touches need recomputing: `touchedDays`, `narrowWindow` and `spliceLocationDays`.
 *
 * How it stays fast (cost ∝ providers × days × (working intervals + busy periods), whatever the
 * number of free starts; building slots then costs one object per slot asked for):
 * - all time-zone work happens once per (zone, local date) in `zoneDay` (cached); the loops
 *   see only integer units elapsed since the start of a local day, so DST days (23 or 25
 *   hours long, or 23.5 on Lord Howe) need no special case;
 * - the time unit is 5 minutes (1 minute only when a duration, step, start time or zone
 *   offset is not a multiple of 5); each provider's time off and appointments become sorted,
 *   merged [from, to) unit pairs on one axis shared by all locations and days;
 * - per provider × location × local day × working interval, one pointer walks those pairs:
 *   the grid starts between two busy pairs make one run, counted by a division.
 * Conservative rounding (busy periods grow to whole units, interval ends shrink to whole
 * units) is exact here, because every candidate start and end falls on a unit boundary.
 *
 * Pure and clock-free. `computeAvailability` (every slot as objects) is a wrapper over this.
 */
import {
  MINUTES_PER_UNIT,
  MS_PER_MINUTE,
  indexInput,
  instantOf,
  resolveSlotStepMinutes,
  weeklyHours,
} from './engine-input.ts';
import type { WeekRows } from './engine-input.ts';
import { formatLocalDate, greatestCommonDivisor, parseLocalDate } from './local-time.ts';
import { CompactLocationDays, EMPTY_RUNS } from './location-days.ts';
import type { LocationDays } from './location-days.ts';
import { IntBuffer, appendDayRuns, buildAxis, collectBusy, mergeBusy } from './slot-scan.ts';
import type { ScanProvider, ScanState } from './slot-scan.ts';
import { zoneDay, zoneDayNumberAt } from '../time-zone.ts';
import type { ZoneDay } from '../time-zone.ts';
import type { BookingWindow } from '../booking-window.ts';
import type {
  AvailabilityInput,
  AvailabilityLocation,
  AvailabilityProvider,
  LocatedSlot,
  LocationCapacity,
} from './types.ts';

export type { LocationDays } from './location-days.ts';

/** Free days of every provider at every location inside the booking window. */
export interface FreeDaysResult<P extends AvailabilityProvider = AvailabilityProvider> {
  /** Providers in input order (offline ones left out unless included by the options). */
  providers: ProviderDays<P>[];
  /** Every input location, in input order. */
  locations: LocationCapacity[];
  /** The step that was used, in minutes. */
  slotStepMinutes: number;
}

export interface ProviderDays<P extends AvailabilityProvider = AvailabilityProvider> {
  provider: P;
  providerId: string;
  /** Every location (in input order) where the provider has working-hours rows. */
  locations: LocationDays[];
  /** Earliest slot over all locations (the first location in input order on a tie). */
  nextAvailable: LocatedSlot | null;
  /** True when the provider has no bookable slot anywhere in the window. */
  noCapacity: boolean;
}

const NO_DAYS: readonly ZoneDay[] = [];

/** Closed local dates per location index. */
function closedDatesByLocation(
  input: AvailabilityInput,
  locationIndex: ReadonlyMap<string, number>,
): (Set<string> | undefined)[] {
  const closed: (Set<string> | undefined)[] = [];
  for (const closure of input.closures ?? []) {
    const li = locationIndex.get(closure.locationId);
    if (li === undefined) continue;
    let dates = closed[li];
    if (dates === undefined) {
      dates = new Set<string>();
      closed[li] = dates;
    }
    dates.add(closure.dateLocal);
  }
  return closed;
}

/**
 * Free days of every provider at every location inside the booking window; see the module
 * comment for the rules, what is kept and the cost. Pure and deterministic.
 */
export function computeFreeDays<P extends AvailabilityProvider>(
  input: AvailabilityInput<P>,
): FreeDaysResult<P> {
  const stepMinutes = resolveSlotStepMinutes(input.service.durationMinutes, input.slotStepMinutes);
  const earliestMs = Math.max(
    instantOf(input.window.earliest, 'window.earliest'),
    instantOf(input.now, 'now'),
  );
  const latestMs = instantOf(input.window.latestExclusive, 'window.latestExclusive');
  const indexed = indexInput(input);
  const { locations, providers, durations } = indexed;

  // Time unit: 5 minutes unless something is finer.
  let unit = greatestCommonDivisor(MINUTES_PER_UNIT, stepMinutes);
  for (const duration of durations) unit = greatestCommonDivisor(unit, duration);
  const hours = weeklyHours(input.workingHours, indexed, unit);
  const axis = buildAxis(hours.zonesInUse, earliestMs, latestMs, hours.unit, stepMinutes);
  const busyByProvider = collectBusy(input, indexed.providerIndex, providers.length, axis);
  const closed = closedDatesByLocation(input, indexed.locationIndex);

  const state: ScanState = {
    axis,
    earliestMs,
    latestMs,
    intervals: new IntBuffer(),
    runs: new IntBuffer(),
  };
  const locationHasSlots = new Array<boolean>(locations.length).fill(false);
  const results = providers.map((provider, pi): ProviderDays<P> => {
    const durationMinutes = durations[pi] ?? input.service.durationMinutes;
    const scanProvider: ScanProvider = {
      busy: mergeBusy(busyByProvider[pi] ?? []),
      durationUnits: durationMinutes / axis.unit,
    };
    const perLocation = hours.weekRows[pi] ?? [];
    const locationDays: LocationDays[] = [];
    let next: CompactLocationDays | null = null;
    let nextStartMs = Number.POSITIVE_INFINITY;
    for (let li = 0; li < locations.length; li++) {
      const week = perLocation[li];
      const location = locations[li];
      if (week === undefined || location === undefined) continue;
      const days = freeDaysAt(state, scanProvider, week, location, closed[li], durationMinutes);
      const firstMs = days.firstStartUtcMs();
      if (firstMs < nextStartMs) {
        nextStartMs = firstMs;
        next = days;
      }
      if (!days.noCapacity) locationHasSlots[li] = true;
      locationDays.push(days);
    }
    const first = next?.nextAvailable ?? null;
    const nextAvailable: LocatedSlot | null =
      next === null || first === null ? null : { ...first, locationId: next.locationId };
    return {
      provider,
      providerId: provider.id,
      locations: locationDays,
      nextAvailable,
      noCapacity: nextAvailable === null,
    };
  });

  const locationCapacity: LocationCapacity[] = locations.map((location, li) => ({
    locationId: location.id,
    noCapacity: locationHasSlots[li] !== true,
  }));
  return { providers: results, locations: locationCapacity, slotStepMinutes: stepMinutes };
}

/** One provider's free days at one location: scans each local day of the window once. */
function freeDaysAt(
  state: ScanState,
  provider: ScanProvider,
  week: WeekRows,
  location: AvailabilityLocation,
  closedDates: ReadonlySet<string> | undefined,
  durationMinutes: number,
): CompactLocationDays {
  const { runs, axis } = state;
  runs.length = 0;
  const kept: ZoneDay[] = [];
  const offsets: number[] = [0];
  let slotCount = 0;
  for (const day of axis.daysByZone.get(location.timeZone) ?? NO_DAYS) {
    const rows = week[day.weekday];
    if (rows === undefined || rows.length === 0) continue;
    if (closedDates !== undefined && closedDates.has(day.dateLocal)) continue;
    const found = appendDayRuns(state, provider, day, rows);
    if (found > 0) {
      slotCount += found;
      kept.push(day);
      offsets.push(runs.length);
    }
  }
  return new CompactLocationDays(
    location,
    kept,
    Int32Array.from(offsets),
    runs.length === 0 ? EMPTY_RUNS : runs.data.slice(0, runs.length),
    slotCount,
    axis.unit,
    axis.stepUnits,
    durationMinutes * MS_PER_MINUTE,
  );
}

/**
 * The local dates, in `timeZone`, of every slot start that a change of busy time over
 * [fromMs, toMs) can affect (`untilDate` exclusive). A slot [s, s + duration) overlaps it when
 * s < toMs and s + duration > fromMs: its start lies in (fromMs - duration, toMs), and its day is
 * the local date of its start. The engine grows busy periods to whole units and puts starts and
 * ends on unit boundaries, which changes none of these comparisons, so the range is exact. An
 * empty change (toMs ≤ fromMs: the engine ignores such a period) touches no day.
 */
export function touchedDays(
  timeZone: string,
  fromMs: number,
  toMs: number,
  durationMinutes: number,
): { fromDate: string; untilDate: string } {
  if (!Number.isInteger(durationMinutes) || durationMinutes < 1)
    throw new RangeError(`durationMinutes must be a whole number of minutes ≥ 1, got ${durationMinutes}.`);
  if (!Number.isFinite(fromMs) || !Number.isFinite(toMs)) throw new RangeError('Invalid instant');
  // Instants are whole milliseconds: the open interval's first and last ones.
  const firstStartMs = Math.floor(fromMs) - durationMinutes * MS_PER_MINUTE + 1;
  const fromDay = zoneDayNumberAt(timeZone, firstStartMs);
  const untilDay = toMs > fromMs ? zoneDayNumberAt(timeZone, Math.ceil(toMs) - 1) + 1 : fromDay;
  return { fromDate: formatLocalDate(fromDay), untilDate: formatLocalDate(untilDay) };
}

/**
 * The part of `window` on the local days [fromDate, untilDate) of `timeZone`, or undefined when it
 * is empty. Day starts come from `zoneDay`, so 23- and 25-hour days (and zones that skip midnight)
 * are cut where their dates change.
 *
 * `computeFreeDays` reads only `earliest` and `latestExclusive` (a slot must start at or after the
 * one and end at or before the other; `latestDate` is not read). Working hours end by the end of
 * their local day, so a slot of a day before `untilDate` ends by that date's first instant: cutting
 * `latestExclusive` there loses none of them, and the narrowed window gives exactly the slots a
 * full computation gives on those days.
 */
export function narrowWindow(
  window: BookingWindow,
  timeZone: string,
  fromDate: string,
  untilDate: string,
): BookingWindow | undefined {
  const fromDay = parseLocalDate(fromDate);
  const untilDay = parseLocalDate(untilDate);
  const earliestMs = Math.max(window.earliest.getTime(), zoneDay(timeZone, fromDay).startUtcMs);
  const latestMs = Math.min(window.latestExclusive.getTime(), zoneDay(timeZone, untilDay).startUtcMs);
  if (!(earliestMs < latestMs)) return undefined;
  const lastDate = formatLocalDate(untilDay - 1);
  return {
    earliest: new Date(earliestMs),
    latestDate: window.latestDate < lastDate ? window.latestDate : lastDate,
    latestExclusive: new Date(latestMs),
  };
}

/** The compact days of `days`, `null` for a value without days (built elsewhere), else undefined. */
function compactOrEmpty(days: LocationDays): CompactLocationDays | null | undefined {
  if (days instanceof CompactLocationDays) return days;
  return days.slotCount === 0 && days.dates.length === 0 ? null : undefined;
}

/**
 * `kept`'s days outside the local days [fromDate, untilDate) and `fresh`'s days inside them, as one
 * `LocationDays` of the same provider at the same location: after a booking, `fresh` is
 * `computeFreeDays` over `narrowWindow(…, touchedDays(…))` for that provider alone, and the result
 * equals a computation of the whole window. Works on the compact runs (no slot object is built);
 * cost ∝ kept days + runs copied. Either side may be a value without days that was not built here
 * (the server's empty placeholder). Undefined when the two cannot be combined (another location or
 * zone, step or duration, or days of a kind this module did not build): recompute in full then.
 */
export function spliceLocationDays(
  kept: LocationDays,
  fresh: LocationDays,
  fromDate: string,
  untilDate: string,
): LocationDays | undefined {
  const fromDay = parseLocalDate(fromDate);
  const untilDay = parseLocalDate(untilDate);
  if (kept.locationId !== fresh.locationId || kept.location.timeZone !== fresh.location.timeZone)
    return undefined;
  const keptDays = compactOrEmpty(kept);
  const freshDays = compactOrEmpty(fresh);
  if (keptDays === undefined || freshDays === undefined) return undefined;
  if (keptDays === null && freshDays === null) return fresh;
  return CompactLocationDays.splice(fresh.location, keptDays, freshDays, fromDay, untilDay);
}
