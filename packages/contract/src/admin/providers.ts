/** Providers: list, detail, create and edit, working hours and time off. */
import * as z from 'zod';
import { recordIdSchema } from '../admin-auth.ts';
import { INT4_MAX, isoDateSchema, isoInstantSchema, optionalTextSchema } from '../common.ts';
import { brandQuerySchema, listSortSchema, nameText, pagedListQuerySchema } from './paging.ts';
import { appointmentToRebookSchema } from './rebooking.ts';

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

// ---------------------------------------------------------------- providers

export const nullableText = (max: number) => optionalTextSchema(max).transform((value) => value ?? null);

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

/** Which providers a list shows: the active ones (the default), the retired ones, or all (issue 19). */
export const providerStatusFilterSchema = z.enum(['active', 'retired', 'all']);
export type ProviderStatusFilter = z.output<typeof providerStatusFilterSchema>;

/** `search` matches first, last or full name, case-insensitively; `status` active (default), retired or all. */
export const getAllProvidersQuerySchema = pagedListQuerySchema(PROVIDER_SORT_KEYS, 'name').extend({
  status: providerStatusFilterSchema.default('active'),
});
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
  /** When the provider was retired (kept for history, never bookable); null while active. */
  retiredAt: isoInstantSchema.nullable(),
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

// ---------------------------------------------------------------- retirement (issue 19)

/**
 * PATCH /api/scheduler/admin/providers/:providerId — retire (`retired: true`) or restore
 * (`retired: false`) a provider. `version` is the one last read (409 when stale). Asking for the
 * state the provider is already in changes nothing.
 */
export const providerRetirementRequestSchema = brandQuerySchema.extend({
  retired: z.boolean({ error: 'Say whether the provider is retired' }),
  version: z.number({ error: 'Reload the provider and try again' }).int().min(1).max(INT4_MAX),
});
export type ProviderRetirementRequest = z.output<typeof providerRetirementRequestSchema>;

export const providerRetirementResponseSchema = z.object({
  provider: providerDetailSchema,
  /** The provider's upcoming active appointments (at retirement: to rebook with another provider). */
  appointmentsToRebook: z.array(appointmentToRebookSchema),
});
export type ProviderRetirementResponse = z.output<typeof providerRetirementResponseSchema>;

/** GET /api/scheduler/admin/providers/:providerId/upcoming-appointments (patients:read, audited). */
export const providerAppointmentsResponseSchema = z.object({
  appointments: z.array(appointmentToRebookSchema),
});
export type ProviderAppointmentsResponse = z.output<typeof providerAppointmentsResponseSchema>;
