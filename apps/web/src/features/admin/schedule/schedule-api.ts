import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { scheduleResponseSchema, type ScheduleResponse } from '@scheduler/contract/admin/schedule';
import { adminRequest } from '../shared/api/admin-request';

/** The schedule's query keys: `all` is what a booking, move or status change invalidates. */
export const scheduleKeys = {
  all: (clientId: string) => ['admin', clientId, 'schedule'] as const,
  range: (clientId: string, locationId: string, from: string, to: string) =>
    ['admin', clientId, 'schedule', locationId, from, to] as const,
};

/** GET /api/scheduler/admin/schedule: one location over its local dates [from, to] (≤ 31 days). */
export function fetchSchedule(
  clientId: string,
  locationId: string,
  from: string,
  to: string,
  signal?: AbortSignal,
): Promise<ScheduleResponse> {
  return adminRequest({
    path: 'admin/schedule',
    params: { clientId, locationId, from, to },
    signal,
    schema: scheduleResponseSchema,
  });
}

export function useSchedule(clientId: string, locationId: string, from: string, to: string) {
  return useQuery({
    queryKey: scheduleKeys.range(clientId, locationId, from, to),
    queryFn: ({ signal }) => fetchSchedule(clientId, locationId, from, to, signal),
    enabled: clientId !== '' && locationId !== '',
    placeholderData: keepPreviousData,
    // The front desk keeps the screen open: arrivals and bookings by others show within a minute.
    refetchInterval: 60_000,
  });
}
