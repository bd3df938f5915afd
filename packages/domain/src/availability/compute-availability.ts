/**
 * The availability engine: which slot starts each provider can take at each location.
 *
 * A slot [start, start + duration) is bookable when
 * - it lies entirely inside one working-hours interval of its local weekday at that
 *   location (effective dates respected, read in the location's time zone), and its start
 *   is on that interval's grid (interval start + k × step);
 * - it overlaps no time off and no active appointment of the provider, at any location;
 * - it starts at or after max(window.earliest, now) and ends at or before
 *   window.latestExclusive.
 *
 * How it stays fast (cost ∝ providers × days × units per day + busy periods):
 * - all time-zone work happens once per (zone, local date) in `zoneDay` (cached); the
 *   loops see only integer minutes elapsed since the start of a local day, so DST days
 *   (23 or 25 hours long) need no special case;
 * - per provider, one byte per time unit (5 minutes; 1 minute only when a duration, step
 *   or start time is not a multiple of 5) over the window marks the busy units: each time
 *   off or appointment marks its units once, shared by all locations and days, undone after;
 * - per provider × location × local day × working interval, one pass over its units
 *   keeps the length of the current free run; a grid start is free when the run reaches
 *   the service's length at the start's last unit.
 * Conservative rounding (busy periods grow to whole units, interval ends shrink to whole
 * units) is exact here, because every candidate start and end falls on a unit boundary.
 */
import { formatLocalTime, greatestCommonDivisor, parseLocalDate, parseLocalTime } from './local-time.ts';
import {
  elapsedMinutesOfWall,
  localDayNumberOf,
  wallMinuteOfElapsed,
  zoneDay,
  zoneDaysBetween,
} from '../time-zone.ts';
import type { ZoneDay } from '../time-zone.ts';
import type {
  AvailabilityInput,
  AvailabilityLocation,
  AvailabilityProvider,
  AvailabilityResult,
  AvailabilityService,
  BusyPeriod,
  LocatedSlot,
  LocationCapacity,
  ProviderAvailability,
  ProviderLocationAvailability,
  Slot,
  WorkingHoursRow,
} from './types.ts';

const MS_PER_MINUTE = 60_000;
const MINUTES_PER_UNIT = 5;
const DEFAULT_STEP_MINUTES = 15;

interface ParsedRow {
  readonly startMinute: number;
  readonly endMinute: number;
  readonly fromDay: number;
  readonly toDay: number;
}

/** Rows of one provider at one location, indexed by weekday. */
type WeekRows = ParsedRow[][];

function checkWholeMinutes(value: number, what: string): number {
  if (!Number.isInteger(value) || value < 1)
    throw new RangeError(`${what} must be a whole number of minutes ≥ 1, got ${value}.`);
  return value;
}

function instantOf(date: Date, what: string): number {
  const ms = date.getTime();
  if (Number.isNaN(ms)) throw new RangeError(`${what} is not a valid date.`);
  return ms;
}

/** The step between candidate starts: the given one, else 15 or the service duration if shorter. */
export function resolveSlotStepMinutes(serviceDurationMinutes: number, slotStepMinutes?: number): number {
  if (slotStepMinutes !== undefined) return checkWholeMinutes(slotStepMinutes, 'slotStepMinutes');
  return Math.min(DEFAULT_STEP_MINUTES, checkWholeMinutes(serviceDurationMinutes, 'service.durationMinutes'));
}

function durationOf(provider: AvailabilityProvider, service: AvailabilityService): number {
  return checkWholeMinutes(
    provider.durationMinutes ?? service.durationMinutes,
    `Duration for provider ${provider.id}`,
  );
}

/** Parses one working-hours row; `null` when its interval is empty. */
function parseRow(row: WorkingHoursRow): ParsedRow | null {
  if (!Number.isInteger(row.weekday) || row.weekday < 0 || row.weekday > 6) {
    throw new RangeError(`Invalid weekday ${row.weekday} in working hours of provider ${row.providerId}.`);
  }
  const startMinute = parseLocalTime(row.startLocal);
  const endMinute = parseLocalTime(row.endLocal);
  const fromDay = row.effectiveFrom ? parseLocalDate(row.effectiveFrom) : Number.NEGATIVE_INFINITY;
  const toDay = row.effectiveTo ? parseLocalDate(row.effectiveTo) : Number.POSITIVE_INFINITY;
  if (endMinute <= startMinute || fromDay > toDay) return null;
  return { startMinute, endMinute, fromDay, toDay };
}

function appliesOn(row: ParsedRow, dayNumber: number): boolean {
  return row.fromDay <= dayNumber && dayNumber <= row.toDay;
}

function bookableProviders<P extends AvailabilityProvider>(input: AvailabilityInput<P>): P[] {
  const includeOffline = input.options?.includeOfflineProviders === true;
  const seen = new Set<string>();
  const providers: P[] = [];
  for (const provider of input.providers) {
    if (seen.has(provider.id) || !(includeOffline || provider.onlineBookable)) continue;
    seen.add(provider.id);
    providers.push(provider);
  }
  return providers;
}

function mod5(minutes: number): number {
  return ((minutes % MINUTES_PER_UNIT) + MINUTES_PER_UNIT) % MINUTES_PER_UNIT;
}

/** Folds into `unit` everything about a zone day that could put a boundary off the 5-minute grid. */
function unitForDay(unit: number, day: ZoneDay): number {
  let result = greatestCommonDivisor(unit, mod5(day.startUtcMs / MS_PER_MINUTE));
  result = greatestCommonDivisor(result, mod5(day.offsetBeforeMs / MS_PER_MINUTE));
  if (day.transitionUtcMs !== Number.POSITIVE_INFINITY) {
    result = greatestCommonDivisor(result, mod5(day.offsetAfterMs / MS_PER_MINUTE));
    result = greatestCommonDivisor(result, mod5(day.transitionUtcMs / MS_PER_MINUTE));
  }
  return result;
}

/** Sets `value` on every [from, to) unit pair of `ranges`; a plain loop beats `fill` on short ranges. */
function markUnits(map: Uint8Array, ranges: readonly number[], value: 0 | 1): void {
  for (let index = 0; index < ranges.length; index += 2) {
    const from = ranges[index] ?? 0;
    const to = ranges[index + 1] ?? 0;
    if (to - from > 64) map.fill(value, from, to);
    else for (let unit = from; unit < to; unit++) map[unit] = value;
  }
}

/**
 * Appends to `starts` the free grid starts (in units since the day start) of one interval.
 * `busy` is the provider's busy map and `base` the day's first unit in it.
 */
function scanInterval(
  busy: Uint8Array | null,
  base: number,
  firstStart: number,
  endLimit: number,
  durationUnits: number,
  stepUnits: number,
  starts: number[],
): void {
  if (busy === null) {
    for (let start = firstStart; start + durationUnits <= endLimit; start += stepUnits) starts.push(start);
    return;
  }
  // Sliding run-length: `run` counts the free units ending at `unit`; the candidate whose
  // last unit is `unit` is free when the run covers its whole length.
  let run = 0;
  let candidateEnd = firstStart + durationUnits;
  for (let unit = firstStart; unit < endLimit && candidateEnd <= endLimit; unit++) {
    run = busy[base + unit] === 1 ? 0 : run + 1;
    if (unit + 1 === candidateEnd) {
      if (run >= durationUnits) starts.push(candidateEnd - durationUnits);
      candidateEnd += stepUnits;
    }
  }
}

/**
 * Bookable slots of every provider at every location inside the booking window.
 * Pure and deterministic; see the module comment for the rules and the cost.
 */
export function computeAvailability<P extends AvailabilityProvider>(
  input: AvailabilityInput<P>,
): AvailabilityResult<P> {
  const stepMinutes = resolveSlotStepMinutes(input.service.durationMinutes, input.slotStepMinutes);
  const earliestMs = Math.max(
    instantOf(input.window.earliest, 'window.earliest'),
    instantOf(input.now, 'now'),
  );
  const latestMs = instantOf(input.window.latestExclusive, 'window.latestExclusive');

  const locations: AvailabilityLocation[] = [];
  const locationIndex = new Map<string, number>();
  for (const location of input.locations) {
    if (locationIndex.has(location.id)) continue;
    locationIndex.set(location.id, locations.length);
    locations.push(location);
  }
  const providers = bookableProviders(input);
  const providerIndex = new Map<string, number>();
  providers.forEach((provider, index) => providerIndex.set(provider.id, index));
  const durations = providers.map((provider) => durationOf(provider, input.service));

  // Time unit: 5 minutes unless something is finer.
  let unit = greatestCommonDivisor(MINUTES_PER_UNIT, stepMinutes);
  for (const duration of durations) unit = greatestCommonDivisor(unit, duration);

  // Working hours per provider × location × weekday.
  const weekRows: (WeekRows | undefined)[][] = providers.map(
    () => new Array<WeekRows | undefined>(locations.length),
  );
  const zonesInUse = new Set<string>();
  for (const row of input.workingHours) {
    const pi = providerIndex.get(row.providerId);
    const li = locationIndex.get(row.locationId);
    if (pi === undefined || li === undefined) continue;
    const parsed = parseRow(row);
    if (parsed === null) continue;
    const perLocation = weekRows[pi];
    const location = locations[li];
    if (perLocation === undefined || location === undefined) continue;
    let week = perLocation[li];
    if (week === undefined) {
      week = [[], [], [], [], [], [], []];
      perLocation[li] = week;
    }
    week[row.weekday]?.push(parsed);
    zonesInUse.add(location.timeZone);
    unit = greatestCommonDivisor(unit, parsed.startMinute);
  }

  // Local days overlapping the window, per zone.
  const daysByZone = new Map<string, ZoneDay[]>();
  let axisStartMs = Number.POSITIVE_INFINITY;
  let axisEndMs = Number.NEGATIVE_INFINITY;
  for (const timeZone of zonesInUse) {
    const days = zoneDaysBetween(timeZone, earliestMs, latestMs);
    daysByZone.set(timeZone, days);
    for (const day of days) unit = unitForDay(unit, day);
    const first = days[0];
    const last = days[days.length - 1];
    if (first !== undefined && last !== undefined) {
      axisStartMs = Math.min(axisStartMs, first.startUtcMs);
      axisEndMs = Math.max(axisEndMs, last.endUtcMs);
    }
  }
  const unitMs = unit * MS_PER_MINUTE;
  const stepUnits = stepMinutes / unit;
  const hasAxis = axisEndMs > axisStartMs;
  if (hasAxis) axisStartMs = Math.floor(axisStartMs / unitMs) * unitMs;
  const axisUnits = hasAxis ? Math.ceil((axisEndMs - axisStartMs) / unitMs) : 0;

  // Busy units per provider, as [startUnit, endUnit) pairs on the axis.
  const busyByProvider: number[][] = providers.map(() => []);
  // Rows usually arrive ordered by provider: remember the last lookup.
  let lastProviderId: string | undefined;
  let lastProviderIndex: number | undefined;
  const addBusy = (period: BusyPeriod, what: string): void => {
    if (period.providerId !== lastProviderId) {
      lastProviderId = period.providerId;
      lastProviderIndex = providerIndex.get(period.providerId);
    }
    const pi = lastProviderIndex;
    if (pi === undefined || !hasAxis) return;
    const startMs = instantOf(period.startUtc, what);
    const endMs = instantOf(period.endUtc, what);
    if (endMs <= startMs || endMs <= axisStartMs || startMs >= axisEndMs) return;
    const from = Math.max(0, Math.floor((startMs - axisStartMs) / unitMs));
    const to = Math.min(axisUnits, Math.ceil((endMs - axisStartMs) / unitMs));
    busyByProvider[pi]?.push(from, to);
  };
  for (const period of input.timeOff) addBusy(period, 'timeOff');
  for (const period of input.appointments) addBusy(period, 'appointment');

  const busyMap = new Uint8Array(axisUnits);
  const locationHasSlots = new Array<boolean>(locations.length).fill(false);
  const starts: number[] = [];
  const intervals: number[] = [];

  const results = providers.map((provider, pi): ProviderAvailability<P> => {
    const perLocation = weekRows[pi] ?? [];
    const busyUnits = busyByProvider[pi] ?? [];
    const durationMinutes = durations[pi] ?? input.service.durationMinutes;
    const durationUnits = durationMinutes / unit;
    const durationMs = durationMinutes * MS_PER_MINUTE;
    markUnits(busyMap, busyUnits, 1);
    const busy = busyUnits.length > 0 ? busyMap : null;

    const locationResults: ProviderLocationAvailability[] = [];
    let nextAvailable: LocatedSlot | null = null;
    for (let li = 0; li < locations.length; li++) {
      const week = perLocation[li];
      const location = locations[li];
      if (week === undefined || location === undefined) continue;
      const slots: Slot[] = [];
      for (const day of daysByZone.get(location.timeZone) ?? []) {
        const rows = week[day.weekday];
        if (rows === undefined || rows.length === 0) continue;
        const base = Math.round((day.startUtcMs - axisStartMs) / unitMs);
        const minStart = Math.ceil((earliestMs - day.startUtcMs) / unitMs);
        const maxEnd = Math.floor((latestMs - day.startUtcMs) / unitMs);

        intervals.length = 0;
        for (const row of rows) {
          if (!appliesOn(row, day.dayNumber)) continue;
          const from = Math.ceil(elapsedMinutesOfWall(day, row.startMinute) / unit);
          const to = Math.floor(elapsedMinutesOfWall(day, row.endMinute) / unit);
          if (to > from) intervals.push(from, to);
        }
        if (intervals.length === 0) continue;
        let overlapping = false;
        if (intervals.length > 2) {
          const pairs: [number, number][] = [];
          for (let index = 0; index < intervals.length; index += 2)
            pairs.push([intervals[index] ?? 0, intervals[index + 1] ?? 0]);
          pairs.sort((left, right) => left[0] - right[0]);
          intervals.length = 0;
          for (const [from, to] of pairs) {
            if (intervals.length > 0 && from < (intervals[intervals.length - 1] ?? 0)) overlapping = true;
            intervals.push(from, to);
          }
        }

        starts.length = 0;
        for (let index = 0; index < intervals.length; index += 2) {
          const from = intervals[index] ?? 0;
          const to = intervals[index + 1] ?? 0;
          const firstStart =
            from >= minStart ? from : from + Math.ceil((minStart - from) / stepUnits) * stepUnits;
          const endLimit = Math.min(to, maxEnd);
          if (firstStart + durationUnits <= endLimit)
            scanInterval(busy, base, firstStart, endLimit, durationUnits, stepUnits, starts);
        }
        if (overlapping) {
          starts.sort((left, right) => left - right);
          let kept = 0;
          for (const start of starts) if (kept === 0 || starts[kept - 1] !== start) starts[kept++] = start;
          starts.length = kept;
        }

        for (const start of starts) {
          const elapsedMinutes = start * unit;
          const startUtcMs = day.startUtcMs + elapsedMinutes * MS_PER_MINUTE;
          slots.push({
            startUtcMs,
            endUtcMs: startUtcMs + durationMs,
            dateLocal: day.dateLocal,
            timeLocal: formatLocalTime(wallMinuteOfElapsed(day, elapsedMinutes)),
          });
        }
      }

      const first = slots[0] ?? null;
      if (first !== null) {
        locationHasSlots[li] = true;
        if (nextAvailable === null || first.startUtcMs < nextAvailable.startUtcMs)
          nextAvailable = { ...first, locationId: location.id };
      }
      locationResults.push({
        location,
        locationId: location.id,
        slots,
        nextAvailable: first,
        noCapacity: first === null,
      });
    }

    markUnits(busyMap, busyUnits, 0);
    return {
      provider,
      providerId: provider.id,
      locations: locationResults,
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

/**
 * Whether one slot is bookable under exactly the rules of `computeAvailability`, without
 * computing the rest: for the re-check inside the booking transaction, with `input`
 * loaded inside that transaction. Cost: one zone-day lookup and a pass over the rows.
 */
export function isSlotBookable(
  input: AvailabilityInput,
  providerId: string,
  locationId: string,
  startUtc: Date | number,
): boolean {
  const startMs = typeof startUtc === 'number' ? startUtc : instantOf(startUtc, 'startUtc');
  const stepMinutes = resolveSlotStepMinutes(input.service.durationMinutes, input.slotStepMinutes);
  const provider = bookableProviders(input).find((candidate) => candidate.id === providerId);
  const location = input.locations.find((candidate) => candidate.id === locationId);
  if (provider === undefined || location === undefined || !Number.isFinite(startMs)) return false;
  const durationMinutes = durationOf(provider, input.service);
  const endMs = startMs + durationMinutes * MS_PER_MINUTE;
  const earliestMs = Math.max(
    instantOf(input.window.earliest, 'window.earliest'),
    instantOf(input.now, 'now'),
  );
  if (startMs < earliestMs || endMs > instantOf(input.window.latestExclusive, 'window.latestExclusive'))
    return false;

  const day = zoneDay(location.timeZone, localDayNumberOf(location.timeZone, startMs));
  const elapsedMinutes = (startMs - day.startUtcMs) / MS_PER_MINUTE;
  if (!Number.isInteger(elapsedMinutes)) return false;

  let insideHours = false;
  for (const row of input.workingHours) {
    if (row.providerId !== providerId || row.locationId !== locationId || row.weekday !== day.weekday)
      continue;
    const parsed = parseRow(row);
    if (parsed === null || !appliesOn(parsed, day.dayNumber)) continue;
    const from = elapsedMinutesOfWall(day, parsed.startMinute);
    const to = elapsedMinutesOfWall(day, parsed.endMinute);
    if (
      elapsedMinutes >= from &&
      elapsedMinutes + durationMinutes <= to &&
      (elapsedMinutes - from) % stepMinutes === 0
    ) {
      insideHours = true;
      break;
    }
  }
  if (!insideHours) return false;

  const overlaps = (period: BusyPeriod): boolean => {
    if (period.providerId !== providerId) return false;
    const periodStartMs = period.startUtc.getTime();
    const periodEndMs = period.endUtc.getTime();
    return periodEndMs > periodStartMs && periodStartMs < endMs && periodEndMs > startMs;
  };
  return !input.timeOff.some(overlaps) && !input.appointments.some(overlaps);
}
