/**
 * The contract of the public (anonymous) scheduler API used by the booking flow and the widget.
 * The server validates requests with these schemas and uses the response schemas as route
 * response schemas (so nothing else leaves the server); the web app parses answers with them.
 *
 * Every call is scoped by the booking URL: `clientName` (client slug) and `scheduler` (scheduler
 * slug). Paths are `/api/scheduler/<name>` with the method of spec section 7.
 */
import * as z from 'zod';
import {
  bookAppointmentRequestSchema,
  confirmationNumberSchema,
  insuranceDetailsSchema,
  relationshipSchema,
} from './booking.ts';
import {
  getConfigResponseSchema,
  getLocationResponseSchema,
  getInsuranceResponseSchema,
  getServiceTypeResponseSchema,
  insuranceCarrierSchema,
  locationSchema,
  serviceTypeSchema,
  settingRowResponseSchema,
  topInsurancePackageResponseSchema,
} from './catalogue-answers.ts';
import { idSchema, isoDateSchema, isoInstantSchema, optionalTextSchema, slugSchema } from './common.ts';
import { patientIdentitySchema } from './patient.ts';

/** Query parameters every public call carries. */
export const schedulerScopeSchema = z.object({
  clientName: slugSchema,
  scheduler: slugSchema,
});
export type SchedulerScope = z.output<typeof schedulerScopeSchema>;

// ------------------------------- GET getConfig, getLocation, getServiceType (+ the landing's insurance)

// The landing's answers are defined with zod/mini in catalogue-answers.ts (one definition; the
// booking page's contract worker checks them without classic zod, issue 16).

export {
  getConfigResponseSchema,
  getLocationResponseSchema,
  getServiceTypeResponseSchema,
  locationSchema,
  serviceTypeSchema,
  settingRowResponseSchema,
};
// The landing's insurance reads (its payment question): catalogue-answers.ts too.
export { getInsuranceResponseSchema, insuranceCarrierSchema, topInsurancePackageResponseSchema };
export type GetConfigResponse = z.output<typeof getConfigResponseSchema>;
export type Location = z.output<typeof locationSchema>;
export type ServiceType = z.output<typeof serviceTypeSchema>;

export const getLocationQuerySchema = schedulerScopeSchema.extend({
  /** Only locations offering this service, when given. */
  appointmentTypeId: idSchema.optional(),
});

// ---------------------------------------------------------------- GET getProviders (slot search)

export const getProvidersQuerySchema = schedulerScopeSchema.extend({
  appointmentTypeId: idSchema,
  /** A location id, or 'all'. */
  locationId: z.union([z.literal('all'), idSchema]),
  /** Comma-separated gender codes ('M,F'); absent means all. */
  gender: z
    .string()
    .regex(/^[MF](,[MF])*$/, { error: 'gender is a comma-separated list of M and F' })
    .optional(),
  postalCode: z
    .string()
    .regex(/^\d{5}$/, { error: 'Enter a 5-digit ZIP code' })
    .optional(),
  /** Maximum distance in miles from postalCode, 0–30; 0 means no distance limit. */
  distance: z.coerce.number().int().min(0).max(30).optional(),
  insurancePlanId: idSchema.optional(),
  /**
   * Only this provider (a deep link, or an existing patient's own provider). A provider that
   * cannot be booked online is refused with PROVIDER_NOT_ONLINE.
   */
  providerId: idSchema.optional(),
  isExistingPatient: z.enum(['true', 'false']).optional(),
  /** First local date to return slots for (day navigation); defaults to the window start. */
  fromDate: isoDateSchema.optional(),
  /** Number of local days of slots to return from fromDate (1–90); default the whole window. */
  days: z.coerce.number().int().min(1).max(90).optional(),
});
export type GetProvidersQuery = z.output<typeof getProvidersQuerySchema>;

export const slotResponseSchema = z.object({
  startUtc: isoInstantSchema,
  /** 'YYYY-MM-DD' and 'HH:mm' in the location's time zone. */
  dateLocal: z.string(),
  timeLocal: z.string(),
  locationId: z.string(),
});
export type SlotResponse = z.output<typeof slotResponseSchema>;

export const providerCardSchema = z.object({
  providerId: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  credentials: z.string().nullable(),
  gender: z.string().nullable(),
  bio: z.string().nullable(),
  photoUrl: z.string().nullable(),
  acceptingNewPatients: z.boolean(),
  /** Miles from the patient's postal code to the nearest location with slots, when given. */
  distanceMiles: z.number().nullable(),
  locationIds: z.array(z.string()),
  nextAvailable: slotResponseSchema.nullable(),
  /**
   * With day navigation (fromDate): the provider's first slot on or after fromDate, null when none
   * is left in the window, so that "Next available" never points before the day shown.
   */
  nextAvailableFrom: slotResponseSchema.nullable().optional(),
  slots: z.array(slotResponseSchema),
  noCapacity: z.boolean(),
  /** The spec's message when the provider has no capacity (shown only when configured). */
  message: z.string().nullable(),
  /** True when the patient may join the waitlist for this provider (appointment 7). */
  waitlistAllowed: z.boolean(),
});
export type ProviderCard = z.output<typeof providerCardSchema>;

export const timeGroupSchema = z.object({
  startUtc: isoInstantSchema,
  dateLocal: z.string(),
  timeLocal: z.string(),
  locationId: z.string(),
  /** The provider the scheduler's assignment rule (appointment 18) picked among those free. */
  assignedProviderId: z.string(),
  providerIds: z.array(z.string()),
});

export const getProvidersResponseSchema = z.object({
  window: z.object({
    earliest: isoInstantSchema,
    latestDate: isoDateSchema,
    latestExclusive: isoInstantSchema,
  }),
  /** Local dates (location zone) that have at least one slot, for day navigation. */
  availableDates: z.array(isoDateSchema),
  /** Providers in the scheduler's sort order (appointment 4). */
  providers: z.array(providerCardSchema),
  /** Filled when slots are grouped by time (appointment 17 'No'), else empty. */
  timeGroups: z.array(timeGroupSchema),
  groupBy: z.enum(['provider', 'time']),
  locations: z.array(
    z.object({
      locationId: z.string(),
      noCapacity: z.boolean(),
      message: z.string().nullable(),
      waitlistAllowed: z.boolean(),
      /** Miles from the patient's postal code, when one is given and the location has coordinates. */
      distanceMiles: z.number().optional(),
    }),
  ),
});
export type GetProvidersResponse = z.output<typeof getProvidersResponseSchema>;

// ---------------------------------------------------------------- insurance reads
// getInsurance and topInsurancePackage: catalogue-answers.ts (the landing asks them), re-exported above.

export const getInsuranceTypeResponseSchema = z.object({
  types: z.array(z.object({ insuranceTypeId: z.string(), name: z.string() })),
});
export const relationshipResponseSchema = z.object({
  relationships: z.array(z.object({ value: z.string(), label: z.string() })),
});
export const getStatesResponseSchema = z.object({
  states: z.array(z.object({ code: z.string(), name: z.string() })),
});

/** POST insuranceValidation: is the plan in-network with the provider (insurance 1 / 3)? */
export const insuranceValidationRequestSchema = schedulerScopeSchema.extend({
  providerId: idSchema,
  planId: idSchema.nullable(),
  selfPay: z.boolean().default(false),
});
export const insuranceValidationResponseSchema = z.object({
  inNetwork: z.boolean(),
  /** The spec's "Insurance not in-network" message when refused. */
  message: z.string().nullable(),
});

// ---------------------------------------------------------------- POST insurance/postInsurance

/**
 * GET insurance/topInsurancePackage's query (block "postInsurance": the insurance step's chips). With
 * `providerId`, only the top packages that provider accepts (no chip for a plan the provider refuses).
 */
export const topInsurancePackageQuerySchema = schedulerScopeSchema.extend({
  providerId: idSchema.optional(),
});

/**
 * POST insurance/postInsurance (block "postInsurance"): the insurance step's answer for this booking —
 * a plan with member id and relationship, self-pay (offered when insurance 3 is Yes), or `null` (no
 * insurance given: always allowed). The server checks it (the plan is an active plan of the brand of
 * that carrier; in-network with `providerId` when given) and answers the normalized policy. It writes
 * nothing: no patient record is read or changed (the call is anonymous); the booking carries the policy.
 */
export const postInsuranceRequestSchema = schedulerScopeSchema.extend({
  /** The provider chosen at find-appointment; null or absent: any provider (nothing to check). */
  providerId: idSchema.nullable().default(null),
  insurance: insuranceDetailsSchema.nullable(),
});
export type PostInsuranceRequest = z.output<typeof postInsuranceRequestSchema>;
export type PostInsuranceRequestInput = z.input<typeof postInsuranceRequestSchema>;

export const postInsurancePolicySchema = z.discriminatedUnion('selfPay', [
  z.object({
    selfPay: z.literal(false),
    carrierId: z.string(),
    carrierName: z.string(),
    planId: z.string(),
    planName: z.string(),
    /** Trimmed, inner spaces collapsed. */
    memberId: z.string(),
    relationship: relationshipSchema,
    relationshipLabel: z.string(),
  }),
  z.object({ selfPay: z.literal(true) }),
]);

export const postInsuranceResponseSchema = z.object({
  /** The policy as the booking should send it; null: no insurance given. */
  policy: postInsurancePolicySchema.nullable(),
  /** Whether the provider accepts the plan; null when there is nothing to check (no plan or no provider). */
  inNetwork: z.boolean().nullable(),
  /**
   * The spec's "Insurance not in-network" message when the booking would be refused (insurance 1
   * Yes and the provider does not accept the plan), else null.
   */
  message: z.string().nullable(),
});
export type PostInsuranceResponse = z.output<typeof postInsuranceResponseSchema>;

// ---------------------------------------------------------------- patients (anonymous flow)

/**
 * POST createPatients from the anonymous flow: the server matches an existing patient (normalised
 * name + date of birth + phone or e-mail) and answers only what the flow needs. It writes nothing:
 * the patient record is created or updated inside the booking transaction.
 *
 * Patient identity never travels in a URL, so the anonymous flow has no GET lookup: GET getPatients
 * is staff-only and answers 401 UNAUTHENTICATED without a staff session.
 */
export const patientLookupRequestSchema = schedulerScopeSchema.extend({
  patient: patientIdentitySchema,
  appointmentTypeId: idSchema.optional(),
});
export const patientLookupResponseSchema = z.object({
  isExistingPatient: z.boolean(),
  /** Set when the patient already has an upcoming active appointment (and multiple are not allowed). */
  existingAppointment: z.object({ startUtc: isoInstantSchema, message: z.string() }).nullable(),
  /** Set when existing patients may not book online (appointment 13). */
  refusal: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type PatientLookupResponse = z.output<typeof patientLookupResponseSchema>;

// ---------------------------------------------------------------- PUT bookAppointment

/**
 * Campaign fields of the landing URL (spec section 3), stored on the appointment for reports.
 * When absent, the server takes them from the analytics session of `sessionId`, if any.
 */
export const bookingCampaignSchema = z.object({
  utmSource: optionalTextSchema(200),
  utmMedium: optionalTextSchema(200),
  utmCampaign: optionalTextSchema(200),
  utmTerm: optionalTextSchema(200),
  rwgToken: optionalTextSchema(200),
});
export type BookingCampaign = z.output<typeof bookingCampaignSchema>;

/**
 * The PUT bookAppointment body: `bookAppointmentRequestSchema` (booking.ts) plus the optional
 * campaign. The server also applies `createBookAppointmentRequestSchema(rules)`. Answers 201 with
 * a new booking, 200 (header `idempotent-replayed: true`) when `idempotencyKey` was seen before.
 */
export const bookAppointmentBodySchema = bookAppointmentRequestSchema.extend({
  campaign: bookingCampaignSchema.optional(),
});
export type BookAppointmentBody = z.output<typeof bookAppointmentBodySchema>;
export type BookAppointmentBodyInput = z.input<typeof bookAppointmentBodySchema>;

/**
 * The channels the booking's confirmation goes to, MASKED on the server from what the patient typed
 * ('z…@example.com', '(212) …-0147'): present when that transport is configured and the record on
 * file has the consent and the same address. Empty when no message goes out.
 */
export const bookingNotifiedBySchema = z.object({
  email: z.string().max(320).optional(),
  sms: z.string().max(40).optional(),
});
export type BookingNotifiedBy = z.output<typeof bookingNotifiedBySchema>;

export const bookAppointmentResponseSchema = z.object({
  appointmentId: z.string(),
  /** What the patient quotes to the office; also in the confirmation e-mail and SMS (issue 17). */
  confirmationNumber: confirmationNumberSchema,
  status: z.enum(['booked', 'pending']),
  startUtc: isoInstantSchema,
  endUtc: isoInstantSchema,
  dateLocal: z.string(),
  timeLocal: z.string(),
  timeZone: z.string(),
  provider: z.object({ providerId: z.string(), name: z.string(), credentials: z.string().nullable() }),
  location: locationSchema,
  service: z.object({ appointmentTypeId: z.string(), name: z.string(), durationMinutes: z.number() }),
  thankYou: z.object({ primary: z.string(), secondary: z.string() }),
  // Issue 16 (helper D): where the confirmation goes — see bookingNotifiedBySchema.
  notifiedBy: bookingNotifiedBySchema.optional(),
  // Issue 18 (helper H): the manage page URL (absolute), null when self-service is off.
  manageUrl: z.string().nullable().default(null),
});
export type BookAppointmentResponse = z.output<typeof bookAppointmentResponseSchema>;

// ---------------------------------------------------------------- waitlist, analytics

export const createWaitListResponseSchema = z.object({ waitlistEntryId: z.string() });
export const acceptedResponseSchema = z.object({ ok: z.literal(true) });

/** POST /api/track: the tracking log line posted after each analytics event. */
export const trackLogRequestSchema = z.object({
  sessionId: z.string().min(1).max(128),
  clientId: idSchema,
  event: z.string().min(1).max(100),
  pagePath: z.string().max(500).optional(),
  status: z.number().int().min(0).max(599).optional(),
  at: isoInstantSchema.optional(),
});

// ---------------------------------------------------------------- GET slotLink (issue 20)
// The booking page's slot deep link: slot-link.ts (here too, so the contract worker checks its answer).
export {
  SLOT_LINK_MALFORMED_MESSAGE,
  SLOT_LINK_NOT_FOUND_MESSAGE,
  slotLinkQuerySchema,
  slotLinkResponseSchema,
} from './slot-link.ts';
export type { SlotLinkQuery, SlotLinkResponse } from './slot-link.ts';
