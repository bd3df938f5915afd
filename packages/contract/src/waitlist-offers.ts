/**
 * Issue 18 "Waitlist offers": when time frees, matching waitlist entries receive an offer with a
 * claim link `/{clientName}/{scheduler}/claim/{token}`; the first to claim books the time.
 *
 * Public API (no session; the token is the only key, sent in the `X-Claim-Token` header, never in
 * an API path or query, so no log line or analytics path carries it):
 * - GET  /api/scheduler/waitlistOffer        → 200 `waitlistOfferViewSchema` (changes nothing),
 *   404 NOT_FOUND for a wrong token (reveals nothing), 429 when the token is rate-limited.
 * - POST /api/scheduler/claimWaitlistOffer   body `waitlistClaimRequestSchema` (JSON; the custom
 *   header makes any cross-site request a CORS preflight)
 *   → 201 `waitlistClaimResponseSchema` (booked, or the patient's later appointment moved here),
 *   → 409 `waitlistClaimGoneSchema` (code SLOT_TAKEN: someone else claimed it / it was booked;
 *     OFFER_EXPIRED: the offer ran out; OFFER_USED: this link already claimed) with the next times
 *     of the same service, 404 NOT_FOUND, 429.
 *
 * Staff API (waitlist:read): GET /api/scheduler/getWaitlistOffers → `getWaitlistOffersResponseSchema`,
 * GET /api/scheduler/getWaitlistOffersReport → `waitlistOffersReportSchema`.
 */
import * as z from 'zod';
import { recordIdSchema } from './admin-auth.ts';
import { brandQuerySchema } from './admin/paging.ts';
import { isoDateSchema, isoInstantSchema, slugSchema, uuidSchema } from './common.ts';
import { confirmationNumberSchema } from './booking.ts';

/** The claim token in a link: 22 base64url characters (128 random bits) or more. */
export const CLAIM_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;
export const claimTokenSchema = z.string().regex(CLAIM_TOKEN_PATTERN, { error: 'This link is not valid' });
/** The header that carries the token (lower case, as Node gives headers). */
export const CLAIM_TOKEN_HEADER = 'x-claim-token';
export const claimTokenHeadersSchema = z.object({ [CLAIM_TOKEN_HEADER]: claimTokenSchema });

/**
 * An offer's state for one recipient: `sent` (open), `claimed` (this recipient booked it),
 * `gone` (someone else claimed it, or the time was booked or removed otherwise), `expired` (the
 * cut-off before the time passed or the offers stopped).
 */
export const WAITLIST_OFFER_OUTCOMES = ['sent', 'claimed', 'gone', 'expired'] as const;
export type WaitlistOfferOutcome = (typeof WAITLIST_OFFER_OUTCOMES)[number];

/** A bookable time shown to a claimer who lost (same service; same location first). */
export const nextTimeSchema = z.object({
  startUtc: isoInstantSchema,
  dateLocal: z.string(),
  timeLocal: z.string(),
  timeZone: z.string(),
  providerId: z.string(),
  providerName: z.string(),
  locationId: z.string(),
  locationName: z.string(),
});
export type NextTime = z.output<typeof nextTimeSchema>;

const offeredTimeFields = {
  startUtc: isoInstantSchema,
  endUtc: isoInstantSchema,
  /** Local to the location, with its zone (times name their zone). */
  dateLocal: z.string(),
  timeLocal: z.string(),
  timeZone: z.string(),
};

/** GET waitlistOffer — what the claim page shows. Only a first name: the link may be forwarded. */
export const waitlistOfferViewSchema = z.object({
  /** `open`: it can be claimed now; otherwise the page says why and shows `nextTimes`. */
  status: z.enum(['open', 'claimed', 'gone', 'expired']),
  clientSlug: slugSchema,
  schedulerSlug: slugSchema,
  firstName: z.string(),
  ...offeredTimeFields,
  service: z.object({ appointmentTypeId: z.string(), name: z.string() }),
  provider: z.object({ providerId: z.string(), name: z.string() }),
  location: z.object({
    locationId: z.string(),
    name: z.string(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  /** When the offer stops (the cut-off before the time). */
  expiresAtUtc: isoInstantSchema,
  /** Set when claiming moves the patient's later appointment here (a reschedule). */
  move: z
    .object({ fromStartUtc: isoInstantSchema, fromDateLocal: z.string(), fromTimeLocal: z.string() })
    .nullable(),
  /** Next bookable times of the same service (when the offer is not open). */
  nextTimes: z.array(nextTimeSchema),
});
export type WaitlistOfferView = z.output<typeof waitlistOfferViewSchema>;

/** POST claimWaitlistOffer — an explicit action (JSON only; a retry with the same key answers the first claim). */
export const waitlistClaimRequestSchema = z.object({ idempotencyKey: uuidSchema });
export type WaitlistClaimRequest = z.output<typeof waitlistClaimRequestSchema>;

export const waitlistClaimResponseSchema = z.object({
  outcome: z.enum(['booked', 'moved']),
  appointmentId: z.string(),
  confirmationNumber: confirmationNumberSchema,
  ...offeredTimeFields,
  service: z.object({ appointmentTypeId: z.string(), name: z.string() }),
  provider: z.object({ providerId: z.string(), name: z.string() }),
  location: z.object({ locationId: z.string(), name: z.string() }),
  /** The start of the appointment that was moved here (outcome `moved`). */
  movedFromStartUtc: isoInstantSchema.nullable(),
});
export type WaitlistClaimResponse = z.output<typeof waitlistClaimResponseSchema>;

export const WAITLIST_CLAIM_GONE_CODES = ['SLOT_TAKEN', 'OFFER_EXPIRED', 'OFFER_USED'] as const;
export const WAITLIST_OFFER_GONE_MESSAGE =
  'Sorry, this time has just been taken by someone else. Here are the next times for the same service.';
export const WAITLIST_OFFER_EXPIRED_MESSAGE =
  'Sorry, this offer has ended. Here are the next times for the same service.';
export const WAITLIST_OFFER_USED_MESSAGE = 'This link has already been used to book this time.';
export const WAITLIST_OFFER_NOT_FOUND_MESSAGE =
  'This link is not valid. Please use the booking page or call the office.';

/** The 409 of POST claim: the time is gone for this claimer, with the next times. */
export const waitlistClaimGoneSchema = z.object({
  error: z.object({
    code: z.enum(WAITLIST_CLAIM_GONE_CODES),
    message: z.string(),
    details: z.object({ nextTimes: z.array(nextTimeSchema) }),
  }),
});
export type WaitlistClaimGone = z.output<typeof waitlistClaimGoneSchema>;

// ---------------------------------------------------------------- staff (waitlist:read)

export const getWaitlistOffersQuerySchema = brandQuerySchema.extend({
  /** Only this entry's offers; otherwise the newest offers of the brand. */
  waitlistEntryId: recordIdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export type GetWaitlistOffersQuery = z.output<typeof getWaitlistOffersQuerySchema>;

export const waitlistOfferRowSchema = z.object({
  offerId: z.string(),
  waitlistEntryId: z.string(),
  ...offeredTimeFields,
  providerName: z.string(),
  locationName: z.string(),
  serviceName: z.string(),
  /** 1 for the first wave. */
  wave: z.number().int(),
  /** When the offer message was planned (null: the wave is still to come). */
  sentAt: isoInstantSchema.nullable(),
  outcome: z.enum(WAITLIST_OFFER_OUTCOMES),
  /** When the outcome was reached (claimed, gone, expired). */
  outcomeAt: isoInstantSchema.nullable(),
  channel: z.enum(['email', 'sms']),
  /** The offer moves this patient's later appointment (a reschedule). */
  isMove: z.boolean(),
  appointmentId: z.string().nullable(),
});
export type WaitlistOfferRow = z.output<typeof waitlistOfferRowSchema>;

export const getWaitlistOffersResponseSchema = z.object({ items: z.array(waitlistOfferRowSchema) });
export type GetWaitlistOffersResponse = z.output<typeof getWaitlistOffersResponseSchema>;

// ---------------------------------------------------------------- reports

export const waitlistOffersReportQuerySchema = brandQuerySchema.extend({
  from: isoDateSchema,
  to: isoDateSchema,
});
export type WaitlistOffersReportQuery = z.output<typeof waitlistOffersReportQuerySchema>;

/**
 * Offers sent and claimed between `from` and `to` (the offer's sending date, UTC), and the days
 * gained: per claim, the whole days between the claimed start and the patient's previous
 * appointment (a move) or, without one, the entry's waiting start (the date it joined the
 * waitlist) — "days sooner", counted only when positive.
 */
export const waitlistOffersReportSchema = z.object({
  from: isoDateSchema,
  to: isoDateSchema,
  offersSent: z.number().int(),
  offersClaimed: z.number().int(),
  /** claimed / sent, 0..1 (0 when none sent). */
  acceptanceRate: z.number(),
  /** Freed times offered and filled by a claim. */
  timesOffered: z.number().int(),
  timesFilled: z.number().int(),
  daysGainedTotal: z.number().int(),
  daysGainedMedian: z.number().nullable(),
});
export type WaitlistOffersReport = z.output<typeof waitlistOffersReportSchema>;
