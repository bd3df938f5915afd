import { elapsedMinutesOfWall, localDateTimeToInstant, zoneDay } from '@scheduler/domain/time-zone';
import { describe, expect, it } from 'vitest';
import { dayNumberOf, isoDateOf, localDayOf, weekdayOf, zonedToUtc } from './zoned-time.ts';

describe('zoned time', () => {
  it('converts local clock times to UTC on either side of the spring DST change', () => {
    // US DST starts on Sunday 2026-03-08.
    expect(new Date(zonedToUtc(dayNumberOf('2026-03-06'), 8 * 60, 'America/New_York')).toISOString()).toBe(
      '2026-03-06T13:00:00.000Z',
    );
    expect(new Date(zonedToUtc(dayNumberOf('2026-03-09'), 8 * 60, 'America/New_York')).toISOString()).toBe(
      '2026-03-09T12:00:00.000Z',
    );
  });

  it('converts correctly on the autumn DST change day itself', () => {
    expect(new Date(zonedToUtc(dayNumberOf('2026-11-01'), 9 * 60, 'America/Los_Angeles')).toISOString()).toBe(
      '2026-11-01T17:00:00.000Z',
    );
    expect(new Date(zonedToUtc(dayNumberOf('2026-11-01'), 0, 'America/Denver')).toISOString()).toBe(
      '2026-11-01T06:00:00.000Z',
    );
  });

  it('finds the local day and weekday of an instant', () => {
    const lateEvening = Date.parse('2026-11-26T04:30:00Z'); // 22:30 on the 25th in Chicago
    expect(isoDateOf(localDayOf(lateEvening, 'America/Chicago'))).toBe('2026-11-25');
    expect(weekdayOf(dayNumberOf('2026-11-25'))).toBe(3);
  });

  it('moves a wall time in the spring-forward gap forward by the gap and takes the first of a repeated one', () => {
    // 02:30 does not exist in New York on 2026-03-08: 03:30 EDT.
    expect(new Date(zonedToUtc(dayNumberOf('2026-03-08'), 150, 'America/New_York')).toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    // 02:30 happens twice in Sydney on 2026-04-05: the first one, AEDT.
    expect(new Date(zonedToUtc(dayNumberOf('2026-04-05'), 150, 'Australia/Sydney')).toISOString()).toBe(
      '2026-04-04T15:30:00.000Z',
    );
  });

  it.each([
    ['America/New_York', '2026-03-08', '2026-11-01'],
    ['Europe/London', '2026-03-29', '2026-10-25'],
    ['Australia/Sydney', '2026-10-04', '2026-04-05'],
    ['Australia/Lord_Howe', '2026-10-04', '2026-04-05'],
  ])(
    'puts every minute of the DST days of %s where the domain and the availability engine do',
    (zone, ...dates) => {
      for (const date of dates) {
        const day = dayNumberOf(date);
        const engineDay = zoneDay(zone, day);
        for (let minute = 0; minute < 1440; minute += 5) {
          const seeded = zonedToUtc(day, minute, zone);
          expect(seeded).toBe(localDateTimeToInstant(date, minute, zone).getTime());
          expect(seeded).toBe(engineDay.startUtcMs + elapsedMinutesOfWall(engineDay, minute) * 60_000);
        }
        expect(localDayOf(engineDay.startUtcMs, zone)).toBe(day);
        expect(localDayOf(engineDay.startUtcMs - 1, zone)).toBe(day - 1);
      }
    },
  );
});
