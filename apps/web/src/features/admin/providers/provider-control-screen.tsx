import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import type { ProviderListSort, ProviderSummary } from '@scheduler/contract/admin/providers';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { sectionPath } from '../shared/admin-paths';
import { configKeys } from '../shared/api/config-keys';
import { fetchAllProviders } from './providers-api';
import { AdminPage } from '../shared/components/admin-page';
import { DataTable, useListQuery, type Column } from '../shared/components/data-table';
import { YesNo } from '../shared/components/yes-no';
import { useAdminParams } from '../shared/use-admin-params';

const GENDER_LABELS = { M: 'Male', F: 'Female' } as const;

function sortParam(sort: string, direction: 'asc' | 'desc'): ProviderListSort {
  const field = sort === 'updatedAt' || sort === 'sortOrder' ? sort : 'name';
  return direction === 'desc' ? `-${field}` : field;
}

/** providercontrol: the practice's providers (server-side paging, search and sort), each linking to its editor. */
export function ProviderControlScreen() {
  const { clientId, ruleId } = useAdminParams();
  const controls = useListQuery('name');
  const { query } = controls;
  const providers = useQuery({
    queryKey: [...configKeys.providers(clientId), query],
    queryFn: ({ signal }) =>
      fetchAllProviders(
        clientId,
        {
          page: query.page + 1,
          pageSize: query.pageSize,
          search: query.search,
          sort: sortParam(query.sort, query.direction),
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

  const editPath = (providerId: string) =>
    sectionPath(clientId, ruleId, `providercontroleditprovider?providerId=${encodeURIComponent(providerId)}`);

  const columns: Column<ProviderSummary>[] = [
    {
      key: 'name',
      label: 'Name',
      sortField: 'name',
      render: (provider) => (
        <Link component={RouterLink} to={editPath(provider.providerId)}>
          {provider.name}
        </Link>
      ),
    },
    { key: 'credentials', label: 'Credentials', render: (provider) => provider.credentials ?? '—' },
    { key: 'specialty', label: 'Specialty', render: (provider) => provider.specialty ?? '—' },
    {
      key: 'gender',
      label: 'Gender',
      render: (provider) => (provider.gender ? GENDER_LABELS[provider.gender] : '—'),
    },
    {
      key: 'locations',
      label: 'Locations',
      align: 'right',
      render: (provider) => provider.locationIds.length,
    },
    {
      key: 'online',
      label: 'Online bookable',
      render: (provider) => <YesNo value={provider.onlineBookable} />,
    },
    {
      key: 'newPatients',
      label: 'New patients',
      render: (provider) => <YesNo value={provider.acceptingNewPatients} />,
    },
    {
      key: 'sortOrder',
      label: 'Order',
      sortField: 'sortOrder',
      align: 'right',
      render: (provider) => provider.sortOrder,
    },
    {
      key: 'updated',
      label: 'Last changed',
      sortField: 'updatedAt',
      render: (provider) => new Date(provider.updatedAt).toLocaleDateString(),
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (provider) => (
        <Button
          component={RouterLink}
          to={editPath(provider.providerId)}
          size="small"
          aria-label={`Edit ${provider.name}`}
        >
          Edit
        </Button>
      ),
    },
  ];

  return (
    <AdminPage title="Providers" description="Who can be booked online, where, for what and when.">
      <DataTable
        caption="Providers"
        columns={columns}
        rows={providers.data?.items}
        total={providers.data?.total ?? 0}
        rowKey={(provider) => provider.providerId}
        controls={controls}
        loading={providers.isFetching}
        error={providers.error}
        onRetry={() => void providers.refetch()}
        searchLabel="Search providers by name"
        emptyText="This practice has no providers yet."
        noMatchText="No provider matches your search."
      />
    </AdminPage>
  );
}
