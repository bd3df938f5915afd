import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import type { LocationAdmin } from '@scheduler/contract/admin/locations';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { configKeys } from '../shared/api/config-keys';
import { fetchLocations } from './locations-api';
import { fetchProviderLocationMap } from '../shared/api/provider-location-map-api';
import { AdminPage } from '../shared/components/admin-page';
import { DataTable, useListQuery } from '../shared/components/data-table';
import { reloadRow, usePagedQuery } from '../shared/components/paged-query';
import { useAdminParams } from '../shared/use-admin-params';
import { LocationDialog } from './location-dialog';
import { locationColumns } from './location-columns';
import { useLocationProviders, useOnlineSwitch } from './use-location-config';

/** locationconfig: addresses, time zones, phones, online and waitlist switches, and who works where. */
export function LocationConfigScreen() {
  const { t } = useLingui();
  const { clientId } = useAdminParams();
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

  const { providersAt, providersVersionAt, providerOptions } = useLocationProviders(providerMap.data);
  const { savingOnline, setOnline } = useOnlineSwitch(clientId);
  const columns = locationColumns({ savingOnline, setOnline, providersAt, onEdit: setEditing });

  return (
    <AdminPage
      title={t`Locations`}
      description={t`Where patients can book, and who works there.`}
      actions={
        <Button variant="contained" onClick={() => setEditing(null)} disabled={!providerMap.data}>
          <Trans>Add location</Trans>
        </Button>
      }
    >
      <DataTable
        caption={t`Locations`}
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
        searchLabel={t`Search locations`}
        emptyText={t`This practice has no locations yet.`}
        noMatchText={t`No location matches your search.`}
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
