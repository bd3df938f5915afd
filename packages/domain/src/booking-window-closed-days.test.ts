import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addOpenBusinessDays,
  computeBookingWindow,
  computeEarliestBookable,
  computeLatestBookableDate,
} from './booking-window.ts';
import type { BookingWindowSettings } from './booking-window.ts';
import { addBusinessDays, addCalendarDays, isWeekend, toDayNumber } from './local-date.ts';
import { localDateOf, startOfLocalDay } from './time-zone.ts';

const NY = 'America/New_York';
const at = (isoInstant: string): Date => new Date(isoInstant);

// Monday 22 November 2027, 15:00 in New York; Thursday 25 is Thanksgiving.
const MONDAY = at('2027-11-22T20:00:00Z');

describe('booking window with closed days', () => {
  it('does not count a closed weekday as a business day for how far out', () => {
    const base = { now: MONDAY, timeZone: NY, howFarOut: 3, daysType: 'BusinessDays' as const };
    expect(computeLatestBookableDate(base)).toBe('2027-11-25');
    expect(computeLatestBookableDate({ ...base, closedDates: ['2027-11-25'] })).toBe('2027-11-26');
    expect(computeLatestBookableDate({ ...base, closedDates: new Set(['2027-11-25', '2027-11-26']) })).toBe(
      '2027-11-29',
    );
  });

  it('does not count a closed weekday as a business day for how soon', () => {
    const base = { now: MONDAY, timeZone: NY, howSoon: 2, startDaysType: 'BusinessDays' as const };
    expect(computeEarliestBookable(base).toISOString()).toBe(startOfLocalDay('2027-11-24', NY).toISOString());
    expect(computeEarliestBookable({ ...base, closedDates: ['2027-11-23'] }).toISOString()).toBe(
      startOfLocalDay('2027-11-25', NY).toISOString(),
    );
  });

  it('changes nothing for calendar days, for closures outside the count, or for a weekend closure', () => {
    const calendar: BookingWindowSettings = {
      howFarOut: 3,
      daysType: 'CalendarDays',
      howSoon: 1,
      startDaysType: 'CalendarDays',
    };
    expect(computeBookingWindow(calendar, MONDAY, NY, ['2027-11-23', '2027-11-24'])).toEqual(
      computeBookingWindow(calendar, MONDAY, NY),
    );
    const business: BookingWindowSettings = {
      ...calendar,
      daysType: 'BusinessDays',
      startDaysType: 'BusinessDays',
    };
    expect(computeBookingWindow(business, MONDAY, NY, ['2027-11-20', '2027-11-27', '2027-12-24'])).toEqual(
      computeBookingWindow(business, MONDAY, NY),
    );
  });

  it('moves both ends of the whole window over the closed days', () => {
    const settings: BookingWindowSettings = {
      howFarOut: 5,
      daysType: 'BusinessDays',
      howSoon: 1,
      startDaysType: 'BusinessDays',
    };
    const open = computeBookingWindow(settings, MONDAY, NY);
    expect(open.latestDate).toBe('2027-11-29');
    const closed = computeBookingWindow(settings, MONDAY, NY, ['2027-11-23', '2027-11-25', '2027-11-26']);
    expect(closed.earliest.toISOString()).toBe(startOfLocalDay('2027-11-24', NY).toISOString());
    expect(closed.latestDate).toBe('2027-12-02');
    expect(closed.latestExclusive.toISOString()).toBe(startOfLocalDay('2027-12-03', NY).toISOString());
  });

  it('counts in the location’s local dates', () => {
    // 03:00 UTC on Tuesday is still Monday evening in New York: Tuesday is the first business day.
    const now = at('2027-11-23T03:00:00Z');
    expect(localDateOf(now, NY)).toBe('2027-11-22');
    expect(
      computeLatestBookableDate({
        now,
        timeZone: NY,
        howFarOut: 1,
        daysType: 'BusinessDays',
        closedDates: ['2027-11-23'],
      }),
    ).toBe('2027-11-24');
  });

  it('steps over exactly the open weekdays (property)', () => {
    const start = toDayNumber('2027-01-01');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 30 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 120 }), { maxLength: 20 }),
        (offset, count, closedOffsets) => {
          const from = addCalendarDays('2027-01-01', offset);
          const closed = closedOffsets.map((d) => addCalendarDays(from, d));
          const result = addOpenBusinessDays(from, count, closed);
          const closedSet = new Set(closed);
          let open = 0;
          for (
            let day = addCalendarDays(from, 1);
            toDayNumber(day) <= toDayNumber(result);
            day = addCalendarDays(day, 1)
          )
            if (!isWeekend(day) && !closedSet.has(day)) open += 1;
          expect(open).toBe(count);
          if (count > 0) expect(isWeekend(result) || closedSet.has(result)).toBe(false);
          if (closed.length === 0) expect(result).toBe(addBusinessDays(from, count));
          expect(toDayNumber(result)).toBeGreaterThanOrEqual(start + offset);
        },
      ),
    );
  });
});
