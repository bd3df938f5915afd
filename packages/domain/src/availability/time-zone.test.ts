import { describe, expect, it } from 'vitest';
import { formatLocalDate, parseLocalDate } from './local-time.ts';
import {
  elapsedMinutesOfWall,
  localDayNumberOf,
  wallMinuteOfElapsed,
  zoneDay,
  zoneDaysBetween,
  zoneOffsetMs,
} from './time-zone.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Independent wall clock: formatToParts with another locale, no shared code. */
const wallFormatters = new Map<string, Intl.DateTimeFormat>();
function wallClockMs(timeZone: string, utcMs: number): number {
  let formatter = wallFormatters.get(timeZone);
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
    wallFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(
    formatter.formatToParts(utcMs).map((part) => [part.type, Number(part.value)]),
  );
  return Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour! % 24, parts.minute);
}

/** Local dates in 2027 on which the zone's offset changes (or the day next to such a change). */
function transitionDates(timeZone: string): number[] {
  const days = new Set<number>();
  let previous = wallClockMs(timeZone, Date.UTC(2027, 0, 1)) - Date.UTC(2027, 0, 1);
  for (let utcMs = Date.UTC(2027, 0, 1); utcMs < Date.UTC(2028, 0, 1); utcMs += HOUR) {
    const offset = wallClockMs(timeZone, utcMs) - utcMs;
    if (offset !== previous) {
      const day = Math.floor(wallClockMs(timeZone, utcMs) / 86_400_000);
      for (const near of [day - 1, day, day + 1]) days.add(near);
      previous = offset;
    }
  }
  return [...days].sort((a, b) => a - b);
}

/** Checks one local day against a minute-by-minute brute force. */
function checkDay(timeZone: string, dayNumber: number): void {
  const day = zoneDay(timeZone, dayNumber);
  const midnight = dayNumber * 86_400_000;
  const scanFrom = midnight - 16 * HOUR;
  const scanTo = midnight + 42 * HOUR;
  const instants: number[] = [];
  const runningMaxWall: number[] = [];
  let maxWall = Number.NEGATIVE_INFINITY;
  for (let utcMs = scanFrom; utcMs <= scanTo; utcMs += MINUTE) {
    maxWall = Math.max(maxWall, wallClockMs(timeZone, utcMs));
    instants.push(utcMs);
    runningMaxWall.push(maxWall);
  }
  // Earliest instant whose wall clock reads X or later.
  const earliestAtOrAfter = (wallMs: number): number =>
    instants[runningMaxWall.findIndex((wall) => wall >= wallMs)]!;

  expect(day.dateLocal).toBe(formatLocalDate(dayNumber));
  expect(day.startUtcMs).toBe(earliestAtOrAfter(midnight));
  expect(day.endUtcMs).toBe(earliestAtOrAfter(midnight + 24 * HOUR));
  expect(day.lengthMinutes).toBe((day.endUtcMs - day.startUtcMs) / MINUTE);
  for (let minute = 0; minute <= 1440; minute++) {
    const expected = (earliestAtOrAfter(midnight + minute * MINUTE) - day.startUtcMs) / MINUTE;
    if (elapsedMinutesOfWall(day, minute) !== expected) {
      expect({ timeZone, date: day.dateLocal, minute, elapsed: elapsedMinutesOfWall(day, minute) }).toEqual({
        timeZone,
        date: day.dateLocal,
        minute,
        elapsed: expected,
      });
    }
  }
  for (let elapsed = 0; elapsed < day.lengthMinutes; elapsed++) {
    const utcMs = day.startUtcMs + elapsed * MINUTE;
    const expected = (wallClockMs(timeZone, utcMs) - midnight) / MINUTE;
    if (wallMinuteOfElapsed(day, elapsed) !== expected) {
      expect({ timeZone, date: day.dateLocal, elapsed, wall: wallMinuteOfElapsed(day, elapsed) }).toEqual({
        timeZone,
        date: day.dateLocal,
        elapsed,
        wall: expected,
      });
    }
    if (elapsed % 59 === 0) expect(localDayNumberOf(timeZone, utcMs)).toBe(dayNumber);
  }
}

describe('time zones', () => {
  it('reads UTC offsets, including half- and quarter-hour zones', () => {
    expect(zoneOffsetMs('UTC', Date.UTC(2027, 5, 1))).toBe(0);
    expect(zoneOffsetMs('America/New_York', Date.UTC(2027, 0, 15, 12))).toBe(-5 * HOUR);
    expect(zoneOffsetMs('America/New_York', Date.UTC(2027, 6, 15, 12, 0, 30, 500))).toBe(-4 * HOUR);
    expect(zoneOffsetMs('Asia/Kathmandu', Date.UTC(2027, 6, 15))).toBe(5.75 * HOUR);
    expect(zoneOffsetMs('America/St_Johns', Date.UTC(2027, 0, 15))).toBe(-3.5 * HOUR);
  });

  it('reports an unknown time zone as a RangeError', () => {
    expect(() => zoneDay('Mars/Olympus_Mons', 20_000)).toThrow(RangeError);
  });

  it('gives New York a 23-hour day on 2027-03-14 and a 25-hour day on 2027-11-07', () => {
    const spring = zoneDay('America/New_York', parseLocalDate('2027-03-14'));
    expect(spring.weekday).toBe(0);
    expect(spring.lengthMinutes).toBe(23 * 60);
    expect(new Date(spring.startUtcMs).toISOString()).toBe('2027-03-14T05:00:00.000Z');
    expect(new Date(spring.transitionUtcMs).toISOString()).toBe('2027-03-14T07:00:00.000Z');
    // 08:00 local is 7 hours after midnight on the short day.
    expect(elapsedMinutesOfWall(spring, 8 * 60)).toBe(7 * 60);
    // 02:30 does not exist: it maps to the jump, 03:00 EDT.
    expect(elapsedMinutesOfWall(spring, 2 * 60 + 30)).toBe(2 * 60);

    const autumn = zoneDay('America/New_York', parseLocalDate('2027-11-07'));
    expect(autumn.lengthMinutes).toBe(25 * 60);
    expect(elapsedMinutesOfWall(autumn, 8 * 60)).toBe(9 * 60);
    // 01:30 happens twice: the first one (EDT) is taken.
    expect(elapsedMinutesOfWall(autumn, 90)).toBe(90);
    expect(wallMinuteOfElapsed(autumn, 150)).toBe(90);
  });

  it('lists the local days that overlap an interval', () => {
    const days = zoneDaysBetween(
      'America/New_York',
      Date.parse('2027-03-13T04:00:00Z'),
      Date.parse('2027-03-15T04:00:01Z'),
    );
    expect(days.map((day) => day.dateLocal)).toEqual([
      '2027-03-12',
      '2027-03-13',
      '2027-03-14',
      '2027-03-15',
    ]);
    expect(zoneDaysBetween('UTC', 10, 10)).toEqual([]);
  });

  it.each([
    'America/New_York',
    'Europe/London',
    'Australia/Lord_Howe',
    'America/Santiago',
    'America/Havana',
    'America/St_Johns',
    'Pacific/Chatham',
    'Asia/Kathmandu',
  ])('matches a minute-by-minute brute force on the DST days of %s', (timeZone) => {
    const days = transitionDates(timeZone);
    for (const dayNumber of [parseLocalDate('2027-06-15'), ...days]) checkDay(timeZone, dayNumber);
  });
});
