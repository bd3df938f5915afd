import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CarrierAdmin, InsuranceTypeAdmin, PlanAdmin } from '@scheduler/contract/admin-config';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import {
  configKeys,
  deleteCarrier,
  deleteInsuranceType,
  fetchCarriers,
  fetchInsuranceControlData,
  fetchInsuranceProviderMap,
  fetchInsuranceTypes,
  fetchPlans,
} from '../api/config-api';
import { AdminPage } from '../components/admin-page';
import { DataTable, useListQuery, type Column } from '../components/data-table';
import { reloadRow, usePagedQuery } from '../components/paged-query';
import { notifySaveFailed, notifySaved, SaveErrorAlert } from '../components/save-feedback';
import { YesNo } from '../components/yes-no';
import { useAdminParams } from '../use-admin-params';
import { CarrierDialog } from './carrier-dialog';
import { InsuranceTypeDialog } from './insurance-type-dialog';
import { PlanDialog } from './plan-dialog';

/** Asks before deleting an insurance type. */
function DeleteTypeDialog({
  insuranceType,
  onClose,
}: {
  insuranceType: InsuranceTypeAdmin;
  onClose: () => void;
}) {
  const { clientId } = useAdminParams();
  const queryClient = useQueryClient();
  const titleId = useId();
  const remove = useMutation({
    mutationFn: () => deleteInsuranceType(clientId, insuranceType.insuranceTypeId),
    onSuccess: () => notifySaved(`${insuranceType.name} deleted`),
    onError: notifySaveFailed,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: configKeys.insurance(clientId) });
      onClose();
    },
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Delete {insuranceType.name}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {insuranceType.planCount > 0
            ? `${insuranceType.planCount} plan(s) use this type, so it cannot be deleted until they have another type.`
            : 'No plan uses this type.'}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" onClick={() => remove.mutate()} disabled={remove.isPending}>
          Delete type
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Asks before deleting a carrier (its plans go with it). The API refuses a carrier that patients'
 * insurance records use: its message shows in the dialog, which stays open.
 */
function DeleteCarrierDialog({ carrier, onClose }: { carrier: CarrierAdmin; onClose: () => void }) {
  const { clientId } = useAdminParams();
  const queryClient = useQueryClient();
  const titleId = useId();
  const textId = useId();
  const remove = useMutation({
    mutationFn: () => deleteCarrier(clientId, carrier.carrierId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: configKeys.insurance(clientId) });
      notifySaved(`${carrier.name} deleted`);
      onClose();
    },
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>Delete {carrier.name}?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {carrier.planCount > 0
            ? `Its ${carrier.planCount} plan(s) are deleted with it, and no provider takes them any more. This cannot be undone.`
            : 'It has no plans. This cannot be undone.'}
        </DialogContentText>
        <SaveErrorAlert error={remove.error} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={() => remove.mutate()} disabled={remove.isPending}>
          {remove.isPending ? 'Deleting…' : 'Delete carrier'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** insuranceconfig: carriers, plans, types, top packages, and which providers take each plan. */
export function InsuranceConfigScreen() {
  const { clientId } = useAdminParams();
  const planControls = useListQuery('carrier');
  const carrierControls = useListQuery('name');
  const typeControls = useListQuery('sortOrder');
  const plans = usePagedQuery(configKeys.plans(clientId), planControls, (params, signal) =>
    fetchPlans(clientId, params, signal),
  );
  const carrierPage = usePagedQuery(configKeys.carriers(clientId), carrierControls, (params, signal) =>
    fetchCarriers(clientId, params, signal),
  );
  const typePage = usePagedQuery(configKeys.insuranceTypes(clientId), typeControls, (params, signal) =>
    fetchInsuranceTypes(clientId, params, signal),
  );
  // Every carrier and type (for the plan dialog's choices) and the top packages.
  const control = useQuery({
    queryKey: [...configKeys.insurance(clientId), 'control'],
    queryFn: ({ signal }) => fetchInsuranceControlData(clientId, signal),
  });
  const providerMap = useQuery({
    queryKey: [...configKeys.insurance(clientId), 'providers'],
    queryFn: ({ signal }) => fetchInsuranceProviderMap(clientId, signal),
  });
  const [editingPlan, setEditingPlan] = useState<PlanAdmin | null | undefined>(undefined);
  const [editingCarrier, setEditingCarrier] = useState<CarrierAdmin | null | undefined>(undefined);
  const [editingType, setEditingType] = useState<InsuranceTypeAdmin | null | undefined>(undefined);
  const [deletingType, setDeletingType] = useState<InsuranceTypeAdmin | undefined>(undefined);
  const [deletingCarrier, setDeletingCarrier] = useState<CarrierAdmin | undefined>(undefined);

  const providerCounts = useMemo(
    () => new Map(providerMap.data?.plans.map((plan) => [plan.planId, plan.providerIds.length]) ?? []),
    [providerMap.data],
  );

  const planColumns: Column<PlanAdmin>[] = [
    { key: 'carrier', label: 'Carrier', sortField: 'carrier', render: (plan) => plan.carrierName },
    { key: 'name', label: 'Plan', sortField: 'name', render: (plan) => plan.name },
    { key: 'type', label: 'Type', render: (plan) => plan.insuranceTypeName ?? '—' },
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
          onClick={() => setEditingPlan(plan)}
          aria-label={`Edit ${plan.carrierName} ${plan.name}`}
        >
          Edit
        </Button>
      ),
    },
  ];

  const carrierColumns: Column<CarrierAdmin>[] = [
    { key: 'name', label: 'Carrier', sortField: 'name', render: (carrier) => carrier.name },
    {
      key: 'planCount',
      label: 'Plans',
      sortField: 'planCount',
      align: 'right',
      render: (carrier) => carrier.planCount,
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (carrier) => (
        <Stack direction="row" spacing={1}>
          <Button
            size="small"
            onClick={() => setEditingCarrier(carrier)}
            aria-label={`Rename ${carrier.name}`}
          >
            Rename
          </Button>
          <Button
            size="small"
            color="error"
            onClick={() => setDeletingCarrier(carrier)}
            aria-label={`Delete ${carrier.name}`}
          >
            Delete
          </Button>
        </Stack>
      ),
    },
  ];

  const typeColumns: Column<InsuranceTypeAdmin>[] = [
    { key: 'name', label: 'Type', sortField: 'name', render: (type) => type.name },
    {
      key: 'sortOrder',
      label: 'Order',
      sortField: 'sortOrder',
      align: 'right',
      render: (type) => type.sortOrder,
    },
    { key: 'planCount', label: 'Plans', align: 'right', render: (type) => type.planCount },
    {
      key: 'actions',
      label: 'Actions',
      render: (type) => (
        <Stack direction="row" spacing={1}>
          <Button size="small" onClick={() => setEditingType(type)} aria-label={`Edit ${type.name}`}>
            Edit
          </Button>
          <Button
            size="small"
            color="error"
            onClick={() => setDeletingType(type)}
            aria-label={`Delete ${type.name}`}
          >
            Delete
          </Button>
        </Stack>
      ),
    },
  ];

  const carriers =
    control.data?.carriers.map((carrier) => ({ value: carrier.carrierId, label: carrier.name })) ?? [];
  const types = control.data?.types.map((type) => ({ value: type.insuranceTypeId, label: type.name })) ?? [];
  const providers =
    providerMap.data?.providers.map((provider) => ({ id: provider.providerId, label: provider.name })) ?? [];

  const reloadPlan = async () => {
    const id = editingPlan?.planId;
    setEditingPlan(await reloadRow(plans.refetch, (plan) => plan.planId === id));
  };
  const reloadCarrier = async () => {
    const id = editingCarrier?.carrierId;
    setEditingCarrier(await reloadRow(carrierPage.refetch, (carrier) => carrier.carrierId === id));
  };
  const reloadType = async () => {
    const id = editingType?.insuranceTypeId;
    setEditingType(await reloadRow(typePage.refetch, (type) => type.insuranceTypeId === id));
  };

  return (
    <AdminPage
      title="Insurance"
      description="The carriers and plans patients can choose, and which providers are in-network."
      actions={
        <>
          <Button variant="outlined" onClick={() => setEditingType(null)}>
            Add type
          </Button>
          <Button variant="outlined" onClick={() => setEditingCarrier(null)}>
            Add carrier
          </Button>
          <Button
            variant="contained"
            onClick={() => setEditingPlan(null)}
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
          columns={planColumns}
          rows={plans.data?.items}
          total={plans.data?.total ?? 0}
          rowKey={(plan) => plan.planId}
          controls={planControls}
          loading={plans.isFetching}
          error={plans.error ?? providerMap.error}
          onRetry={() => {
            void plans.refetch();
            void providerMap.refetch();
          }}
          searchLabel="Search plans or carriers"
          emptyText="No insurance plans yet. Add a carrier, then its plans."
          noMatchText="No plan matches your search."
        />
        <Stack direction={{ xs: 'column', lg: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
          <Stack spacing={1} sx={{ flex: 1, minWidth: 0, width: '100%' }}>
            <Typography variant="h6" component="h2">
              Carriers
            </Typography>
            <DataTable
              caption="Insurance carriers"
              columns={carrierColumns}
              rows={carrierPage.data?.items}
              total={carrierPage.data?.total ?? 0}
              rowKey={(carrier) => carrier.carrierId}
              controls={carrierControls}
              loading={carrierPage.isFetching}
              error={carrierPage.error}
              onRetry={() => void carrierPage.refetch()}
              searchLabel="Search carriers"
              emptyText="No carriers yet."
              noMatchText="No carrier matches your search."
            />
          </Stack>
          <Stack spacing={1} sx={{ flex: 1, minWidth: 0, width: '100%' }}>
            <Typography variant="h6" component="h2">
              Insurance types
            </Typography>
            <DataTable
              caption="Insurance types"
              columns={typeColumns}
              rows={typePage.data?.items}
              total={typePage.data?.total ?? 0}
              rowKey={(type) => type.insuranceTypeId}
              controls={typeControls}
              loading={typePage.isFetching}
              error={typePage.error}
              onRetry={() => void typePage.refetch()}
              searchLabel="Search insurance types"
              emptyText="No insurance types yet."
              noMatchText="No insurance type matches your search."
            />
          </Stack>
        </Stack>
        {control.data ? (
          <Paper variant="outlined" component="section" aria-labelledby="top-packages" sx={{ p: 2 }}>
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
        ) : null}
      </Stack>
      {editingPlan !== undefined ? (
        <PlanDialog
          key={editingPlan ? `${editingPlan.planId}-${editingPlan.version}` : 'new'}
          plan={editingPlan}
          carriers={carriers}
          types={types}
          providers={providers}
          onClose={() => setEditingPlan(undefined)}
          onReload={() => void reloadPlan()}
        />
      ) : null}
      {editingCarrier !== undefined ? (
        <CarrierDialog
          key={editingCarrier ? `${editingCarrier.carrierId}-${editingCarrier.version}` : 'new'}
          carrier={editingCarrier}
          onClose={() => setEditingCarrier(undefined)}
          onReload={() => void reloadCarrier()}
        />
      ) : null}
      {editingType !== undefined ? (
        <InsuranceTypeDialog
          key={editingType ? `${editingType.insuranceTypeId}-${editingType.version}` : 'new'}
          insuranceType={editingType}
          onClose={() => setEditingType(undefined)}
          onReload={() => void reloadType()}
        />
      ) : null}
      {deletingCarrier ? (
        <DeleteCarrierDialog carrier={deletingCarrier} onClose={() => setDeletingCarrier(undefined)} />
      ) : null}
      {deletingType ? (
        <DeleteTypeDialog insuranceType={deletingType} onClose={() => setDeletingType(undefined)} />
      ) : null}
    </AdminPage>
  );
}
