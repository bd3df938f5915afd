import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeAvailability, isSlotBookable } from './compute-availability.ts';
import { computeFreeDays } from './free-days.ts';
import type {
  AvailabilityInput,
  AvailabilityProvider,
  BusyPeriod,
  LocationClosure,
  Slot,
  WorkingHoursRow,
} from './types.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const ZONES = [
  'UTC',
  'America/New_York',
  'Europe/London',
  'Australia/Lord_Howe',
  'America/Santiago',
  'Asia/Kathmandu',
] as const;

// ---------------------------------------------------------------------------------------
// A slow, obviously-correct reference. It shares no code with the engine: offsets come
// from its own Intl formatter (cached per quarter hour, as these zones change offset on
// quarter hours), a wall time is found by scanning instants minute by minute, and every
// candidate is checked against every busy period.
// ---------------------------------------------------------------------------------------

const referenceFormatters = new Map<string, Intl.DateTimeFormat>();
const referenceOffsets = new Map<string, number>();

function referenceWallClock(timeZone: string, utcMs: number): number {
  const quarter = Math.floor(utcMs / (15 * MINUTE)) * 15 * MINUTE;
  const key = `${timeZone} ${quarter}`;
  let offset = referenceOffsets.get(key);
  if (offset === undefined) {
    let formatter = referenceFormatters.get(timeZone);
    if (!formatter) {
      formatter = new Intl.DateTimeFormat('en-GB', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      });
      referenceFormatters.set(timeZone, formatter);
    }
    const parts = Object.fromEntries(
      formatter.formatToParts(quarter).map((part) => [part.type, Number(part.value)]),
    );
    offset = Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour! % 24, parts.minute) - quarter;
    referenceOffsets.set(key, offset);
  }
  return utcMs + offset;
}

const referenceInstants = new Map<string, number>();
/**
 * The instant of `minute` of local day `dayNumber` by Temporal's 'compatible' rule (the first
 * instant whose wall clock reads it; in a spring-forward gap, the time read with the offset from
 * before the jump), kept within the local day as the engine keeps working hours.
 */
function referenceInstantOfWall(timeZone: string, dayNumber: number, minute: number): number {
  const key = `${timeZone} ${dayNumber} ${minute}`;
  const cached = referenceInstants.get(key);
  if (cached !== undefined) return cached;
  const firstAtOrAfter = (wall: number): number => {
    let utcMs = wall - 15 * HOUR;
    while (referenceWallClock(timeZone, utcMs) < wall) utcMs += MINUTE;
    return utcMs;
  };
  const wall = dayNumber * DAY + minute * MINUTE;
  let utcMs = firstAtOrAfter(wall);
  if (referenceWallClock(timeZone, utcMs) !== wall)
    utcMs = wall - (referenceWallClock(timeZone, utcMs - MINUTE) - (utcMs - MINUTE));
  utcMs = Math.min(Math.max(utcMs, firstAtOrAfter(dayNumber * DAY)), firstAtOrAfter(dayNumber * DAY + DAY));
  referenceInstants.set(key, utcMs);
  return utcMs;
}

function minutesOf(timeLocal: string): number {
  return Number(timeLocal.slice(0, 2)) * 60 + Number(timeLocal.slice(3, 5));
}

interface ReferenceInterval {
  readonly startUtcMs: number;
  readonly endUtcMs: number;
  readonly dateLocal: string;
}

function referenceIntervals(
  input: AvailabilityInput,
  providerId: string,
  locationId: string,
  timeZone: string,
): ReferenceInterval[] {
  const rows = input.workingHours.filter(
    (row) => row.providerId === providerId && row.locationId === locationId,
  );
  const firstDay = Math.floor(Math.max(input.window.earliest.getTime(), input.now.getTime()) / DAY) - 2;
  const lastDay = Math.floor(input.window.latestExclusive.getTime() / DAY) + 2;
  const intervals: ReferenceInterval[] = [];
  for (let dayNumber = firstDay; dayNumber <= lastDay; dayNumber++) {
    const dateLocal = new Date(dayNumber * DAY).toISOString().slice(0, 10);
    const weekday = new Date(dayNumber * DAY).getUTCDay();
    for (const row of rows) {
      if (row.weekday !== weekday) continue;
      // A row that ends before it starts on the wall clock is no working time, even where a
      // spring-forward gap would make its ends come out in order.
      if (minutesOf(row.endLocal) <= minutesOf(row.startLocal)) continue;
      if (row.effectiveFrom && dateLocal < row.effectiveFrom) continue;
      if (row.effectiveTo && dateLocal > row.effectiveTo) continue;
      intervals.push({
        startUtcMs: referenceInstantOfWall(timeZone, dayNumber, minutesOf(row.startLocal)),
        endUtcMs: referenceInstantOfWall(timeZone, dayNumber, minutesOf(row.endLocal)),
        dateLocal,
      });
    }
  }
  return intervals;
}

function busyOf(input: AvailabilityInput, providerId: string): { startMs: number; endMs: number }[] {
  return [...input.timeOff, ...input.appointments]
    .filter((period) => period.providerId === providerId)
    .map((period) => ({ startMs: period.startUtc.getTime(), endMs: period.endUtc.getTime() }))
    .filter((period) => period.endMs > period.startMs);
}

/** provider|location → slots, for every pair with at least one non-empty working-hours row. */
function referenceAvailability(input: AvailabilityInput): Map<string, Slot[]> {
  const step = input.slotStepMinutes ?? Math.min(15, input.service.durationMinutes);
  const earliest = Math.max(input.window.earliest.getTime(), input.now.getTime());
  const latest = input.window.latestExclusive.getTime();
  const result = new Map<string, Slot[]>();
  const seen = new Set<string>();
  for (const provider of input.providers) {
    if (seen.has(provider.id) || !(provider.onlineBookable || input.options?.includeOfflineProviders))
      continue;
    seen.add(provider.id);
    const duration = provider.durationMinutes ?? input.service.durationMinutes;
    const busy = busyOf(input, provider.id);
    for (const location of input.locations) {
      const hasRows = input.workingHours.some(
        (row) =>
          row.providerId === provider.id &&
          row.locationId === location.id &&
          minutesOf(row.endLocal) > minutesOf(row.startLocal) &&
          !(row.effectiveFrom && row.effectiveTo && row.effectiveFrom > row.effectiveTo),
      );
      if (!hasRows) continue;
      const closed = new Set(
        (input.closures ?? [])
          .filter((closure) => closure.locationId === location.id)
          .map((closure) => closure.dateLocal),
      );
      const starts = new Set<number>();
      for (const interval of referenceIntervals(input, provider.id, location.id, location.timeZone)) {
        if (closed.has(interval.dateLocal)) continue;
        for (
          let start = interval.startUtcMs;
          start + duration * MINUTE <= interval.endUtcMs;
          start += step * MINUTE
        ) {
          const end = start + duration * MINUTE;
          if (start < earliest || end > latest) continue;
          if (busy.some((period) => period.startMs < end && period.endMs > start)) continue;
          starts.add(start);
        }
      }
      const slots = [...starts]
        .sort((a, b) => a - b)
        .map((start): Slot => {
          const wall = new Date(referenceWallClock(location.timeZone, start)).toISOString();
          return {
            startUtcMs: start,
            endUtcMs: start + duration * MINUTE,
            dateLocal: wall.slice(0, 10),
            timeLocal: wall.slice(11, 16),
          };
        });
      result.set(`${provider.id}|${location.id}`, slots);
    }
  }
  return result;
}

function engineAvailability(input: AvailabilityInput): Map<string, Slot[]> {
  const result = new Map<string, Slot[]>();
  for (const entry of computeAvailability(input).providers) {
    for (const availability of entry.locations)
      result.set(`${entry.providerId}|${availability.locationId}`, [...availability.slots]);
  }
  return result;
}

// ---------------------------------------------------------------------------------------
// Random schedules around the DST changes of each zone.
// ---------------------------------------------------------------------------------------

/** Per zone, midnights (UTC) a day before each of its 2027 offset changes, plus an ordinary week. */
function anchorsByZone(): Map<string, number[]> {
  const result = new Map<string, number[]>();
  for (const timeZone of ZONES) {
    const found = [Date.UTC(2027, 5, 14)];
    let previous = referenceWallClock(timeZone, Date.UTC(2027, 0, 1)) - Date.UTC(2027, 0, 1);
    for (let utcMs = Date.UTC(2027, 0, 1); utcMs < Date.UTC(2028, 0, 1); utcMs += HOUR) {
      const offset = referenceWallClock(timeZone, utcMs) - utcMs;
      if (offset !== previous) found.push(Math.floor(utcMs / DAY) * DAY - DAY);
      previous = offset;
    }
    result.set(timeZone, found);
  }
  return result;
}

const ANCHORS = anchorsByZone();

const zoneAndAnchor = fc.constantFrom(...ZONES).chain((timeZone) =>
  fc.record({
    timeZone: fc.constant(timeZone),
    anchor: fc.constantFrom(...(ANCHORS.get(timeZone) ?? [Date.UTC(2027, 5, 14)])),
  }),
);

function hhmm(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

const minuteOfDay = fc.oneof(
  fc.integer({ min: 0, max: 95 }).map((quarter) => quarter * 15),
  // The small hours, where clocks change.
  fc.integer({ min: 0, max: 18 }).map((unit) => unit * 10),
  fc.integer({ min: 0, max: 287 }).map((unit) => unit * 5),
  fc.integer({ min: 0, max: 1439 }),
);

const inputArbitrary: fc.Arbitrary<AvailabilityInput> = fc
  .record({
    main: zoneAndAnchor,
    otherZone: fc.option(fc.constantFrom(...ZONES), { nil: undefined }),
    providers: fc.array(
      fc.record({
        onlineBookable: fc.oneof(
          { weight: 4, arbitrary: fc.constant(true) },
          { weight: 1, arbitrary: fc.constant(false) },
        ),
        durationMinutes: fc.option(fc.constantFrom(10, 20, 45, 7), { freq: 4, nil: undefined }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    rows: fc.array(
      fc.record({
        provider: fc.nat(2),
        location: fc.nat(1),
        weekday: fc.oneof(
          fc.integer({ min: 0, max: 6 }).map((weekday) => ({ weekday })),
          fc.integer({ min: 0, max: 2 }).map((afterAnchor) => ({ afterAnchor })),
        ),
        start: minuteOfDay,
        length: fc.integer({ min: -30, max: 720 }),
        effectiveFrom: fc.oneof(
          { weight: 3, arbitrary: fc.constant(undefined) },
          { weight: 1, arbitrary: fc.integer({ min: -3, max: 5 }) },
        ),
        effectiveTo: fc.oneof(
          { weight: 3, arbitrary: fc.constant(undefined) },
          { weight: 1, arbitrary: fc.integer({ min: -3, max: 6 }) },
        ),
      }),
      { minLength: 2, maxLength: 20, size: 'medium' },
    ),
    busy: fc.array(
      fc.record({
        provider: fc.nat(2),
        kind: fc.constantFrom('timeOff', 'appointment'),
        startMinute: fc.oneof(
          { weight: 2, arbitrary: fc.integer({ min: -1440, max: 6 * 1440 }) },
          { weight: 3, arbitrary: fc.integer({ min: 0, max: 3 * 1440 }) },
        ),
        startSeconds: fc.oneof(
          { weight: 4, arbitrary: fc.constant(0) },
          { weight: 1, arbitrary: fc.integer({ min: 1, max: 59_999 }) },
        ),
        lengthMinutes: fc.oneof(
          { weight: 3, arbitrary: fc.integer({ min: 1, max: 240 }) },
          { weight: 3, arbitrary: fc.integer({ min: 1, max: 20 }) },
          { weight: 1, arbitrary: fc.integer({ min: -10, max: 4000 }) },
        ),
      }),
      { maxLength: 30, size: 'medium' },
    ),
    durationMinutes: fc.constantFrom(10, 15, 20, 25, 30, 45, 60, 7, 90),
    step: fc.option(fc.constantFrom(5, 10, 15, 20, 30, 60, 7), { nil: undefined }),
    earliestShiftMinutes: fc.integer({ min: -1440, max: 1440 }),
    earliestMs: fc.integer({ min: 0, max: 59_999 }),
    spanMinutes: fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: 1440, max: 5 * 1440 }) },
      { weight: 1, arbitrary: fc.integer({ min: 0, max: 1440 }) },
    ),
    nowShiftMinutes: fc.oneof(
      { weight: 3, arbitrary: fc.integer({ min: -2880, max: 0 }) },
      { weight: 1, arbitrary: fc.integer({ min: 0, max: 600 }) },
    ),
    includeOffline: fc.boolean(),
    closures: fc.oneof(
      { weight: 2, arbitrary: fc.constant<{ location: number; day: number }[]>([]) },
      {
        weight: 1,
        arbitrary: fc.array(fc.record({ location: fc.nat(1), day: fc.integer({ min: -2, max: 6 }) }), {
          maxLength: 4,
        }),
      },
    ),
  })
  .map(({ main, otherZone, ...spec }): AvailabilityInput => {
    const anchor = main.anchor;
    const zones = otherZone === undefined ? [main.timeZone] : [main.timeZone, otherZone];
    const earliest = anchor + spec.earliestShiftMinutes * MINUTE + spec.earliestMs;
    const locations = zones.map((timeZone, index) => ({ id: `loc${index}`, timeZone }));
    const providers: AvailabilityProvider[] = spec.providers.map((provider, index) => ({
      id: `p${index}`,
      name: `Provider ${index}`,
      gender: index % 2 === 0 ? 'F' : 'M',
      ...provider,
    }));
    const dateAt = (days: number): string => new Date(anchor + days * DAY).toISOString().slice(0, 10);
    const workingHours: WorkingHoursRow[] = spec.rows.map((row) => ({
      providerId: `p${row.provider % providers.length}`,
      locationId: `loc${row.location % locations.length}`,
      weekday:
        'weekday' in row.weekday
          ? row.weekday.weekday
          : (new Date(anchor).getUTCDay() + row.weekday.afterAnchor) % 7,
      startLocal: hhmm(row.start),
      endLocal: hhmm(Math.max(0, Math.min(1440, row.start + row.length))),
      effectiveFrom: row.effectiveFrom === undefined ? undefined : dateAt(row.effectiveFrom),
      effectiveTo: row.effectiveTo === undefined ? undefined : dateAt(row.effectiveTo),
    }));
    const periods = spec.busy.map((period) => {
      const startMs = anchor + period.startMinute * MINUTE + period.startSeconds;
      const value: BusyPeriod = {
        providerId: `p${period.provider % providers.length}`,
        startUtc: new Date(startMs),
        endUtc: new Date(startMs + period.lengthMinutes * MINUTE),
      };
      return { kind: period.kind, value };
    });
    return {
      now: new Date(earliest + spec.nowShiftMinutes * MINUTE),
      window: {
        earliest: new Date(earliest),
        latestExclusive: new Date(earliest + spec.spanMinutes * MINUTE),
      },
      service: { id: 'service', durationMinutes: spec.durationMinutes },
      locations,
      providers,
      workingHours,
      timeOff: periods.filter((period) => period.kind === 'timeOff').map((period) => period.value),
      appointments: periods.filter((period) => period.kind === 'appointment').map((period) => period.value),
      slotStepMinutes: spec.step,
      closures: spec.closures.map((closure): LocationClosure => ({
        locationId: `loc${closure.location % locations.length}`,
        dateLocal: dateAt(closure.day),
      })),
      options: { includeOfflineProviders: spec.includeOffline },
    };
  });

describe('computeAvailability (property-based)', () => {
  it('equals a slow reference implementation, DST days included', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        expect(engineAvailability(input)).toEqual(referenceAvailability(input));
      }),
      { seed: 1_9001, numRuns: 300 },
    );
  });

  it('never returns a slot that overlaps busy time or leaves the working hours or the window', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        const earliest = Math.max(input.window.earliest.getTime(), input.now.getTime());
        const latest = input.window.latestExclusive.getTime();
        for (const entry of computeAvailability(input).providers) {
          const busy = busyOf(input, entry.providerId);
          let previous = Number.NEGATIVE_INFINITY;
          for (const availability of entry.locations) {
            const intervals = referenceIntervals(
              input,
              entry.providerId,
              availability.locationId,
              availability.location.timeZone,
            );
            previous = Number.NEGATIVE_INFINITY;
            for (const slot of availability.slots) {
              expect(slot.startUtcMs).toBeGreaterThan(previous);
              previous = slot.startUtcMs;
              expect(slot.startUtcMs).toBeGreaterThanOrEqual(earliest);
              expect(slot.endUtcMs).toBeLessThanOrEqual(latest);
              expect(
                busy.some((period) => period.startMs < slot.endUtcMs && period.endMs > slot.startUtcMs),
              ).toBe(false);
              const inside = intervals.some(
                (interval) =>
                  interval.dateLocal === slot.dateLocal &&
                  interval.startUtcMs <= slot.startUtcMs &&
                  slot.endUtcMs <= interval.endUtcMs,
              );
              expect(inside).toBe(true);
            }
            expect(availability.noCapacity).toBe(availability.slots.length === 0);
          }
          const firsts = entry.locations.flatMap((availability) =>
            availability.slots.slice(0, 1).map((slot) => slot.startUtcMs),
          );
          expect(entry.nextAvailable?.startUtcMs ?? null).toBe(
            firsts.length > 0 ? Math.min(...firsts) : null,
          );
        }
      }),
      { seed: 2_9002, numRuns: 200 },
    );
  });

  it('gives identical results across repeated calls and whatever the order of the rows', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        const first = computeAvailability(input);
        expect(computeAvailability(input)).toEqual(first);
        const reordered: AvailabilityInput = {
          ...input,
          workingHours: [...input.workingHours].reverse(),
          timeOff: [...input.timeOff].reverse(),
          appointments: [...input.appointments].reverse(),
        };
        expect(computeAvailability(reordered)).toEqual(first);
      }),
      { seed: 3_9003, numRuns: 100 },
    );
  });

  it('agrees with isSlotBookable on offered starts and on starts around them', () => {
    fc.assert(
      fc.property(inputArbitrary, fc.integer({ min: -3, max: 3 }), (input, shiftUnits) => {
        for (const entry of computeAvailability(input).providers) {
          for (const availability of entry.locations) {
            const offered = new Set(availability.slots.map((slot) => slot.startUtcMs));
            for (const slot of availability.slots) {
              expect(
                isSlotBookable(input, entry.providerId, availability.locationId, new Date(slot.startUtcMs)),
              ).toBe(true);
              const nearby = slot.startUtcMs + shiftUnits * 5 * MINUTE;
              expect(isSlotBookable(input, entry.providerId, availability.locationId, nearby)).toBe(
                offered.has(nearby),
              );
            }
          }
        }
      }),
      { seed: 4_9004, numRuns: 100 },
    );
  });

  it('computeFreeDays: same slots, dates, next available, first slot from and slots of any days as the reference', () => {
    fc.assert(
      fc.property(inputArbitrary, fc.integer({ min: -1, max: 4 }), (input, spanDays) => {
        const reference = referenceAvailability(input);
        const result = computeFreeDays(input);
        const earliest = Math.max(input.window.earliest.getTime(), input.now.getTime());
        const firstDay = Math.floor(earliest / DAY) - 2;
        const lastDay = Math.floor(input.window.latestExclusive.getTime() / DAY) + 2;
        const dateOf = (dayNumber: number): string => new Date(dayNumber * DAY).toISOString().slice(0, 10);

        const seen = new Set<string>();
        const locationHasSlots = new Map<string, boolean>();
        for (const entry of result.providers) {
          let expectedNext: (Slot & { locationId: string }) | null = null;
          for (const days of entry.locations) {
            const key = `${entry.providerId}|${days.locationId}`;
            seen.add(key);
            const slots = reference.get(key);
            expect(slots, key).toBeDefined();
            if (slots === undefined) continue;
            expect(days.allSlots()).toEqual(slots);
            expect(days.slotCount).toBe(slots.length);
            expect(days.dates).toEqual([...new Set(slots.map((slot) => slot.dateLocal))]);
            expect(days.nextAvailable).toEqual(slots[0] ?? null);
            expect(days.noCapacity).toBe(slots.length === 0);
            if (slots.length > 0) locationHasSlots.set(days.locationId, true);
            const first = slots[0];
            if (first !== undefined && (expectedNext === null || first.startUtcMs < expectedNext.startUtcMs))
              expectedNext = { ...first, locationId: days.locationId };

            for (let dayNumber = firstDay; dayNumber <= lastDay; dayNumber++) {
              const date = dateOf(dayNumber);
              const until = dateOf(dayNumber + spanDays);
              expect(days.firstSlotFrom(date)).toEqual(slots.find((slot) => slot.dateLocal >= date) ?? null);
              expect(days.slotsOn(date)).toEqual(slots.filter((slot) => slot.dateLocal === date));
              expect(days.slotsOn(date, until)).toEqual(
                slots.filter((slot) => slot.dateLocal >= date && slot.dateLocal < until),
              );
            }
          }
          expect(entry.nextAvailable).toEqual(expectedNext);
          expect(entry.noCapacity).toBe(expectedNext === null);
        }
        expect([...seen].sort()).toEqual([...reference.keys()].sort());
        expect(result.locations).toEqual(
          input.locations.map((location) => ({
            locationId: location.id,
            noCapacity: locationHasSlots.get(location.id) !== true,
          })),
        );
      }),
      { seed: 22_2027, numRuns: 250 },
    );
  });
});
