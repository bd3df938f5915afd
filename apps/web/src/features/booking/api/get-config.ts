import type { SchedulerSettings } from '@scheduler/domain/settings';
import { ApiError } from '../../../lib/api-client';
import type { ConfigRow } from '../lib/rules-config';
import { useCachedQuery } from './booking-cache';
import { fetchCheckedConfig } from './contract';
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
  const { data: response, settings } = await fetchCheckedConfig({
    id: 'getConfig',
    path: 'getConfig',
    params: { clientName: scope.clientName, scheduler: scope.scheduler },
    signal,
  });
  const client = response.rulesConfig[0];
  if (!client || !settings) throw NOT_FOUND;
  return { client, today: response.today, settings };
}

/** How long the configuration and the catalogue are kept before they are asked again. */
export const CATALOGUE_STALE_MS = 5 * 60_000;

export const configKey = (scope: Pick<BookingScope, 'clientName' | 'scheduler'>) =>
  [...schedulerKey(scope), 'config'] as const;

export function useSchedulerConfig(scope: Pick<BookingScope, 'clientName' | 'scheduler'>) {
  return useCachedQuery({
    key: configKey(scope),
    fetcher: (signal) => fetchSchedulerConfig(scope, signal),
    staleMs: CATALOGUE_STALE_MS,
    enabled: scope.clientName !== '' && scope.scheduler !== '',
  });
}
