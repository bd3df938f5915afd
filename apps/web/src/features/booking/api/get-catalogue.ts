import type { Location, ServiceType } from '@scheduler/domain/schemas/scheduler-api';
import { useQuery } from '@tanstack/react-query';
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
    (contract) => contract.getServiceTypeResponseSchema,
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
    (contract) => contract.getLocationResponseSchema,
  );
  return response.locations;
}

export function useServiceTypes(scope: Scope) {
  return useQuery({
    queryKey: [...schedulerKey(scope), 'serviceTypes'],
    queryFn: ({ signal }) => fetchServiceTypes(scope, signal),
    staleTime: 5 * 60_000,
  });
}

/** Every location of the scheduler (online-off ones too: the flow explains why they cannot be booked). */
export function useLocations(scope: Scope) {
  return useQuery({
    queryKey: [...schedulerKey(scope), 'locations'],
    queryFn: ({ signal }) => fetchLocations(scope, signal),
    staleTime: 5 * 60_000,
  });
}
