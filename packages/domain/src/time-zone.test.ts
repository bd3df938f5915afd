import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isValidTimeZone,
  localDateOf,
  localDateTimeToInstant,
  localMinutesOf,
  localPartsOf,
  startOfLocalDay,
  timeZoneOffsetMinutes,
} from './time-zone.ts';

const HOUR = 3_600_000;
const iso = (date: Date): string => date.toISOString();

describe('time zones', () => {
  it('reads the local date in the location zone, not the machine zone', () => {
    const instant = new Date('2025-03-07T03:00:00Z');
    expect(localDateOf(instant, 'America/New_York')).toBe('2025-03-06');
    expect(localDateOf(instant, 'UTC')).toBe('2025-03-07');
    expect(localDateOf(instant, 'Asia/Tokyo')).toBe('2025-03-07');
    expect(localMinutesOf(instant, 'America/New_York')).toBe(22 * 60);
  });

  it('knows New York is five hours behind UTC in winter and four in summer', () => {
    expect(timeZoneOffsetMinutes(new Date('2025-01-15T12:00:00Z'), 'America/New_York')).toBe(-300);
    expect(timeZoneOffsetMinutes(new Date('2025-07-15T12:00:00Z'), 'America/New_York')).toBe(-240);
    expect(timeZoneOffsetMinutes(new Date('2025-01-15T12:00:00Z'), 'Asia/Kolkata')).toBe(330);
  });

  it('tells known zones from unknown ones', () => {
    expect(isValidTimeZone('America/Los_Angeles')).toBe(true);
    expect(isValidTimeZone('US/Eastern')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(() => localDateOf(new Date(0), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });

  it('moves a wall time inside the spring-forward gap one hour later', () => {
    // 2025-03-09 02:30 does not exist in New York.
    expect(iso(localDateTimeToInstant('2025-03-09', 150, 'America/New_York'))).toBe(
      '2025-03-09T07:30:00.000Z',
    );
    expect(iso(localDateTimeToInstant('2025-03-09', 150, 'America/New_York', 'earlier'))).toBe(
      '2025-03-09T06:30:00.000Z',
    );
  });

  it('takes the first of the two 01:30s on the fall-back day unless told otherwise', () => {
    expect(iso(localDateTimeToInstant('2025-11-02', 90, 'America/New_York'))).toBe(
      '2025-11-02T05:30:00.000Z',
    );
    expect(iso(localDateTimeToInstant('2025-11-02', 90, 'America/New_York', 'later'))).toBe(
      '2025-11-02T06:30:00.000Z',
    );
  });

  it('gives New York a 23-hour spring-forward day and a 25-hour fall-back day', () => {
    const length = (date: string, next: string): number =>
      (startOfLocalDay(next, 'America/New_York').getTime() -
        startOfLocalDay(date, 'America/New_York').getTime()) /
      HOUR;
    expect(length('2025-03-09', '2025-03-10')).toBe(23);
    expect(length('2025-11-02', '2025-11-03')).toBe(25);
    expect(length('2025-06-10', '2025-06-11')).toBe(24);
  });

  it('starts a day at the end of the gap where a zone skips midnight', () => {
    // Chile moved clocks from 00:00 to 01:00 on 2024-09-08.
    const start = startOfLocalDay('2024-09-08', 'America/Santiago');
    expect(iso(start)).toBe('2024-09-08T04:00:00.000Z');
    expect(localPartsOf(start, 'America/Santiago')).toMatchObject({ day: 8, hour: 1, minute: 0 });
  });

  it('survives a zone that skipped a whole day (Samoa, 30 December 2011)', () => {
    expect(localDateOf(startOfLocalDay('2011-12-30', 'Pacific/Apia'), 'Pacific/Apia')).toBe('2011-12-31');
  });

  const zones = [
    'UTC',
    'America/New_York',
    'America/Los_Angeles',
    'Pacific/Auckland',
    'Pacific/Chatham',
    'Australia/Lord_Howe',
    'Asia/Kolkata',
    'America/St_Johns',
    'Europe/London',
  ];
  const instantArb = fc
    .integer({ min: Date.UTC(2000, 0, 1) / 60_000, max: Date.UTC(2060, 0, 1) / 60_000 })
    .map((minutes) => new Date(minutes * 60_000));

  it('finds every whole-minute instant again from its local date and time', () => {
    fc.assert(
      fc.property(instantArb, fc.constantFrom(...zones), (instant, zone) => {
        const date = localDateOf(instant, zone);
        const minutes = localMinutesOf(instant, zone);
        const earlier = localDateTimeToInstant(date, minutes, zone, 'earlier').getTime();
        const later = localDateTimeToInstant(date, minutes, zone, 'later').getTime();
        expect([earlier, later]).toContain(instant.getTime());
      }),
      { numRuns: 500 },
    );
  });

  it('starts every local day on that day, and the instant before belongs to the day before', () => {
    fc.assert(
      fc.property(instantArb, fc.constantFrom(...zones), (instant, zone) => {
        const date = localDateOf(instant, zone);
        const start = startOfLocalDay(date, zone);
        expect(localDateOf(start, zone)).toBe(date);
        expect(localDateOf(start.getTime() - 1, zone) < date).toBe(true);
        expect(start.getTime()).toBeLessThanOrEqual(instant.getTime());
      }),
      { numRuns: 500 },
    );
  });
});
