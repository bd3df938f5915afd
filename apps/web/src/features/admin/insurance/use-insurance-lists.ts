import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { configKeys } from '../shared/api/config-keys';
import { useListQuery } from '../shared/components/data-table';
import { usePagedQuery } from '../shared/components/paged-query';
import {
  fetchCarriers,
  fetchInsuranceControlData,
  fetchInsuranceProviderMap,
  fetchInsuranceTypes,
  fetchPlans,
} from './insurance-api';

/**
 * The insurance screen's reads: the plans, carriers and types (each a server-side paged list with
 * its table state), every carrier and type with the top packages, and who takes which plan.
 */
export function useInsuranceLists(clientId: string) {
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
  return { planControls, carrierControls, typeControls, plans, carrierPage, typePage, control, providerMap };
}

type ControlData = Awaited<ReturnType<typeof fetchInsuranceControlData>>;
type ProviderMap = Awaited<ReturnType<typeof fetchInsuranceProviderMap>>;

/** The plan dialog's choices (carriers, types, providers) and how many providers take each plan. */
export function useInsuranceChoices(control: ControlData | undefined, providerMap: ProviderMap | undefined) {
  const providerCounts = useMemo(
    () => new Map(providerMap?.plans.map((plan) => [plan.planId, plan.providerIds.length]) ?? []),
    [providerMap],
  );

  const carriers =
    control?.carriers.map((carrier) => ({ value: carrier.carrierId, label: carrier.name })) ?? [];
  const types = control?.types.map((type) => ({ value: type.insuranceTypeId, label: type.name })) ?? [];
  const providers =
    providerMap?.providers.map((provider) => ({ id: provider.providerId, label: provider.name })) ?? [];

  return { providerCounts, carriers, types, providers };
}
