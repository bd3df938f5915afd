/**
 * GET /api/scheduler/slotLink (issue 20): what the booking page's slot deep link names. A FHIR Slot
 * of the open-availability API links to `/{clientName}/{scheduler}/all/findappointment?slot={slotId}`
 * (SMART Scheduling Links' booking deep link); the page asks this public call what the slot id means
 * — its service, location, provider and start, the location's time zone — and whether the booking
 * API offers that time right now (`free`, from the app's one slot search).
 *
 * The slot id is `{providerId}-{locationId}-{serviceId}-{startUnixMinutes}` (start epoch ms / 60000);
 * a malformed one is a 400 naming `slot`, an id naming no provider, location or service of the brand
 * (or a provider not offering that service there) a 404. Re-exported by scheduler-api.ts, so the
 * booking page's contract worker checks the answer like every other.
 */
import * as z from 'zod';
import { isoInstantSchema, slugSchema } from './common.ts';

/** The answer to a slot id that is not one (400, on `slot`). */
export const SLOT_LINK_MALFORMED_MESSAGE =
  'This booking link is not valid: its time (slot) should look like 12-3-45-29412345 ' +
  '(provider, location, service and start).';

/** The answer to a slot id naming nothing bookable of the brand (404). */
export const SLOT_LINK_NOT_FOUND_MESSAGE =
  'This booking link names a provider, location or service that is not offered here.';

export const slotLinkQuerySchema = z.object({
  clientName: slugSchema,
  scheduler: slugSchema,
  /** The FHIR Slot id of the deep link; its shape is checked by the server (fhir/ids.ts). */
  slot: z
    .string({ error: SLOT_LINK_MALFORMED_MESSAGE })
    .trim()
    .min(1, { error: SLOT_LINK_MALFORMED_MESSAGE })
    .max(80, { error: SLOT_LINK_MALFORMED_MESSAGE }),
});
export type SlotLinkQuery = z.output<typeof slotLinkQuerySchema>;

export const slotLinkResponseSchema = z.object({
  appointmentTypeId: z.string(),
  locationId: z.string(),
  providerId: z.string(),
  /** The slot's start, UTC. */
  startUtc: isoInstantSchema,
  /** The location's IANA time zone: the time is shown on its clock, with the zone named. */
  timeZone: z.string().min(1),
  /** Whether the booking API offers exactly this time now (a new patient, no filter). */
  free: z.boolean(),
});
export type SlotLinkResponse = z.output<typeof slotLinkResponseSchema>;
