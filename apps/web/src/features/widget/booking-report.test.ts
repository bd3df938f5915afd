import { describe, expect, it } from 'vitest';
import {
  bookedAppointmentFromHistory,
  bookedAppointmentOf,
  bookingStepOf,
  rememberBooked,
} from './booking-report';

describe('booking reports of the widget', () => {
  it('names the step of a widget path', () => {
    expect(bookingStepOf('/acme/main/all/widget/insurance')).toBe('insurance');
    expect(bookingStepOf('/acme/main/all/widget')).toBeNull();
    expect(bookingStepOf('/acme/main/all/widget/')).toBeNull();
    expect(bookingStepOf('/acme/main/all/landing')).toBeNull();
  });

  it('reports ids and the start from the booking state, never the patient', () => {
    const booking = bookedAppointmentOf(
      {
        selectedTime: { startUtc: '2026-12-01T15:00:00.000Z', locationId: '3', idempotencyKey: 'k' },
        selectedProvider: { providerId: 7 },
      },
      { servicetype: { appointmentTypeId: '2' }, locationId: 'all' },
    );
    expect(booking).toEqual({
      appointmentId: null,
      startUtc: '2026-12-01T15:00:00.000Z',
      appointmentTypeId: '2',
      locationId: '3',
      providerId: '7',
    });
    expect(
      bookedAppointmentOf(
        { selectedTime: null, selectedProvider: null },
        { servicetype: null, locationId: null },
      ),
    ).toEqual({
      appointmentId: null,
      startUtc: null,
      appointmentTypeId: null,
      locationId: null,
      providerId: null,
    });
  });

  it('takes the confirmed booking from the thank-you history state', () => {
    expect(
      bookedAppointmentFromHistory({
        booking: {
          appointmentId: '812',
          startUtc: '2026-12-01T15:00:00.000Z',
          provider: { providerId: '7', name: 'Dr. A' },
          location: { id: '3', name: 'Main' },
          service: { appointmentTypeId: '2', name: 'Exam' },
        },
      }),
    ).toEqual({
      appointmentId: '812',
      startUtc: '2026-12-01T15:00:00.000Z',
      appointmentTypeId: '2',
      locationId: '3',
      providerId: '7',
    });
    expect(bookedAppointmentFromHistory(null)).toEqual({});
    expect(bookedAppointmentFromHistory({ booking: 'x' })).toEqual({});
  });

  it('reports a booking once per tab, even after a reload', () => {
    const stored = new Map<string, string>();
    const storage = {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
    };
    const booking = {
      appointmentId: '812',
      startUtc: 's',
      appointmentTypeId: null,
      locationId: null,
      providerId: '7',
    };
    expect(rememberBooked(booking, storage)).toBe(true);
    expect(rememberBooked(booking, storage)).toBe(false);
    expect(rememberBooked({ ...booking, appointmentId: '813' }, storage)).toBe(true);
    const blocked = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => undefined,
    };
    expect(rememberBooked(booking, blocked)).toBe(true);
  });
});
