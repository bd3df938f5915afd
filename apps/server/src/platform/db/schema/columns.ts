/** Column types shared by the tables (see schema.ts for the storage conventions). */

export type Flag = 0 | 1;
/** UTC epoch milliseconds. */
export type EpochMs = number;
/** `YYYY-MM-DD`. */
export type IsoDate = string;

export const appointmentStatuses = [
  'pending',
  'booked',
  'arrived',
  'checked-in',
  'fulfilled',
  'noshow',
  'cancelled',
  'entered-in-error',
] as const;
/** HL7 FHIR Appointment.status codes used by the product. */
export type AppointmentStatus = (typeof appointmentStatuses)[number];
/** Statuses whose time stays reserved in `appointment_slot_units`. */
export const activeAppointmentStatuses: readonly AppointmentStatus[] = [
  'pending',
  'booked',
  'arrived',
  'checked-in',
  'fulfilled',
];

export const membershipRoles = ['owner', 'admin', 'staff', 'viewer'] as const;
export type MembershipRole = (typeof membershipRoles)[number];

export const waitlistStatuses = ['waiting', 'contacted', 'booked', 'removed'] as const;
export type WaitlistStatus = (typeof waitlistStatuses)[number];

export type Gender = 'M' | 'F';
