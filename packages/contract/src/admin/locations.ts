/** Admin CRUD: locations. */
import * as z from 'zod';
import { recordIdSchema } from '../admin-auth.ts';
import { slugSchema, timeZoneSchema } from '../common.ts';
import { nameText, pagedListQuerySchema, pagedResponseSchema, versionSchema } from './paging.ts';
import { nullableText } from './providers.ts';

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

/**
 * Segments the booking routes give a meaning in the location's place: 'all' (any location) and the
 * manage and claim pages (/{clientName}/{scheduler}/manage/{token}, …/claim/{token}).
 */
export const RESERVED_LOCATION_SLUGS = ['all', 'manage', 'claim'] as const;

const locationSlugSchema = slugSchema.refine(
  (slug) => !(RESERVED_LOCATION_SLUGS as readonly string[]).includes(slug),
  {
    error: `This short name is used by the booking pages: choose another (not ${RESERVED_LOCATION_SLUGS.join(', ')})`,
  },
);

const locationFieldsSchema = z.object({
  slug: locationSlugSchema,
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
