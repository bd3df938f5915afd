import { describe, expect, it } from 'vitest';
import { NO_FILTERS } from '../shared/api/patient-management-api';
import { usesLastAppointmentSearch, type PatientListRequest } from './patients-api';
import { lastAppointmentText } from './patients-screen';

const request = (over: Partial<PatientListRequest> = {}): PatientListRequest => ({
  page: 1,
  pageSize: 25,
  search: 'lee',
  sort: 'name',
  filters: NO_FILTERS,
  ...over,
});

describe('the staff search with last appointments (getPatientsAndLastAppointments)', () => {
  it('is used for a text search by name without appointment filters, else the patient list', () => {
    expect(usesLastAppointmentSearch(request(), false)).toBe(true);
    expect(usesLastAppointmentSearch(request({ search: '  ' }), false)).toBe(false);
    expect(usesLastAppointmentSearch(request(), true)).toBe(false);
    expect(usesLastAppointmentSearch(request({ sort: '-name' }), false)).toBe(false);
    expect(usesLastAppointmentSearch(request({ sort: 'createdAt' }), false)).toBe(false);
  });

  it("shows the last appointment in its location's zone, with service, provider, status and confirmation number", () => {
    expect(
      lastAppointmentText({
        appointmentId: '7',
        confirmationNumber: 'K7M-4QXD',
        startUtc: '2026-11-20T14:00:00.000Z',
        endUtc: '2026-11-20T14:30:00.000Z',
        timeZone: 'America/Chicago',
        dateLocal: '2026-11-20',
        timeLocal: '08:00',
        status: 'fulfilled',
        statusLabel: 'Completed',
        service: { appointmentTypeId: '1', name: 'Cleaning' },
        provider: { providerId: '2', name: 'Dr. Ann Lee' },
        location: { locationId: '3', name: 'Chicago' },
      }),
    ).toBe('Nov 20, 2026, 8:00 AM CT · Cleaning with Dr. Ann Lee · Completed · K7M-4QXD');
  });
});
