import { describe, expect, it } from 'vitest';
import { defaultAppointmentId, isRecordId, patientDetailsPath } from './patient-paths';
import { patientListSort } from './patients-screen';

describe('patient routes', () => {
  it('puts only ids in the details path', () => {
    expect(patientDetailsPath('12', '34')).toBe('patientdetails/12/34');
    expect(patientDetailsPath('12')).toBe('patientdetails/12/next');
  });

  it('opens the next upcoming appointment, else the latest past one', () => {
    expect(
      defaultAppointmentId({
        upcomingAppointments: [{ appointmentId: '5' }],
        pastAppointments: [{ appointmentId: '3' }],
      }),
    ).toBe('5');
    expect(
      defaultAppointmentId({ upcomingAppointments: [], pastAppointments: [{ appointmentId: '3' }] }),
    ).toBe('3');
    expect(defaultAppointmentId({ upcomingAppointments: [], pastAppointments: [] })).toBeNull();
  });

  it('accepts record ids only', () => {
    expect(isRecordId('42')).toBe(true);
    expect(isRecordId('next')).toBe(false);
    expect(isRecordId('1; drop')).toBe(false);
    expect(isRecordId(undefined)).toBe(false);
  });

  it('maps the table sort to the server sort', () => {
    expect(patientListSort({ sort: 'name', direction: 'asc' })).toBe('name');
    expect(patientListSort({ sort: 'dateOfBirth', direction: 'desc' })).toBe('-dateOfBirth');
    expect(patientListSort({ sort: 'bogus', direction: 'asc' })).toBe('name');
  });
});
