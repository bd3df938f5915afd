import { describe, expect, it } from 'vitest';
import { FEDERAL_HOLIDAY_YEARS, observedFederalDate, usFederalHolidays } from './holidays.ts';
import { dayOfWeek } from './local-date.ts';

describe('US federal holidays', () => {
  it('lists the eleven holidays of 2027 at their observed days', () => {
    expect(usFederalHolidays(2027).map(({ dateLocal, name }) => [dateLocal, name])).toEqual([
      ['2027-01-01', "New Year's Day"],
      ['2027-01-18', 'Martin Luther King Jr. Day'],
      ['2027-02-15', "Washington's Birthday"],
      ['2027-05-31', 'Memorial Day'],
      ['2027-06-18', 'Juneteenth (observed)'],
      ['2027-07-05', 'Independence Day (observed)'],
      ['2027-09-06', 'Labor Day'],
      ['2027-10-11', 'Columbus Day'],
      ['2027-11-11', 'Veterans Day'],
      ['2027-11-25', 'Thanksgiving Day'],
      ['2027-12-24', 'Christmas Day (observed)'],
    ]);
  });

  it('keeps the holiday’s own date beside the observed one', () => {
    const juneteenth = usFederalHolidays(2027).find((h) => h.name.startsWith('Juneteenth'));
    expect(juneteenth).toEqual({
      dateLocal: '2027-06-18',
      actualDate: '2027-06-19',
      name: 'Juneteenth (observed)',
    });
  });

  it('observes a Saturday holiday on the Friday before, even across the new year and for Veterans Day', () => {
    const year2028 = usFederalHolidays(2028);
    // 1 January 2028 is a Saturday: observed on Friday 31 December 2027, in 2028's list.
    expect(year2028[0]).toEqual({
      dateLocal: '2027-12-31',
      actualDate: '2028-01-01',
      name: "New Year's Day (observed)",
    });
    // 11 November 2028 is a Saturday (the library itself substitutes no Veterans Day).
    expect(year2028.find((h) => h.name.startsWith('Veterans Day'))?.dateLocal).toBe('2028-11-10');
    // 2027's list does not carry 2028's New Year's Day.
    expect(usFederalHolidays(2027).map((h) => h.dateLocal)).not.toContain('2027-12-31');
  });

  it('observes a Sunday holiday on the Monday after', () => {
    // 4 July 2027 is a Sunday; 25 December 2033 is a Sunday.
    expect(observedFederalDate('2027-07-04')).toBe('2027-07-05');
    expect(usFederalHolidays(2033).find((h) => h.name.startsWith('Christmas'))?.dateLocal).toBe('2033-12-26');
    expect(observedFederalDate('2027-07-06')).toBe('2027-07-06');
  });

  it('has no Juneteenth before 2021, and every observed day is a weekday', () => {
    expect(usFederalHolidays(2020).map((h) => h.name)).not.toContain('Juneteenth');
    expect(usFederalHolidays(2020)).toHaveLength(10);
    for (let year = 2021; year <= 2060; year += 1) {
      const days = usFederalHolidays(year);
      expect(days).toHaveLength(11);
      for (const day of days) expect([1, 2, 3, 4, 5]).toContain(dayOfWeek(day.dateLocal));
      expect(new Set(days.map((d) => d.dateLocal)).size).toBe(11);
    }
  });

  it('refuses a year outside the supported range', () => {
    expect(() => usFederalHolidays(FEDERAL_HOLIDAY_YEARS.min - 1)).toThrow(RangeError);
    expect(() => usFederalHolidays(2027.5)).toThrow(RangeError);
    expect(() => usFederalHolidays(FEDERAL_HOLIDAY_YEARS.max + 1)).toThrow(RangeError);
  });
});
