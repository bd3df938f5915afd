import {
  CLAIM_TOKEN_HEADER,
  CLAIM_TOKEN_PATTERN,
  waitlistClaimGoneSchema,
  waitlistClaimResponseSchema,
  waitlistOfferViewSchema,
  type NextTime,
  type WaitlistClaimResponse,
  type WaitlistOfferView,
} from '@scheduler/contract/waitlist-offers';
import { isApiError, request } from '../../../lib/api-client';

/**
 * The claim page's calls (issue 18, packages/contract/src/waitlist-offers.ts). The claim token is
 * the only key: it travels in the X-Claim-Token header, never in an API path or query, and these
 * requests are told to no tracking hook (`report: false`). The claim is a JSON POST with that
 * custom header, which a foreign page cannot send.
 */

export function isWellFormedClaimToken(token: string): boolean {
  return CLAIM_TOKEN_PATTERN.test(token);
}

const tokenHeaders = (token: string) => ({ [CLAIM_TOKEN_HEADER]: token });

export const offerKey = (token: string) => ['waitlist-offer', token] as const;

/** GET waitlistOffer — the offered time; changes nothing. */
export function fetchOffer(token: string, signal?: AbortSignal): Promise<WaitlistOfferView> {
  return request({
    path: 'waitlistOffer',
    headers: tokenHeaders(token),
    signal,
    report: false,
    schema: waitlistOfferViewSchema,
  });
}

/** POST claimWaitlistOffer — books the time (a retry with the same key answers the first claim). */
export function claimOffer(token: string, idempotencyKey: string): Promise<WaitlistClaimResponse> {
  return request({
    method: 'POST',
    path: 'claimWaitlistOffer',
    data: { idempotencyKey },
    headers: tokenHeaders(token),
    report: false,
    schema: waitlistClaimResponseSchema,
  });
}

export interface ClaimGone {
  code: 'SLOT_TAKEN' | 'OFFER_EXPIRED' | 'OFFER_USED';
  message: string;
  nextTimes: NextTime[];
}

/** The 409 of a claim that lost (the time is gone for this claimer), null for any other failure. */
export function claimGoneOf(error: unknown): ClaimGone | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const parsed = waitlistClaimGoneSchema.safeParse(error.body);
  if (!parsed.success) return null;
  const { code, message, details } = parsed.data.error;
  return { code, message, nextTimes: details.nextTimes };
}
