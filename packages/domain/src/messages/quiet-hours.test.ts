import { describe, expect, it } from 'vitest';
import { formatWhen } from './format.ts';
import { isQuietTime, latestAllowedTimeBefore, nextAllowedTime, sendTimeFor } from './quiet-hours.ts';

const NY = 'America/New_York';
const at = (iso: string) => new Date(iso);

describe('quiet hours (default 21:00–08:00 at the location)', () => {
  it.each([
    ['2026-12-04T01:59:00Z', false], // 20:59 EST
    ['2026-12-04T02:00:00Z', true], // 21:00 EST
    ['2026-12-04T05:00:00Z', true], // 00:00 EST (after midnight)
    ['2026-12-04T12:59:00Z', true], // 07:59 EST
    ['2026-12-04T13:00:00Z', false], // 08:00 EST
  ])('%s quiet in New York: %s', (iso, quiet) => {
    expect(isQuietTime(at(iso), NY)).toBe(quiet);
  });

  it('moves a time before midnight and one after midnight to the same evening (20:59) or morning (08:00)', () => {
    // 22:30 Thursday and 03:00 Friday (EST) are in the same quiet period.
    for (const iso of ['2026-12-04T03:30:00Z', '2026-12-04T08:00:00Z']) {
      expect(latestAllowedTimeBefore(at(iso), NY).toISOString()).toBe('2026-12-04T01:59:00.000Z'); // Thu 20:59 EST
      expect(nextAllowedTime(at(iso), NY).toISOString()).toBe('2026-12-04T13:00:00.000Z'); // Fri 08:00 EST
    }
  });

  it('reads 21:00 and 08:00 on their own dates across the November DST change', () => {
    // Night of Sat 31 Oct → Sun 1 Nov 2026: 21:00 is EDT (01:00Z), 08:00 is EST (13:00Z).
    expect(latestAllowedTimeBefore(at('2026-11-01T06:30:00Z'), NY).toISOString()).toBe(
      '2026-11-01T00:59:00.000Z',
    );
    expect(nextAllowedTime(at('2026-11-01T06:30:00Z'), NY).toISOString()).toBe('2026-11-01T13:00:00.000Z');
  });

  it('works in a European zone (Europe/Berlin, summer)', () => {
    expect(isQuietTime(at('2026-07-10T18:59:00Z'), 'Europe/Berlin')).toBe(false); // 20:59 CEST
    expect(isQuietTime(at('2026-07-10T19:00:00Z'), 'Europe/Berlin')).toBe(true); // 21:00 CEST
    expect(nextAllowedTime(at('2026-07-10T23:00:00Z'), 'Europe/Berlin').toISOString()).toBe(
      '2026-07-11T06:00:00.000Z',
    );
  });

  it('honours custom hours that do not cross midnight, and none (start = end)', () => {
    const quiet = { start: '12:00', end: '13:00' };
    expect(isQuietTime(at('2026-12-04T17:30:00Z'), NY, quiet)).toBe(true);
    expect(isQuietTime(at('2026-12-04T02:00:00Z'), NY, quiet)).toBe(false);
    expect(isQuietTime(at('2026-12-04T02:00:00Z'), NY, { start: '00:00', end: '00:00' })).toBe(false);
    expect(() => isQuietTime(at('2026-12-04T02:00:00Z'), NY, { start: '9pm', end: '08:00' })).toThrow(
      RangeError,
    );
  });
});

describe('sendTimeFor', () => {
  const now = at('2026-11-01T12:00:00Z');
  const start = at('2026-11-02T14:00:00Z'); // Monday 2 Nov 2026, 09:00 EST — the Monday after the change

  it('an SMS reminder due 2 h before a 09:00 appointment (07:00, quiet) goes at 20:59 the evening before', () => {
    const dueAt = new Date(start.getTime() - 2 * 3_600_000);
    const result = sendTimeFor({
      kind: 'reminder',
      channel: 'sms',
      dueAt,
      timeZone: NY,
      now,
      appointmentStart: start,
    });
    expect(result).toEqual({ sendAt: at('2026-11-02T01:59:00Z'), shifted: 'earlier' }); // Sun 20:59 EST
  });

  it('an e-mail reminder 48 h before, across the DST change, is not moved and reads on the clock of its date', () => {
    const dueAt = new Date(start.getTime() - 48 * 3_600_000);
    // 48 elapsed hours before 09:00 EST Monday is 10:00 EDT Saturday (the clocks went back in between).
    expect(formatWhen(dueAt, NY).when).toBe('Saturday, October 31, 2026 at 10:00 AM EDT (America/New_York)');
    expect(formatWhen(start, NY).when).toBe('Monday, November 2, 2026 at 9:00 AM EST (America/New_York)');
    expect(
      sendTimeFor({
        kind: 'reminder',
        channel: 'email',
        dueAt,
        timeZone: NY,
        now: at('2026-10-01T00:00:00Z'),
      }),
    ).toEqual({
      sendAt: dueAt,
      shifted: 'no',
    });
  });

  it('a confirmation SMS at 23:00 is delayed to 08:00', () => {
    const dueAt = at('2026-11-06T04:00:00Z'); // Thu 23:00 EST
    expect(sendTimeFor({ kind: 'confirmation', channel: 'sms', dueAt, timeZone: NY, now: dueAt })).toEqual({
      sendAt: at('2026-11-06T13:00:00Z'),
      shifted: 'later',
    });
  });

  it('a reminder whose earlier time has passed goes at the next allowed time, or not at all after the start', () => {
    const late = at('2026-11-02T04:00:00Z'); // Sun 23:00 EST: booked late for Mon 09:00
    const dueAt = new Date(start.getTime() - 2 * 3_600_000);
    expect(
      sendTimeFor({
        kind: 'reminder',
        channel: 'sms',
        dueAt,
        timeZone: NY,
        now: late,
        appointmentStart: start,
      }),
    ).toEqual({
      sendAt: at('2026-11-02T13:00:00Z'),
      shifted: 'later',
    });
    const early = at('2026-11-02T12:00:00Z'); // 07:00 appointment booked at 23:00
    expect(
      sendTimeFor({
        kind: 'reminder',
        channel: 'sms',
        dueAt: at('2026-11-02T10:00:00Z'),
        timeZone: NY,
        now: late,
        appointmentStart: early,
      }),
    ).toEqual({ sendAt: null, skipped: 'quiet-hours' });
  });
});
