import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toDayNumber } from './local-date.ts';
import {
  elapsedMinutesOfWall,
  isValidTimeZone,
  localDateOf,
  localDateTimeToInstant,
  localDayNumberOf,
  localMinutesOf,
  localPartsOf,
  startOfLocalDay,
  timeZoneOffsetMinutes,
  wallMinuteOfElapsed,
  wallTimeToUtcMs,
  zoneDay,
  zoneDaysBetween,
  zoneOffsetMs,
} from './time-zone.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
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
  // Earliest instant whose wall clock reads X or later (where a local day starts).
  const earliestAtOrAfter = (wallMs: number): number =>
    instants[runningMaxWall.findIndex((wall) => wall >= wallMs)]!;
  // 'compatible': the first instant that reads X; in a gap, X read with the offset before the jump.
  const compatible = (wallMs: number): number => {
    const index = runningMaxWall.findIndex((wall) => wall >= wallMs);
    const utcMs = instants[index]!;
    if (wallClockMs(timeZone, utcMs) === wallMs) return utcMs;
    const before = instants[index - 1]!;
    return wallMs - (wallClockMs(timeZone, before) - before);
  };
  const clamp = (utcMs: number): number => Math.min(Math.max(utcMs, day.startUtcMs), day.endUtcMs);

  expect(day.dateLocal).toBe(new Date(dayNumber * 86_400_000).toISOString().slice(0, 10));
  expect(day.startUtcMs).toBe(earliestAtOrAfter(midnight));
  expect(day.endUtcMs).toBe(earliestAtOrAfter(midnight + 24 * HOUR));
  expect(day.lengthMinutes).toBe((day.endUtcMs - day.startUtcMs) / MINUTE);
  for (let minute = 0; minute <= 1440; minute++) {
    const expected = (clamp(compatible(midnight + minute * MINUTE)) - day.startUtcMs) / MINUTE;
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

/** The offset as Intl gives it, with nothing of time-zone.ts between (the cached path's reference). */
function intlOffsetMs(timeZone: string, utcMs: number): number {
  const parts: Record<string, string> = {};
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  for (const part of format.formatToParts(utcMs)) parts[part.type] = part.value;
  const wholeSecondMs = Math.floor(utcMs / 1000) * 1000;
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour) % 24,
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - wholeSecondMs;
}

describe('offsets read from cached zone days', () => {
  const ZONES = [
    'America/New_York',
    'Australia/Lord_Howe',
    'Europe/London',
    'America/Santiago',
    'Pacific/Chatham',
    'America/St_Johns',
    'Asia/Kolkata',
    'Africa/Casablanca',
    'Pacific/Apia',
  ];
  const FROM = Date.UTC(2026, 0, 1);
  const TO = Date.UTC(2028, 0, 1);
  // Every day of the span cached first, as the engine caches the window's days.
  for (const timeZone of ZONES) zoneDaysBetween(timeZone, FROM - 2 * 86_400_000, TO + 2 * 86_400_000);

  it('are Intl’s at any instant, in zones with DST, half hours and 45-minute offsets', () => {
    // Past the cached span too: there the first instant of a day works the day out.
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: FROM, max: Date.UTC(2031, 0, 1) }),
        (timeZone, utcMs) => {
          const expected = intlOffsetMs(timeZone, utcMs);
          expect(zoneOffsetMs(timeZone, utcMs)).toBe(expected);
          const wall = new Date(Math.floor(utcMs / 1000) * 1000 + expected);
          expect(localPartsOf(utcMs, timeZone)).toEqual({
            year: wall.getUTCFullYear(),
            month: wall.getUTCMonth() + 1,
            day: wall.getUTCDate(),
            hour: wall.getUTCHours(),
            minute: wall.getUTCMinutes(),
            second: wall.getUTCSeconds(),
          });
        },
      ),
      { numRuns: 3_000, seed: 22 },
    );
  });

  it('are Intl’s on either side of every offset change, to the millisecond', () => {
    let changes = 0;
    for (const timeZone of ZONES)
      for (const day of zoneDaysBetween(timeZone, FROM, TO)) {
        if (!Number.isFinite(day.transitionUtcMs)) continue;
        changes++;
        for (const delta of [
          -120_000, -60_001, -60_000, -1_001, -1, 0, 1, 999, 1_000, 59_999, 60_000, 3_600_000,
        ])
          expect(
            zoneOffsetMs(timeZone, day.transitionUtcMs + delta),
            `${timeZone} ${day.dateLocal} ${delta}`,
          ).toBe(intlOffsetMs(timeZone, day.transitionUtcMs + delta));
      }
    // New York, Lord Howe, London, Santiago, Chatham and St John's change twice a year; Casablanca around Ramadan.
    expect(changes).toBeGreaterThanOrEqual(6 * 4);
  });
});

describe('zone days (the availability engine)', () => {
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
    const spring = zoneDay('America/New_York', toDayNumber('2027-03-14'));
    expect(spring.weekday).toBe(0);
    expect(spring.lengthMinutes).toBe(23 * 60);
    expect(new Date(spring.startUtcMs).toISOString()).toBe('2027-03-14T05:00:00.000Z');
    expect(new Date(spring.transitionUtcMs).toISOString()).toBe('2027-03-14T07:00:00.000Z');
    // 08:00 local is 7 hours after midnight on the short day.
    expect(elapsedMinutesOfWall(spring, 8 * 60)).toBe(7 * 60);
    // 02:30 does not exist: it moves forward by the gap, to 03:30 EDT.
    expect(elapsedMinutesOfWall(spring, 2 * 60 + 30)).toBe(2 * 60 + 30);
    expect(elapsedMinutesOfWall(spring, 3 * 60)).toBe(2 * 60);

    const autumn = zoneDay('America/New_York', toDayNumber('2027-11-07'));
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
    for (const dayNumber of [toDayNumber('2027-06-15'), ...days]) checkDay(timeZone, dayNumber);
  });
});

interface DstDay {
  readonly date: string;
  /** A wall time (minutes after midnight) that does not exist, or happens twice. */
  readonly minute: number;
  /** Expected instants: 'compatible', 'earlier', 'later'. */
  readonly compatible: string;
  readonly earlier: string;
  readonly later: string;
  readonly hours: number;
}

const DST_DAYS: Record<string, { spring: DstDay; fall: DstDay }> = {
  'America/New_York': {
    // 02:00 EST → 03:00 EDT; 02:00 EDT → 01:00 EST.
    spring: {
      date: '2026-03-08',
      minute: 150,
      compatible: '2026-03-08T07:30:00.000Z', // 03:30 EDT
      earlier: '2026-03-08T06:30:00.000Z', // 01:30 EST
      later: '2026-03-08T07:30:00.000Z',
      hours: 23,
    },
    fall: {
      date: '2026-11-01',
      minute: 90,
      compatible: '2026-11-01T05:30:00.000Z', // 01:30 EDT
      earlier: '2026-11-01T05:30:00.000Z',
      later: '2026-11-01T06:30:00.000Z', // 01:30 EST
      hours: 25,
    },
  },
  'Europe/London': {
    // 01:00 GMT → 02:00 BST; 02:00 BST → 01:00 GMT.
    spring: {
      date: '2026-03-29',
      minute: 90,
      compatible: '2026-03-29T01:30:00.000Z', // 02:30 BST
      earlier: '2026-03-29T00:30:00.000Z', // 00:30 GMT
      later: '2026-03-29T01:30:00.000Z',
      hours: 23,
    },
    fall: {
      date: '2026-10-25',
      minute: 90,
      compatible: '2026-10-25T00:30:00.000Z', // 01:30 BST
      earlier: '2026-10-25T00:30:00.000Z',
      later: '2026-10-25T01:30:00.000Z', // 01:30 GMT
      hours: 25,
    },
  },
  'Australia/Sydney': {
    // Southern hemisphere: 02:00 AEST → 03:00 AEDT in October; 03:00 AEDT → 02:00 AEST in April.
    spring: {
      date: '2026-10-04',
      minute: 150,
      compatible: '2026-10-03T16:30:00.000Z', // 03:30 AEDT
      earlier: '2026-10-03T15:30:00.000Z', // 01:30 AEST
      later: '2026-10-03T16:30:00.000Z',
      hours: 23,
    },
    fall: {
      date: '2026-04-05',
      minute: 150,
      compatible: '2026-04-04T15:30:00.000Z', // 02:30 AEDT
      earlier: '2026-04-04T15:30:00.000Z',
      later: '2026-04-04T16:30:00.000Z', // 02:30 AEST
      hours: 25,
    },
  },
  'Australia/Lord_Howe': {
    // A 30-minute change: 02:00 (+10:30) → 02:30 (+11) in October; 02:00 (+11) → 01:30 (+10:30) in April.
    spring: {
      date: '2026-10-04',
      minute: 135,
      compatible: '2026-10-03T15:45:00.000Z', // 02:45 +11
      earlier: '2026-10-03T15:15:00.000Z', // 01:45 +10:30
      later: '2026-10-03T15:45:00.000Z',
      hours: 23.5,
    },
    fall: {
      date: '2026-04-05',
      minute: 105,
      compatible: '2026-04-04T14:45:00.000Z', // 01:45 +11
      earlier: '2026-04-04T14:45:00.000Z',
      later: '2026-04-04T15:15:00.000Z', // 01:45 +10:30
      hours: 24.5,
    },
  },
};

describe.each(Object.entries(DST_DAYS))('DST days of %s', (timeZone, { spring, fall }) => {
  const nextDate = (date: string): string =>
    new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

  it.each([
    ['spring-forward', spring],
    ['fall-back', fall],
  ] as const)('resolves the %s wall time by Temporal’s rules', (_kind, day) => {
    for (const disambiguation of ['compatible', 'earlier', 'later'] as const) {
      expect({
        disambiguation,
        at: iso(localDateTimeToInstant(day.date, day.minute, timeZone, disambiguation)),
      }).toEqual({ disambiguation, at: day[disambiguation] });
    }
    expect(localDateTimeToInstant(day.date, day.minute, timeZone).getTime()).toBe(
      wallTimeToUtcMs(timeZone, toDayNumber(day.date), day.minute),
    );
    const length =
      startOfLocalDay(nextDate(day.date), timeZone).getTime() - startOfLocalDay(day.date, timeZone).getTime();
    expect(length / HOUR).toBe(day.hours);
    expect(zoneDay(timeZone, toDayNumber(day.date)).lengthMinutes).toBe(day.hours * 60);
  });

  it('moves a missing wall time forward by exactly the length of the gap', () => {
    const instant = localDateTimeToInstant(spring.date, spring.minute, timeZone);
    const gapMinutes = 24 * 60 - spring.hours * 60;
    expect(localDateOf(instant, timeZone)).toBe(spring.date);
    expect(localMinutesOf(instant, timeZone)).toBe(spring.minute + gapMinutes);
  });

  it('gives the engine’s zone day the same instant as localDateTimeToInstant for every minute', () => {
    for (const day of [spring, fall]) {
      const zd = zoneDay(timeZone, toDayNumber(day.date));
      for (let minute = 0; minute < 1440; minute++) {
        const viaDay = zd.startUtcMs + elapsedMinutesOfWall(zd, minute) * MINUTE;
        const direct = localDateTimeToInstant(day.date, minute, timeZone).getTime();
        if (viaDay !== direct)
          expect({ date: day.date, minute, viaDay }).toEqual({ date: day.date, minute, viaDay: direct });
      }
    }
  });
});

describe('a zone that skips midnight', () => {
  it('moves 00:30 forward by the gap on the day America/Santiago skips midnight', () => {
    // 2024-09-08 00:00 (-04) → 01:00 (-03): 00:30 does not exist and becomes 01:30 -03.
    expect(iso(localDateTimeToInstant('2024-09-08', 30, 'America/Santiago'))).toBe(
      '2024-09-08T04:30:00.000Z',
    );
    const day = zoneDay('America/Santiago', toDayNumber('2024-09-08'));
    expect(elapsedMinutesOfWall(day, 30)).toBe(30);
    expect(elapsedMinutesOfWall(day, 0)).toBe(0);
    expect(wallMinuteOfElapsed(day, 0)).toBe(60);
  });
});
