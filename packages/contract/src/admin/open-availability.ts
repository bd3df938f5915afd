/**
 * A brand's open availability (issue 20): whether its open times are published (the public FHIR
 * R4 read API, the SMART Scheduling Links publisher, partners' find/hold/book), which scheduler's
 * view (a new patient's, no insurance, gender or distance filter), and whether providers' calendar
 * feeds show service names. Reading needs config:read, changing config:write (owners and admins;
 * audited); a stale `version` answers 409 and changes nothing.
 *
 *  GET /api/scheduler/admin/open-availability?clientId=
 *  PUT /api/scheduler/admin/open-availability   { clientId?, version, published?, schedulerId?, feedServiceNames? }
 *
 * Unpublished: every /fhir/{clientName} path of the brand answers 404 (an OperationOutcome).
 */
import * as z from 'zod';
import { recordIdSchema } from '../admin-auth.ts';
import { brandQuerySchema, versionSchema } from './paging.ts';

export const OPEN_AVAILABILITY_PATH = '/api/scheduler/admin/open-availability';

/** The FHIR path prefix of a brand: `${FHIR_PATH_PREFIX}/{clientSlug}`. */
export const FHIR_PATH_PREFIX = '/fhir';

export const openAvailabilityQuerySchema = brandQuerySchema;

export const openAvailabilitySettingsSchema = z.object({
  published: z.boolean(),
  /** The published scheduler (the chosen one, else the brand's first). */
  schedulerId: z.string(),
  /** The brand's schedulers to choose from. */
  schedulers: z.array(z.object({ schedulerId: z.string(), name: z.string(), slug: z.string() })),
  /** Calendar feed event titles carry the service name ("Cleaning", not "Booked: 30 min"). */
  feedServiceNames: z.boolean(),
  /** The FHIR R4 base partners and directories use: `{publicUrl}/fhir/{clientSlug}`. */
  fhirBaseUrl: z.string(),
  /** The SMART Scheduling Links manifest: `{fhirBaseUrl}/$bulk-publish`. */
  bulkPublishUrl: z.string(),
  /** Send it back with the PUT (a stale one is refused with 409). */
  version: z.number().int(),
});
export type OpenAvailabilitySettings = z.output<typeof openAvailabilitySettingsSchema>;

/** What is left out stays as it is. */
export const updateOpenAvailabilityRequestSchema = z.object({
  clientId: recordIdSchema.optional(),
  version: versionSchema,
  published: z.boolean({ error: 'Choose whether to publish' }).optional(),
  /** A scheduler of the brand; null: the brand's first scheduler. */
  schedulerId: recordIdSchema.nullable().optional(),
  feedServiceNames: z.boolean({ error: 'Choose whether calendar feeds show service names' }).optional(),
});
export type UpdateOpenAvailabilityRequest = z.input<typeof updateOpenAvailabilityRequestSchema>;
