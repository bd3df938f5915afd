import type { Location, ServiceType } from '@scheduler/contract/scheduler-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { contractSchema } from './contract-validation';
import { CATALOGUE_STALE_MS } from './get-config';
import { schedulerKey, type BookingScope } from './scope';

type Scope = Pick<BookingScope, 'clientName' | 'scheduler'>;

export async function fetchServiceTypes(scope: Scope, signal?: AbortSignal): Promise<ServiceType[]> {
  const response = await request({
    id: 'getServiceType',
    path: 'getServiceType',
    params: { clientName: scope.clientName, scheduler: scope.scheduler },
    signal,
    schema: contractSchema('getServiceTypeResponseSchema'),
  });
  return response.serviceTypes;
}

export async function fetchLocations(scope: Scope, signal?: AbortSignal): Promise<Location[]> {
  const response = await request({
    id: 'getLocation',
    path: 'getLocation',
    params: { clientName: scope.clientName, scheduler: scope.scheduler },
    signal,
    schema: contractSchema('getLocationResponseSchema'),
  });
  return response.locations;
}

export const serviceTypesKey = (scope: Scope) => [...schedulerKey(scope), 'serviceTypes'] as const;
export const locationsKey = (scope: Scope) => [...schedulerKey(scope), 'locations'] as const;

/** The scheduler's services (the landing's choices); the booking page's prefetch starts it. */
export const serviceTypesQuery = (scope: Scope) =>
  queryOptions({
    queryKey: serviceTypesKey(scope),
    queryFn: ({ signal }) => fetchServiceTypes(scope, signal),
    staleTime: CATALOGUE_STALE_MS,
  });

/** Every location of the scheduler (online-off ones too: the flow explains why they cannot be booked). */
export const locationsQuery = (scope: Scope) =>
  queryOptions({
    queryKey: locationsKey(scope),
    queryFn: ({ signal }) => fetchLocations(scope, signal),
    staleTime: CATALOGUE_STALE_MS,
  });

export function useServiceTypes(scope: Scope) {
  return useQuery(serviceTypesQuery(scope));
}

export function useLocations(scope: Scope) {
  return useQuery(locationsQuery(scope));
}
