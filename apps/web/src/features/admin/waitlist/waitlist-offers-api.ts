import { getWaitlistOffersResponseSchema } from '@scheduler/contract/waitlist-offers';
import { configKeys } from '../shared/api/config-keys';
import { adminRequest } from '../shared/api/admin-request';

/** Waitlist offers (issue 18): staff calls, waitlist:read (the server audits the list). */
export const waitlistOfferKeys = {
  /** Under the waitlist's key: a change to the waitlist refreshes the offers too. */
  list: (clientId: string, waitlistEntryId: string | null) =>
    [...configKeys.waitlist(clientId), 'offers', waitlistEntryId ?? 'all'] as const,
};

/** The brand's newest offers (up to 500), or one entry's offers. */
export function fetchWaitlistOffers(clientId: string, waitlistEntryId: string | null, signal?: AbortSignal) {
  return adminRequest({
    path: 'getWaitlistOffers',
    params: {
      clientId,
      ...(waitlistEntryId === null ? { limit: 500 } : { waitlistEntryId }),
    },
    id: `admin-waitlist-offers-${clientId}`,
    signal,
    schema: getWaitlistOffersResponseSchema,
  });
}
