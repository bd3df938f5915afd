/**
 * POST createWaitList: a patient asks to be called when a provider or location without online
 * availability has room (offered when appointment 7 or 10 is on). DELETE deleteWaitList and PATCH
 * updateWaitList: staff remove an entry or change its status.
 */
import * as z from 'zod';
import { recordIdSchema } from './admin-auth.ts';
import { brandQuerySchema } from './admin/paging';
import { WAITLIST_STATUSES } from './admin/waitlist';
import { compareIsoDates, isValidIsoDate, subtractYears } from '@scheduler/domain/local-date';
import type { IsoDate } from '@scheduler/domain/local-date';
import {
  idSchema,
  isoDateSchema,
  isoInstantSchema,
  optionalTextSchema,
  patientLanguageSchema,
  sessionIdSchema,
  slugSchema,
  uuidSchema,
} from './common.ts';
import { NOTES_MAX_LENGTH, confirmationNumberSchema } from './booking.ts';
import { patientIdentitySchema, withPatientIdentityRules } from './patient.ts';
import type { PatientIdentityRules } from './patient.ts';

export const PREFERRED_TIMES = ['morning', 'afternoon', 'evening'] as const;
export type PreferredTime = (typeof PREFERRED_TIMES)[number];

/** `providerId` null: any provider of the location. */
export const waitlistEntryRequestSchema = z.object({
  clientSlug: slugSchema,
  schedulerSlug: slugSchema,
  locationId: idSchema,
  providerId: idSchema.nullable(),
  appointmentTypeId: idSchema,
  patient: patientIdentitySchema,
  isExistingPatient: z.boolean(),
  preferredTimes: z
    .array(z.enum(PREFERRED_TIMES, { error: 'Choose morning, afternoon or evening' }))
    .max(PREFERRED_TIMES.length)
    .default([]),
  notes: optionalTextSchema(NOTES_MAX_LENGTH, `Keep your notes to ${NOTES_MAX_LENGTH} characters or fewer`),
  sessionId: sessionIdSchema,
  idempotencyKey: uuidSchema,
  /** Issue 21: the language the patient joined in ('en' when absent); offers go out in it. */
  language: patientLanguageSchema.default('en'),
});
export type WaitlistEntryRequest = z.output<typeof waitlistEntryRequestSchema>;
export type WaitlistEntryRequestInput = z.input<typeof waitlistEntryRequestSchema>;

/** The request with the scheduler's identity rules (permissions, date of birth against today). */
export function createWaitlistEntryRequestSchema(rules: PatientIdentityRules) {
  return withPatientIdentityRules(waitlistEntryRequestSchema, rules, (request) => request.patient, [
    'patient',
  ]);
}

// ---------------------------------------------------------------- staff changes (waitlist:write)

/** DELETE deleteWaitList: the entry leaves the waitlist (kept with status `removed` for the audit trail). */
export const deleteWaitListQuerySchema = brandQuerySchema.extend({ waitlistEntryId: recordIdSchema });
export type DeleteWaitListQuery = z.output<typeof deleteWaitListQuerySchema>;

/**
 * PATCH updateWaitList: a new status for the entry (contacted, booked, removed, or back to waiting).
 * `appointmentId` names the appointment the entry was booked into (status `booked` only).
 */
export const updateWaitListRequestSchema = brandQuerySchema
  .extend({
    waitlistEntryId: recordIdSchema,
    status: z.enum(WAITLIST_STATUSES, { error: 'Choose waiting, contacted, booked or removed' }),
    appointmentId: recordIdSchema.optional(),
  })
  .refine((request) => request.appointmentId === undefined || request.status === 'booked', {
    error: 'Only a booked entry names its appointment',
    path: ['appointmentId'],
  });
export type UpdateWaitListRequest = z.output<typeof updateWaitListRequestSchema>;

export const waitListChangeResponseSchema = z.object({
  waitlistEntryId: z.string(),
  status: z.enum(WAITLIST_STATUSES),
  updatedAt: isoInstantSchema,
});
export type WaitListChangeResponse = z.output<typeof waitListChangeResponseSchema>;

// ---------------------------------------------------------------- staff booking (waitlist:write)

/** The channel of an appointment booked by staff (front desk) from the waitlist, as reports show it. */
export const FRONT_DESK_CHANNEL = 'front-desk';

/**
 * POST /api/patient-management/bookFromWaitList: staff book a waitlisted patient into a time. The
 * patient booking window and the online-booking rules do not apply; the time must not have passed,
 * must lie inside the provider's working hours at the location, and must be free. The patient is
 * the entry's (matched or created from its contact); the permissions are the ones staff confirmed.
 * `appointmentTypeId` defaults to the entry's service. `dateOfBirth` is the patient's, asked by
 * staff when the entry has none (required then: the patient record is matched or created by name
 * and date of birth); optional when the entry has one, and then it must be the same.
 */
export const bookFromWaitListRequestSchema = brandQuerySchema.extend({
  waitlistEntryId: recordIdSchema,
  providerId: recordIdSchema,
  locationId: recordIdSchema,
  appointmentTypeId: recordIdSchema.optional(),
  startUtc: isoInstantSchema,
  smsPermission: z.boolean().default(false),
  emailPermission: z.boolean().default(false),
  notes: optionalTextSchema(NOTES_MAX_LENGTH, `Keep the notes to ${NOTES_MAX_LENGTH} characters or fewer`),
  /** 'YYYY-MM-DD'; plausibility (past, at most 120 years ago) is `staffDateOfBirthIssue`. */
  dateOfBirth: isoDateSchema.optional(),
  /** One per booking attempt: a retry answers the first booking. */
  idempotencyKey: uuidSchema,
});
export type BookFromWaitListRequest = z.output<typeof bookFromWaitListRequestSchema>;
export type BookFromWaitListRequestInput = z.input<typeof bookFromWaitListRequestSchema>;

/** A date of birth staff enter is refused when it is more than this many years before today. */
export const STAFF_MAX_AGE_YEARS = 120;
export const STAFF_DATE_OF_BIRTH_REQUIRED_MESSAGE = "Enter the patient's date of birth";
export const STAFF_DATE_OF_BIRTH_INVALID_MESSAGE = 'Enter a valid date (YYYY-MM-DD)';
export const STAFF_DATE_OF_BIRTH_NOT_PAST_MESSAGE = 'The date of birth must be in the past';
export const STAFF_DATE_OF_BIRTH_TOO_OLD_MESSAGE = `Check the year: the date of birth is more than ${STAFF_MAX_AGE_YEARS} years ago`;

/**
 * Why a date of birth staff enter for a waitlist booking is refused on `today` (the location's
 * local date), or null: a real calendar date, before today, at most 120 years ago.
 */
export function staffDateOfBirthIssue(dateOfBirth: string, today: IsoDate): string | null {
  const value = dateOfBirth.trim();
  if (value === '') return STAFF_DATE_OF_BIRTH_REQUIRED_MESSAGE;
  if (!isValidIsoDate(value)) return STAFF_DATE_OF_BIRTH_INVALID_MESSAGE;
  if (compareIsoDates(value, today) >= 0) return STAFF_DATE_OF_BIRTH_NOT_PAST_MESSAGE;
  if (compareIsoDates(value, subtractYears(today, STAFF_MAX_AGE_YEARS)) < 0)
    return STAFF_DATE_OF_BIRTH_TOO_OLD_MESSAGE;
  return null;
}

export const bookFromWaitListResponseSchema = z.object({
  appointmentId: z.string(),
  /** The booking's confirmation number, as the patient's confirmation messages carry it. */
  confirmationNumber: confirmationNumberSchema,
  patientId: z.string(),
  waitlistEntryId: z.string(),
  status: z.string(),
  startUtc: isoInstantSchema,
  endUtc: isoInstantSchema,
  dateLocal: z.string(),
  timeLocal: z.string(),
  timeZone: z.string(),
  channel: z.string(),
  provider: z.object({ providerId: z.string(), name: z.string() }),
  location: z.object({ locationId: z.string(), name: z.string() }),
  service: z.object({ appointmentTypeId: z.string(), name: z.string() }),
});
export type BookFromWaitListResponse = z.output<typeof bookFromWaitListResponseSchema>;
