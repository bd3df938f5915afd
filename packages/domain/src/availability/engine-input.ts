/**
 * The availability engine's reading of its input: validated minutes and instants, working-hours
 * rows parsed once, the bookable providers. Shared by `computeAvailability` and `isSlotBookable`.
 */
import { greatestCommonDivisor, parseLocalDate, parseLocalTime } from './local-time.ts';
import type {
  AvailabilityInput,
  AvailabilityLocation,
  AvailabilityProvider,
  AvailabilityService,
  WorkingHoursRow,
} from './types.ts';

export const MS_PER_MINUTE = 60_000;
export const MINUTES_PER_UNIT = 5;
const DEFAULT_STEP_MINUTES = 15;

export interface ParsedRow {
  readonly startMinute: number;
  readonly endMinute: number;
  readonly fromDay: number;
  readonly toDay: number;
}

/** Rows of one provider at one location, indexed by weekday. */
export type WeekRows = ParsedRow[][];

function checkWholeMinutes(value: number, what: string): number {
  if (!Number.isInteger(value) || value < 1)
    throw new RangeError(`${what} must be a whole number of minutes ≥ 1, got ${value}.`);
  return value;
}

export function instantOf(date: Date, what: string): number {
  const ms = date.getTime();
  if (Number.isNaN(ms)) throw new RangeError(`${what} is not a valid date.`);
  return ms;
}

/** The step between candidate starts: the given one, else 15 or the service duration if shorter. */
export function resolveSlotStepMinutes(serviceDurationMinutes: number, slotStepMinutes?: number): number {
  if (slotStepMinutes !== undefined) return checkWholeMinutes(slotStepMinutes, 'slotStepMinutes');
  return Math.min(DEFAULT_STEP_MINUTES, checkWholeMinutes(serviceDurationMinutes, 'service.durationMinutes'));
}

export function durationOf(provider: AvailabilityProvider, service: AvailabilityService): number {
  return checkWholeMinutes(
    provider.durationMinutes ?? service.durationMinutes,
    `Duration for provider ${provider.id}`,
  );
}

/** Parses one working-hours row; `null` when its interval is empty. */
export function parseRow(row: WorkingHoursRow): ParsedRow | null {
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

export function appliesOn(row: ParsedRow, dayNumber: number): boolean {
  return row.fromDay <= dayNumber && dayNumber <= row.toDay;
}

export function bookableProviders<P extends AvailabilityProvider>(input: AvailabilityInput<P>): P[] {
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

/** The input's locations and bookable providers, deduplicated, with their positions and durations. */
export interface IndexedInput<P extends AvailabilityProvider> {
  readonly locations: AvailabilityLocation[];
  readonly locationIndex: Map<string, number>;
  readonly providers: P[];
  readonly providerIndex: Map<string, number>;
  readonly durations: number[];
}

export function indexInput<P extends AvailabilityProvider>(input: AvailabilityInput<P>): IndexedInput<P> {
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
  return { locations, locationIndex, providers, providerIndex, durations };
}

/** Working hours per provider × location × weekday, the zones in use, and `unit` refined by the start times. */
export function weeklyHours<P extends AvailabilityProvider>(
  workingHours: readonly WorkingHoursRow[],
  indexed: IndexedInput<P>,
  unit: number,
): { weekRows: (WeekRows | undefined)[][]; zonesInUse: Set<string>; unit: number } {
  const { locations, locationIndex, providerIndex } = indexed;
  const weekRows: (WeekRows | undefined)[][] = indexed.providers.map(
    () => new Array<WeekRows | undefined>(locations.length),
  );
  const zonesInUse = new Set<string>();
  let result = unit;
  for (const row of workingHours) {
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
    result = greatestCommonDivisor(result, parsed.startMinute);
  }
  return { weekRows, zonesInUse, unit: result };
}
