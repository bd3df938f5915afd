import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { configKeys, fetchInsuranceControlData, fetchInsuranceProviderMap } from '../api/config-api';
import { AdminPage } from '../components/admin-page';
import { DataTable, useListQuery, type Column } from '../components/data-table';
import { byNumber, byText, useLocalList } from '../components/local-list';
import { YesNo } from '../components/yes-no';
import { useAdminParams } from '../use-admin-params';
import { CarrierDialog } from './carrier-dialog';
import { PlanDialog, type PlanRow } from './plan-dialog';

const LIST_OPTIONS = {
  searchText: (plan: PlanRow) => `${plan.carrierName} ${plan.name}`,
  sorters: {
    carrier: byText((plan: PlanRow) => `${plan.carrierName} ${plan.name}`),
    name: byText((plan: PlanRow) => plan.name),
    topRank: byNumber((plan: PlanRow) => plan.topRank ?? Number.MAX_SAFE_INTEGER),
  },
};

/** insuranceconfig: carriers, plans, types, top packages, and which providers take each plan. */
export function InsuranceConfigScreen() {
  const { clientId } = useAdminParams();
  const controls = useListQuery('carrier');
  const control = useQuery({
    queryKey: configKeys.insurance(clientId),
    queryFn: ({ signal }) => fetchInsuranceControlData(clientId, signal),
  });
  const providerMap = useQuery({
    queryKey: [...configKeys.insurance(clientId), 'providers'],
    queryFn: ({ signal }) => fetchInsuranceProviderMap(clientId, signal),
  });
  const [editing, setEditing] = useState<PlanRow | null | undefined>(undefined);
  const [addingCarrier, setAddingCarrier] = useState(false);

  const plans = useMemo<PlanRow[] | undefined>(
    () =>
      control.data?.carriers.flatMap((carrier) =>
        carrier.plans.map((plan) => ({ ...plan, carrierId: carrier.carrierId, carrierName: carrier.name })),
      ),
    [control.data],
  );
  const typeNames = useMemo(
    () => new Map(control.data?.types.map((type) => [type.insuranceTypeId, type.name]) ?? []),
    [control.data],
  );
  const providerCounts = useMemo(
    () => new Map(providerMap.data?.plans.map((plan) => [plan.planId, plan.providerIds.length]) ?? []),
    [providerMap.data],
  );
  const { pageRows, total } = useLocalList(plans, controls.query, LIST_OPTIONS);

  const columns: Column<PlanRow>[] = [
    { key: 'carrier', label: 'Carrier', sortField: 'carrier', render: (plan) => plan.carrierName },
    { key: 'name', label: 'Plan', sortField: 'name', render: (plan) => plan.name },
    {
      key: 'type',
      label: 'Type',
      render: (plan) => (plan.insuranceTypeId ? (typeNames.get(plan.insuranceTypeId) ?? '—') : '—'),
    },
    {
      key: 'topRank',
      label: 'Top package',
      sortField: 'topRank',
      align: 'right',
      render: (plan) => plan.topRank ?? '—',
    },
    { key: 'active', label: 'Active', render: (plan) => <YesNo value={plan.active} /> },
    {
      key: 'providers',
      label: 'Providers taking it',
      align: 'right',
      render: (plan) => providerCounts.get(plan.planId) ?? 0,
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (plan) => (
        <Button
          size="small"
          onClick={() => setEditing(plan)}
          aria-label={`Edit ${plan.carrierName} ${plan.name}`}
        >
          Edit
        </Button>
      ),
    },
  ];

  const carriers =
    control.data?.carriers.map((carrier) => ({ value: carrier.carrierId, label: carrier.name })) ?? [];
  const types = control.data?.types.map((type) => ({ value: type.insuranceTypeId, label: type.name })) ?? [];
  const providers =
    providerMap.data?.providers.map((provider) => ({ id: provider.providerId, label: provider.name })) ?? [];

  return (
    <AdminPage
      title="Insurance"
      description="The carriers and plans patients can choose, and which providers are in-network."
      actions={
        <>
          <Button variant="outlined" onClick={() => setAddingCarrier(true)}>
            Add carrier
          </Button>
          <Button
            variant="contained"
            onClick={() => setEditing(null)}
            disabled={carriers.length === 0 || !providerMap.data}
          >
            Add plan
          </Button>
        </>
      }
    >
      <Stack spacing={3}>
        <DataTable
          caption="Insurance plans"
          columns={columns}
          rows={pageRows}
          total={total}
          rowKey={(plan) => plan.planId}
          controls={controls}
          loading={control.isFetching}
          error={control.error ?? providerMap.error}
          onRetry={() => {
            void control.refetch();
            void providerMap.refetch();
          }}
          searchLabel="Search plans or carriers"
          emptyText="No insurance plans yet. Add a carrier, then its plans."
          noMatchText="No plan matches your search."
        />
        {control.data ? (
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
            <Paper
              variant="outlined"
              component="section"
              aria-labelledby="top-packages"
              sx={{ p: 2, flex: 1 }}
            >
              <Typography id="top-packages" variant="h6" component="h2" gutterBottom>
                Top packages
              </Typography>
              {control.data.topPackages.length === 0 ? (
                <Typography color="text.secondary">
                  No plan is ranked as a top package. Set a rank on a plan to list it here.
                </Typography>
              ) : (
                <ol>
                  {[...control.data.topPackages]
                    .sort((a, b) => a.rank - b.rank)
                    .map((pkg) => (
                      <li key={pkg.planId}>
                        {control.data.carriers.find((carrier) => carrier.carrierId === pkg.carrierId)?.name ??
                          ''}{' '}
                        {pkg.name}
                      </li>
                    ))}
                </ol>
              )}
            </Paper>
            <Paper
              variant="outlined"
              component="section"
              aria-labelledby="insurance-types"
              sx={{ p: 2, flex: 1 }}
            >
              <Typography id="insurance-types" variant="h6" component="h2" gutterBottom>
                Insurance types
              </Typography>
              {control.data.types.length === 0 ? (
                <Typography color="text.secondary">No insurance types.</Typography>
              ) : (
                <ul>
                  {control.data.types.map((type) => (
                    <li key={type.insuranceTypeId}>{type.name}</li>
                  ))}
                </ul>
              )}
            </Paper>
          </Stack>
        ) : null}
      </Stack>
      {editing !== undefined ? (
        <PlanDialog
          plan={editing}
          carriers={carriers}
          types={types}
          providers={providers}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
      {addingCarrier ? <CarrierDialog onClose={() => setAddingCarrier(false)} /> : null}
    </AdminPage>
  );
}
