import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeBookingWindow,
  computeEarliestBookable,
  computeLatestBookableDate,
  isBookingWindowEmpty,
  isWithinBookingWindow,
} from './booking-window.ts';
import type { BookingWindowSettings } from './booking-window.ts';
import { addCalendarDays, isWeekend, toDayNumber } from './local-date.ts';
import { DEFAULT_SETTINGS } from './settings.ts';
import type { DaysType, StartDaysType } from './settings.ts';
import { localDateOf, localMinutesOf, startOfLocalDay } from './time-zone.ts';

const NY = 'America/New_York';
const LA = 'America/Los_Angeles';
const AUCKLAND = 'Pacific/Auckland';
const HOUR = 3_600_000;
const at = (isoInstant: string): Date => new Date(isoInstant);
const iso = (date: Date): string => date.toISOString();

describe('latest bookable date', () => {
  it('is ten business days after today by default, skipping two weekends', () => {
    // Monday 3 March 2025, 15:00 in New York.
    const now = at('2025-03-03T20:00:00Z');
    expect(computeLatestBookableDate({ now, timeZone: NY, howFarOut: 10, daysType: 'BusinessDays' })).toBe(
      '2025-03-17',
    );
  });

  it('counts weekends when the days type is calendar days', () => {
    const now = at('2025-03-03T20:00:00Z');
    expect(computeLatestBookableDate({ now, timeZone: NY, howFarOut: 10, daysType: 'CalendarDays' })).toBe(
      '2025-03-13',
    );
  });

  it('moves from Friday to Monday for one business day', () => {
    const friday = at('2025-03-07T15:00:00Z');
    expect(
      computeLatestBookableDate({ now: friday, timeZone: NY, howFarOut: 1, daysType: 'BusinessDays' }),
    ).toBe('2025-03-10');
  });

  it('moves from Saturday to Monday for one business day', () => {
    const saturday = at('2025-03-08T15:00:00Z');
    expect(
      computeLatestBookableDate({ now: saturday, timeZone: NY, howFarOut: 1, daysType: 'BusinessDays' }),
    ).toBe('2025-03-10');
  });

  it("counts from today's date in the location's zone, not UTC", () => {
    // 03:00 UTC on Friday is still Thursday evening in New York.
    const now = at('2025-03-07T03:00:00Z');
    expect(computeLatestBookableDate({ now, timeZone: NY, howFarOut: 1, daysType: 'BusinessDays' })).toBe(
      '2025-03-07',
    );
    expect(computeLatestBookableDate({ now, timeZone: 'UTC', howFarOut: 1, daysType: 'BusinessDays' })).toBe(
      '2025-03-10',
    );
  });

  it('is today when how far out is zero, whatever the day of the week', () => {
    const saturday = at('2025-03-08T15:00:00Z');
    expect(
      computeLatestBookableDate({ now: saturday, timeZone: NY, howFarOut: 0, daysType: 'BusinessDays' }),
    ).toBe('2025-03-08');
  });

  it('refuses a negative or fractional count and an unknown zone', () => {
    const now = at('2025-03-03T20:00:00Z');
    expect(() =>
      computeLatestBookableDate({ now, timeZone: NY, howFarOut: -1, daysType: 'BusinessDays' }),
    ).toThrow(RangeError);
    expect(() =>
      computeLatestBookableDate({ now, timeZone: NY, howFarOut: 1.5, daysType: 'CalendarDays' }),
    ).toThrow(RangeError);
    expect(() =>
      computeLatestBookableDate({ now, timeZone: 'Nowhere/Town', howFarOut: 1, daysType: 'CalendarDays' }),
    ).toThrow(RangeError);
  });
});

describe('earliest bookable instant', () => {
  it('is local midnight two business days ahead by default', () => {
    // Monday 15:00 → Wednesday 00:00 in New York.
    const now = at('2025-03-03T20:00:00Z');
    expect(
      iso(computeEarliestBookable({ now, timeZone: NY, howSoon: 2, startDaysType: 'BusinessDays' })),
    ).toBe('2025-03-05T05:00:00.000Z');
  });

  it('skips the weekend from a Friday, landing after the spring-forward change', () => {
    // Friday 7 March 10:00 EST → Tuesday 11 March 00:00 EDT.
    const now = at('2025-03-07T15:00:00Z');
    expect(
      iso(computeEarliestBookable({ now, timeZone: NY, howSoon: 2, startDaysType: 'BusinessDays' })),
    ).toBe('2025-03-11T04:00:00.000Z');
  });

  it('lands on the spring-forward Sunday at its (standard-time) midnight with calendar days', () => {
    const now = at('2025-03-07T17:00:00Z');
    expect(
      iso(computeEarliestBookable({ now, timeZone: NY, howSoon: 2, startDaysType: 'CalendarDays' })),
    ).toBe('2025-03-09T05:00:00.000Z');
  });

  it('lands on the fall-back Sunday at its (daylight-time) midnight with calendar days', () => {
    const now = at('2025-10-31T16:00:00Z');
    expect(
      iso(computeEarliestBookable({ now, timeZone: NY, howSoon: 2, startDaysType: 'CalendarDays' })),
    ).toBe('2025-11-02T04:00:00.000Z');
  });

  it('adds elapsed hours for the hours type, so two hours across spring-forward read three on the clock', () => {
    // 01:30 EST on 9 March + 2 h = 04:30 EDT.
    const now = at('2025-03-09T06:30:00Z');
    const earliest = computeEarliestBookable({ now, timeZone: NY, howSoon: 2, startDaysType: 'Hours' });
    expect(iso(earliest)).toBe('2025-03-09T08:30:00.000Z');
    expect(localMinutesOf(earliest, NY)).toBe(4 * 60 + 30);
  });

  it('does not move to midnight for the hours type', () => {
    const now = at('2025-03-03T20:17:00Z');
    expect(iso(computeEarliestBookable({ now, timeZone: NY, howSoon: 5, startDaysType: 'Hours' }))).toBe(
      '2025-03-04T01:17:00.000Z',
    );
  });

  it('is now itself when how soon is zero, for day types too', () => {
    const saturday = at('2025-03-08T15:42:00Z');
    for (const startDaysType of ['BusinessDays', 'CalendarDays', 'Hours'] as const) {
      expect(iso(computeEarliestBookable({ now: saturday, timeZone: NY, howSoon: 0, startDaysType }))).toBe(
        '2025-03-08T15:42:00.000Z',
      );
    }
  });

  it("uses the Pacific zone's today: late Sunday evening in Los Angeles is already Monday in UTC", () => {
    // Sunday 2 March 23:30 PST → +2 business days = Tuesday 4 March 00:00 PST.
    const now = at('2025-03-03T07:30:00Z');
    expect(
      iso(computeEarliestBookable({ now, timeZone: LA, howSoon: 2, startDaysType: 'BusinessDays' })),
    ).toBe('2025-03-04T08:00:00.000Z');
  });
});

describe('booking window', () => {
  it('runs by default from Wednesday midnight to the end of the tenth business day, in New York', () => {
    const window = computeBookingWindow(DEFAULT_SETTINGS, at('2025-03-03T20:00:00Z'), NY);
    expect(iso(window.earliest)).toBe('2025-03-05T05:00:00.000Z');
    expect(window.latestDate).toBe('2025-03-17');
    // Midnight after 17 March, in daylight time (EDT, UTC-4).
    expect(iso(window.latestExclusive)).toBe('2025-03-18T04:00:00.000Z');
  });

  it('lets a patient book on the last day and not a minute after it', () => {
    const window = computeBookingWindow(DEFAULT_SETTINGS, at('2025-03-03T20:00:00Z'), NY);
    expect(isWithinBookingWindow(window, at('2025-03-17T13:00:00Z'))).toBe(true); // 09:00 on the last day
    expect(isWithinBookingWindow(window, at('2025-03-18T03:55:00Z'))).toBe(true); // 23:55 on the last day
    expect(isWithinBookingWindow(window, at('2025-03-18T04:00:00Z'))).toBe(false); // next midnight
    expect(isWithinBookingWindow(window, window.earliest)).toBe(true);
    expect(isWithinBookingWindow(window, at('2025-03-05T04:59:00Z'))).toBe(false);
  });

  it('makes the spring-forward day 23 hours long and the fall-back day 25', () => {
    const settings = { howFarOut: 2, daysType: 'CalendarDays', howSoon: 0, startDaysType: 'Hours' } as const;
    const spring = computeBookingWindow(settings, at('2025-03-07T17:00:00Z'), NY);
    expect(spring.latestDate).toBe('2025-03-09');
    expect((spring.latestExclusive.getTime() - startOfLocalDay('2025-03-09', NY).getTime()) / HOUR).toBe(23);
    const autumn = computeBookingWindow(settings, at('2025-10-31T16:00:00Z'), NY);
    expect(autumn.latestDate).toBe('2025-11-02');
    expect((autumn.latestExclusive.getTime() - startOfLocalDay('2025-11-02', NY).getTime()) / HOUR).toBe(25);
  });

  it('follows a southern-hemisphere Pacific zone through the end of its summer time', () => {
    // Saturday 5 April 2025 01:00 NZDT; New Zealand leaves daylight time on Sunday 6 April.
    const settings = {
      howFarOut: 1,
      daysType: 'CalendarDays',
      howSoon: 1,
      startDaysType: 'CalendarDays',
    } as const;
    const window = computeBookingWindow(settings, at('2025-04-04T12:00:00Z'), AUCKLAND);
    expect(iso(window.earliest)).toBe('2025-04-05T11:00:00.000Z'); // Sunday 00:00 NZDT (+13)
    expect(window.latestDate).toBe('2025-04-06');
    expect(iso(window.latestExclusive)).toBe('2025-04-06T12:00:00.000Z'); // Monday 00:00 NZST (+12)
  });

  it('is empty, never inverted, when how soon reaches past how far out', () => {
    const settings = {
      howFarOut: 2,
      daysType: 'CalendarDays',
      howSoon: 5,
      startDaysType: 'CalendarDays',
    } as const;
    const window = computeBookingWindow(settings, at('2025-03-03T20:00:00Z'), NY);
    expect(window.earliest.getTime()).toBe(window.latestExclusive.getTime());
    expect(isBookingWindowEmpty(window)).toBe(true);
    expect(isBookingWindowEmpty(computeBookingWindow(DEFAULT_SETTINGS, at('2025-03-03T20:00:00Z'), NY))).toBe(
      false,
    );
  });

  describe('properties', () => {
    const zones = [
      NY,
      LA,
      AUCKLAND,
      'UTC',
      'Europe/London',
      'Asia/Kolkata',
      'Australia/Lord_Howe',
      'Pacific/Honolulu',
    ];
    const nowArb = fc
      .integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2060, 0, 1) })
      .map((ms) => new Date(ms));
    const settingsArb: fc.Arbitrary<BookingWindowSettings> = fc.record({
      howFarOut: fc.integer({ min: 0, max: 365 }),
      daysType: fc.constantFrom<DaysType>('BusinessDays', 'CalendarDays'),
      howSoon: fc.integer({ min: 0, max: 720 }),
      startDaysType: fc.constantFrom<StartDaysType>('BusinessDays', 'CalendarDays', 'Hours'),
    });
    const zoneArb = fc.constantFrom(...zones);

    it('never puts the earliest instant after the exclusive end', () => {
      fc.assert(
        fc.property(settingsArb, nowArb, zoneArb, (settings, now, zone) => {
          const window = computeBookingWindow(settings, now, zone);
          expect(window.earliest.getTime()).toBeLessThanOrEqual(window.latestExclusive.getTime());
        }),
        { numRuns: 300 },
      );
    });

    it('ends at the first instant of the day after the latest date', () => {
      fc.assert(
        fc.property(settingsArb, nowArb, zoneArb, (settings, now, zone) => {
          const window = computeBookingWindow(settings, now, zone);
          expect(localDateOf(window.latestExclusive, zone)).toBe(addCalendarDays(window.latestDate, 1));
          expect(localDateOf(window.latestExclusive.getTime() - 1, zone)).toBe(window.latestDate);
        }),
        { numRuns: 300 },
      );
    });

    it('never ends on a weekend when counting a non-zero number of business days', () => {
      fc.assert(
        fc.property(nowArb, zoneArb, fc.integer({ min: 1, max: 365 }), (now, zone, howFarOut) => {
          const latest = computeLatestBookableDate({
            now,
            timeZone: zone,
            howFarOut,
            daysType: 'BusinessDays',
          });
          expect(isWeekend(latest)).toBe(false);
        }),
        { numRuns: 300 },
      );
    });

    it('never starts on a weekend when counting a non-zero number of business days', () => {
      fc.assert(
        fc.property(nowArb, zoneArb, fc.integer({ min: 1, max: 365 }), (now, zone, howSoon) => {
          const earliest = computeEarliestBookable({
            now,
            timeZone: zone,
            howSoon,
            startDaysType: 'BusinessDays',
          });
          expect(isWeekend(localDateOf(earliest, zone))).toBe(false);
          expect(startOfLocalDay(localDateOf(earliest, zone), zone).getTime()).toBe(earliest.getTime());
        }),
        { numRuns: 300 },
      );
    });

    it('puts the latest date exactly how far out calendar days after today', () => {
      fc.assert(
        fc.property(nowArb, zoneArb, fc.integer({ min: 0, max: 365 }), (now, zone, howFarOut) => {
          const latest = computeLatestBookableDate({
            now,
            timeZone: zone,
            howFarOut,
            daysType: 'CalendarDays',
          });
          expect(toDayNumber(latest) - toDayNumber(localDateOf(now, zone))).toBe(howFarOut);
        }),
        { numRuns: 300 },
      );
    });

    it('adds exactly how soon hours of elapsed time for the hours type', () => {
      fc.assert(
        fc.property(nowArb, zoneArb, fc.integer({ min: 0, max: 720 }), (now, zone, howSoon) => {
          const earliest = computeEarliestBookable({ now, timeZone: zone, howSoon, startDaysType: 'Hours' });
          expect(earliest.getTime() - now.getTime()).toBe(howSoon * HOUR);
        }),
        { numRuns: 300 },
      );
    });

    it('never moves backwards when now moves forwards', () => {
      fc.assert(
        fc.property(
          settingsArb,
          nowArb,
          fc.integer({ min: 0, max: 40 * 24 * HOUR }),
          zoneArb,
          (settings, now, step, zone) => {
            const before = computeBookingWindow(settings, now, zone);
            const after = computeBookingWindow(settings, new Date(now.getTime() + step), zone);
            expect(after.earliest.getTime()).toBeGreaterThanOrEqual(before.earliest.getTime());
            expect(after.latestExclusive.getTime()).toBeGreaterThanOrEqual(before.latestExclusive.getTime());
            expect(after.latestDate >= before.latestDate).toBe(true);
          },
        ),
        { numRuns: 300 },
      );
    });
  });
});
