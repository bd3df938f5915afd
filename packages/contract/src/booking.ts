/**
 * Payloads of the booking flow after the time is chosen: additional details, insurance and the
 * book-appointment request (PUT bookAppointment).
 */
import * as z from 'zod';
import {
  createIdSchema,
  idSchema,
  isoInstantSchema,
  optionalTextSchema,
  patientLanguageSchema,
  sessionIdSchema,
  slugSchema,
  uuidSchema,
} from './common.ts';
import { patientIdentitySchema, withPatientIdentityRules } from './patient.ts';
import type { PatientIdentityRules } from './patient.ts';

export const REASON_FOR_VISIT_MAX_LENGTH = 500;

/**
 * The confirmation number of a booking, 'K7M-4QXD': `confirmationNumberOf(appointmentId)`
 * (@scheduler/domain/messages/format), the same one the confirmation e-mail and SMS carry.
 */
export const CONFIRMATION_NUMBER_PATTERN = /^[0-9A-HJKMNP-TV-Z]{3}-[0-9A-HJKMNP-TV-Z]{4}$/;
export const confirmationNumberSchema = z.string().regex(CONFIRMATION_NUMBER_PATTERN);
export const NOTES_MAX_LENGTH = 2000;

/** Additional-details step. Both fields are optional; blanks become ''. */
export const additionalDetailsSchema = z.object({
  reasonForVisit: z
    .string()
    .trim()
    .max(REASON_FOR_VISIT_MAX_LENGTH, {
      error: `Keep the reason for your visit to ${REASON_FOR_VISIT_MAX_LENGTH} characters or fewer`,
    })
    .default(''),
  notes: z
    .string()
    .trim()
    .max(NOTES_MAX_LENGTH, { error: `Keep your notes to ${NOTES_MAX_LENGTH} characters or fewer` })
    .default(''),
});
export type AdditionalDetails = z.output<typeof additionalDetailsSchema>;

/** The patient's relationship to the insurance policy holder (FHIR subscriber relationship codes). */
export const RELATIONSHIPS = [
  { value: 'self', label: 'Self' },
  { value: 'spouse', label: 'Spouse' },
  { value: 'child', label: 'Child' },
  { value: 'parent', label: 'Parent' },
  { value: 'common', label: 'Common-law spouse' },
  { value: 'other', label: 'Other' },
] as const;
export type Relationship = (typeof RELATIONSHIPS)[number]['value'];

export const relationshipSchema = z.enum(
  RELATIONSHIPS.map((relationship) => relationship.value) as [Relationship, ...Relationship[]],
  { error: 'Choose your relationship to the policy holder' },
);

export const memberIdSchema = z
  .string({ error: 'Enter your member ID' })
  .trim()
  .min(1, { error: 'Enter your member ID' })
  .max(40, { error: 'Keep the member ID to 40 characters or fewer' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, { error: 'Use letters, digits and hyphens in the member ID' });

/** Insurance step: a plan, or self-pay (offered when insurance 3 is on). */
export const insuranceDetailsSchema = z.discriminatedUnion(
  'selfPay',
  [
    z.object({
      selfPay: z.literal(false),
      carrierId: createIdSchema('Choose your insurance carrier'),
      planId: createIdSchema('Choose your insurance plan'),
      memberId: memberIdSchema,
      relationship: relationshipSchema,
    }),
    z.object({ selfPay: z.literal(true) }),
  ],
  { error: 'Choose your insurance or self-pay' },
);
export type InsuranceDetails = z.output<typeof insuranceDetailsSchema>;
export type InsuranceDetailsInput = z.input<typeof insuranceDetailsSchema>;

/**
 * PUT bookAppointment. `providerId` null means "any provider free at that time": the server picks
 * one by setting appointment 18. `insurance` null means the patient skipped the insurance step.
 * `idempotencyKey` makes a retried request return the first booking instead of a second one.
 * `language` (issue 21): 'en' or 'es', the page's language; 'en' when absent.
 */
export const bookAppointmentRequestSchema = z.object({
  clientSlug: slugSchema,
  schedulerSlug: slugSchema,
  locationId: idSchema,
  providerId: idSchema.nullable(),
  appointmentTypeId: idSchema,
  startUtc: isoInstantSchema,
  patient: patientIdentitySchema,
  isExistingPatient: z.boolean(),
  insurance: insuranceDetailsSchema.nullable(),
  details: additionalDetailsSchema.prefault({}),
  sessionId: sessionIdSchema,
  idempotencyKey: uuidSchema,
  /** Campaign that brought the patient ('website' when none), for reports. */
  channel: optionalTextSchema(100),
  /**
   * Issue 21: the language the patient booked in ('en' when absent); the appointment's messages
   * go out in it.
   */
  language: patientLanguageSchema.default('en'),
});
export type BookAppointmentRequest = z.output<typeof bookAppointmentRequestSchema>;
export type BookAppointmentRequestInput = z.input<typeof bookAppointmentRequestSchema>;

/** The request with the scheduler's identity rules (permissions, date of birth against today). */
export function createBookAppointmentRequestSchema(rules: PatientIdentityRules) {
  return withPatientIdentityRules(bookAppointmentRequestSchema, rules, (request) => request.patient, [
    'patient',
  ]);
}
