/**
 * The patient details route is `patientdetails/:patientId/:appointmentId` (ids only, never patient
 * data). From the patients list no appointment is chosen yet: the placeholder segment below makes the
 * details screen open the next upcoming appointment (else the latest past one).
 */
export const PICK_APPOINTMENT = 'next';

export function patientDetailsPath(patientId: string, appointmentId: string = PICK_APPOINTMENT): string {
  return `patientdetails/${encodeURIComponent(patientId)}/${encodeURIComponent(appointmentId)}`;
}

/** The appointment the details screen shows first: the soonest upcoming one, else the latest past one. */
export function defaultAppointmentId(details: {
  upcomingAppointments: readonly { appointmentId: string }[];
  pastAppointments: readonly { appointmentId: string }[];
}): string | null {
  return details.upcomingAppointments[0]?.appointmentId ?? details.pastAppointments[0]?.appointmentId ?? null;
}

/** True for a route segment that names a record (digits), false for the placeholder or junk. */
export function isRecordId(segment: string | undefined): segment is string {
  return segment !== undefined && /^\d{1,10}$/.test(segment);
}
