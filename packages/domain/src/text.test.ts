import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clamp,
  cleanPhone,
  formatPhoneForDisplay,
  minutesOf24Hour,
  normalizeText,
  phoneDigits,
  timeOfMinutes,
  to12Hour,
  to24Hour,
} from './text.ts';

describe('12/24-hour time conversion', () => {
  it('turns 02:30 PM into 14:30:00 and back', () => {
    expect(to24Hour('02:30 PM')).toBe('14:30:00');
    expect(to12Hour('14:30:00')).toBe('02:30 PM');
  });

  it('treats midnight as 12 AM and noon as 12 PM', () => {
    expect(to24Hour('12:00 AM')).toBe('00:00:00');
    expect(to24Hour('12:15 PM')).toBe('12:15:00');
    expect(to12Hour('00:05:00')).toBe('12:05 AM');
    expect(to12Hour('12:00:00')).toBe('12:00 PM');
    expect(to12Hour('23:59:59')).toBe('11:59 PM');
  });

  it('reads the usual ways people write a 12-hour time', () => {
    expect(to24Hour('2:30 pm')).toBe('14:30:00');
    expect(to24Hour('02:30PM')).toBe('14:30:00');
    expect(to24Hour(' 9:05 a.m. ')).toBe('09:05:00');
    expect(to24Hour('09:05:30 AM')).toBe('09:05:30');
    expect(to12Hour('9:05')).toBe('09:05 AM');
  });

  it('refuses times that do not exist', () => {
    for (const bad of ['13:00 PM', '00:30 AM', '10:60 AM', '10:30', 'noon', '']) {
      expect(() => to24Hour(bad), bad).toThrow(RangeError);
    }
    for (const bad of ['24:00:00', '12:60:00', '12:00:60', '2:30 PM', 'x']) {
      expect(() => to12Hour(bad), bad).toThrow(RangeError);
    }
  });

  it('round-trips every minute of the day', () => {
    for (let minute = 0; minute < 24 * 60; minute += 1) {
      const time24 = timeOfMinutes(minute);
      const time12 = to12Hour(time24);
      expect(time12).toMatch(/^(0[1-9]|1[0-2]):[0-5]\d (AM|PM)$/);
      expect(to24Hour(time12)).toBe(time24);
      expect(to12Hour(to24Hour(time12))).toBe(time12);
      expect(minutesOf24Hour(time24)).toBe(minute);
    }
  });
});

describe('phone cleaner', () => {
  it('keeps digits, +, (, ) and - and strips letters, spaces and other punctuation', () => {
    expect(cleanPhone('+1 (555) 123-4567 ext.')).toBe('+1(555)123-4567');
    expect(cleanPhone('555.123.4567')).toBe('5551234567');
    expect(cleanPhone('Call: 555/123 4567!')).toBe('5551234567');
  });

  it('only ever outputs the kept characters, keeps every digit in order, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => {
        const cleaned = cleanPhone(value);
        expect(cleaned).toMatch(/^[0-9+()-]*$/);
        expect(phoneDigits(cleaned)).toBe(phoneDigits(value));
        expect(cleanPhone(cleaned)).toBe(cleaned);
      }),
    );
  });

  it('formats ten-digit numbers for display', () => {
    expect(formatPhoneForDisplay('555.123.4567')).toBe('(555) 123-4567');
    expect(formatPhoneForDisplay('+1 555 123 4567')).toBe('(555) 123-4567');
    expect(formatPhoneForDisplay('+44 20 7946 0958')).toBe('+442079460958');
  });
});

describe('text normaliser', () => {
  it('lowercases and removes all whitespace', () => {
    expect(normalizeText('  Dr. Ann\tLee\n')).toBe('dr.annlee');
    expect(normalizeText('MAIN\u00a0Street\u2003Clinic')).toBe('mainstreetclinic');
  });

  const textArb = fc.oneof(
    fc.string(),
    fc.string({ unit: 'grapheme' }),
    fc.string({ unit: 'binary' }),
    fc.string({
      unit: fc.constantFrom(
        ' ',
        '\t',
        '\n',
        '\r',
        '\u00a0',
        '\u2003',
        '\u3000',
        '\ufeff',
        'A',
        'é',
        'İ',
        'ß',
      ),
    }),
  );

  it('is idempotent and leaves no whitespace', () => {
    fc.assert(
      fc.property(textArb, (value) => {
        const normalized = normalizeText(value);
        expect(normalizeText(normalized)).toBe(normalized);
        expect(/\s/.test(normalized)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});

describe('clamp', () => {
  it('returns the value when it is at most the limit, otherwise the limit', () => {
    expect(clamp(3, 64)).toBe(3);
    expect(clamp(64, 64)).toBe(64);
    expect(clamp(100, 64)).toBe(64);
  });

  it('uses 1 as the limit when the limit is not a positive number', () => {
    expect(clamp(5, 0)).toBe(1);
    expect(clamp(5, -3)).toBe(1);
    expect(clamp(5, Number.NaN)).toBe(1);
    expect(clamp(5)).toBe(1);
    expect(clamp(5, null)).toBe(1);
    expect(clamp(0.5, 0)).toBe(0.5);
  });

  it('never exceeds the limit and keeps any value within it', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), fc.double(), (value, limit) => {
        const effectiveLimit = limit > 0 ? limit : 1;
        const result = clamp(value, limit);
        expect(result).toBeLessThanOrEqual(effectiveLimit);
        if (value <= effectiveLimit) expect(result).toBe(value);
        else expect(result).toBe(effectiveLimit);
      }),
    );
  });
});
