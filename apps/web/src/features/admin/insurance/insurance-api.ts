import {
  type CreateInsuranceTypeRequest,
  type CreatePlanRequest,
  type UpdateInsuranceTypeRequest,
  type UpdatePlanRequest,
  carrierResponseSchema,
  carriersAdminResponseSchema,
  insuranceTypeResponseSchema,
  insuranceTypesAdminResponseSchema,
  planResponseSchema,
  plansAdminResponseSchema,
} from '@scheduler/contract/admin/insurance';
import {
  insuranceControlDataResponseSchema,
  insuranceProviderConfigResponseSchema,
  insuranceProviderMapResponseSchema,
  providerByInsurancePlanResponseSchema,
} from '@scheduler/contract/admin/maps';
import { deletedResponseSchema } from '@scheduler/contract/admin/paging';
import { type PagedListParams, pagedQuery } from '../shared/api/paged-list';
import { adminRequest } from '../shared/api/admin-request';

/** The insurance screens' calls: plans, carriers, insurance types and which providers take a plan. */

export function fetchInsuranceControlData(clientId: string, signal?: AbortSignal) {
  return adminRequest({
    path: 'insurance/getInsuranceControlData',
    params: { clientId },
    signal,
    schema: insuranceControlDataResponseSchema,
  });
}

export function fetchInsuranceProviderMap(clientId: string, signal?: AbortSignal) {
  return adminRequest({
    path: 'getInsuranceProviderMap',
    params: { clientId },
    signal,
    schema: insuranceProviderMapResponseSchema,
  });
}

export function fetchProvidersByPlan(clientId: string, planId: string, signal?: AbortSignal) {
  return adminRequest({
    path: 'insurance/getProviderByInsurancePlan',
    params: { clientId, planId },
    signal,
    schema: providerByInsurancePlanResponseSchema,
  });
}

export function assignPlanProviders(
  clientId: string,
  planId: string,
  providerIds: string[],
  version: number,
) {
  return adminRequest({
    method: 'POST',
    path: 'createInsuranceProviderConfig',
    data: { clientId, planId, providerIds, version },
    schema: insuranceProviderConfigResponseSchema,
  });
}

export function fetchPlans(clientId: string, params: PagedListParams, signal?: AbortSignal) {
  return adminRequest({
    path: 'admin/insurance/plans',
    params: pagedQuery(clientId, params),
    signal,
    schema: plansAdminResponseSchema,
  });
}

export function fetchCarriers(clientId: string, params: PagedListParams, signal?: AbortSignal) {
  return adminRequest({
    path: 'admin/insurance/carriers',
    params: pagedQuery(clientId, params),
    signal,
    schema: carriersAdminResponseSchema,
  });
}

export function renameCarrier(clientId: string, carrierId: string, name: string, version: number) {
  return adminRequest({
    method: 'PATCH',
    path: `admin/insurance/carriers/${encodeURIComponent(carrierId)}`,
    data: { clientId, name, version },
    schema: carrierResponseSchema,
  });
}

/** Deletes a carrier and its plans; 409 (with the reason) while patients' insurance records use them. */
export function deleteCarrier(clientId: string, carrierId: string) {
  return adminRequest({
    method: 'DELETE',
    path: `admin/insurance/carriers/${encodeURIComponent(carrierId)}`,
    params: { clientId },
    schema: deletedResponseSchema,
  });
}

export function fetchInsuranceTypes(clientId: string, params: PagedListParams, signal?: AbortSignal) {
  return adminRequest({
    path: 'admin/insurance/types',
    params: pagedQuery(clientId, params),
    signal,
    schema: insuranceTypesAdminResponseSchema,
  });
}

export function createInsuranceType(clientId: string, type: Omit<CreateInsuranceTypeRequest, 'clientId'>) {
  return adminRequest({
    method: 'POST',
    path: 'admin/insurance/types',
    data: { ...type, clientId },
    schema: insuranceTypeResponseSchema,
  });
}

export function updateInsuranceType(
  clientId: string,
  insuranceTypeId: string,
  update: Omit<UpdateInsuranceTypeRequest, 'clientId'>,
) {
  return adminRequest({
    method: 'PATCH',
    path: `admin/insurance/types/${encodeURIComponent(insuranceTypeId)}`,
    data: { ...update, clientId },
    schema: insuranceTypeResponseSchema,
  });
}

export function deleteInsuranceType(clientId: string, insuranceTypeId: string) {
  return adminRequest({
    method: 'DELETE',
    path: `admin/insurance/types/${encodeURIComponent(insuranceTypeId)}`,
    params: { clientId },
    schema: deletedResponseSchema,
  });
}

export function createCarrier(clientId: string, name: string) {
  return adminRequest({
    method: 'POST',
    path: 'admin/insurance/carriers',
    data: { clientId, name },
    schema: carrierResponseSchema,
  });
}

export function createPlan(clientId: string, plan: Omit<CreatePlanRequest, 'clientId'>) {
  return adminRequest({
    method: 'POST',
    path: 'admin/insurance/plans',
    data: { ...plan, clientId },
    schema: planResponseSchema,
  });
}

export function updatePlan(clientId: string, planId: string, update: Omit<UpdatePlanRequest, 'clientId'>) {
  return adminRequest({
    method: 'PATCH',
    path: `admin/insurance/plans/${encodeURIComponent(planId)}`,
    data: { ...update, clientId },
    schema: planResponseSchema,
  });
}
