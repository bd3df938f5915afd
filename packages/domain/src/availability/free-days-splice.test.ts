import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeFreeDays, narrowWindow, spliceLocationDays, touchedDays } from './free-days.ts';
import type { LocationDays } from './free-days.ts';
import type { BookingWindow } from '../booking-window.ts';
import { localDateOf, zoneDay } from '../time-zone.ts';
import type {
  AvailabilityInput,
  AvailabilityLocation,
  AvailabilityProvider,
  BusyPeriod,
  WorkingHoursRow,
} from './types.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const at = (iso: string): number => new Date(iso).getTime();

function dateOf(dayNumber: number): string {
  return new Date(dayNumber * DAY).toISOString().slice(0, 10);
}

function dayNumberOf(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / DAY;
}

/** A window as the server builds it: from an instant to the local midnight after its last date. */
function windowOf(timeZone: string, earliestMs: number, latestDate: string): BookingWindow {
  return {
    earliest: new Date(earliestMs),
    latestDate,
    latestExclusive: new Date(zoneDay(timeZone, dayNumberOf(latestDate) + 1).startUtcMs),
  };
}

describe('touchedDays', () => {
  it('covers the days of every start whose slot overlaps the change', () => {
    // New York, 9 June 2027 (EDT, UTC−4): 10:00–10:30 local touches that day only.
    expect(
      touchedDays('America/New_York', at('2027-06-09T14:00:00Z'), at('2027-06-09T14:30:00Z'), 30),
    ).toEqual({ fromDate: '2027-06-09', untilDate: '2027-06-10' });
  });

  it('reaches back a day when a slot of the evening before runs into the change', () => {
    // Starting at local midnight: a 30-minute slot starting 23:45 the day before overlaps it.
    expect(
      touchedDays('America/New_York', at('2027-06-08T04:00:00Z'), at('2027-06-08T05:00:00Z'), 30),
    ).toEqual({ fromDate: '2027-06-07', untilDate: '2027-06-09' });
    // Starting half an hour after midnight: the latest start it can touch is 00:00:00.001 that day.
    expect(
      touchedDays('America/New_York', at('2027-06-08T04:30:00Z'), at('2027-06-08T05:00:00Z'), 30),
    ).toEqual({ fromDate: '2027-06-08', untilDate: '2027-06-09' });
  });

  it('stops before the day that starts where the change ends', () => {
    // Ending at local midnight: a slot starting at midnight does not overlap it.
    expect(
      touchedDays('America/New_York', at('2027-06-08T20:00:00Z'), at('2027-06-09T04:00:00Z'), 15),
    ).toEqual({ fromDate: '2027-06-08', untilDate: '2027-06-09' });
    expect(
      touchedDays('America/New_York', at('2027-06-08T20:00:00Z'), at('2027-06-09T04:00:01Z'), 15),
    ).toEqual({ fromDate: '2027-06-08', untilDate: '2027-06-10' });
  });

  it('follows the offsets of DST days and of zones off the hour', () => {
    // New York, spring forward on 14 March 2027 (02:00 EST → 03:00 EDT at 07:00Z).
    expect(
      touchedDays('America/New_York', at('2027-03-14T06:30:00Z'), at('2027-03-14T07:30:00Z'), 30),
    ).toEqual({ fromDate: '2027-03-14', untilDate: '2027-03-15' });
    // Midnight of 15 March is 04:00Z (EDT), no longer 05:00Z.
    expect(
      touchedDays('America/New_York', at('2027-03-15T04:15:00Z'), at('2027-03-15T05:00:00Z'), 15),
    ).toEqual({ fromDate: '2027-03-15', untilDate: '2027-03-16' });
    // London falls back on 31 October 2027: that day runs 25 hours, to 00:00Z on 1 November.
    expect(touchedDays('Europe/London', at('2027-10-31T23:30:00Z'), at('2027-11-01T00:30:00Z'), 30)).toEqual({
      fromDate: '2027-10-31',
      untilDate: '2027-11-02',
    });
    // Lord Howe (UTC+11 in summer): 4 April 2027 starts at 13:00Z on the 3rd.
    expect(
      touchedDays('Australia/Lord_Howe', at('2027-04-03T13:00:00Z'), at('2027-04-03T13:30:00Z'), 60),
    ).toEqual({ fromDate: '2027-04-03', untilDate: '2027-04-05' });
    // Kathmandu (UTC+5:45): 8 June 2027 starts at 18:15Z on the 7th.
    expect(touchedDays('Asia/Kathmandu', at('2027-06-07T18:30:00Z'), at('2027-06-07T18:45:00Z'), 15)).toEqual(
      { fromDate: '2027-06-08', untilDate: '2027-06-09' },
    );
    expect(touchedDays('Asia/Kathmandu', at('2027-06-07T18:29:00Z'), at('2027-06-07T18:45:00Z'), 15)).toEqual(
      { fromDate: '2027-06-07', untilDate: '2027-06-09' },
    );
  });

  it('touches no day for an empty change and rejects a bad duration', () => {
    const { fromDate, untilDate } = touchedDays(
      'Europe/London',
      at('2027-06-08T10:00:00Z'),
      at('2027-06-08T10:00:00Z'),
      30,
    );
    expect(fromDate).toBe(untilDate);
    expect(() => touchedDays('Europe/London', 0, HOUR, 0)).toThrow(RangeError);
    expect(() => touchedDays('Europe/London', 0, HOUR, 7.5)).toThrow(RangeError);
  });
});

describe('narrowWindow', () => {
  const newYork = windowOf('America/New_York', at('2027-03-10T15:00:00Z'), '2027-03-19');

  it('cuts the window at the local day starts, 23-hour days included', () => {
    expect(newYork.latestExclusive.toISOString()).toBe('2027-03-20T04:00:00.000Z');
    expect(narrowWindow(newYork, 'America/New_York', '2027-03-14', '2027-03-15')).toEqual({
      earliest: new Date('2027-03-14T05:00:00Z'),
      latestDate: '2027-03-14',
      latestExclusive: new Date('2027-03-15T04:00:00Z'),
    });
  });

  it('keeps the window’s own ends where the days reach past them', () => {
    expect(narrowWindow(newYork, 'America/New_York', '2027-03-09', '2027-03-11')).toEqual({
      earliest: new Date('2027-03-10T15:00:00Z'),
      latestDate: '2027-03-10',
      latestExclusive: new Date('2027-03-11T05:00:00Z'),
    });
    expect(narrowWindow(newYork, 'America/New_York', '2027-03-18', '2027-03-25')).toEqual({
      earliest: new Date('2027-03-18T04:00:00Z'),
      latestDate: '2027-03-19',
      latestExclusive: new Date('2027-03-20T04:00:00Z'),
    });
  });

  it('is undefined when nothing of the window is left', () => {
    expect(narrowWindow(newYork, 'America/New_York', '2027-03-20', '2027-03-21')).toBeUndefined();
    // Ends at the start of 10 March, before the window's earliest instant that day.
    expect(narrowWindow(newYork, 'America/New_York', '2027-03-05', '2027-03-10')).toBeUndefined();
    expect(narrowWindow(newYork, 'America/New_York', '2027-03-14', '2027-03-14')).toBeUndefined();
  });

  it('uses the day starts of 24.5-hour days and of zones that skip midnight', () => {
    const lordHowe = windowOf('Australia/Lord_Howe', at('2027-04-01T00:00:00Z'), '2027-04-10');
    expect(narrowWindow(lordHowe, 'Australia/Lord_Howe', '2027-04-04', '2027-04-05')).toEqual({
      earliest: new Date('2027-04-03T13:00:00Z'),
      latestDate: '2027-04-04',
      latestExclusive: new Date('2027-04-04T13:30:00Z'),
    });
    // Santiago moves its clocks from 00:00 to 01:00 on 5 September 2027: the day starts at 01:00.
    const santiago = windowOf('America/Santiago', at('2027-09-01T00:00:00Z'), '2027-09-10');
    expect(narrowWindow(santiago, 'America/Santiago', '2027-09-04', '2027-09-06')).toEqual({
      earliest: new Date('2027-09-04T04:00:00Z'),
      latestDate: '2027-09-05',
      latestExclusive: new Date('2027-09-06T03:00:00Z'),
    });
  });
});

// ---------------------------------------------------------------------------------------
// Splicing: the days a change touches, recomputed alone, spliced into the days kept.
// ---------------------------------------------------------------------------------------

const drSmith: AvailabilityProvider = { id: 'smith', name: 'Dr Smith', onlineBookable: true };
const nyc: AvailabilityLocation = { id: 'nyc', timeZone: 'America/New_York' };
const WEEK = windowOf('America/New_York', at('2027-06-07T04:00:00Z'), '2027-06-13');

function smithInput(overrides: Partial<AvailabilityInput> = {}): AvailabilityInput {
  return {
    now: new Date('2027-01-01T00:00:00Z'),
    window: WEEK,
    service: { id: 'checkup', durationMinutes: 30 },
    locations: [nyc],
    providers: [drSmith],
    workingHours: [1, 2, 3, 4, 5].map((weekday): WorkingHoursRow => ({
      providerId: 'smith',
      locationId: 'nyc',
      weekday,
      startLocal: '09:00',
      endLocal: '11:00',
    })),
    timeOff: [],
    appointments: [],
    ...overrides,
  };
}

function daysAt(input: AvailabilityInput, providerId = 'smith', locationId = 'nyc'): LocationDays {
  const days = computeFreeDays(input)
    .providers.find((entry) => entry.providerId === providerId)
    ?.locations.find((location) => location.locationId === locationId);
  if (days === undefined) throw new Error(`no free days for ${providerId} at ${locationId}`);
  return days;
}

/** Everything a LocationDays tells, slot objects included, for the days around `window`. */
function observe(days: LocationDays, window: { earliest: Date; latestExclusive: Date }, timeZone: string) {
  const first = dayNumberOf(localDateOf(window.earliest, timeZone)) - 1;
  const last = dayNumberOf(localDateOf(window.latestExclusive, timeZone)) + 1;
  const perDay: unknown[] = [];
  for (let dayNumber = first; dayNumber <= last; dayNumber++) {
    const date = dateOf(dayNumber);
    perDay.push([date, days.slotsOn(date), days.firstSlotFrom(date)]);
  }
  return {
    locationId: days.locationId,
    dates: [...days.dates],
    slotCount: days.slotCount,
    nextAvailable: days.nextAvailable,
    noCapacity: days.noCapacity,
    allSlots: days.allSlots(),
    slotsOnWindow: days.slotsOn(dateOf(first), dateOf(last + 1)),
    perDay,
  };
}

/** The server's value for a location without free days (search-location.ts `noFreeDays`). */
function placeholder(location: AvailabilityLocation): LocationDays {
  return {
    location,
    locationId: location.id,
    dates: [],
    nextAvailable: null,
    noCapacity: true,
    slotCount: 0,
    firstSlotFrom: () => null,
    slotsOn: () => [],
    allSlots: () => [],
  };
}

describe('spliceLocationDays', () => {
  const booking: BusyPeriod = {
    providerId: 'smith',
    startUtc: new Date('2027-06-09T13:00:00Z'),
    endUtc: new Date('2027-06-09T15:00:00Z'),
  };

  it('takes the touched days from the fresh days and the others from the kept ones', () => {
    const kept = daysAt(smithInput());
    const after = smithInput({ appointments: [booking] });
    const touched = touchedDays('America/New_York', booking.startUtc.getTime(), booking.endUtc.getTime(), 30);
    expect(touched).toEqual({ fromDate: '2027-06-09', untilDate: '2027-06-10' });
    const narrowed = narrowWindow(WEEK, 'America/New_York', touched.fromDate, touched.untilDate);
    expect(narrowed).toBeDefined();
    if (narrowed === undefined) return;
    const fresh = daysAt({ ...after, window: narrowed });
    expect(fresh.dates).toEqual([]);
    const spliced = spliceLocationDays(kept, fresh, touched.fromDate, touched.untilDate);
    expect(spliced).toBeDefined();
    if (spliced === undefined) return;
    expect(spliced.dates).toEqual(['2027-06-07', '2027-06-08', '2027-06-10', '2027-06-11']);
    expect(spliced.slotCount).toBe(kept.slotCount - 7);
    expect(observe(spliced, WEEK, 'America/New_York')).toEqual(
      observe(daysAt(after), WEEK, 'America/New_York'),
    );
    // The kept value is left as it was.
    expect(kept.dates).toContain('2027-06-09');
  });

  it('ignores fresh days outside the range and keeps the kept ones there', () => {
    const kept = daysAt(smithInput());
    const fresh = daysAt(smithInput({ appointments: [booking] }));
    const spliced = spliceLocationDays(kept, fresh, '2027-06-10', '2027-06-12');
    expect(spliced === undefined ? undefined : observe(spliced, WEEK, 'America/New_York')).toEqual(
      observe(kept, WEEK, 'America/New_York'),
    );
    expect(spliceLocationDays(kept, fresh, '2027-06-09', '2027-06-09')).toBe(kept);
  });

  it('combines days computed on different time units', () => {
    // A 7-minute provider in the full run puts every provider on 1-minute units.
    const seven: AvailabilityProvider = {
      id: 'seven',
      name: 'Seven',
      onlineBookable: true,
      durationMinutes: 7,
    };
    const full = smithInput({ providers: [drSmith, seven] });
    const kept = daysAt(full);
    const after: AvailabilityInput = { ...full, appointments: [booking] };
    const narrowed = narrowWindow(WEEK, 'America/New_York', '2027-06-09', '2027-06-10');
    if (narrowed === undefined) throw new Error('empty window');
    const fresh = daysAt({
      ...smithInput({ appointments: [{ ...booking, endUtc: new Date('2027-06-09T14:00:00Z') }] }),
      window: narrowed,
    });
    expect(fresh.slotCount).toBe(3);
    const spliced = spliceLocationDays(kept, fresh, '2027-06-09', '2027-06-10');
    expect(spliced === undefined ? undefined : observe(spliced, WEEK, 'America/New_York')).toEqual(
      observe(
        daysAt({ ...after, appointments: [{ ...booking, endUtc: new Date('2027-06-09T14:00:00Z') }] }),
        WEEK,
        'America/New_York',
      ),
    );
  });

  it('accepts values without days built elsewhere', () => {
    const kept = daysAt(smithInput());
    const fresh = daysAt({
      ...smithInput({ appointments: [booking] }),
      window: narrowWindow(WEEK, 'America/New_York', '2027-06-08', '2027-06-10') ?? WEEK,
    });
    const fromEmpty = spliceLocationDays(placeholder(nyc), fresh, '2027-06-08', '2027-06-10');
    expect(fromEmpty?.dates).toEqual(['2027-06-08']);
    expect(fromEmpty?.slotCount).toBe(7);
    expect(fromEmpty?.nextAvailable?.timeLocal).toBe('09:00');

    const intoEmpty = spliceLocationDays(kept, placeholder(nyc), '2027-06-08', '2027-06-10');
    expect(intoEmpty?.dates).toEqual(['2027-06-07', '2027-06-10', '2027-06-11']);
    expect(intoEmpty?.slotCount).toBe(21);
    expect(intoEmpty?.slotsOn('2027-06-08', '2027-06-10')).toEqual([]);
    expect(intoEmpty?.allSlots()).toEqual(
      kept.allSlots().filter((slot) => slot.dateLocal < '2027-06-08' || slot.dateLocal >= '2027-06-10'),
    );

    const empty = spliceLocationDays(placeholder(nyc), placeholder(nyc), '2027-06-08', '2027-06-10');
    expect(empty?.noCapacity).toBe(true);
    expect(empty?.nextAvailable).toBeNull();

    // Everything removed: no days left.
    const none = spliceLocationDays(kept, placeholder(nyc), '2027-06-01', '2027-06-30');
    expect(none?.dates).toEqual([]);
    expect(none?.slotCount).toBe(0);
    expect(none?.noCapacity).toBe(true);
    expect(none?.nextAvailable).toBeNull();
    expect(none?.firstSlotFrom('2027-06-01')).toBeNull();
  });

  it('is undefined when the two cannot be combined', () => {
    const kept = daysAt(smithInput());
    const other: AvailabilityLocation = { id: 'other', timeZone: 'America/New_York' };
    const elsewhere = daysAt(
      smithInput({
        locations: [other],
        workingHours: smithInput().workingHours.map((row) => ({ ...row, locationId: 'other' })),
      }),
      'smith',
      'other',
    );
    expect(spliceLocationDays(kept, elsewhere, '2027-06-09', '2027-06-10')).toBeUndefined();
    expect(
      spliceLocationDays(
        kept,
        { ...placeholder(nyc), location: { id: 'nyc', timeZone: 'UTC' } },
        '2027-06-09',
        '2027-06-10',
      ),
    ).toBeUndefined();
    const longer = daysAt(smithInput({ service: { id: 'long', durationMinutes: 45 } }));
    expect(spliceLocationDays(kept, longer, '2027-06-09', '2027-06-10')).toBeUndefined();
    const slotsElsewhere: LocationDays = { ...placeholder(nyc), slotCount: 1, dates: ['2027-06-09'] };
    expect(spliceLocationDays(kept, slotsElsewhere, '2027-06-09', '2027-06-10')).toBeUndefined();
    expect(spliceLocationDays(slotsElsewhere, kept, '2027-06-09', '2027-06-10')).toBeUndefined();
    expect(() => spliceLocationDays(kept, kept, '2027-6-9', '2027-06-10')).toThrow(RangeError);
  });
});

// ---------------------------------------------------------------------------------------
// Property: for random schedules around DST changes, a booking added, cancelled or moved,
// splicing the recomputed touched days equals recomputing the whole window.
// ---------------------------------------------------------------------------------------

const ZONES = [
  'America/New_York',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Europe/London',
  'America/Santiago',
] as const;

/** Per zone, the local days of its 2027 offset changes, plus an ordinary day. */
const ANCHOR_DAYS = new Map<string, number[]>(
  ZONES.map((timeZone) => {
    const days = [dayNumberOf('2027-06-16')];
    for (let dayNumber = dayNumberOf('2027-01-01'); dayNumber < dayNumberOf('2028-01-01'); dayNumber++)
      if (zoneDay(timeZone, dayNumber).lengthMinutes !== 1440) days.push(dayNumber);
    return [timeZone, days];
  }),
);

function hhmm(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

const minuteOfDay = fc.oneof(
  fc.integer({ min: 0, max: 95 }).map((quarter) => quarter * 15),
  // The small hours, where clocks change.
  fc.integer({ min: 0, max: 18 }).map((unit) => unit * 10),
  fc.integer({ min: 0, max: 1439 }),
);

const periodArbitrary = fc.record({
  provider: fc.nat(2),
  startMinute: fc.oneof(
    fc.integer({ min: -2 * 1440, max: 5 * 1440 }),
    // Office hours of the window's days (minutes after the first local midnight), where it counts.
    fc
      .tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 360, max: 1140 }))
      .map(([day, minute]) => day * 1440 + minute),
    // Around a midnight: changes across a day boundary.
    fc
      .tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: -90, max: 90 }))
      .map(([day, minute]) => day * 1440 + minute),
  ),
  startSeconds: fc.oneof(
    { weight: 4, arbitrary: fc.constant(0) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 59_999 }) },
  ),
  lengthMinutes: fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: 5, max: 120 }) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 2000 }) },
  ),
});

const changeArbitrary = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), period: periodArbitrary }),
  fc.record({ kind: fc.constant('remove' as const), index: fc.nat(40) }),
  fc.record({
    kind: fc.constant('move' as const),
    index: fc.nat(40),
    shiftMinutes: fc.integer({ min: -3000, max: 3000 }),
  }),
);

/** What a removal or a move adds instead when there is nothing to remove: a one-hour booking on the anchor day. */
const DEFAULT_PERIOD = { provider: 0, startMinute: 1440 + 600, startSeconds: 0, lengthMinutes: 60 };

interface Scenario {
  before: AvailabilityInput;
  after: AvailabilityInput;
  providerId: string;
  /** The periods that appear or disappear. */
  changed: BusyPeriod[];
  window: BookingWindow;
}

const scenarioArbitrary: fc.Arbitrary<Scenario> = fc
  .record({
    timeZone: fc.constantFrom(...ZONES),
    anchorPick: fc.nat(20),
    otherZone: fc.option(fc.constantFrom(...ZONES), { nil: undefined }),
    durations: fc.array(fc.option(fc.constantFrom(10, 20, 45, 7), { freq: 3, nil: undefined }), {
      minLength: 1,
      maxLength: 3,
    }),
    rows: fc.array(
      fc.record({
        provider: fc.nat(2),
        location: fc.nat(1),
        weekday: fc.integer({ min: 0, max: 6 }),
        start: minuteOfDay,
        length: fc.integer({ min: 30, max: 900 }),
        everyDay: fc.boolean(),
      }),
      { minLength: 2, maxLength: 16 },
    ),
    busy: fc.array(periodArbitrary, { maxLength: 14 }),
    change: changeArbitrary,
    durationMinutes: fc.constantFrom(15, 20, 30, 45, 60, 7),
    step: fc.option(fc.constantFrom(5, 10, 15, 30, 7), { nil: undefined }),
    earliestShiftMinutes: fc.integer({ min: -1440, max: 1440 }),
    lastDayAfter: fc.integer({ min: 0, max: 6 }),
    openEnd: fc.option(fc.integer({ min: 1, max: 1439 }), { freq: 4, nil: undefined }),
    nowShiftMinutes: fc.oneof(
      { weight: 3, arbitrary: fc.constant(-100_000) },
      { weight: 1, arbitrary: fc.integer({ min: 0, max: 3000 }) },
    ),
    closure: fc.option(fc.integer({ min: -2, max: 6 }), { freq: 3, nil: undefined }),
  })
  .map((spec): Scenario => {
    const anchors = ANCHOR_DAYS.get(spec.timeZone) ?? [];
    const anchorDay = anchors[spec.anchorPick % anchors.length] ?? dayNumberOf('2027-06-16');
    // The day before the anchor, so the window opens on an ordinary day and crosses the change.
    const anchor = zoneDay(spec.timeZone, anchorDay - 1).startUtcMs;
    const zones = spec.otherZone === undefined ? [spec.timeZone] : [spec.timeZone, spec.otherZone];
    const locations = zones.map((timeZone, index): AvailabilityLocation => ({ id: `loc${index}`, timeZone }));
    const providers = spec.durations.map((durationMinutes, index): AvailabilityProvider => ({
      id: `p${index}`,
      name: `Provider ${index}`,
      onlineBookable: true,
      ...(durationMinutes === undefined ? {} : { durationMinutes }),
    }));
    const workingHours = spec.rows.flatMap((row) =>
      (row.everyDay ? [0, 1, 2, 3, 4, 5, 6] : [row.weekday]).map((weekday): WorkingHoursRow => ({
        providerId: `p${row.provider % providers.length}`,
        locationId: `loc${row.location % locations.length}`,
        weekday,
        startLocal: hhmm(row.start),
        endLocal: hhmm(Math.min(1440, row.start + row.length)),
      })),
    );
    const periodOf = (period: (typeof spec.busy)[number]): BusyPeriod => {
      const startMs = anchor + period.startMinute * MINUTE + period.startSeconds;
      return {
        providerId: `p${period.provider % providers.length}`,
        startUtc: new Date(startMs),
        endUtc: new Date(startMs + period.lengthMinutes * MINUTE),
      };
    };
    const before = spec.busy.map(periodOf);
    let after = before;
    let changed: BusyPeriod[];
    let providerId: string;
    const { change } = spec;
    if (change.kind === 'add' || before.length === 0) {
      const added = periodOf(change.kind === 'add' ? change.period : DEFAULT_PERIOD);
      after = [...before, added];
      changed = [added];
      providerId = added.providerId;
    } else {
      const index = change.index % before.length;
      const removed = before[index] as BusyPeriod;
      after = before.filter((_, at) => at !== index);
      changed = [removed];
      providerId = removed.providerId;
      if (change.kind === 'move') {
        const shift = change.shiftMinutes * MINUTE;
        const moved: BusyPeriod = {
          providerId,
          startUtc: new Date(removed.startUtc.getTime() + shift),
          endUtc: new Date(removed.endUtc.getTime() + shift),
        };
        after = [...after, moved];
        changed.push(moved);
      }
    }
    const main = spec.timeZone;
    const earliestMs = anchor + spec.earliestShiftMinutes * MINUTE;
    const lastDate = dateOf(dayNumberOf(localDateOf(earliestMs, main)) + spec.lastDayAfter);
    let window = windowOf(main, earliestMs, lastDate);
    if (spec.openEnd !== undefined) {
      // A window that ends inside a day, as a caller may pass one.
      const latestMs = zoneDay(main, dayNumberOf(lastDate)).startUtcMs + spec.openEnd * MINUTE;
      window = { ...window, latestExclusive: new Date(Math.max(latestMs, earliestMs)) };
    }
    const base: Omit<AvailabilityInput, 'appointments'> = {
      now: new Date(earliestMs + spec.nowShiftMinutes * MINUTE),
      window,
      service: { id: 'service', durationMinutes: spec.durationMinutes },
      locations,
      providers,
      workingHours,
      timeOff: [],
      slotStepMinutes: spec.step,
      closures:
        spec.closure === undefined
          ? []
          : [{ locationId: 'loc0', dateLocal: dateOf(anchorDay - 1 + spec.closure) }],
    };
    return {
      before: { ...base, appointments: before },
      after: { ...base, appointments: after },
      providerId,
      changed,
      window,
    };
  });

/** The union of the days each changed period touches, as one range. */
function touchedRange(timeZone: string, changed: readonly BusyPeriod[], durationMinutes: number) {
  let fromDate = '';
  let untilDate = '';
  for (const period of changed) {
    const range = touchedDays(timeZone, period.startUtc.getTime(), period.endUtc.getTime(), durationMinutes);
    if (range.fromDate === range.untilDate) continue;
    if (fromDate === '' || range.fromDate < fromDate) fromDate = range.fromDate;
    if (untilDate === '' || range.untilDate > untilDate) untilDate = range.untilDate;
  }
  return fromDate === '' ? undefined : { fromDate, untilDate };
}

describe('spliceLocationDays (property-based)', () => {
  it('a change spliced into the kept days equals the whole window recomputed', () => {
    let spliceCount = 0;
    fc.assert(
      fc.property(scenarioArbitrary, ({ before, after, providerId, changed, window }) => {
        const kept = computeFreeDays(before).providers.find((entry) => entry.providerId === providerId);
        const full = computeFreeDays(after).providers.find((entry) => entry.providerId === providerId);
        expect(full?.locations.length).toBe(kept?.locations.length);
        const provider = after.providers.find((entry) => entry.id === providerId);
        const duration = provider?.durationMinutes ?? after.service.durationMinutes;
        for (const expected of full?.locations ?? []) {
          const { timeZone } = expected.location;
          const keptDays = kept?.locations.find((days) => days.locationId === expected.locationId);
          if (keptDays === undefined) throw new Error('location missing before the change');
          const range = touchedRange(timeZone, changed, duration);
          const narrowed = range && narrowWindow(window, timeZone, range.fromDate, range.untilDate);
          if (range === undefined || narrowed === undefined) {
            // Nothing of the window touched: the days kept are still right.
            expect(observe(keptDays, window, timeZone)).toEqual(observe(expected, window, timeZone));
            continue;
          }
          // That provider alone, over the touched days only, as the server would recompute.
          const fresh = computeFreeDays({
            ...after,
            window: narrowed,
            providers: provider === undefined ? [] : [provider],
            locations: [expected.location],
            workingHours: after.workingHours.filter((row) => row.providerId === providerId),
            appointments: after.appointments.filter((period) => period.providerId === providerId),
          }).providers[0]?.locations.find((days) => days.locationId === expected.locationId);
          if (fresh === undefined) throw new Error('no fresh days');
          const spliced = spliceLocationDays(keptDays, fresh, range.fromDate, range.untilDate);
          expect(spliced).toBeDefined();
          if (spliced === undefined) continue;
          spliceCount++;
          expect(observe(spliced, window, timeZone)).toEqual(observe(expected, window, timeZone));
        }
      }),
      { seed: 5_2027, numRuns: 400 },
    );
    // The property must have exercised the splice itself, not only the untouched case.
    expect(spliceCount).toBeGreaterThan(200);
  });
});
