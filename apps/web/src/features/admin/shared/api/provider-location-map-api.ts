import { adminRequest } from './admin-request';
import { providerLocationMapResponseSchema } from '@scheduler/contract/admin/maps';

/** Who works where (getProviderLocationMap): read by the providers' and the locations' screens. */

export function fetchProviderLocationMap(clientId: string, providerId?: string, signal?: AbortSignal) {
  return adminRequest({
    path: 'providerLocationMap',
    params: { clientId, providerId },
    signal,
    schema: providerLocationMapResponseSchema,
  });
}
