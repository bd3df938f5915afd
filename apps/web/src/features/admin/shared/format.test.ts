import { describe, expect, it } from 'vitest';
import { addDays, ageOn, elapsedSince, formatIsoDate, formatPhone, phoneHref } from './format';

describe('admin date helpers (no times: those are lib/zoned-time)', () => {
  it('writes ISO dates as MM/DD/YYYY without shifting the day', () => {
    expect(formatIsoDate('1988-04-12')).toBe('04/12/1988');
    expect(formatIsoDate('not a date')).toBe('not a date');
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
  });
});

describe('phone numbers (libphonenumber-js)', () => {
  it('writes North American numbers the national way, whatever the stored punctuation', () => {
    expect(formatPhone('3125550142')).toBe('(312) 555-0142');
    expect(formatPhone('+1 312-555-0142')).toBe('(312) 555-0142');
    expect(formatPhone('1 (312) 555 0142')).toBe('(312) 555-0142');
  });

  it('keeps the country code of a number from elsewhere', () => {
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958');
  });

  it('leaves text it cannot read as it was, and a dash for none', () => {
    expect(formatPhone('ext. 12')).toBe('ext. 12');
    expect(formatPhone(null)).toBe('—');
  });

  it('gives a tel: link in E.164', () => {
    expect(phoneHref('(312) 555-0142')).toBe('tel:+13125550142');
    expect(phoneHref('nope')).toBeNull();
  });
});
