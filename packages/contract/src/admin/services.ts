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
