import { describe, expect, it } from 'vitest';
import {
  DATE_FORMATS,
  LONG_DATE_FORMAT,
  SHORT_DATE_FORMAT,
  US_DATE_FORMAT,
  US_DATE_TIME_FORMAT,
  formatApptDate,
  formatApptDateTime,
  formatApptTime,
  formatInTimeZone,
  formatLocalDate,
  formatLocalTime24,
  formatShortDate,
  formatUsDate,
  usDateToIsoDate,
} from './dates.ts';

const NY = 'America/New_York';
// Sunday 9 March 2025, 14:05 EDT (after spring-forward).
const afternoon = new Date('2025-03-09T18:05:00Z');

describe('date formats', () => {
  it('lists the five formats of spec section 9', () => {
    expect(DATE_FORMATS).toEqual([
      'YYYY-MM-DD',
      'MM/DD/YYYY',
      'M/D/YYYY h:mm A',
      'MMM DD YYYY',
      'MMMM D, YYYY',
    ]);
  });

  it('formats an instant on the location wall clock in each format', () => {
    expect(formatInTimeZone(afternoon, NY, 'YYYY-MM-DD')).toBe('2025-03-09');
    expect(formatInTimeZone(afternoon, NY, US_DATE_FORMAT)).toBe('03/09/2025');
    expect(formatInTimeZone(afternoon, NY, US_DATE_TIME_FORMAT)).toBe('3/9/2025 2:05 PM');
    expect(formatInTimeZone(afternoon, NY, SHORT_DATE_FORMAT)).toBe('Mar 09 2025');
    expect(formatInTimeZone(afternoon, NY, LONG_DATE_FORMAT)).toBe('March 9, 2025');
  });

  it('names the appointment date and time for patients', () => {
    expect(formatApptDate(afternoon, NY)).toBe('March 9, 2025');
    expect(formatApptTime(afternoon, NY)).toBe('02:05 PM');
    expect(formatApptDateTime(afternoon, NY)).toBe('3/9/2025 2:05 PM');
    expect(formatUsDate(afternoon, NY)).toBe('03/09/2025');
    expect(formatShortDate(afternoon, NY)).toBe('Mar 09 2025');
    expect(formatLocalTime24(afternoon, NY)).toBe('14:05:00');
  });

  it('shows the same instant as a different day in another zone', () => {
    const lateEvening = new Date('2025-03-07T03:30:00Z');
    expect(formatApptDate(lateEvening, NY)).toBe('March 6, 2025');
    expect(formatApptTime(lateEvening, NY)).toBe('10:30 PM');
    expect(formatApptDate(lateEvening, 'Asia/Tokyo')).toBe('March 7, 2025');
  });

  it('shows midnight as 12 AM', () => {
    expect(formatApptTime(new Date('2025-03-10T04:00:00Z'), NY)).toBe('12:00 AM');
  });

  it('keeps text in brackets as it is', () => {
    expect(formatInTimeZone(afternoon, NY, '[Week of] MMMM D')).toBe('Week of March 9');
  });

  it('formats a calendar date without any zone', () => {
    expect(formatLocalDate('2024-02-29', LONG_DATE_FORMAT)).toBe('February 29, 2024');
    expect(formatLocalDate('2024-12-01', SHORT_DATE_FORMAT)).toBe('Dec 01 2024');
    expect(() => formatLocalDate('2023-02-29', US_DATE_FORMAT)).toThrow(RangeError);
  });

  it('reads a typed US date into YYYY-MM-DD and refuses dates that do not exist', () => {
    expect(usDateToIsoDate('03/09/2025')).toBe('2025-03-09');
    expect(usDateToIsoDate('3/9/2025')).toBe('2025-03-09');
    expect(usDateToIsoDate('02/30/2025')).toBeNull();
    expect(usDateToIsoDate('2025-03-09')).toBeNull();
  });
});
