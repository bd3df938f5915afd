/**
 * The availability engine, every slot as objects: a thin wrapper over `computeFreeDays`
 * (free-days.ts, the one implementation of the rules and of the scan), which builds each
 * location's slots with `allSlots()`. Use `computeFreeDays` itself when only some days, the
 * available dates or the next available slot are needed: it builds no slot it is not asked for.
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
 * Parts: `engine-input.ts` reads the input, `slot-scan.ts` holds the axis and the scan,
 * `free-days.ts` keeps the free starts per day.
 */
import {
  MS_PER_MINUTE,
  appliesOn,
  bookableProviders,
  durationOf,
  instantOf,
  parseRow,
  resolveSlotStepMinutes,
} from './engine-input.ts';
import { computeFreeDays } from './free-days.ts';
import { elapsedMinutesOfWall, localDayNumberOf, zoneDay } from '../time-zone.ts';
import type {
  AvailabilityInput,
  AvailabilityProvider,
  AvailabilityResult,
  BusyPeriod,
  ProviderAvailability,
  ProviderLocationAvailability,
} from './types.ts';

export { resolveSlotStepMinutes } from './engine-input.ts';

/**
 * Bookable slots of every provider at every location inside the booking window, as objects.
 * Pure and deterministic; see the module comment for the rules.
 */
export function computeAvailability<P extends AvailabilityProvider>(
  input: AvailabilityInput<P>,
): AvailabilityResult<P> {
  const freeDays = computeFreeDays(input);
  const providers = freeDays.providers.map((entry): ProviderAvailability<P> => ({
    provider: entry.provider,
    providerId: entry.providerId,
    locations: entry.locations.map((days): ProviderLocationAvailability => {
      const slots = days.allSlots();
      const first = slots[0] ?? null;
      return {
        location: days.location,
        locationId: days.locationId,
        slots,
        nextAvailable: first,
        noCapacity: first === null,
      };
    }),
    nextAvailable: entry.nextAvailable,
    noCapacity: entry.noCapacity,
  }));
  return { providers, locations: freeDays.locations, slotStepMinutes: freeDays.slotStepMinutes };
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
  const closed = (input.closures ?? []).some(
    (closure) => closure.locationId === locationId && closure.dateLocal === day.dateLocal,
  );
  if (closed) return false;

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
