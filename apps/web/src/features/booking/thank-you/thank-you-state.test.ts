import { describe, expect, it } from 'vitest';
import { readThankYouState } from './thank-you-state';

const booking = {
  appointmentId: '12',
  status: 'booked',
  startUtc: '2030-03-05T14:30:00.000Z',
  endUtc: '2030-03-05T15:00:00.000Z',
  dateLocal: '2030-03-05',
  timeLocal: '09:30',
  timeZone: 'America/New_York',
  provider: { providerId: '7', name: 'Dr. Emily Carter', credentials: 'DDS' },
  location: { name: 'BrightSmile Midtown Manhattan', addressLine1: '350 Fifth Avenue' },
  service: { appointmentTypeId: '3', name: 'Emergency Dental Visit', durationMinutes: 30 },
  thankYou: { primary: 'Booked!', secondary: 'Call us.' },
};

describe('readThankYouState', () => {
  it('reads the booking kept in the history state', () => {
    expect(readThankYouState({ booking })?.booking.appointmentId).toBe('12');
  });

  it('keeps a well-formed confirmation number, and reads a state without one (or a bad one) as none', () => {
    expect(
      readThankYouState({ booking: { ...booking, confirmationNumber: 'K7M-4QXD' } })?.booking,
    ).toMatchObject({
      appointmentId: '12',
      confirmationNumber: 'K7M-4QXD',
    });
    expect(readThankYouState({ booking })?.booking.confirmationNumber).toBeNull();
    for (const bad of ['k7m-4qxd', 'K7M4QXD', 'K7M-4QXDZ', '<b>K7M-4QXD</b>', 42])
      expect(
        readThankYouState({ booking: { ...booking, confirmationNumber: bad } })?.booking.confirmationNumber,
      ).toBeNull();
  });

  it('ignores anything else (a reload in a new tab, a tampered state)', () => {
    expect(readThankYouState(null)).toBeNull();
    expect(readThankYouState({})).toBeNull();
    expect(readThankYouState({ booking: { ...booking, provider: null } })).toBeNull();
  });
});
