import type { UpdateProviderInfoRequest } from '@scheduler/contract/admin/providers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { configKeys } from '../shared/api/config-keys';
import { updateProviderInfo } from './providers-api';
import { useAdminParams } from '../shared/use-admin-params';

/** PATCH updateProviderInfo; the answer (with the new version) replaces the cached provider. */
export function useSaveProvider() {
  const { clientId } = useAdminParams();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: Omit<UpdateProviderInfoRequest, 'clientId'>) => updateProviderInfo(clientId, update),
    onSuccess: (data) => {
      queryClient.setQueryData(configKeys.provider(clientId, data.provider.providerId), data);
      void queryClient.invalidateQueries({ queryKey: configKeys.providers(clientId) });
    },
  });
}
