import Button from '@mui/material/Button';
import Switch from '@mui/material/Switch';
import type { LocationAdmin } from '@scheduler/contract/admin/locations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { configKeys } from '../shared/api/config-keys';
import { fetchLocations, updateLocation } from './locations-api';
import { fetchProviderLocationMap } from '../shared/api/provider-location-map-api';
import { AdminPage } from '../shared/components/admin-page';
import { DataTable, useListQuery, type Column } from '../shared/components/data-table';
import { reloadRow, usePagedQuery } from '../shared/components/paged-query';
import { notifySaveFailed, notifySaved } from '../shared/components/save-feedback';
import { YesNo } from '../shared/components/yes-no';
import { useAdminParams } from '../shared/use-admin-params';
import { LocationDialog } from './location-dialog';

/** locationconfig: addresses, time zones, phones, online and waitlist switches, and who works where. */
export function LocationConfigScreen() {
  const { clientId } = useAdminParams();
  const queryClient = useQueryClient();
  const controls = useListQuery('sortOrder');
  const locations = usePagedQuery(configKeys.locations(clientId), controls, (params, signal) =>
    fetchLocations(clientId, params, signal),
  );
  const providerMap = useQuery({
    queryKey: [...configKeys.locations(clientId), 'providers'],
    queryFn: ({ signal }) => fetchProviderLocationMap(clientId, undefined, signal),
  });
  const [editing, setEditing] = useState<LocationAdmin | null | undefined>(undefined);
  const reloadEditing = async () => {
    const id = editing?.locationId;
    await providerMap.refetch();
    setEditing(await reloadRow(locations.refetch, (location) => location.locationId === id));
  };

  const providersAt = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const provider of providerMap.data?.providers ?? []) {
      for (const locationId of provider.locationIds)
        map.set(locationId, [...(map.get(locationId) ?? []), provider.providerId]);
    }
    return map;
  }, [providerMap.data]);
  /** The version of each location's set of providers, read with the set. */
  const providersVersionAt = useMemo(
    () =>
      new Map(
        providerMap.data?.locations.map((location) => [location.locationId, location.providersVersion]) ?? [],
      ),
    [providerMap.data],
  );
  const providerOptions = useMemo(
    () =>
      providerMap.data?.providers.map((provider) => ({ id: provider.providerId, label: provider.name })) ??
      [],
    [providerMap.data],
  );

  // The switch answers at once: the value being saved shows until the list is read again.
  const [savingOnline, setSavingOnline] = useState<ReadonlyMap<string, boolean>>(new Map());
  const toggleOnline = useMutation({
    mutationFn: ({ location, online }: { location: LocationAdmin; online: boolean }) =>
      updateLocation(clientId, location.locationId, { onlineEnabled: online, version: location.version }),
    onSuccess: ({ location }) => {
      notifySaved(`Online booking ${location.onlineEnabled ? 'on' : 'off'} at ${location.name}`);
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

  const columns: Column<LocationAdmin>[] = [
    { key: 'name', label: 'Location', sortField: 'name', render: (location) => location.name },
    {
      key: 'address',
      label: 'Address',
      wrapMinWidth: 220,
      render: (location) =>
        [location.addressLine1, location.addressLine2, `${location.city}, ${location.state}`]
          .filter(Boolean)
          .join(', '),
    },
    {
      key: 'postalCode',
      label: 'ZIP code',
      sortField: 'postalCode',
      render: (location) => location.postalCode,
    },
    { key: 'timeZone', label: 'Time zone', render: (location) => location.timeZone },
    { key: 'phone', label: 'Phone', render: (location) => location.phone || '—' },
    {
      key: 'online',
      label: 'Online booking',
      render: (location) => (
        <Switch
          checked={savingOnline.get(location.locationId) ?? location.onlineEnabled}
          disabled={savingOnline.has(location.locationId)}
          onChange={(_event, online) => setOnline(location, online)}
          slotProps={{ input: { 'aria-label': `Online booking at ${location.name}` } }}
        />
      ),
    },
    { key: 'waitlist', label: 'Waitlist', render: (location) => <YesNo value={location.waitlistEnabled} /> },
    {
      key: 'providers',
      label: 'Providers',
      align: 'right',
      render: (location) => providersAt.get(location.locationId)?.length ?? 0,
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (location) => (
        <Button size="small" onClick={() => setEditing(location)} aria-label={`Edit ${location.name}`}>
          Edit
        </Button>
      ),
    },
  ];

  return (
    <AdminPage
      title="Locations"
      description="Where patients can book, and who works there."
      actions={
        <Button variant="contained" onClick={() => setEditing(null)} disabled={!providerMap.data}>
          Add location
        </Button>
      }
    >
      <DataTable
        caption="Locations"
        columns={columns}
        rows={locations.data?.items}
        total={locations.data?.total ?? 0}
        rowKey={(location) => location.locationId}
        controls={controls}
        loading={locations.isFetching}
        error={locations.error ?? providerMap.error}
        onRetry={() => {
          void locations.refetch();
          void providerMap.refetch();
        }}
        searchLabel="Search locations"
        emptyText="This practice has no locations yet."
        noMatchText="No location matches your search."
      />
      {editing !== undefined ? (
        <LocationDialog
          key={
            editing
              ? `${editing.locationId}-${editing.version}-${providersVersionAt.get(editing.locationId) ?? 1}`
              : 'new'
          }
          onReload={() => void reloadEditing()}
          location={editing}
          providerIds={editing ? (providersAt.get(editing.locationId) ?? []) : []}
          providersVersion={editing ? (providersVersionAt.get(editing.locationId) ?? 1) : 1}
          providers={providerOptions}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
    </AdminPage>
  );
}
