import { t } from '@lingui/core/macro';
import type { LocationAdmin } from '@scheduler/contract/admin/locations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { configKeys } from '../shared/api/config-keys';
import type { fetchProviderLocationMap } from '../shared/api/provider-location-map-api';
import { notifySaveFailed, notifySaved } from '../shared/components/save-feedback';
import { updateLocation } from './locations-api';

type ProviderLocationMap = Awaited<ReturnType<typeof fetchProviderLocationMap>>;

/** Who works at each location, the version of each location's set, and the providers to choose from. */
export function useLocationProviders(providerMap: ProviderLocationMap | undefined) {
  const providersAt = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const provider of providerMap?.providers ?? []) {
      for (const locationId of provider.locationIds)
        map.set(locationId, [...(map.get(locationId) ?? []), provider.providerId]);
    }
    return map;
  }, [providerMap]);
  /** The version of each location's set of providers, read with the set. */
  const providersVersionAt = useMemo(
    () =>
      new Map(
        providerMap?.locations.map((location) => [location.locationId, location.providersVersion]) ?? [],
      ),
    [providerMap],
  );
  const providerOptions = useMemo(
    () => providerMap?.providers.map((provider) => ({ id: provider.providerId, label: provider.name })) ?? [],
    [providerMap],
  );

  return { providersAt, providersVersionAt, providerOptions };
}

/**
 * The list's online-booking switch (PATCH updateLocation). The switch answers at once: the value
 * being saved shows until the list is read again.
 */
export function useOnlineSwitch(clientId: string) {
  const queryClient = useQueryClient();
  const [savingOnline, setSavingOnline] = useState<ReadonlyMap<string, boolean>>(new Map());
  const toggleOnline = useMutation({
    mutationFn: ({ location, online }: { location: LocationAdmin; online: boolean }) =>
      updateLocation(clientId, location.locationId, { onlineEnabled: online, version: location.version }),
    onSuccess: ({ location }) => {
      notifySaved(
        location.onlineEnabled
          ? t`Online booking on at ${location.name}`
          : t`Online booking off at ${location.name}`,
      );
    },
    onError: notifySaveFailed,
    onSettled: async (_data, _error, { location }) => {
      await queryClient.invalidateQueries({ queryKey: configKeys.locations(clientId) });
      setSavingOnline((current) => {
        const next = new Map(current);
        next.delete(location.locationId);
        return next;
      });
    },
  });
  const setOnline = (location: LocationAdmin, online: boolean) => {
    setSavingOnline((current) => new Map(current).set(location.locationId, online));
    toggleOnline.mutate({ location, online });
  };

  return { savingOnline, setOnline };
}
