/**
 * The contract of the front desk (issue 19, "Book for a caller"): staff book, move and cancel
 * appointments for patients who phone. Decision 012 stands: staff bookings get channel
 * `front-desk`, may go outside the online booking window and book providers who are not bookable
 * online; working hours, time off, closed days and the no-overlap guard always hold (409). A time
 * sooner than the scheduler's minimum notice protects patients: it needs an `overrideReason`,
 * kept in the audit log (400 on `overrideReason` without it).
 *
 * Staff-only; `clientId` names the brand (query for GET, body otherwise; the session's active
 * brand when absent). Reads need `patients:read`, changes `patients:write`; every change is audited.
 *
 * Routes (FRONT_DESK_URL = /api/scheduler/admin/front-desk):
 *  - GET  …/free-times     the free times of a local day at a location for a service (per provider)
 *  - GET  …/appointment    one appointment as the reschedule and cancel dialogs show it (audited read)
 *  - GET  …/message-language  the language a booking's messages default to (issue 21: the patient's
 *                          last booking's, else the practice's default language, else English)
 *  - POST …/book           book an existing or a new patient (idempotent by idempotencyKey)
 *  - POST …/reschedule     move an appointment to another time / provider / location
 *  - POST …/cancel         cancel an appointment with a reason (required)
 */
import * as z from 'zod';
import { recordIdSchema } from '../admin-auth.ts';
import { insuranceDetailsSchema, NOTES_MAX_LENGTH, confirmationNumberSchema } from '../booking.ts';
import {
  isoDateSchema,
  isoInstantSchema,
  optionalTextSchema,
  patientLanguageSchema,
  uuidSchema,
} from '../common.ts';
import { patientIdentitySchema } from '../patient.ts';
import { brandQuerySchema } from './paging.ts';

export const FRONT_DESK_URL = '/api/scheduler/admin/front-desk';
/** The paths under the scheduler API's base URL (web calls). */
export const FRONT_DESK_PATHS = {
  freeTimes: 'admin/front-desk/free-times',
  appointment: 'admin/front-desk/appointment',
  messageLanguage: 'admin/front-desk/message-language',
  book: 'admin/front-desk/book',
  reschedule: 'admin/front-desk/reschedule',
  cancel: 'admin/front-desk/cancel',
} as const;

/**
 * Rules that protect patients and that staff may override with a reason:
 *  - minimum-notice: the time is sooner than the scheduler's "how soon" (minimum notice) allows online.
 */
export const OVERRIDE_RULES = ['minimum-notice'] as const;
export type OverrideRule = (typeof OVERRIDE_RULES)[number];
export const OVERRIDE_RULE_LABELS: Readonly<Record<OverrideRule, string>> = {
  'minimum-notice': "Sooner than the practice's minimum notice for booking",
};
export const OVERRIDE_REASON_MAX_LENGTH = 500;
export const OVERRIDE_REASON_REQUIRED_MESSAGE =
  "This time is sooner than the practice's minimum notice for booking. Give a reason to book it anyway.";

/** Why a time can never be booked by staff (no override): answered with 409 and `details.reason`. */
export const STAFF_TIME_REFUSALS = ['outside-hours', 'closed', 'time-off', 'taken'] as const;
export type StaffTimeRefusal = (typeof STAFF_TIME_REFUSALS)[number];
export const STAFF_TIME_REFUSAL_MESSAGES: Readonly<Record<StaffTimeRefusal, string>> = {
  'outside-hours':
    'The provider does not work at this location at that time (outside their working hours). Choose another time.',
  closed: 'The location is closed on that day. Choose another day.',
  'time-off': 'The provider is on time off at that time. Choose another time.',
  taken: 'This time is no longer free: the provider already has an appointment then. Choose another time.',
};
export const STAFF_PAST_TIME_MESSAGE = 'This time has already passed. Choose a time that is still to come.';
export const CANCEL_REASON_REQUIRED_MESSAGE = 'Give a reason for cancelling the appointment';
export const CANCEL_REASON_MAX_LENGTH = 500;

const overrideReasonSchema = optionalTextSchema(
  OVERRIDE_REASON_MAX_LENGTH,
  `Keep the reason to ${OVERRIDE_REASON_MAX_LENGTH} characters or fewer`,
);

// ---------------------------------------------------------------- GET free-times

export const freeTimesQuerySchema = brandQuerySchema.extend({
  appointmentTypeId: recordIdSchema,
  locationId: recordIdSchema,
  /** Only this provider (default: every provider offering the service at the location, offline ones too). */
  providerId: recordIdSchema.optional(),
  /** The local date at the location, 'YYYY-MM-DD'. */
  date: isoDateSchema,
  /** A reschedule: this appointment's own time does not count as taken. */
  appointmentId: recordIdSchema.optional(),
});
export type FreeTimesQuery = z.output<typeof freeTimesQuerySchema>;

export const freeTimeSchema = z.object({
  startUtc: isoInstantSchema,
  endUtc: isoInstantSchema,
  /** 'HH:mm' at the location. */
  timeLocal: z.string(),
  /** Rules this time overrides (an `overrideReason` is needed to book it); empty for most. */
  overrides: z.array(z.enum(OVERRIDE_RULES)),
});
export type FreeTime = z.output<typeof freeTimeSchema>;

export const freeTimesResponseSchema = z.object({
  date: isoDateSchema,
  timeZone: z.string(),
  location: z.object({ locationId: z.string(), name: z.string() }),
  providers: z.array(
    z.object({
      providerId: z.string(),
      name: z.string(),
      onlineBookable: z.boolean(),
      times: z.array(freeTimeSchema),
    }),
  ),
});
export type FreeTimesResponse = z.output<typeof freeTimesResponseSchema>;

// ---------------------------------------------------------------- GET appointment

export const frontDeskAppointmentQuerySchema = brandQuerySchema.extend({ appointmentId: recordIdSchema });

export const frontDeskAppointmentSchema = z.object({
  appointmentId: z.string(),
  confirmationNumber: confirmationNumberSchema,
  status: z.string(),
  startUtc: isoInstantSchema,
  endUtc: isoInstantSchema,
  timeZone: z.string(),
  patient: z.object({ patientId: z.string(), name: z.string() }),
  provider: z.object({ providerId: z.string(), name: z.string() }),
  location: z.object({ locationId: z.string(), name: z.string() }),
  service: z.object({ appointmentTypeId: z.string(), name: z.string() }),
});
export type FrontDeskAppointment = z.output<typeof frontDeskAppointmentSchema>;

// ---------------------------------------------------------------- GET message-language

/**
 * Issue 21: the language a staff booking's messages default to, for the booking form's "Messages in"
 * choice: the patient's last booking's language (`patient`), else the practice's default language
 * setting (`practice`; also for a new patient, or without `patientId`), else English (`default`).
 */
export const frontDeskMessageLanguageQuerySchema = brandQuerySchema.extend({
  patientId: recordIdSchema.optional(),
});
export type FrontDeskMessageLanguageQuery = z.output<typeof frontDeskMessageLanguageQuerySchema>;

export const MESSAGE_LANGUAGE_SOURCES = ['patient', 'practice', 'default'] as const;
export const frontDeskMessageLanguageSchema = z.object({
  language: patientLanguageSchema,
  source: z.enum(MESSAGE_LANGUAGE_SOURCES),
});
export type FrontDeskMessageLanguage = z.output<typeof frontDeskMessageLanguageSchema>;

// ---------------------------------------------------------------- POST book

/**
 * The patient: one on file (`patientId`), or a new one with the public identity step's fields and
 * rules (`newPatient`: the same schema, the same permission and date-of-birth rules on the server;
 * a person already on file with that name and date of birth is matched, not duplicated).
 */
export const frontDeskPatientSchema = z.union(
  [z.object({ patientId: recordIdSchema }), z.object({ newPatient: patientIdentitySchema })],
  { error: 'Choose the patient or enter a new one' },
);
export type FrontDeskPatient = z.output<typeof frontDeskPatientSchema>;

export const frontDeskBookRequestSchema = brandQuerySchema.extend({
  patient: frontDeskPatientSchema,
  appointmentTypeId: recordIdSchema,
  providerId: recordIdSchema,
  locationId: recordIdSchema,
  startUtc: isoInstantSchema,
  /** null (or absent): no insurance given. */
  insurance: insuranceDetailsSchema.nullable().default(null),
  notes: optionalTextSchema(NOTES_MAX_LENGTH, `Keep the notes to ${NOTES_MAX_LENGTH} characters or fewer`),
  /** Why a rule that protects patients is overridden (required when the time needs it). */
  overrideReason: overrideReasonSchema,
  /**
   * Issue 21: the language the patient's messages go out in (kept on the appointment, a reschedule
   * keeps it). Absent: the patient's last booking's language, else the practice's default language.
   */
  language: patientLanguageSchema.optional(),
  /** One per booking attempt: a retry answers the first booking. */
  idempotencyKey: uuidSchema,
});
export type FrontDeskBookRequest = z.output<typeof frontDeskBookRequestSchema>;
export type FrontDeskBookRequestInput = z.input<typeof frontDeskBookRequestSchema>;

export const frontDeskBookingSchema = frontDeskAppointmentSchema.extend({
  channel: z.string(),
  /** True when the patient record was created by this booking. */
  newPatient: z.boolean(),
  overrides: z.array(z.enum(OVERRIDE_RULES)),
});
export type FrontDeskBooking = z.output<typeof frontDeskBookingSchema>;

// ---------------------------------------------------------------- POST reschedule / cancel

export const frontDeskRescheduleRequestSchema = brandQuerySchema.extend({
  appointmentId: recordIdSchema,
  providerId: recordIdSchema,
  locationId: recordIdSchema,
  startUtc: isoInstantSchema,
  overrideReason: overrideReasonSchema,
});
export type FrontDeskRescheduleRequest = z.output<typeof frontDeskRescheduleRequestSchema>;
export type FrontDeskRescheduleRequestInput = z.input<typeof frontDeskRescheduleRequestSchema>;

export const frontDeskCancelRequestSchema = brandQuerySchema.extend({
  appointmentId: recordIdSchema,
  reason: z
    .string({ error: CANCEL_REASON_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: CANCEL_REASON_REQUIRED_MESSAGE })
    .max(CANCEL_REASON_MAX_LENGTH, {
      error: `Keep the reason to ${CANCEL_REASON_MAX_LENGTH} characters or fewer`,
    }),
});
export type FrontDeskCancelRequest = z.output<typeof frontDeskCancelRequestSchema>;
export type FrontDeskCancelRequestInput = z.input<typeof frontDeskCancelRequestSchema>;

export const frontDeskChangeResponseSchema = z.object({
  appointment: frontDeskAppointmentSchema,
  overrides: z.array(z.enum(OVERRIDE_RULES)),
});
export type FrontDeskChangeResponse = z.output<typeof frontDeskChangeResponseSchema>;
