/**
 * The contract of the staff-only scheduler API (`/api/scheduler/*` calls of spec section 7 made by
 * the admin area, plus the `/api/scheduler/admin/*` CRUD the configuration screens need).
 *
 * Every call names its brand with `clientId` (query for GET/DELETE, body otherwise; the session's
 * active brand when absent) and, where a scheduler is concerned, `ruleId` (a scheduler id, as in
 * the admin URL `/admin/{ClientId}/{ruleId}`). Ids travel as strings in responses and are accepted
 * as numbers or digit strings in requests. "Replace-the-set" calls (the map assignments) make the
 * given list the whole set.
 */
import * as z from 'zod';
import { SETTING_GROUPS, settingsUpdateSchema } from '@scheduler/domain/settings';
import { practiceUserSchema, recordIdSchema } from './admin-auth.ts';
import {
  INT4_MAX,
  isoDateSchema,
  isoInstantSchema,
  optionalTextSchema,
  slugSchema,
  timeZoneSchema,
} from './common.ts';

const MAX_SET_SIZE = 500;

/** A list of record ids making up a whole set; duplicates are dropped. */
export function idSetSchema(what: string) {
  return z
    .array(recordIdSchema, { error: `Send the list of ${what}` })
    .max(MAX_SET_SIZE, { error: `Send at most ${MAX_SET_SIZE} ${what}` })
    .transform((ids) => [...new Set(ids)]);
}

export const brandQuerySchema = z.object({ clientId: recordIdSchema.optional() });
export const schedulerQuerySchema = brandQuerySchema.extend({ ruleId: recordIdSchema });

const nameText = (what: string, max = 120) =>
  z
    .string({ error: `Enter a ${what}` })
    .trim()
    .min(1, { error: `Enter a ${what}` })
    .max(max, { error: `Keep the ${what} to ${max} characters or fewer` });

// ---------------------------------------------------------------- paged lists, versions

/** `key` (ascending) or `-key` (descending), for each sort key of a list. */
export type ListSortParam<K extends string> = K | `-${K}`;

/** The `sort` parameter of a paged list: one of `keys`, optionally prefixed with '-' (descending). */
export function listSortSchema<const K extends readonly [string, ...string[]]>(keys: K) {
  const values = [...keys, ...keys.map((key) => `-${key}`)] as [
    ListSortParam<K[number]>,
    ...ListSortParam<K[number]>[],
  ];
  return z.enum(values);
}

/**
 * The query of a server-side paged list: 1-based `page`, `pageSize` (1–100), a case-insensitive
 * "contains" `search` and `sort` (a key, '-key' for descending). Every list screen uses it.
 */
export function pagedListQuerySchema<const K extends readonly [string, ...string[]]>(
  keys: K,
  defaultSort: ListSortParam<K[number]>,
) {
  return brandQuerySchema.extend({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    search: z.string().trim().max(100).optional(),
    // (The cast only helps the compiler with the generic enum; `defaultSort` is one of its values.)
    sort: listSortSchema(keys).default(defaultSort as never),
  });
}

/** The answer of a paged list: the page's items and the number of matching records. */
export function pagedResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });
}

/** The version of a record as last read; an edit naming an older one is refused with 409 CONFLICT. */
export const versionSchema = z
  .number({ error: 'Reload the page and try again' })
  .int()
  .min(1, { error: 'Reload the page and try again' })
  .max(INT4_MAX, { error: 'Reload the page and try again' });

// ---------------------------------------------------------------- time of day

/** 'HH:mm' (00:00–24:00) ↔ minutes after local midnight. */
export const timeOfDaySchema = z
  .string({ error: 'Enter a time (HH:mm)' })
  .trim()
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, { error: 'Enter a time (HH:mm)' });

export function minutesOfTimeOfDay(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

export function timeOfDayOfMinutes(minutes: number): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

// ---------------------------------------------------------------- GET getAssignConfig, PATCH updateConfig

const settingKindSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('boolean') }),
  z.object({ type: z.literal('number'), min: z.number(), max: z.number() }),
  z.object({
    type: z.literal('enum'),
    options: z.array(z.object({ value: z.string(), label: z.string() })),
    otherwise: z.string().optional(),
  }),
  z.object({ type: z.literal('color') }),
  z.object({ type: z.literal('text'), maxLength: z.number() }),
]);

export const settingDefinitionResponseSchema = z.object({
  key: z.string(),
  group: z.enum(SETTING_GROUPS),
  order: z.number().int(),
  label: z.string(),
  description: z.string(),
  defaultValue: z.string(),
  kind: settingKindSchema,
  /** The value in effect, in stored form (the default when no row is stored). */
  value: z.string(),
  /** True when no (readable) row is stored, so the default applies. */
  isDefault: z.boolean(),
});

export const assignConfigResponseSchema = z.object({
  clientId: z.string(),
  schedulerId: z.string(),
  schedulerName: z.string(),
  schedulerSlug: z.string(),
  /** The rows stored for the scheduler, as stored. */
  settings: z.array(z.object({ group: z.string(), order: z.number().int(), value: z.string() })),
  /** The settings' version: send it back with updateConfig. */
  version: z.number().int(),
  /** Spec section 9, with the value in effect for each setting. */
  definitions: z.array(settingDefinitionResponseSchema),
});
export type AssignConfigResponse = z.output<typeof assignConfigResponseSchema>;

export const updateConfigRequestSchema = z.object({
  clientId: recordIdSchema.optional(),
  ruleId: recordIdSchema,
  /** The settings' version last read (getAssignConfig); a stale one is refused with 409. */
  version: versionSchema,
  /** `{group, order, value}` rows; each is validated against its definition and upserted. */
  settings: settingsUpdateSchema.min(1, { error: 'Change at least one setting' }),
});
export type UpdateConfigRequest = z.output<typeof updateConfigRequestSchema>;

// ---------------------------------------------------------------- providers

const nullableText = (max: number) => optionalTextSchema(max).transform((value) => value ?? null);

/** A photo: an https URL, or a path on this site (the generated avatars). */
export const photoUrlSchema = z
  .string()
  .trim()
  .max(500, { error: 'Keep the photo address to 500 characters or fewer' })
  .refine((value) => /^\/[A-Za-z0-9/_.-]*$/.test(value) || /^https:\/\/[^\s"'<>]+$/.test(value), {
    error: 'Enter an https:// address or a path on this site',
  });

const PROVIDER_SORT_KEYS = ['name', 'sortOrder', 'updatedAt'] as const;
export const providerSortSchema = listSortSchema(PROVIDER_SORT_KEYS);
export type ProviderListSort = z.output<typeof providerSortSchema>;

/** `search` matches first, last or full name, case-insensitively. */
export const getAllProvidersQuerySchema = pagedListQuerySchema(PROVIDER_SORT_KEYS, 'name');
export type GetAllProvidersQuery = z.output<typeof getAllProvidersQuerySchema>;

export const providerSummarySchema = z.object({
  providerId: z.string(),
  name: z.string(),
  prefix: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  credentials: z.string().nullable(),
  specialty: z.string().nullable(),
  gender: z.enum(['M', 'F']).nullable(),
  photoUrl: z.string().nullable(),
  onlineBookable: z.boolean(),
  acceptingNewPatients: z.boolean(),
  sortOrder: z.number().int(),
  locationIds: z.array(z.string()),
  version: z.number().int(),
  updatedAt: isoInstantSchema,
});
export type ProviderSummary = z.output<typeof providerSummarySchema>;

export const getAllProvidersResponseSchema = z.object({
  items: z.array(providerSummarySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});

export const providerQuerySchema = brandQuerySchema.extend({ providerId: recordIdSchema });
export const providerParamsSchema = z.object({ providerId: recordIdSchema });

export const workingHoursSchema = z.object({
  locationId: z.string(),
  /** 0 = Sunday … 6 = Saturday. */
  weekday: z.number().int(),
  /** 'HH:mm' in the location's time zone; endTime is exclusive and may be '24:00'. */
  startTime: z.string(),
  endTime: z.string(),
  effectiveFrom: z.string().nullable(),
  effectiveTo: z.string().nullable(),
});
export type WorkingHours = z.output<typeof workingHoursSchema>;

export const timeOffSchema = z.object({
  timeOffId: z.string(),
  /** Null: every location. */
  locationId: z.string().nullable(),
  startUtc: isoInstantSchema,
  endUtc: isoInstantSchema,
  reason: z.string().nullable(),
});

export const providerDetailSchema = providerSummarySchema.extend({
  /** The versions of the provider's sets of locations, services and plans: send one back with its map write. */
  locationsVersion: z.number().int(),
  servicesVersion: z.number().int(),
  plansVersion: z.number().int(),
  middleName: z.string().nullable(),
  bio: z.string().nullable(),
  locations: z.array(z.object({ locationId: z.string(), name: z.string(), timeZone: z.string() })),
  services: z.array(
    z.object({
      appointmentTypeId: z.string(),
      name: z.string(),
      /** The duration in effect: the provider's own, else the service's. */
      durationMinutes: z.number().int(),
      customDurationMinutes: z.number().int().nullable(),
    }),
  ),
  insurancePlans: z.array(
    z.object({ planId: z.string(), name: z.string(), carrierId: z.string(), carrierName: z.string() }),
  ),
  workingHours: z.array(workingHoursSchema),
  timeOff: z.array(timeOffSchema),
});
export type ProviderDetail = z.output<typeof providerDetailSchema>;

export const providerDetailResponseSchema = z.object({ provider: providerDetailSchema });

export const workingHoursInputSchema = z
  .object({
    locationId: recordIdSchema,
    weekday: z.number({ error: 'Choose a day' }).int().min(0).max(6, { error: 'Choose a day' }),
    startTime: timeOfDaySchema,
    endTime: timeOfDaySchema,
    effectiveFrom: isoDateSchema.nullish().transform((value) => value ?? null),
    effectiveTo: isoDateSchema.nullish().transform((value) => value ?? null),
  })
  .superRefine((value, ctx) => {
    if (minutesOfTimeOfDay(value.startTime) >= minutesOfTimeOfDay(value.endTime)) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'End the hours after they start' });
    }
    if (
      value.effectiveFrom !== null &&
      value.effectiveTo !== null &&
      value.effectiveFrom > value.effectiveTo
    ) {
      ctx.addIssue({ code: 'custom', path: ['effectiveTo'], message: 'End the period after it starts' });
    }
  });
export type WorkingHoursInput = z.output<typeof workingHoursInputSchema>;

export const timeOffInputSchema = z
  .object({
    locationId: recordIdSchema.nullish().transform((value) => value ?? null),
    startUtc: isoInstantSchema,
    endUtc: isoInstantSchema,
    reason: nullableText(200),
  })
  .superRefine((value, ctx) => {
    if (Date.parse(value.startUtc) >= Date.parse(value.endUtc)) {
      ctx.addIssue({ code: 'custom', path: ['endUtc'], message: 'End the time off after it starts' });
    }
  });
export type TimeOffInput = z.output<typeof timeOffInputSchema>;

/** Two working-hours rows of one provider overlap when they share a weekday, clock time and dates. */
export function workingHoursOverlap(a: WorkingHoursInput, b: WorkingHoursInput): boolean {
  if (a.weekday !== b.weekday) return false;
  const clockOverlap =
    minutesOfTimeOfDay(a.startTime) < minutesOfTimeOfDay(b.endTime) &&
    minutesOfTimeOfDay(b.startTime) < minutesOfTimeOfDay(a.endTime);
  if (!clockOverlap) return false;
  const aFrom = a.effectiveFrom ?? '0000-01-01';
  const aTo = a.effectiveTo ?? '9999-12-31';
  const bFrom = b.effectiveFrom ?? '0000-01-01';
  const bTo = b.effectiveTo ?? '9999-12-31';
  return aFrom <= bTo && bFrom <= aTo;
}

const providerFieldsSchema = z.object({
  prefix: nullableText(20),
  firstName: nameText('first name', 60),
  middleName: nullableText(60),
  lastName: nameText('last name', 60),
  credentials: nullableText(60),
  specialty: nullableText(100),
  gender: z.enum(['M', 'F'], { error: 'Choose Male or Female' }).nullable(),
  bio: nullableText(4000),
  photoUrl: photoUrlSchema.nullable(),
  onlineBookable: z.boolean(),
  acceptingNewPatients: z.boolean(),
  sortOrder: z.number().int().min(0).max(100_000),
});

/**
 * PATCH updateProviderInfo: any subset of the fields; `workingHours` and `timeOff`, when given,
 * replace the provider's whole weekly schedule / time off. `version` is the one last read: a stale
 * version is refused with 409 CONFLICT.
 */
export const updateProviderInfoRequestSchema = providerFieldsSchema
  .partial()
  .extend({
    clientId: recordIdSchema.optional(),
    providerId: recordIdSchema,
    version: z.number({ error: 'Reload the provider and try again' }).int().min(1).max(INT4_MAX),
    workingHours: z
      .array(workingHoursInputSchema)
      .max(7 * 48)
      .optional(),
    timeOff: z.array(timeOffInputSchema).max(500).optional(),
  })
  .superRefine((value, ctx) => {
    const rows = value.workingHours ?? [];
    rows.forEach((row, index) => {
      const clash = rows.findIndex(
        (other, otherIndex) => otherIndex < index && workingHoursOverlap(other, row),
      );
      if (clash >= 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['workingHours', index, 'startTime'],
          message: 'These hours overlap other hours on the same day',
        });
      }
    });
  });
export type UpdateProviderInfoRequest = z.output<typeof updateProviderInfoRequestSchema>;

export const createProviderRequestSchema = providerFieldsSchema
  .partial({
    prefix: true,
    middleName: true,
    credentials: true,
    specialty: true,
    gender: true,
    bio: true,
    photoUrl: true,
    onlineBookable: true,
    acceptingNewPatients: true,
    sortOrder: true,
  })
  .extend({ clientId: recordIdSchema.optional() });
export type CreateProviderRequest = z.output<typeof createProviderRequestSchema>;

// ---------------------------------------------------------------- maps (reads)

const namedProvider = z.object({ providerId: z.string(), name: z.string() });
const namedLocation = z.object({ locationId: z.string(), name: z.string() });

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

// ---------------------------------------------------------------- patients and waitlist (staff)

export const patientAppointmentsQuerySchema = brandQuerySchema.extend({ patientId: recordIdSchema });

export const patientAppointmentsResponseSchema = z.object({
  patient: z.object({
    patientId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    dateOfBirth: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
  }),
  appointments: z.array(
    z.object({
      appointmentId: z.string(),
      startUtc: isoInstantSchema,
      endUtc: isoInstantSchema,
      status: z.string(),
      timeZone: z.string(),
      providerId: z.string(),
      providerName: z.string(),
      locationId: z.string(),
      locationName: z.string(),
      appointmentTypeId: z.string(),
      serviceName: z.string(),
      isNewPatient: z.boolean(),
      channel: z.string().nullable(),
      reason: z.string().nullable(),
      cancelReason: z.string().nullable(),
      createdAt: isoInstantSchema,
    }),
  ),
});

export const WAITLIST_STATUSES = ['waiting', 'contacted', 'booked', 'removed'] as const;

export const getWaitListQuerySchema = brandQuerySchema.extend({
  locationId: recordIdSchema.optional(),
  providerId: recordIdSchema.optional(),
  appointmentTypeId: recordIdSchema.optional(),
  /** Default: waiting and contacted entries. */
  status: z.enum([...WAITLIST_STATUSES, 'open', 'all']).default('open'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export type GetWaitListQuery = z.output<typeof getWaitListQuerySchema>;

export const waitlistEntrySchema = z.object({
  waitlistEntryId: z.string(),
  status: z.enum(WAITLIST_STATUSES),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string().nullable(),
  /** Whole years on today's date in the entry's location (null without a date of birth). */
  age: z.number().int().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  preferredTimes: z.string().nullable(),
  notes: z.string().nullable(),
  patientId: z.string().nullable(),
  location: namedLocation.nullable(),
  provider: namedProvider.nullable(),
  service: z.object({ appointmentTypeId: z.string(), name: z.string() }).nullable(),
  createdAt: isoInstantSchema,
});
export type WaitlistEntry = z.output<typeof waitlistEntrySchema>;

export const getWaitListResponseSchema = z.object({
  items: z.array(waitlistEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});

// ---------------------------------------------------------------- admin CRUD: services

export const serviceAdminSchema = z.object({
  appointmentTypeId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  durationMinutes: z.number().int(),
  onlineEnabled: z.boolean(),
  callToSchedule: z.boolean(),
  newPatients: z.boolean(),
  existingPatients: z.boolean(),
  sortOrder: z.number().int(),
  locationIds: z.array(z.string()),
  version: z.number().int(),
  /** The version of the service's set of locations (send it back with createServiceLocationConfig). */
  locationsVersion: z.number().int(),
});
export type ServiceAdmin = z.output<typeof serviceAdminSchema>;

export const SERVICE_SORT_KEYS = ['name', 'duration', 'sortOrder'] as const;
/** `search` matches the name or the description. */
export const listServicesQuerySchema = pagedListQuerySchema(SERVICE_SORT_KEYS, 'sortOrder');
export type ListServicesQuery = z.output<typeof listServicesQuerySchema>;
export const servicesAdminResponseSchema = pagedResponseSchema(serviceAdminSchema);
export const serviceAdminResponseSchema = z.object({ service: serviceAdminSchema });

const serviceFieldsSchema = z.object({
  name: nameText('name'),
  description: nullableText(1000),
  durationMinutes: z
    .number({ error: 'Enter a duration in minutes' })
    .int()
    .min(5, { error: 'Use at least 5 minutes' })
    .max(480, { error: 'Use at most 480 minutes' }),
  onlineEnabled: z.boolean(),
  callToSchedule: z.boolean(),
  newPatients: z.boolean(),
  existingPatients: z.boolean(),
  sortOrder: z.number().int().min(0).max(100_000),
});
export const createServiceRequestSchema = serviceFieldsSchema
  .partial({
    description: true,
    onlineEnabled: true,
    callToSchedule: true,
    newPatients: true,
    existingPatients: true,
    sortOrder: true,
  })
  .extend({ clientId: recordIdSchema.optional() });
export type CreateServiceRequest = z.output<typeof createServiceRequestSchema>;
export const updateServiceRequestSchema = serviceFieldsSchema
  .partial()
  .extend({ clientId: recordIdSchema.optional(), version: versionSchema });
export type UpdateServiceRequest = z.output<typeof updateServiceRequestSchema>;
export const serviceParamsSchema = z.object({ serviceId: recordIdSchema });

// ---------------------------------------------------------------- admin CRUD: locations

export const locationAdminSchema = z.object({
  locationId: z.string(),
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
  sortOrder: z.number().int(),
  version: z.number().int(),
});
export type LocationAdmin = z.output<typeof locationAdminSchema>;

export const LOCATION_SORT_KEYS = ['name', 'postalCode', 'sortOrder'] as const;
/** `search` matches the name, street, city, state or ZIP code. */
export const listLocationsQuerySchema = pagedListQuerySchema(LOCATION_SORT_KEYS, 'sortOrder');
export type ListLocationsQuery = z.output<typeof listLocationsQuerySchema>;
export const locationsAdminResponseSchema = pagedResponseSchema(locationAdminSchema);
export const locationAdminResponseSchema = z.object({ location: locationAdminSchema });

const locationFieldsSchema = z.object({
  slug: slugSchema,
  name: nameText('name'),
  addressLine1: nameText('street address', 200),
  addressLine2: nullableText(200),
  /** Empty: taken from the postal code. */
  city: z.string().trim().max(100).optional(),
  /** Two-letter state; empty: taken from the postal code. */
  state: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'Use the two-letter state code' })
    .optional(),
  /** A US ZIP code (or ZIP+4); its coordinates come from an offline dataset. */
  postalCode: z
    .string({ error: 'Enter a ZIP code' })
    .trim()
    .regex(/^\d{5}(?:-\d{4})?$/, { error: 'Enter a 5-digit ZIP code' }),
  timeZone: timeZoneSchema,
  phone: z.string().trim().max(40).default(''),
  onlineEnabled: z.boolean(),
  waitlistEnabled: z.boolean(),
  sortOrder: z.number().int().min(0).max(100_000),
});
export const createLocationRequestSchema = locationFieldsSchema
  .partial({ addressLine2: true, onlineEnabled: true, waitlistEnabled: true, sortOrder: true })
  .extend({ clientId: recordIdSchema.optional() });
export type CreateLocationRequest = z.output<typeof createLocationRequestSchema>;
export const updateLocationRequestSchema = locationFieldsSchema
  .omit({ phone: true })
  .extend({ phone: z.string().trim().max(40) })
  .partial()
  .extend({ clientId: recordIdSchema.optional(), version: versionSchema });
export type UpdateLocationRequest = z.output<typeof updateLocationRequestSchema>;
export const locationParamsSchema = z.object({ locationId: recordIdSchema });

// ---------------------------------------------------------------- admin CRUD: insurance

export const carrierParamsSchema = z.object({ carrierId: recordIdSchema });
export const planParamsSchema = z.object({ planId: recordIdSchema });

export const insuranceTypeParamsSchema = z.object({ insuranceTypeId: recordIdSchema });

export const carrierRequestSchema = z.object({
  clientId: recordIdSchema.optional(),
  name: nameText('carrier name'),
});
export const renameCarrierRequestSchema = carrierRequestSchema.extend({ version: versionSchema });
export const carrierAdminSchema = z.object({
  carrierId: z.string(),
  name: z.string(),
  planCount: z.number().int(),
  version: z.number().int(),
});
export type CarrierAdmin = z.output<typeof carrierAdminSchema>;
export const carrierResponseSchema = z.object({ carrier: carrierAdminSchema });

export const CARRIER_SORT_KEYS = ['name', 'planCount'] as const;
/** `search` matches the carrier's name. */
export const listCarriersQuerySchema = pagedListQuerySchema(CARRIER_SORT_KEYS, 'name');
export type ListCarriersQuery = z.output<typeof listCarriersQuerySchema>;
export const carriersAdminResponseSchema = pagedResponseSchema(carrierAdminSchema);

const planFieldsSchema = z.object({
  carrierId: recordIdSchema,
  name: nameText('plan name'),
  insuranceTypeId: recordIdSchema.nullable(),
  /** Rank among the top packages (1 first); null: not a top package. */
  topRank: z.number().int().min(1).max(100).nullable(),
  active: z.boolean(),
});
export const createPlanRequestSchema = planFieldsSchema
  .partial({ insuranceTypeId: true, topRank: true, active: true })
  .extend({ clientId: recordIdSchema.optional() });
export type CreatePlanRequest = z.output<typeof createPlanRequestSchema>;
export const updatePlanRequestSchema = planFieldsSchema
  .partial()
  .extend({ clientId: recordIdSchema.optional(), version: versionSchema });
export type UpdatePlanRequest = z.output<typeof updatePlanRequestSchema>;
export const planAdminSchema = z.object({
  planId: z.string(),
  carrierId: z.string(),
  carrierName: z.string(),
  name: z.string(),
  insuranceTypeId: z.string().nullable(),
  insuranceTypeName: z.string().nullable(),
  topRank: z.number().int().nullable(),
  active: z.boolean(),
  version: z.number().int(),
});
export type PlanAdmin = z.output<typeof planAdminSchema>;
export const planResponseSchema = z.object({ plan: planAdminSchema });

export const PLAN_SORT_KEYS = ['carrier', 'name', 'topRank'] as const;
/** `search` matches the plan's or its carrier's name. */
export const listPlansQuerySchema = pagedListQuerySchema(PLAN_SORT_KEYS, 'carrier');
export type ListPlansQuery = z.output<typeof listPlansQuerySchema>;
export const plansAdminResponseSchema = pagedResponseSchema(planAdminSchema);

// ---------------------------------------------------------------- admin CRUD: insurance types

export const insuranceTypeAdminSchema = z.object({
  insuranceTypeId: z.string(),
  name: z.string(),
  sortOrder: z.number().int(),
  planCount: z.number().int(),
  version: z.number().int(),
});
export type InsuranceTypeAdmin = z.output<typeof insuranceTypeAdminSchema>;
export const insuranceTypeResponseSchema = z.object({ insuranceType: insuranceTypeAdminSchema });

const insuranceTypeFieldsSchema = z.object({
  name: nameText('type name', 60),
  sortOrder: z
    .number({ error: 'Enter a whole number' })
    .int({ error: 'Enter a whole number' })
    .min(0, { error: 'Use 0 or more' })
    .max(100_000, { error: 'Use at most 100000' }),
});
export const createInsuranceTypeRequestSchema = insuranceTypeFieldsSchema
  .partial({ sortOrder: true })
  .extend({ clientId: recordIdSchema.optional() });
export type CreateInsuranceTypeRequest = z.output<typeof createInsuranceTypeRequestSchema>;
export const updateInsuranceTypeRequestSchema = insuranceTypeFieldsSchema
  .partial()
  .extend({ clientId: recordIdSchema.optional(), version: versionSchema });
export type UpdateInsuranceTypeRequest = z.output<typeof updateInsuranceTypeRequestSchema>;

export const INSURANCE_TYPE_SORT_KEYS = ['name', 'sortOrder'] as const;
/** `search` matches the type's name. */
export const listInsuranceTypesQuerySchema = pagedListQuerySchema(INSURANCE_TYPE_SORT_KEYS, 'sortOrder');
export type ListInsuranceTypesQuery = z.output<typeof listInsuranceTypesQuerySchema>;
export const insuranceTypesAdminResponseSchema = pagedResponseSchema(insuranceTypeAdminSchema);

// ---------------------------------------------------------------- admin: users (paged list)

export const USER_SORT_KEYS = ['name', 'email', 'lastLogin'] as const;
/** `search` matches the name or the e-mail address. */
export const listUsersQuerySchema = pagedListQuerySchema(USER_SORT_KEYS, 'name');
export type ListUsersQuery = z.output<typeof listUsersQuerySchema>;
export const usersPageResponseSchema = pagedResponseSchema(practiceUserSchema);

// ---------------------------------------------------------------- admin: widget allow-list

/**
 * A CSP source allowed to frame the widget: `https://host`, optionally `*.` before the host and a
 * port (or `:*`); plain `http://` only for localhost and 127.0.0.1 (development).
 */
export const frameAncestorSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(200)
  .refine(
    (value) =>
      /^https:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?$/.test(value) ||
      /^http:\/\/(localhost|127\.0\.0\.1)(:(\d{1,5}|\*))?$/.test(value),
    { error: 'Enter a site address such as https://www.example.com' },
  );

export const widgetSettingsResponseSchema = z.object({
  clientId: z.string(),
  clientSlug: z.string(),
  frameAncestors: z.array(z.string()),
  /** The allow-list's version: send it back with the PUT (a stale one is refused with 409). */
  version: z.number().int(),
});
export const updateWidgetSettingsRequestSchema = z.object({
  clientId: recordIdSchema.optional(),
  version: versionSchema,
  frameAncestors: z
    .array(frameAncestorSchema)
    .max(50, { error: 'List at most 50 sites' })
    .transform((values) => [...new Set(values)]),
});

export const deletedResponseSchema = z.object({ deleted: z.literal(true) });
