import type { SchedulerSettings } from '@scheduler/domain/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, request } from '../../../lib/api-client';
import type { ConfigRow } from '../lib/rules-config';
import { configContractSchema } from './contract-validation';
import { schedulerKey, type BookingScope } from './scope';

export interface SchedulerConfig {
  /** The first rulesConfig item: the client and scheduler with their stored settings rows. */
  client: ConfigRow;
  /** Today in the client's main zone ('YYYY-MM-DD'), for date-of-birth checks. */
  today: string;
  /** Every setting, defaults filled in. */
  settings: SchedulerSettings;
}

const NOT_FOUND = new ApiError(
  { error: { code: 'NOT_FOUND', message: 'We could not find this booking page.' } },
  404,
);

export async function fetchSchedulerConfig(
  scope: Pick<BookingScope, 'clientName' | 'scheduler'>,
  signal?: AbortSignal,
): Promise<SchedulerConfig> {
  const { data: response, settings } = await request({
    id: 'getConfig',
    path: 'getConfig',
    params: { clientName: scope.clientName, scheduler: scope.scheduler },
    signal,
    schema: configContractSchema(),
  });
  const client = response.rulesConfig[0];
  if (!client || !settings) throw NOT_FOUND;
  return { client, today: response.today, settings };
}

/** How long the configuration and the catalogue are kept before they are asked again. */
export const CATALOGUE_STALE_MS = 5 * 60_000;

export const configKey = (scope: Pick<BookingScope, 'clientName' | 'scheduler'>) =>
  [...schedulerKey(scope), 'config'] as const;

/** The scheduler's configuration, read by every step (the booking page's prefetch starts it). */
export const schedulerConfigQuery = (scope: Pick<BookingScope, 'clientName' | 'scheduler'>) =>
  queryOptions({
    queryKey: configKey(scope),
    queryFn: ({ signal }) => fetchSchedulerConfig(scope, signal),
    staleTime: CATALOGUE_STALE_MS,
    enabled: scope.clientName !== '' && scope.scheduler !== '',
  });

export function useSchedulerConfig(scope: Pick<BookingScope, 'clientName' | 'scheduler'>) {
  return useQuery(schedulerConfigQuery(scope));
}
