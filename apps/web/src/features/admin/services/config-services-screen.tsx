import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import type { ServiceAdmin } from '@scheduler/contract/admin/services';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { configKeys } from '../shared/api/config-keys';
import { fetchServiceLocationMapping, fetchServices } from './services-api';
import { AdminPage } from '../shared/components/admin-page';
import { DataTable, useListQuery, type Column } from '../shared/components/data-table';
import { reloadRow, usePagedQuery } from '../shared/components/paged-query';
import { YesNo } from '../shared/components/yes-no';
import { useAdminParams } from '../shared/use-admin-params';
import { ServiceDialog } from './service-dialog';

/** configservices: the services (appointment types), their flags and locations. */
export function ConfigServicesScreen() {
  const { t } = useLingui();
  const { clientId } = useAdminParams();
  const controls = useListQuery('sortOrder');
  const services = usePagedQuery(configKeys.services(clientId), controls, (params, signal) =>
    fetchServices(clientId, params, signal),
  );
  const mapping = useQuery({
    queryKey: [...configKeys.services(clientId), 'locations'],
    queryFn: ({ signal }) => fetchServiceLocationMapping(clientId, signal),
  });
  const [editing, setEditing] = useState<ServiceAdmin | null | undefined>(undefined);
  const reloadEditing = async () => {
    const id = editing?.appointmentTypeId;
    setEditing(await reloadRow(services.refetch, (service) => service.appointmentTypeId === id));
  };

  const locationNames = useMemo(
    () => new Map(mapping.data?.locations.map((location) => [location.locationId, location.name]) ?? []),
    [mapping.data],
  );
  const locationOptions = useMemo(
    () =>
      mapping.data?.locations.map((location) => ({ id: location.locationId, label: location.name })) ?? [],
    [mapping.data],
  );

  const editLabel = (name: string) => t`Edit ${name}`;
  const columns: Column<ServiceAdmin>[] = [
    {
      key: 'name',
      label: t`Service`,
      sortField: 'name',
      wrapMinWidth: 200,
      render: (service) => service.name,
    },
    {
      key: 'duration',
      label: t`Duration`,
      sortField: 'duration',
      align: 'right',
      render: ({ durationMinutes }) => t`${durationMinutes} min`,
    },
    { key: 'online', label: t`Online`, render: (service) => <YesNo value={service.onlineEnabled} /> },
    {
      key: 'call',
      label: t`Call to schedule`,
      render: (service) => <YesNo value={service.callToSchedule} />,
    },
    { key: 'new', label: t`New patients`, render: (service) => <YesNo value={service.newPatients} /> },
    {
      key: 'existing',
      label: t`Existing patients`,
      render: (service) => <YesNo value={service.existingPatients} />,
    },
    {
      key: 'locations',
      label: t`Locations`,
      wrapMinWidth: 260,
      render: (service) =>
        service.locationIds.length === 0
          ? t`None`
          : service.locationIds.map((id) => locationNames.get(id) ?? id).join(', '),
    },
    {
      key: 'sortOrder',
      label: t`Order`,
      sortField: 'sortOrder',
      align: 'right',
      render: (service) => service.sortOrder,
    },
    {
      key: 'actions',
      label: t`Actions`,
      render: (service) => (
        <Button size="small" onClick={() => setEditing(service)} aria-label={editLabel(service.name)}>
          <Trans>Edit</Trans>
        </Button>
      ),
    },
  ];

  return (
    <AdminPage
      title={t`Services`}
      description={t`What patients can book, for how long, and where.`}
      actions={
        <Button variant="contained" onClick={() => setEditing(null)} disabled={!mapping.data}>
          <Trans>Add service</Trans>
        </Button>
      }
    >
      <DataTable
        caption={t`Services`}
        columns={columns}
        rows={services.data?.items}
        total={services.data?.total ?? 0}
        rowKey={(service) => service.appointmentTypeId}
        controls={controls}
        loading={services.isFetching}
        error={services.error ?? mapping.error}
        onRetry={() => {
          void services.refetch();
          void mapping.refetch();
        }}
        searchLabel={t`Search services`}
        emptyText={t`This practice has no services yet.`}
        noMatchText={t`No service matches your search.`}
      />
      {editing !== undefined ? (
        <ServiceDialog
          key={
            editing ? `${editing.appointmentTypeId}-${editing.version}-${editing.locationsVersion}` : 'new'
          }
          service={editing}
          locations={locationOptions}
          onClose={() => setEditing(undefined)}
          onReload={() => void reloadEditing()}
        />
      ) : null}
    </AdminPage>
  );
}
