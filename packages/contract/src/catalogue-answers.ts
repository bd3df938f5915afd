/**
 * The answers the booking landing needs before it can be used — GET getConfig, getLocation,
 * getServiceType, and the payment question's getInsurance and insurance/topInsurancePackage —
 * written with `zod/mini`. One definition, used everywhere: scheduler-api.ts
 * re-exports them (the server's response schemas, fastify-type-provider-zod runs zod core's parse
 * and JSON Schema on any zod 4 schema), and the booking page's contract worker checks the landing's
 * answers with this module alone. `zod/mini` is tree-shakable: the worker that validates the
 * landing's answers weighs ≈ 9 KB gzipped instead of ≈ 32 KB with classic zod (issue 16: ≤ 130 KB of
 * JavaScript before the landing is interactive). Keep this module on `zod/mini` and free of imports
 * of classic schemas.
 */
import * as z from 'zod/mini';
import { isoDateMiniSchema } from './iso-date.ts';

// ---------------------------------------------------------------- GET getConfig

/** The scheduler's settings rows as stored, plus client facts the flow shows. */
export const settingRowResponseSchema = z.object({
  group: z.string(),
  order: z.int(),
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
  today: isoDateMiniSchema,
});

// ---------------------------------------------------------------- GET getLocation

export const locationSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  addressLine1: z.string(),
  addressLine2: z.nullable(z.string()),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  latitude: z.nullable(z.number()),
  longitude: z.nullable(z.number()),
  timeZone: z.string(),
  phone: z.string(),
  onlineEnabled: z.boolean(),
  waitlistEnabled: z.boolean(),
});

export const getLocationResponseSchema = z.object({ locations: z.array(locationSchema) });

// ---------------------------------------------------------------- GET getServiceType

export const serviceTypeSchema = z.object({
  appointmentTypeId: z.string(),
  name: z.string(),
  description: z.nullable(z.string()),
  durationMinutes: z.int(),
  onlineEnabled: z.boolean(),
  callToSchedule: z.boolean(),
  newPatients: z.boolean(),
  existingPatients: z.boolean(),
  /** Ids of the locations offering the service. */
  locationIds: z.array(z.string()),
});

export const getServiceTypeResponseSchema = z.object({ serviceTypes: z.array(serviceTypeSchema) });

// ---------------------------------------------------------------- insurance reads (the landing's payment question)

export const insuranceCarrierSchema = z.object({
  carrierId: z.string(),
  name: z.string(),
  plans: z.array(
    z.object({
      planId: z.string(),
      name: z.string(),
      insuranceTypeId: z.nullable(z.string()),
      /** Rank among the top packages (1 first), null when not a top package. */
      topRank: z.nullable(z.int()),
    }),
  ),
});
export const getInsuranceResponseSchema = z.object({ carriers: z.array(insuranceCarrierSchema) });
export const topInsurancePackageResponseSchema = z.object({
  packages: z.array(
    z.object({ planId: z.string(), carrierId: z.string(), name: z.string(), rank: z.number() }),
  ),
});
