import type { GetFiltersResponse } from '@scheduler/contract/patient-management/patients';
import { useQueries } from '@tanstack/react-query';
import { fetchFreeTimes, frontDeskKeys, type FreeTimesParams } from './front-desk-api';

/**
 * The service to pre-fill for a free time clicked on the schedule (a provider's time, with no
 * service): the first of the brand's services that the provider has free at that start. Undefined
 * while the free times are read; null when none has it (the first service is then offered).
 */
export function useServiceForClickedTime(
  clientId: string,
  choices: GetFiltersResponse | undefined,
  clicked: { locationId: string; providerId: string; date: string; startUtc: string } | null,
): string | null | undefined {
  const services = clicked === null || clicked.date === '' ? [] : (choices?.services ?? []);
  const results = useQueries({
    queries: services.map((service) => {
      const params: FreeTimesParams = {
        appointmentTypeId: service.appointmentTypeId,
        locationId: clicked?.locationId ?? '',
        providerId: clicked?.providerId,
        date: clicked?.date ?? '',
      };
      return {
        queryKey: frontDeskKeys.freeTimes(clientId, params),
        queryFn: ({ signal }: { signal: AbortSignal }) => fetchFreeTimes(clientId, params, signal),
        staleTime: 10_000,
      };
    }),
  });
  if (clicked === null) return null;
  if (choices === undefined || clicked.date === '') return undefined;
  for (const [index, result] of results.entries()) {
    if (result.isPending) return undefined;
    const fits = result.data?.providers.some(
      (provider) =>
        provider.providerId === clicked.providerId &&
        provider.times.some((time) => time.startUtc === clicked.startUtc),
    );
    if (fits) return services[index]?.appointmentTypeId ?? null;
  }
  return null;
}
