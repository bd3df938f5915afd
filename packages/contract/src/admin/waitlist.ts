/** The waitlist as staff see it. */
import * as z from 'zod';
import { recordIdSchema } from '../admin-auth.ts';
import { isoInstantSchema } from '../common.ts';
import { brandQuerySchema } from './paging.ts';
import { namedLocation, namedProvider } from './maps.ts';

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
