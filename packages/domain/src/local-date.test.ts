import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  ageOn,
  addCalendarDays,
  compareIsoDates,
  dayOfWeek,
  fromDayNumber,
  isValidIsoDate,
  isWeekend,
  parseIsoDate,
  subtractYears,
  toDayNumber,
} from './local-date.ts';

const isoDateArb = fc
  .integer({ min: toDayNumber('1900-01-01'), max: toDayNumber('2200-12-31') })
  .map((dayNumber) => fromDayNumber(dayNumber));

function addBusinessDaysOneByOne(date: string, days: number): string {
  let current = date;
  for (let left = days; left > 0;) {
    current = addCalendarDays(current, 1);
    if (!isWeekend(current)) left -= 1;
  }
  return current;
}

describe('calendar dates', () => {
  it('accepts real dates and refuses impossible ones', () => {
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    for (const bad of [
      '2023-02-29',
      '2025-13-01',
      '2025-04-31',
      '2025-1-01',
      '20250101',
      '',
      '2025-01-01T00:00',
    ]) {
      expect(isValidIsoDate(bad), bad).toBe(false);
    }
  });

  it('knows the day of the week', () => {
    expect(dayOfWeek('1970-01-01')).toBe(4);
    expect(dayOfWeek('2025-03-08')).toBe(6);
    expect(dayOfWeek('2025-03-09')).toBe(0);
    expect(dayOfWeek('2025-03-10')).toBe(1);
    expect(dayOfWeek('1969-12-31')).toBe(3);
  });

  it('adds calendar days across months, years and leap days', () => {
    expect(addCalendarDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addCalendarDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addCalendarDays('2025-03-01', -1)).toBe('2025-02-28');
  });

  it('skips Saturdays and Sundays when adding business days', () => {
    expect(addBusinessDays('2025-03-07', 1)).toBe('2025-03-10'); // Friday → Monday
    expect(addBusinessDays('2025-03-08', 1)).toBe('2025-03-10'); // Saturday → Monday
    expect(addBusinessDays('2025-03-03', 10)).toBe('2025-03-17');
    expect(addBusinessDays('2025-03-10', -1)).toBe('2025-03-07');
  });

  it('returns the date itself for zero business days, even on a weekend', () => {
    expect(addBusinessDays('2025-03-08', 0)).toBe('2025-03-08');
  });

  it('adds business days exactly as stepping one day at a time would', () => {
    fc.assert(
      fc.property(isoDateArb, fc.integer({ min: 0, max: 400 }), (date, days) => {
        expect(addBusinessDays(date, days)).toBe(addBusinessDaysOneByOne(date, days));
      }),
    );
  });

  it('never lands on a weekend after a non-zero number of business days', () => {
    fc.assert(
      fc.property(isoDateArb, fc.integer({ min: 1, max: 400 }), (date, days) => {
        expect(isWeekend(addBusinessDays(date, days))).toBe(false);
        expect(isWeekend(addBusinessDays(date, -days))).toBe(false);
      }),
    );
  });

  it('turns day numbers back into the same date', () => {
    fc.assert(
      fc.property(isoDateArb, (date) => {
        expect(fromDayNumber(toDayNumber(date))).toBe(date);
      }),
    );
  });

  it('compares dates in calendar order', () => {
    expect(compareIsoDates('2025-01-01', '2024-12-31')).toBeGreaterThan(0);
    expect(compareIsoDates('2025-01-01', '2025-01-01')).toBe(0);
  });

  it('moves 29 February to 28 February when subtracting years into a common year', () => {
    expect(subtractYears('2024-02-29', 1)).toBe('2023-02-28');
    expect(subtractYears('2025-06-15', 130)).toBe('1895-06-15');
  });

  it('refuses arithmetic on invalid dates', () => {
    expect(() => addCalendarDays('2025-02-30', 1)).toThrow(RangeError);
    expect(() => addBusinessDays('2025-03-03', 1.5)).toThrow(RangeError);
  });
});

describe('ageOn', () => {
  it('counts whole years, turning on the birthday', () => {
    expect(ageOn('1988-04-12', '2026-04-11')).toBe(37);
    expect(ageOn('1988-04-12', '2026-04-12')).toBe(38);
  });
  it('is null for a missing, unreadable or future date of birth', () => {
    expect(ageOn(null, '2026-04-12')).toBeNull();
    expect(ageOn('1988-13-01', '2026-04-12')).toBeNull();
    expect(ageOn('2030-01-01', '2026-04-12')).toBeNull();
  });
});
