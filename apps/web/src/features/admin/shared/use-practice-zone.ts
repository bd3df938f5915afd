import { useQuery } from '@tanstack/react-query';
import { fetchFilters, patientKeys } from './api/patient-management-api';
import { useAdminParams } from './use-admin-params';

/**
 * The practice's zone (its first location's, as the server's get_filters says): the zone of every
 * time that belongs to no location ('Patient since', notes, feedback, a waitlist entry's "added").
 * Undefined while it loads; the time formatters then name UTC rather than guess the browser's zone.
 */
export function usePracticeTimeZone(): string | undefined {
  const { clientId } = useAdminParams();
  const filters = useQuery({
    queryKey: patientKeys.filters(clientId),
    queryFn: ({ signal }) => fetchFilters(clientId, signal),
    staleTime: 5 * 60_000,
  });
  return filters.data?.defaultTimeZone;
}
