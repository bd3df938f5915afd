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
import { TIME_LABELS, formatLocalTime, greatestCommonDivisor, parseLocalDate } from './local-time.ts';
import { IntBuffer, appendDayRuns, buildAxis, collectBusy, mergeBusy } from './slot-scan.ts';
import type { ScanProvider, ScanState } from './slot-scan.ts';
import { wallMinuteOfElapsed } from '../time-zone.ts';
import type { ZoneDay } from '../time-zone.ts';
import type {
  AvailabilityInput,
  AvailabilityLocation,
  AvailabilityProvider,
  LocatedSlot,
  LocationCapacity,
  Slot,
} from './types.ts';

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

export interface LocationDays {
  location: AvailabilityLocation;
  locationId: string;
  /** Local dates (YYYY-MM-DD) with at least one slot, ascending; no slot objects are built. */
  readonly dates: readonly string[];
  /** First slot in the window at this location. */
  readonly nextAvailable: Slot | null;
  /** True when the provider has no bookable slot at this location in the window. */
  noCapacity: boolean;
  /** How many slots the window holds at this location (no slot objects are built). */
  readonly slotCount: number;
  /** First slot on or after that local date (YYYY-MM-DD); RangeError when malformed. */
  firstSlotFrom(dateLocal: string): Slot | null;
  /**
   * Slots of the local dates in [fromDate, untilDate), ascending; `untilDate` defaults to the day
   * after `fromDate` (one day). Slot objects are built for those dates only. RangeError when malformed.
   */
  slotsOn(fromDate: string, untilDate?: string): Slot[];
  /** Every slot of the window, ascending (bulk publishing). */
  allSlots(): Slot[];
}

const EMPTY_RUNS = new Int32Array(0);
// Module-level copies: read in the per-slot loop, where an imported binding costs an access each time.
const MINUTE_MS = MS_PER_MINUTE;
const LABELS = TIME_LABELS;
const NO_DAYS: readonly ZoneDay[] = [];

/** The free days of one provider at one location: days with starts, and their starts as runs. */
class CompactLocationDays implements LocationDays {
  private datesCache: readonly string[] | undefined;
  private nextCache: Slot | null | undefined;
  readonly locationId: string;
  readonly noCapacity: boolean;
  private readonly unit: number;
  private readonly stepUnits: number;

  constructor(
    readonly location: AvailabilityLocation,
    /** Days with at least one free start, ascending. */
    private readonly days: readonly ZoneDay[],
    /** Runs of `days[i]` are `runs[offsets[i]]` to `runs[offsets[i + 1] - 1]`. */
    private readonly offsets: Int32Array,
    /** (first start, count) pairs: free starts `stepUnits` apart, in units since their day's start. */
    private readonly runs: Int32Array,
    readonly slotCount: number,
    unit: number,
    stepUnits: number,
    private readonly durationMs: number,
  ) {
    // Small integers (the axis computes them by division): keeps the per-slot loop on integer arithmetic.
    this.unit = unit | 0;
    this.stepUnits = stepUnits | 0;
    this.locationId = location.id;
    this.noCapacity = days.length === 0;
  }

  get dates(): readonly string[] {
    this.datesCache ??= this.days.map((day) => day.dateLocal);
    return this.datesCache;
  }

  get nextAvailable(): Slot | null {
    if (this.nextCache === undefined) this.nextCache = this.noCapacity ? null : this.slotAt(0, 0);
    return this.nextCache;
  }

  /** Start of the first slot in the window (ms), or `Infinity`; builds nothing. */
  firstStartUtcMs(): number {
    const day = this.days[0];
    if (day === undefined) return Number.POSITIVE_INFINITY;
    return day.startUtcMs + (this.runs[0] ?? 0) * this.unit * MS_PER_MINUTE;
  }

  firstSlotFrom(dateLocal: string): Slot | null {
    const index = this.firstDayFrom(parseLocalDate(dateLocal));
    return index < this.days.length ? this.slotAt(index, this.offsets[index] ?? 0) : null;
  }

  slotsOn(fromDate: string, untilDate?: string): Slot[] {
    const fromDay = parseLocalDate(fromDate);
    const untilDay = untilDate === undefined ? fromDay + 1 : parseLocalDate(untilDate);
    const slots: Slot[] = [];
    for (let index = this.firstDayFrom(fromDay); index < this.days.length; index++) {
      if ((this.days[index]?.dayNumber ?? untilDay) >= untilDay) break;
      this.appendDay(slots, index);
    }
    return slots;
  }

  allSlots(): Slot[] {
    const slots: Slot[] = [];
    for (let index = 0; index < this.days.length; index++) this.appendDay(slots, index);
    return slots;
  }

  /** Index of the first kept day on or after `dayNumber` (binary search). */
  private firstDayFrom(dayNumber: number): number {
    let low = 0;
    let high = this.days.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((this.days[middle]?.dayNumber ?? dayNumber) < dayNumber) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private appendDay(slots: Slot[], index: number): void {
    const day = this.days[index];
    if (day === undefined) return;
    const { unit, durationMs, runs, stepUnits } = this;
    const { dateLocal, startUtcMs: dayStartMs } = day;
    // Without an offset change, the wall clock is the elapsed time plus a constant: one zone
    // lookup for the day, a table lookup per slot. (`| 0` keeps the table index a small integer:
    // zone arithmetic gives floating-point numbers, and a float index is a slow, allocating lookup.)
    const plainDay = day.transitionUtcMs === Number.POSITIVE_INFINITY;
    const wallShift = plainDay ? wallMinuteOfElapsed(day, 0) | 0 : 0;
    const end = this.offsets[index + 1] ?? 0;
    for (let at = this.offsets[index] ?? 0; at < end; at += 2) {
      const first = runs[at] ?? 0;
      const last = first + ((runs[at + 1] ?? 0) - 1) * stepUnits;
      for (let start = first; start <= last; start += stepUnits) {
        const elapsedMinutes = start * unit;
        const startUtcMs = dayStartMs + elapsedMinutes * MINUTE_MS;
        const wallMinute = plainDay
          ? (wallShift + elapsedMinutes) | 0
          : wallMinuteOfElapsed(day, elapsedMinutes) | 0;
        slots.push({
          startUtcMs,
          endUtcMs: startUtcMs + durationMs,
          dateLocal,
          timeLocal: LABELS[wallMinute] ?? formatLocalTime(wallMinute),
        });
      }
    }
  }

  private slotAt(index: number, at: number): Slot | null {
    const day = this.days[index];
    if (day === undefined) return null;
    const elapsedMinutes = (this.runs[at] ?? 0) * this.unit;
    const startUtcMs = day.startUtcMs + elapsedMinutes * MS_PER_MINUTE;
    return {
      startUtcMs,
      endUtcMs: startUtcMs + this.durationMs,
      dateLocal: day.dateLocal,
      timeLocal: formatLocalTime(wallMinuteOfElapsed(day, elapsedMinutes)),
    };
  }
}

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
