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
});
