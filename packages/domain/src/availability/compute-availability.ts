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
 *
 * Parts: `engine-input.ts` reads the input, `slot-scan.ts` holds the axis and the scan.
 */
import {
  MINUTES_PER_UNIT,
  MS_PER_MINUTE,
  appliesOn,
  bookableProviders,
  durationOf,
  indexInput,
  instantOf,
  parseRow,
  resolveSlotStepMinutes,
  weeklyHours,
} from './engine-input.ts';
import type { WeekRows } from './engine-input.ts';
import { greatestCommonDivisor } from './local-time.ts';
import { appendDaySlots, buildAxis, collectBusy, markUnits } from './slot-scan.ts';
import type { ScanState } from './slot-scan.ts';
import { elapsedMinutesOfWall, localDayNumberOf, zoneDay } from '../time-zone.ts';
import type {
  AvailabilityInput,
  AvailabilityLocation,
  AvailabilityProvider,
  AvailabilityResult,
  BusyPeriod,
  LocatedSlot,
  LocationCapacity,
  ProviderAvailability,
  ProviderLocationAvailability,
  Slot,
} from './types.ts';

export { resolveSlotStepMinutes } from './engine-input.ts';

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
  const indexed = indexInput(input);
  const { locations, providers, durations } = indexed;

  // Time unit: 5 minutes unless something is finer.
  let unit = greatestCommonDivisor(MINUTES_PER_UNIT, stepMinutes);
  for (const duration of durations) unit = greatestCommonDivisor(unit, duration);
  const hours = weeklyHours(input.workingHours, indexed, unit);
  const axis = buildAxis(hours.zonesInUse, earliestMs, latestMs, hours.unit, stepMinutes);
  const busyByProvider = collectBusy(input, indexed.providerIndex, providers.length, axis);

  const state: ScanState = {
    axis,
    earliestMs,
    latestMs,
    busyMap: new Uint8Array(axis.axisUnits),
    starts: [],
    intervals: [],
  };
  const locationHasSlots = new Array<boolean>(locations.length).fill(false);
  const results = providers.map((provider, pi): ProviderAvailability<P> => {
    const busyUnits = busyByProvider[pi] ?? [];
    markUnits(state.busyMap, busyUnits, 1);
    const result = providerAvailability(
      provider,
      hours.weekRows[pi] ?? [],
      busyUnits.length > 0 ? state.busyMap : null,
      durations[pi] ?? input.service.durationMinutes,
      locations,
      state,
      locationHasSlots,
    );
    markUnits(state.busyMap, busyUnits, 0);
    return result;
  });

  const locationCapacity: LocationCapacity[] = locations.map((location, li) => ({
    locationId: location.id,
    noCapacity: locationHasSlots[li] !== true,
  }));
  return { providers: results, locations: locationCapacity, slotStepMinutes: stepMinutes };
}

/** One provider's slots at each of its locations; marks in `locationHasSlots` where it has some. */
function providerAvailability<P extends AvailabilityProvider>(
  provider: P,
  perLocation: readonly (WeekRows | undefined)[],
  busy: Uint8Array | null,
  durationMinutes: number,
  locations: readonly AvailabilityLocation[],
  state: ScanState,
  locationHasSlots: boolean[],
): ProviderAvailability<P> {
  const scanProvider = {
    busy,
    durationUnits: durationMinutes / state.axis.unit,
    durationMs: durationMinutes * MS_PER_MINUTE,
  };
  const locationResults: ProviderLocationAvailability[] = [];
  let nextAvailable: LocatedSlot | null = null;
  for (let li = 0; li < locations.length; li++) {
    const week = perLocation[li];
    const location = locations[li];
    if (week === undefined || location === undefined) continue;
    const slots: Slot[] = [];
    for (const day of state.axis.daysByZone.get(location.timeZone) ?? []) {
      const rows = week[day.weekday];
      if (rows === undefined || rows.length === 0) continue;
      appendDaySlots(slots, state, scanProvider, day, rows);
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
  return {
    provider,
    providerId: provider.id,
    locations: locationResults,
    nextAvailable,
    noCapacity: nextAvailable === null,
  };
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
