import type { GetProvidersResponse } from '@scheduler/contract/scheduler-api';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { request, type QueryParams } from '../../../lib/api-client';
import { contractSchema } from './contract-validation';
import { schedulerKey, type BookingScope } from './scope';

/** What the find-appointment screen searches with. */
export interface ProviderSearch {
  appointmentTypeId: string;
  /** A location id or 'all'. */
  locationId: string;
  /** Checked gender codes. */
  genders: ('M' | 'F')[];
  postalCode: string;
  /** Maximum distance in miles (0–30), used only with a valid postal code. */
  maxDistance: number;
  insurancePlanId: string | null;
  /**
   * Only this provider's times (getProviders' `providerId`: "an existing patient's own provider"),
   * e.g. after "Book again"; null or absent: every provider.
   */
  providerId?: string | null;
  isExistingPatient: boolean;
  /** First local day to return slots for; null: the first day of the booking window. */
  fromDate: string | null;
  days: number;
}

const POSTAL_CODE = /^\d{5}$/;

export function isValidPostalCode(value: string): boolean {
  return POSTAL_CODE.test(value.trim());
}

/** The query string of GET getProviders (getProvidersQuerySchema): only what narrows the search. */
export function providersQueryParams(
  scope: Pick<BookingScope, 'clientName' | 'scheduler'>,
  search: ProviderSearch,
): QueryParams {
  const params: QueryParams = {
    clientName: scope.clientName,
    scheduler: scope.scheduler,
    appointmentTypeId: search.appointmentTypeId,
    locationId: search.locationId,
    isExistingPatient: search.isExistingPatient ? 'true' : 'false',
    days: Math.min(Math.max(Math.trunc(search.days), 1), 90),
  };
  const genders = [...new Set(search.genders)].sort();
  // Both genders (or none, which the screen does not search with) mean no gender filter.
  if (genders.length === 1) params.gender = genders.join(',');
  const postalCode = search.postalCode.trim();
  if (isValidPostalCode(postalCode)) {
    params.postalCode = postalCode;
    params.distance = Math.min(Math.max(Math.round(search.maxDistance), 0), 30);
  }
  if (search.insurancePlanId) params.insurancePlanId = search.insurancePlanId;
  if (search.providerId) params.providerId = search.providerId;
  if (search.fromDate) params.fromDate = search.fromDate;
  return params;
}

export async function fetchProviders(
  scope: Pick<BookingScope, 'clientName' | 'scheduler'>,
  search: ProviderSearch,
  signal?: AbortSignal,
): Promise<GetProvidersResponse> {
  // One search at a time: a newer one (another filter, another day) cancels the one in flight.
  return request({
    id: 'getProviders',
    path: 'getProviders',
    params: providersQueryParams(scope, search),
    signal,
    schema: contractSchema('getProvidersResponseSchema'),
  });
}

/** The query key of every slot search of a scheduler (any filters, any day). */
export function providerSearchesKey(scope: Pick<BookingScope, 'clientName' | 'scheduler'>) {
  return [...schedulerKey(scope), 'providers'] as const;
}

/**
 * Drops every cached slot search of the scheduler, e.g. after a time was taken by someone else:
 * invalidating alone would still show the cached answer (with the taken time) while the new one
 * loads, for up to the 15 s the answers are kept fresh. Removed, the find-a-time step shows its
 * skeletons until a fresh answer arrives.
 */
export function forgetProviderSearches(
  queryClient: QueryClient,
  scope: Pick<BookingScope, 'clientName' | 'scheduler'>,
): void {
  const queryKey = providerSearchesKey(scope);
  void queryClient.cancelQueries({ queryKey });
  queryClient.removeQueries({ queryKey });
}

export function useProviderSearch(
  scope: Pick<BookingScope, 'clientName' | 'scheduler'>,
  search: ProviderSearch | null,
) {
  return useQuery({
    queryKey: [...providerSearchesKey(scope), search],
    queryFn: ({ signal }) => {
      if (!search) throw new Error('no search');
      return fetchProviders(scope, search, signal);
    },
    enabled: search !== null,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}
