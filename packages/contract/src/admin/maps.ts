/** The maps between providers, services, locations and insurance plans (reads and replace-the-set writes). */
import * as z from 'zod';
import { recordIdSchema } from '../admin-auth.ts';
import { MAX_SET_SIZE, brandQuerySchema, idSetSchema, versionSchema } from './paging.ts';

// ---------------------------------------------------------------- maps (reads)

export const namedProvider = z.object({ providerId: z.string(), name: z.string() });
export const namedLocation = z.object({ locationId: z.string(), name: z.string() });

/*
 * Every map read carries the version of each set it shows (`locationsVersion`, `providersVersion`…):
 * the write of that set sends it back as `version`, and a stale one is refused with 409 CONFLICT.
 */
export const providerLocationMapResponseSchema = z.object({
  providers: z.array(
    namedProvider.extend({ locationIds: z.array(z.string()), locationsVersion: z.number().int() }),
  ),
  locations: z.array(namedLocation.extend({ providersVersion: z.number().int() })),
});

export const providerAppointmentMapResponseSchema = z.object({
  providers: z.array(
    namedProvider.extend({
      services: z.array(
        z.object({ appointmentTypeId: z.string(), durationMinutes: z.number().int().nullable() }),
      ),
      servicesVersion: z.number().int(),
    }),
  ),
  services: z.array(
    z.object({ appointmentTypeId: z.string(), name: z.string(), durationMinutes: z.number().int() }),
  ),
});

export const planSummarySchema = z.object({
  planId: z.string(),
  name: z.string(),
  carrierId: z.string(),
  carrierName: z.string(),
});

export const providerInsuranceQuerySchema = brandQuerySchema.extend({
  /** Only this provider, when given. */
  providerId: recordIdSchema.optional(),
});

export const providerInsuranceResponseSchema = z.object({
  providers: z.array(namedProvider.extend({ planIds: z.array(z.string()), plansVersion: z.number().int() })),
  plans: z.array(planSummarySchema),
});

export const serviceLocationMappingResponseSchema = z.object({
  services: z.array(
    z.object({
      appointmentTypeId: z.string(),
      name: z.string(),
      locationIds: z.array(z.string()),
      locationsVersion: z.number().int(),
    }),
  ),
  locations: z.array(namedLocation),
});

export const insuranceProviderMapResponseSchema = z.object({
  plans: z.array(
    planSummarySchema.extend({ providerIds: z.array(z.string()), providersVersion: z.number().int() }),
  ),
  providers: z.array(namedProvider),
});

export const insuranceControlDataResponseSchema = z.object({
  carriers: z.array(
    z.object({
      carrierId: z.string(),
      name: z.string(),
      plans: z.array(
        z.object({
          planId: z.string(),
          name: z.string(),
          insuranceTypeId: z.string().nullable(),
          topRank: z.number().int().nullable(),
          active: z.boolean(),
        }),
      ),
    }),
  ),
  types: z.array(z.object({ insuranceTypeId: z.string(), name: z.string() })),
  topPackages: z.array(
    z.object({ planId: z.string(), carrierId: z.string(), name: z.string(), rank: z.number().int() }),
  ),
});

export const providerByInsurancePlanQuerySchema = brandQuerySchema.extend({ planId: recordIdSchema });
export const providerByInsurancePlanResponseSchema = z.object({
  plan: planSummarySchema,
  providers: z.array(namedProvider),
  /** The version of the plan's set of providers (send it back with createInsuranceProviderConfig). */
  providersVersion: z.number().int(),
});

// ---------------------------------------------------------------- maps (replace-the-set writes)
// `version`: the set's version as last read (a map read or the record's detail); a stale one is
// refused with 409 CONFLICT and writes nothing. The answer carries the set's new version.

export const providerLocationMapAssignRequestSchema = z.object({
  clientId: recordIdSchema.optional(),
  providerId: recordIdSchema,
  locationIds: idSetSchema('locations'),
  version: versionSchema,
});
export const providerLocationsResponseSchema = z.object({
  providerId: z.string(),
  locationIds: z.array(z.string()),
  version: z.number().int(),
});

export const insertApptProviderMapRequestSchema = z.object({
  clientId: recordIdSchema.optional(),
  providerId: recordIdSchema,
  services: z
    .array(
      z.object({
        appointmentTypeId: recordIdSchema,
        /** The provider's own duration; null or absent: the service's. */
        durationMinutes: z
          .number()
          .int()
          .min(5, { error: 'Use at least 5 minutes' })
          .max(480, { error: 'Use at most 480 minutes' })
          .nullish()
          .transform((value) => value ?? null),
      }),
    )
    .max(MAX_SET_SIZE)
    .transform((services) => [...new Map(services.map((s) => [s.appointmentTypeId, s])).values()]),
  version: versionSchema,
});
export const providerServicesResponseSchema = z.object({
  providerId: z.string(),
  services: z.array(
    z.object({ appointmentTypeId: z.string(), durationMinutes: z.number().int().nullable() }),
  ),
  version: z.number().int(),
});

export const createServiceLocationConfigRequestSchema = z.object({
  clientId: recordIdSchema.optional(),
  appointmentTypeId: recordIdSchema,
  locationIds: idSetSchema('locations'),
  version: versionSchema,
});
export const serviceLocationsResponseSchema = z.object({
  appointmentTypeId: z.string(),
  locationIds: z.array(z.string()),
  version: z.number().int(),
});

export const createLocationProviderConfigRequestSchema = z.object({
  clientId: recordIdSchema.optional(),
  locationId: recordIdSchema,
  providerIds: idSetSchema('providers'),
  version: versionSchema,
});
export const locationProvidersResponseSchema = z.object({
  locationId: z.string(),
  providerIds: z.array(z.string()),
  version: z.number().int(),
});

/** Either the plans one provider accepts, or the providers accepting one plan. */
export const createInsuranceProviderConfigRequestSchema = z.union([
  z.object({
    clientId: recordIdSchema.optional(),
    providerId: recordIdSchema,
    planIds: idSetSchema('plans'),
    version: versionSchema,
  }),
  z.object({
    clientId: recordIdSchema.optional(),
    planId: recordIdSchema,
    providerIds: idSetSchema('providers'),
    version: versionSchema,
  }),
]);
export type CreateInsuranceProviderConfigRequest = z.output<
  typeof createInsuranceProviderConfigRequestSchema
>;
export const insuranceProviderConfigResponseSchema = z.union([
  z.object({ providerId: z.string(), planIds: z.array(z.string()), version: z.number().int() }),
  z.object({ planId: z.string(), providerIds: z.array(z.string()), version: z.number().int() }),
]);
