/**
 * Issue 18 "Manage link": the patient's own page for one appointment, reached by
 * `/{clientName}/{scheduler}/manage/{token}` (from the messages and the thank-you screen).
 *
 * API (public, no session; the token is the only credential, docs/decisions/017-manage-links.md).
 * The token travels in the header `X-Manage-Token` (MANAGE_TOKEN_HEADER), never in an API path or
 * query, so that no API URL (logs, the web client's failure lines, analytics) carries it:
 *  - GET  /api/scheduler/manage             → 200 ManageAppointmentResponse. Changes nothing.
 *  - POST /api/scheduler/manage/cancel      → 200 CancelAppointmentResponse (body CancelAppointmentRequest)
 *  - POST /api/scheduler/manage/reschedule  → 200 ManageAppointmentResponse (body RescheduleAppointmentRequest)
 *
 * CSRF: the token is not ambient (no cookie), and the POSTs need `Content-Type: application/json`
 * plus the custom token header, which no foreign page can send without a CORS preflight (not granted).
 *
 * Errors (`{ error: { code, message, details? } }`, errors.ts):
 *  - 404 MANAGE_LINK_INVALID for a missing, wrong, expired (the appointment has started) or
 *    cancelled token: always the same body, MANAGE_LINK_INVALID_MESSAGE; it reveals nothing about
 *    any appointment. The page then offers the booking page and the office phone (getConfig of
 *    the URL's scheduler).
 *  - 422 MANAGE_NOT_ALLOWED with `details.reason` (ManageRefusalReason) and the message to show;
 *    the page shows the office phone with it.
 *  - 409 SLOT_TAKEN (reschedule): the spec's slot-taken message; the appointment keeps its old time.
 *  - 400 VALIDATION, 429 RATE_LIMITED (per token and per IP).
 */
import * as z from 'zod';
import { confirmationNumberSchema } from './booking.ts';
import { recordIdSchema } from './admin-auth.ts';
import { idSchema, isoInstantSchema, optionalTextSchema, slugSchema } from './common.ts';
import { locationSchema } from './scheduler-api.ts';

/** A manage token: base64url of 32 bytes (43 characters). Anything else is a wrong link. */
export const MANAGE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const manageTokenSchema = z.string().regex(MANAGE_TOKEN_PATTERN);

/** The header that carries the token on every manage API call (lower case, as Node sees it). */
export const MANAGE_TOKEN_HEADER = 'x-manage-token';
export const MANAGE_API_PATH = '/api/scheduler/manage';

/** The one answer to a wrong, expired or cancelled link (404 MANAGE_LINK_INVALID). */
export const MANAGE_LINK_INVALID_MESSAGE =
  'This link is not valid or has expired. You can book a new appointment on our booking page or call our office.';

/** Why a change is refused (details.reason of 422 MANAGE_NOT_ALLOWED, and `*.reason` of the GET). */
export const MANAGE_REFUSAL_REASONS = [
  'self-service-off',
  'cutoff-passed',
  'limit-reached',
  'not-bookable',
] as const;
export type ManageRefusalReason = (typeof MANAGE_REFUSAL_REASONS)[number];
export const manageRefusalReasonSchema = z.enum(MANAGE_REFUSAL_REASONS);

/**
 * The patient-facing texts of the refusals. HOURS is the service's cut-off; PHONENUMBER the
 * office phone (dropped with the space before it when there is none).
 */
export const MANAGE_REFUSAL_MESSAGES = {
  cancel: {
    'self-service-off':
      'This appointment cannot be cancelled online. Please call our office PHONENUMBER to cancel.',
    'cutoff-passed':
      'Online cancellation closes HOURS hours before the appointment. Please call our office PHONENUMBER to cancel.',
    'limit-reached':
      'This appointment cannot be cancelled online. Please call our office PHONENUMBER to cancel.',
    'not-bookable':
      'This appointment cannot be cancelled online. Please call our office PHONENUMBER to cancel.',
  },
  reschedule: {
    'self-service-off':
      'This appointment cannot be rescheduled online. Please call our office PHONENUMBER to change it.',
    'cutoff-passed':
      'Online rescheduling closes HOURS hours before the appointment. Please call our office PHONENUMBER to change it.',
    'limit-reached':
      'This appointment has already been rescheduled online as often as allowed. Please call our office PHONENUMBER to change it.',
    'not-bookable':
      'This service cannot be rescheduled online. Please call our office PHONENUMBER to change it.',
  },
} as const satisfies Record<'cancel' | 'reschedule', Record<ManageRefusalReason, string>>;

/** What the patient may do, and why not. */
export const manageActionSchema = z.object({
  allowed: z.boolean(),
  /** null when allowed. */
  reason: manageRefusalReasonSchema.nullable(),
  /** The text to show when refused (MANAGE_REFUSAL_MESSAGES filled), null when allowed. */
  message: z.string().nullable(),
  /** The service's cut-off in hours ("until N hours before"). */
  cutoffHours: z.number().int().min(0),
  /** The last instant the action is allowed (start − cut-off). */
  deadlineUtc: isoInstantSchema,
});
export type ManageAction = z.output<typeof manageActionSchema>;

export const manageAppointmentResponseSchema = z.object({
  /** Scope of the booking URL (links back to the booking page). */
  clientName: slugSchema,
  scheduler: slugSchema,
  confirmationNumber: confirmationNumberSchema,
  status: z.enum(['booked', 'pending']),
  /** The patient's first name only. */
  patientFirstName: z.string(),
  /** True when the patient had been seen before this booking (slot search's isExistingPatient). */
  isExistingPatient: z.boolean(),
  startUtc: isoInstantSchema,
  endUtc: isoInstantSchema,
  /** As the booking answer formats them, in `timeZone` ('March 9, 2025', '02:30 PM'). */
  dateLocal: z.string(),
  timeLocal: z.string(),
  /** The location's IANA time zone (format with it and name it). */
  timeZone: z.string(),
  provider: z.object({ providerId: z.string(), name: z.string(), credentials: z.string().nullable() }),
  /** The same shape as getLocation / the booking answer (address, coordinates for the map, phone). */
  location: locationSchema,
  service: z.object({ appointmentTypeId: z.string(), name: z.string(), durationMinutes: z.number() }),
  /** The office phone (PHONENUMBER), '' when none. */
  officePhone: z.string(),
  cancel: manageActionSchema,
  reschedule: manageActionSchema.extend({
    /** Reschedules allowed per appointment, and already used. */
    limit: z.number().int().min(0),
    used: z.number().int().min(0),
    /**
     * True when the find-a-time step may offer other providers of the same service and location
     * (setting rescheduleAnyProvider); else only `provider.providerId`.
     */
    anyProvider: z.boolean(),
  }),
  /** The start before the latest reschedule by the patient, null when never moved. */
  rescheduledFromUtc: isoInstantSchema.nullable(),
});
export type ManageAppointmentResponse = z.output<typeof manageAppointmentResponseSchema>;

/** The short list of cancellation reasons (value stored, label shown). */
export const CANCEL_REASONS = [
  { value: 'schedule-conflict', label: 'I have a schedule conflict' },
  { value: 'feeling-better', label: 'I am feeling better' },
  { value: 'booked-elsewhere', label: 'I booked somewhere else' },
  { value: 'transport', label: 'I cannot get there' },
  { value: 'cost', label: 'Cost or insurance' },
  { value: 'other', label: 'Other reason' },
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number]['value'];
export const cancelReasonSchema = z.enum(
  CANCEL_REASONS.map((reason) => reason.value) as [CancelReason, ...CancelReason[]],
  { error: 'Choose a reason' },
);
export const CANCEL_NOTE_MAX_LENGTH = 500;

/** POST …/cancel. */
export const cancelAppointmentRequestSchema = z.object({
  reason: cancelReasonSchema,
  note: optionalTextSchema(
    CANCEL_NOTE_MAX_LENGTH,
    `Keep this to ${CANCEL_NOTE_MAX_LENGTH} characters or fewer`,
  ),
});
export type CancelAppointmentRequest = z.output<typeof cancelAppointmentRequestSchema>;
export type CancelAppointmentRequestInput = z.input<typeof cancelAppointmentRequestSchema>;

export const cancelAppointmentResponseSchema = z.object({
  status: z.literal('cancelled'),
  confirmationNumber: confirmationNumberSchema,
  /** The start that was cancelled, in the zone below. */
  startUtc: isoInstantSchema,
  timeZone: z.string(),
  clientName: slugSchema,
  scheduler: slugSchema,
  officePhone: z.string(),
});
export type CancelAppointmentResponse = z.output<typeof cancelAppointmentResponseSchema>;

/**
 * POST …/reschedule: the new start (a time the slot search offered for the same service and
 * location). `providerId` absent or null keeps the provider; another provider only when
 * `reschedule.anyProvider`. Answers the updated ManageAppointmentResponse (same token, same
 * confirmation number; `rescheduledFromUtc` is the old start).
 */
export const rescheduleAppointmentRequestSchema = z.object({
  startUtc: isoInstantSchema,
  providerId: idSchema.nullish(),
});
export type RescheduleAppointmentRequest = z.output<typeof rescheduleAppointmentRequestSchema>;
export type RescheduleAppointmentRequestInput = z.input<typeof rescheduleAppointmentRequestSchema>;

/** The manage page path of the web app. */
export function managePagePath(clientName: string, scheduler: string, token: string): string {
  return `/${clientName}/${scheduler}/manage/${token}`;
}

// ---------------------------------------------------------------- staff

/**
 * POST /api/patient-management/resendManageLink (patients:write; audited): a new link (the old
 * ones stop working) sent by the patient's channels as a "manage link" message.
 */
export const resendManageLinkRequestSchema = z.object({
  clientId: recordIdSchema.optional(),
  appointmentId: recordIdSchema,
});
export type ResendManageLinkRequest = z.output<typeof resendManageLinkRequestSchema>;

export const resendManageLinkResponseSchema = z.object({
  /** False when self-service is off or the appointment is not in the future / cancelled. */
  queued: z.boolean(),
});
export type ResendManageLinkResponse = z.output<typeof resendManageLinkResponseSchema>;

/** Self-service facts of an appointment, in the staff appointment details answer. */
export const selfServiceFactsSchema = z.object({
  cancelledBy: z.enum(['patient', 'staff']).nullable(),
  cancelReason: z.string().nullable(),
  cancelNote: z.string().nullable(),
  rescheduleCount: z.number().int().min(0),
  /** The start before the latest reschedule by the patient. */
  rescheduledFromUtc: isoInstantSchema.nullable(),
});
export type SelfServiceFacts = z.output<typeof selfServiceFactsSchema>;
