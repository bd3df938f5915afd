import type { NewAppointment } from '../booking/booking-writes-repository.ts';

/** What a staff booking says of its appointment; the rest is the same for every staff booking. */
export type StaffAppointmentFields = Pick<
  NewAppointment,
  | 'clientId'
  | 'schedulerId'
  | 'providerId'
  | 'locationId'
  | 'serviceId'
  | 'patientId'
  | 'insurancePolicyId'
  | 'startAt'
  | 'endAt'
  | 'isNewPatient'
  | 'idempotencyKey'
  | 'now'
  | 'language'
> & {
  /** The booking channel recorded (the front desk's, or a waitlist mode's). */
  channel: string;
  notes: string | undefined;
  createdByUserId: number | null;
};

/**
 * The appointment a staff booking inserts (the front desk's, the waitlist's Book dialog and a
 * claimed waitlist offer): booked, no analytics session and no campaign but its channel, no
 * patient reason, the staff notes and who booked it.
 */
export function staffAppointment({ channel, notes, ...fields }: StaffAppointmentFields): NewAppointment {
  return {
    ...fields,
    status: 'booked',
    sessionId: null,
    campaign: { channel, utmSource: null, utmMedium: null, utmCampaign: null, utmTerm: null, rwgToken: null },
    reason: null,
    notes: notes ?? null,
  };
}
