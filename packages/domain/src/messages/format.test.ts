import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  appointmentIdOfConfirmationNumber,
  appointmentVariables,
  confirmationNumberOf,
  formatWhen,
} from './format.ts';

describe('formatWhen', () => {
  it('names the location zone, DST-correct', () => {
    expect(formatWhen(new Date('2026-12-04T14:00:00Z'), 'America/New_York').when).toBe(
      'Friday, December 4, 2026 at 9:00 AM EST (America/New_York)',
    );
    expect(formatWhen(new Date('2026-07-03T13:00:00Z'), 'America/New_York').when).toBe(
      'Friday, July 3, 2026 at 9:00 AM EDT (America/New_York)',
    );
    expect(formatWhen(new Date('2026-03-30T07:30:00Z'), 'Europe/Berlin').when).toBe(
      'Monday, March 30, 2026 at 9:30 AM CEST (Europe/Berlin)',
    );
    expect(formatWhen(new Date('2026-12-01T00:15:00Z'), 'Asia/Tokyo').time).toBe('9:15 AM');
  });

  it('is the same whatever the process time zone is (it reads only the given zone)', () => {
    const instant = new Date('2026-11-02T14:00:00Z');
    expect(formatWhen(instant, 'America/Los_Angeles').when).toBe(
      'Monday, November 2, 2026 at 6:00 AM PST (America/Los_Angeles)',
    );
  });
});

describe('confirmation number', () => {
  it('is 7 Crockford base-32 characters, not sequential, and reversible', () => {
    expect(confirmationNumberOf(1)).toMatch(/^[0-9A-HJKMNP-TV-Z]{3}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(confirmationNumberOf(1)).not.toBe(confirmationNumberOf(2));
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_147_483_647 }), (id) => {
        expect(appointmentIdOfConfirmationNumber(confirmationNumberOf(id))).toBe(String(id));
      }),
    );
  });

  it('forgives case, dashes and O/I/L, and refuses what is not one', () => {
    const code = confirmationNumberOf('4242');
    expect(appointmentIdOfConfirmationNumber(code.toLowerCase().replace('-', ' '))).toBe('4242');
    expect(appointmentIdOfConfirmationNumber('ABC')).toBeNull();
    expect(appointmentIdOfConfirmationNumber('ZZZ-ZZZZ')).toBeNull(); // beyond 2^31
    expect(() => confirmationNumberOf('0')).toThrow(RangeError);
    expect(() => confirmationNumberOf('abc')).toThrow(RangeError);
  });
});

describe('appointmentVariables', () => {
  it('formats every appointment variable for the location', () => {
    const variables = appointmentVariables({
      appointmentId: 77,
      startUtc: '2026-11-02T14:00:00.000Z',
      previousStartUtc: new Date('2026-10-30T18:30:00Z'),
      practiceName: 'Riverside',
      location: { name: 'Downtown', address: '1 Main St', phone: null, timeZone: 'America/New_York' },
      providerName: 'Dr. Lopez',
      serviceName: 'Physical',
    });
    expect(variables).toMatchObject({
      date: 'Monday, November 2, 2026',
      time: '9:00 AM',
      zone_abbreviation: 'EST',
      zone_name: 'America/New_York',
      previous_when: 'Friday, October 30, 2026 at 2:30 PM EDT (America/New_York)',
      confirmation_number: confirmationNumberOf(77),
      location_phone: '',
      manage_link: '',
      patient_first_name: '',
    });
  });
});
