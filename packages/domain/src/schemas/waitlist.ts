/**
 * POST createWaitList: a patient asks to be called when a provider or location without online
 * availability has room (offered when appointment 7 or 10 is on). DELETE deleteWaitList and PATCH
 * updateWaitList: staff remove an entry or change its status.
 */
import * as z from 'zod';
import { recordIdSchema } from './admin-auth.ts';
import { WAITLIST_STATUSES, brandQuerySchema } from './admin-config.ts';
import {
  idSchema,
  isoInstantSchema,
  optionalTextSchema,
  sessionIdSchema,
  slugSchema,
  uuidSchema,
} from './common.ts';
import { NOTES_MAX_LENGTH } from './booking.ts';
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
