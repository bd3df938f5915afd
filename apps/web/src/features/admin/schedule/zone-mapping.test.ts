import { describe, expect, it } from 'vitest';
import { calendarDateText, calendarDayOf, fromCalendarDate, toCalendarDate } from './zone-mapping';

/*
 * The calendar's dates are the browser's; these tests hold whatever zone the test runner is in
 * (CI runs in UTC; the e2e suite runs the admin in Asia/Tokyo): they read the calendar date's
 * browser-local fields, which is what react-big-calendar draws.
 */
const wall = (date: Date) => ({
  date: calendarDateText(date),
  hour: date.getHours(),
  minute: date.getMinutes(),
});

describe('schedule zone mapping', () => {
  it("shows an instant on the location's wall clock, whatever the browser's zone", () => {
    // 14:00 UTC on 27 November 2026 is 8:00 AM in Chicago and 11:00 PM in Tokyo.
    const instant = Date.UTC(2026, 10, 27, 14);
    expect(wall(toCalendarDate(instant, 'America/Chicago'))).toEqual({
      date: '2026-11-27',
      hour: 8,
      minute: 0,
    });
    expect(wall(toCalendarDate(instant, 'Asia/Tokyo'))).toEqual({ date: '2026-11-27', hour: 23, minute: 0 });
    expect(wall(toCalendarDate('2026-11-27T14:45:00.000Z', 'Asia/Kolkata'))).toEqual({
      date: '2026-11-27',
      hour: 20,
      minute: 15,
    });
  });

  it('crosses the local date where the zone does', () => {
    // 03:00 UTC is still the evening before in Los Angeles.
    expect(wall(toCalendarDate(Date.UTC(2026, 10, 27, 3), 'America/Los_Angeles'))).toEqual({
      date: '2026-11-26',
      hour: 19,
      minute: 0,
    });
  });

  it('reads a clicked or dropped calendar time back as the instant of that location time', () => {
    const clicked = new Date(2026, 10, 27, 8, 30);
    expect(new Date(fromCalendarDate(clicked, 'America/Chicago')).toISOString()).toBe(
      '2026-11-27T14:30:00.000Z',
    );
    expect(new Date(fromCalendarDate(clicked, 'Asia/Tokyo')).toISOString()).toBe('2026-11-26T23:30:00.000Z');
  });

  it("round-trips across the location's own daylight-saving changes", () => {
    // New York: 8 March 2026 springs forward, 1 November 2026 falls back.
    for (const iso of [
      '2026-03-07T14:00:00.000Z',
      '2026-03-08T14:00:00.000Z',
      '2026-03-09T13:00:00.000Z',
      '2026-10-31T13:00:00.000Z',
      '2026-11-01T15:00:00.000Z',
    ]) {
      const instant = Date.parse(iso);
      expect(
        new Date(
          fromCalendarDate(toCalendarDate(instant, 'America/New_York'), 'America/New_York'),
        ).toISOString(),
      ).toBe(iso);
    }
    // 9:00 AM on both sides of the change: summer time (UTC−4) after, winter time (UTC−5) before.
    expect(wall(toCalendarDate(Date.parse('2026-03-08T13:00:00.000Z'), 'America/New_York')).hour).toBe(9);
    expect(wall(toCalendarDate(Date.parse('2026-03-07T14:00:00.000Z'), 'America/New_York')).hour).toBe(9);
  });

  it('turns a location date into the calendar day and back', () => {
    const day = calendarDayOf('2026-02-28');
    expect(calendarDateText(day)).toBe('2026-02-28');
    expect([day.getHours(), day.getMinutes()]).toEqual([0, 0]);
  });
});
