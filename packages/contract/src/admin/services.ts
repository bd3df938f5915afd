/** Admin CRUD: services. */
import * as z from 'zod';
import { recordIdSchema } from '../admin-auth.ts';
import { nameText, pagedListQuerySchema, pagedResponseSchema, versionSchema } from './paging.ts';
import { nullableText } from './providers.ts';

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
  /** Issue 18: "patients may cancel / reschedule online until N hours before"; reschedules per appointment. */
  patientCancelCutoffHours: z.number().int(),
  patientRescheduleCutoffHours: z.number().int(),
  patientRescheduleLimit: z.number().int(),
});
export type ServiceAdmin = z.output<typeof serviceAdminSchema>;

export const SERVICE_SORT_KEYS = ['name', 'duration', 'sortOrder'] as const;
/** `search` matches the name or the description. */
export const listServicesQuerySchema = pagedListQuerySchema(SERVICE_SORT_KEYS, 'sortOrder');
export type ListServicesQuery = z.output<typeof listServicesQuerySchema>;
export const servicesAdminResponseSchema = pagedResponseSchema(serviceAdminSchema);
export const serviceAdminResponseSchema = z.object({ service: serviceAdminSchema });

/** Hours before the start (0 … 720, i.e. 30 days). */
const cutoffHoursSchema = z
  .number({ error: 'Enter a number of hours' })
  .int({ error: 'Enter whole hours' })
  .min(0, { error: 'Use 0 or more hours' })
  .max(720, { error: 'Use at most 720 hours (30 days)' });

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
  // Issue 18 (H): self-service rules of the service (defaults 24 h, 24 h, 2).
  patientCancelCutoffHours: cutoffHoursSchema,
  patientRescheduleCutoffHours: cutoffHoursSchema,
  patientRescheduleLimit: z
    .number({ error: 'Enter how many times a patient may reschedule' })
    .int({ error: 'Enter a whole number' })
    .min(0, { error: 'Use 0 or more' })
    .max(20, { error: 'Use at most 20' }),
});
export const createServiceRequestSchema = serviceFieldsSchema
  .partial({
    description: true,
    onlineEnabled: true,
    callToSchedule: true,
    newPatients: true,
    existingPatients: true,
    sortOrder: true,
    patientCancelCutoffHours: true,
    patientRescheduleCutoffHours: true,
    patientRescheduleLimit: true,
  })
  .extend({ clientId: recordIdSchema.optional() });
export type CreateServiceRequest = z.output<typeof createServiceRequestSchema>;
export const updateServiceRequestSchema = serviceFieldsSchema
  .partial()
  .extend({ clientId: recordIdSchema.optional(), version: versionSchema });
export type UpdateServiceRequest = z.output<typeof updateServiceRequestSchema>;
export const serviceParamsSchema = z.object({ serviceId: recordIdSchema });
