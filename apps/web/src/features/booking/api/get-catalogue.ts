import type { Location, ServiceType } from '@scheduler/contract/scheduler-api';
import { CATALOGUE_STALE_MS } from './get-config';
import { useCachedQuery } from './booking-cache';
import { fetchChecked } from './contract';
import { schedulerKey, type BookingScope } from './scope';

type Scope = Pick<BookingScope, 'clientName' | 'scheduler'>;

export async function fetchServiceTypes(scope: Scope, signal?: AbortSignal): Promise<ServiceType[]> {
  const response = await fetchChecked(
    {
      id: 'getServiceType',
      path: 'getServiceType',
      params: { clientName: scope.clientName, scheduler: scope.scheduler },
      signal,
    },
    'getServiceTypeResponseSchema',
  );
  return response.serviceTypes;
}

export async function fetchLocations(scope: Scope, signal?: AbortSignal): Promise<Location[]> {
  const response = await fetchChecked(
    {
      id: 'getLocation',
      path: 'getLocation',
      params: { clientName: scope.clientName, scheduler: scope.scheduler },
      signal,
    },
    'getLocationResponseSchema',
  );
  return response.locations;
}

export const serviceTypesKey = (scope: Scope) => [...schedulerKey(scope), 'serviceTypes'] as const;
export const locationsKey = (scope: Scope) => [...schedulerKey(scope), 'locations'] as const;

export function useServiceTypes(scope: Scope) {
  return useCachedQuery({
    key: serviceTypesKey(scope),
    fetcher: (signal) => fetchServiceTypes(scope, signal),
    staleMs: CATALOGUE_STALE_MS,
  });
}

/** Every location of the scheduler (online-off ones too: the flow explains why they cannot be booked). */
export function useLocations(scope: Scope) {
  return useCachedQuery({
    key: locationsKey(scope),
    fetcher: (signal) => fetchLocations(scope, signal),
    staleMs: CATALOGUE_STALE_MS,
  });
}
