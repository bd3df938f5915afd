import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type {
  ProviderListSort,
  ProviderStatusFilter,
  ProviderSummary,
} from '@scheduler/contract/admin/providers';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Link as RouterLink } from '../../../components/app-link';
import { formatZonedDate } from '../../../lib/zoned-time';
import { filterFieldSx } from '../shared/components/choice-filter';
import { fetchFilters, patientKeys } from '../shared/api/patient-management-api';
import { useStaffAccess } from '../shared/use-staff-access';
import { AddProviderDialog } from './add-provider-dialog';
import { sectionPath } from '../shared/admin-paths';
import { configKeys } from '../shared/api/config-keys';
import { fetchAllProviders } from './providers-api';
import { AdminPage } from '../shared/components/admin-page';
import { DataTable, useListQuery, type Column } from '../shared/components/data-table';
import { YesNo } from '../shared/components/yes-no';
import { useAdminParams } from '../shared/use-admin-params';

const GENDER_LABELS = { M: msg`Male`, F: msg`Female` } as const;

const STATUS_CHOICES: readonly { value: ProviderStatusFilter; label: MessageDescriptor }[] = [
  { value: 'active', label: msg`Active providers` },
  { value: 'retired', label: msg`Retired providers` },
  { value: 'all', label: msg`Active and retired` },
];

function sortParam(sort: string, direction: 'asc' | 'desc'): ProviderListSort {
  const field = sort === 'updatedAt' || sort === 'sortOrder' ? sort : 'name';
  return direction === 'desc' ? `-${field}` : field;
}

/** The list's columns: name (with "Retired"), profile, maps, flags, order, last change and Edit. */
function providerColumns(
  editPath: (providerId: string) => string,
  practiceZone: string | undefined,
  i18n: I18n,
): Column<ProviderSummary>[] {
  return [
    {
      key: 'name',
      label: i18n._(msg`Name`),
      sortField: 'name',
      render: (provider) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Link component={RouterLink} to={editPath(provider.providerId)}>
            {provider.name}
          </Link>
          {provider.retiredAt !== null ? (
            <Chip size="small" label={i18n._(msg`Retired`)} variant="outlined" />
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'credentials',
      label: i18n._(msg`Credentials`),
      render: (provider) => provider.credentials ?? '—',
    },
    { key: 'specialty', label: i18n._(msg`Specialty`), render: (provider) => provider.specialty ?? '—' },
    {
      key: 'gender',
      label: i18n._(msg`Gender`),
      render: (provider) => (provider.gender ? i18n._(GENDER_LABELS[provider.gender]) : '—'),
    },
    {
      key: 'locations',
      label: i18n._(msg`Locations`),
      align: 'right',
      render: (provider) => provider.locationIds.length,
    },
    {
      key: 'online',
      label: i18n._(msg`Online bookable`),
      render: (provider) =>
        provider.retiredAt !== null ? i18n._(msg`No (retired)`) : <YesNo value={provider.onlineBookable} />,
    },
    {
      key: 'newPatients',
      label: i18n._(msg`New patients`),
      render: (provider) => <YesNo value={provider.acceptingNewPatients} />,
    },
    {
      key: 'sortOrder',
      label: i18n._(msg`Order`),
      sortField: 'sortOrder',
      align: 'right',
      render: (provider) => provider.sortOrder,
    },
    {
      key: 'updated',
      label: i18n._(msg`Last changed`),
      sortField: 'updatedAt',
      render: (provider) => formatZonedDate(provider.updatedAt, practiceZone),
    },
    {
      key: 'actions',
      label: i18n._(msg`Actions`),
      render: (provider) => {
        const name = provider.name;
        return (
          <Button
            component={RouterLink}
            to={editPath(provider.providerId)}
            size="small"
            aria-label={i18n._(msg`Edit ${name}`)}
          >
            <Trans>Edit</Trans>
          </Button>
        );
      },
    },
  ];
}

function StatusFilter({
  value,
  onChange,
}: {
  value: ProviderStatusFilter;
  onChange: (value: ProviderStatusFilter) => void;
}) {
  const { t, i18n } = useLingui();
  return (
    <TextField
      select
      size="small"
      label={t`Show`}
      value={value}
      onChange={(event) => onChange(event.target.value as ProviderStatusFilter)}
      sx={filterFieldSx}
    >
      {STATUS_CHOICES.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {i18n._(choice.label)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * providercontrol: the practice's providers (server-side paging, search and sort; active ones by
 * default, retired ones on request), each linking to its editor, and "Add provider".
 */
export function ProviderControlScreen() {
  const { t, i18n } = useLingui();
  const { clientId, ruleId } = useAdminParams();
  const navigate = useNavigate();
  const { can } = useStaffAccess();
  const controls = useListQuery('name');
  const { query } = controls;
  const [status, setStatus] = useState<ProviderStatusFilter>('active');
  const [adding, setAdding] = useState(false);
  // The practice's zone (its first location's) names the day of "Last changed", not the browser's.
  const practiceZone = useQuery({
    queryKey: patientKeys.filters(clientId),
    queryFn: ({ signal }) => fetchFilters(clientId, signal),
    staleTime: 5 * 60_000,
  }).data?.defaultTimeZone;
  const providers = useQuery({
    queryKey: [...configKeys.providers(clientId), query, status],
    queryFn: ({ signal }) =>
      fetchAllProviders(
        clientId,
        {
          page: query.page + 1,
          pageSize: query.pageSize,
          search: query.search,
          sort: sortParam(query.sort, query.direction),
          status,
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

  const editPath = (providerId: string) =>
    sectionPath(clientId, ruleId, `providercontroleditprovider?providerId=${encodeURIComponent(providerId)}`);

  const columns = providerColumns(editPath, practiceZone, i18n);

  return (
    <AdminPage
      title={t`Providers`}
      description={t`Who can be booked online, where, for what and when.`}
      actions={
        can('config:write') ? (
          <Button variant="contained" onClick={() => setAdding(true)}>
            <Trans>Add provider</Trans>
          </Button>
        ) : null
      }
    >
      <DataTable
        toolbar={
          <StatusFilter
            value={status}
            onChange={(next) => {
              setStatus(next);
              controls.setPage(0);
            }}
          />
        }
        caption={t`Providers`}
        columns={columns}
        rows={providers.data?.items}
        total={providers.data?.total ?? 0}
        rowKey={(provider) => provider.providerId}
        controls={controls}
        loading={providers.isFetching}
        error={providers.error}
        onRetry={() => void providers.refetch()}
        searchLabel={t`Search providers by name`}
        emptyText={status === 'retired' ? t`No provider is retired.` : t`This practice has no providers yet.`}
        noMatchText={t`No provider matches your search.`}
      />
      {adding ? (
        <AddProviderDialog
          onClose={() => setAdding(false)}
          onAdded={(providerId) => {
            setAdding(false);
            void navigate(`${editPath(providerId)}&new=1`);
          }}
        />
      ) : null}
    </AdminPage>
  );
}
