import { describe, expect, it } from 'vitest';
import {
  addDays,
  ageOn,
  elapsedSince,
  formatDateTime,
  formatIsoDate,
  formatTime,
  todayLocal,
} from './format';

describe('admin date formatting', () => {
  it('shows an appointment in its location time zone', () => {
    expect(formatDateTime('2026-03-02T14:30:00.000Z', 'America/New_York')).toBe('Mar 2, 2026, 9:30 AM');
    expect(formatDateTime('2026-03-02T14:30:00.000Z', 'America/Los_Angeles', true)).toBe(
      'Mon, Mar 2, 2026, 6:30 AM',
    );
  });

  it('falls back to the browser zone for an unknown zone and a dash for a bad instant', () => {
    expect(formatDateTime('2026-03-02T14:30:00.000Z', 'Not/AZone')).toBe('Mar 2, 2026, 2:30 PM');
    expect(formatDateTime('nonsense')).toBe('—');
  });

  it('shows a time of day in a zone', () => {
    expect(formatTime('2026-03-02T14:30:00.000Z', 'America/Chicago')).toBe('8:30 AM');
  });

  it('writes ISO dates as MM/DD/YYYY without shifting the day', () => {
    expect(formatIsoDate('1988-04-12')).toBe('04/12/1988');
  });

  it('counts whole years of age, turning on the birthday', () => {
    expect(ageOn('1988-04-12', '2026-04-11')).toBe(37);
    expect(ageOn('1988-04-12', '2026-04-12')).toBe(38);
    expect(ageOn('2030-01-01', '2026-04-12')).toBeNull();
  });

  it('says how long an entry has waited', () => {
    const now = Date.parse('2026-03-20T12:00:00Z');
    expect(elapsedSince('2026-03-20T08:00:00Z', now)).toBe('today');
    expect(elapsedSince('2026-03-19T08:00:00Z', now)).toBe('1 day');
    expect(elapsedSince('2026-03-01T12:00:00Z', now)).toBe('2 weeks');
    expect(elapsedSince('2025-12-01T12:00:00Z', now)).toBe('3 months');
  });

  it('moves local dates by days across month ends', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(todayLocal(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
});
