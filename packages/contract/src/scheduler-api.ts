/**
 * The contract of the public (anonymous) scheduler API used by the booking flow and the widget.
 * The server validates requests with these schemas and uses the response schemas as route
 * response schemas (so nothing else leaves the server); the web app parses answers with them.
 *
 * Every call is scoped by the booking URL: `clientName` (client slug) and `scheduler` (scheduler
 * slug). Paths are `/api/scheduler/<name>` with the method of spec section 7.
 */
import * as z from 'zod';
import { bookAppointmentRequestSchema, confirmationNumberSchema } from './booking.ts';
import { idSchema, isoDateSchema, isoInstantSchema, optionalTextSchema, slugSchema } from './common.ts';
import { patientIdentitySchema } from './patient.ts';

/** Query parameters every public call carries. */
export const schedulerScopeSchema = z.object({
  clientName: slugSchema,
  scheduler: slugSchema,
});
export type SchedulerScope = z.output<typeof schedulerScopeSchema>;

// ---------------------------------------------------------------- GET getConfig

/** The scheduler's settings rows as stored, plus client facts the flow shows. */
export const settingRowResponseSchema = z.object({
  group: z.string(),
  order: z.number().int(),
  value: z.string(),
});

export const getConfigResponseSchema = z.object({
  /** The spec's rulesConfig: a list whose first item carries clientid and the groups of settings. */
  rulesConfig: z.array(
    z.object({
      clientid: z.string(),
      clientName: z.string(),
      schedulerId: z.string(),
      schedulerName: z.string(),
      /** Office phone number used in the messages (PHONENUMBER). */
      phone: z.string(),
      /** Only the rows stored for the scheduler; absent rows mean the default (resolveSettings). */
      settings: z.array(settingRowResponseSchema),
    }),
  ),
  /** Today in the client's main time zone, for date-of-birth checks. */
  today: isoDateSchema,
});
export type GetConfigResponse = z.output<typeof getConfigResponseSchema>;

// ---------------------------------------------------------------- GET getLocation

export const locationSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  timeZone: z.string(),
  phone: z.string(),
  onlineEnabled: z.boolean(),
  waitlistEnabled: z.boolean(),
});
export type Location = z.output<typeof locationSchema>;

export const getLocationQuerySchema = schedulerScopeSchema.extend({
  /** Only locations offering this service, when given. */
  appointmentTypeId: idSchema.optional(),
});
export const getLocationResponseSchema = z.object({ locations: z.array(locationSchema) });

// ---------------------------------------------------------------- GET getServiceType

export const serviceTypeSchema = z.object({
  appointmentTypeId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  durationMinutes: z.number().int(),
  onlineEnabled: z.boolean(),
  callToSchedule: z.boolean(),
  newPatients: z.boolean(),
  existingPatients: z.boolean(),
  /** Ids of the locations offering the service. */
  locationIds: z.array(z.string()),
});
export type ServiceType = z.output<typeof serviceTypeSchema>;

export const getServiceTypeResponseSchema = z.object({ serviceTypes: z.array(serviceTypeSchema) });

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
    }),
  ),
});
export type GetProvidersResponse = z.output<typeof getProvidersResponseSchema>;

// ---------------------------------------------------------------- insurance reads

export const insuranceCarrierSchema = z.object({
  carrierId: z.string(),
  name: z.string(),
  plans: z.array(
    z.object({
      planId: z.string(),
      name: z.string(),
      insuranceTypeId: z.string().nullable(),
      /** Rank among the top packages (1 first), null when not a top package. */
      topRank: z.number().int().nullable(),
    }),
  ),
});
export const getInsuranceResponseSchema = z.object({ carriers: z.array(insuranceCarrierSchema) });
export const topInsurancePackageResponseSchema = z.object({
  packages: z.array(
    z.object({ planId: z.string(), carrierId: z.string(), name: z.string(), rank: z.number() }),
  ),
});
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
