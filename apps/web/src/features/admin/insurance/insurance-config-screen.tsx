import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { CarrierAdmin, InsuranceTypeAdmin, PlanAdmin } from '@scheduler/contract/admin/insurance';
import { useState } from 'react';
import { AdminPage } from '../shared/components/admin-page';
import { DataTable } from '../shared/components/data-table';
import { reloadRow } from '../shared/components/paged-query';
import { useAdminParams } from '../shared/use-admin-params';
import { CarrierDialog } from './carrier-dialog';
import { InsuranceTypeDialog } from './insurance-type-dialog';
import { PlanDialog } from './plan-dialog';
import { CarriersAndTypes } from './carriers-and-types';
import { DeleteCarrierDialog, DeleteTypeDialog } from './delete-dialogs';
import { carrierColumns, planColumns, typeColumns } from './insurance-columns';
import { TopPackages } from './top-packages';
import { useInsuranceChoices, useInsuranceLists } from './use-insurance-lists';

/** insuranceconfig: carriers, plans, types, top packages, and which providers take each plan. */
export function InsuranceConfigScreen() {
  const { t } = useLingui();
  const { clientId } = useAdminParams();
  const { planControls, carrierControls, typeControls, plans, carrierPage, typePage, control, providerMap } =
    useInsuranceLists(clientId);
  const [editingPlan, setEditingPlan] = useState<PlanAdmin | null | undefined>(undefined);
  const [editingCarrier, setEditingCarrier] = useState<CarrierAdmin | null | undefined>(undefined);
  const [editingType, setEditingType] = useState<InsuranceTypeAdmin | null | undefined>(undefined);
  const [deletingType, setDeletingType] = useState<InsuranceTypeAdmin | undefined>(undefined);
  const [deletingCarrier, setDeletingCarrier] = useState<CarrierAdmin | undefined>(undefined);

  const { providerCounts, carriers, types, providers } = useInsuranceChoices(control.data, providerMap.data);
  const planTable = planColumns(providerCounts, setEditingPlan);

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
      title={t`Insurance`}
      description={t`The carriers and plans patients can choose, and which providers are in-network.`}
      actions={
        <>
          <Button variant="outlined" onClick={() => setEditingType(null)}>
            <Trans>Add type</Trans>
          </Button>
          <Button variant="outlined" onClick={() => setEditingCarrier(null)}>
            <Trans>Add carrier</Trans>
          </Button>
          <Button
            variant="contained"
            onClick={() => setEditingPlan(null)}
            disabled={carriers.length === 0 || !providerMap.data}
          >
            <Trans>Add plan</Trans>
          </Button>
        </>
      }
    >
      <Stack spacing={3}>
        <DataTable
          caption={t`Insurance plans`}
          columns={planTable}
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
          searchLabel={t`Search plans or carriers`}
          emptyText={t`No insurance plans yet. Add a carrier, then its plans.`}
          noMatchText={t`No plan matches your search.`}
        />
        <CarriersAndTypes
          carriers={{
            page: carrierPage,
            controls: carrierControls,
            columns: carrierColumns(setEditingCarrier, setDeletingCarrier),
          }}
          types={{
            page: typePage,
            controls: typeControls,
            columns: typeColumns(setEditingType, setDeletingType),
          }}
        />
        {control.data ? <TopPackages data={control.data} /> : null}
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
