import {
  assignConfigResponseSchema,
  carrierResponseSchema,
  carriersAdminResponseSchema,
  deletedResponseSchema,
  getAllProvidersResponseSchema,
  insuranceControlDataResponseSchema,
  insuranceProviderConfigResponseSchema,
  insuranceProviderMapResponseSchema,
  insuranceTypeResponseSchema,
  insuranceTypesAdminResponseSchema,
  locationAdminResponseSchema,
  locationProvidersResponseSchema,
  locationsAdminResponseSchema,
  planResponseSchema,
  plansAdminResponseSchema,
  providerAppointmentMapResponseSchema,
  providerByInsurancePlanResponseSchema,
  providerDetailResponseSchema,
  providerInsuranceResponseSchema,
  providerLocationMapResponseSchema,
  providerLocationsResponseSchema,
  providerServicesResponseSchema,
  serviceAdminResponseSchema,
  serviceLocationMappingResponseSchema,
  serviceLocationsResponseSchema,
  servicesAdminResponseSchema,
  type CreateInsuranceTypeRequest,
  type CreateLocationRequest,
  type CreatePlanRequest,
  type CreateServiceRequest,
  type ProviderListSort,
  type UpdateInsuranceTypeRequest,
  type UpdateLocationRequest,
  type UpdatePlanRequest,
  type UpdateProviderInfoRequest,
  type UpdateServiceRequest,
} from '@scheduler/contract/admin-config';
import type { SettingRow } from '@scheduler/domain/settings';
import { adminRequest } from './admin-request';

/** The query of a server-side paged list (1-based page; sort 'key' or '-key'). */
export interface PagedListParams {
  page: number;
  pageSize: number;
  search: string;
  sort: string;
}

const pagedQuery = (clientId: string, params: PagedListParams) => ({
  clientId,
  page: params.page,
  pageSize: params.pageSize,
  search: params.search || undefined,
  sort: params.sort,
});

/**
 * The staff calls of the scheduler API (spec section 7) and the `/api/scheduler/admin/*` CRUD used
 * by the configuration screens. Every call names its brand with `clientId`.
 */

export const configKeys = {
  all: (clientId: string) => ['admin', clientId] as const,
  settings: (clientId: string, ruleId: string) => ['admin', clientId, 'settings', ruleId] as const,
  providers: (clientId: string) => ['admin', clientId, 'providers'] as const,
  provider: (clientId: string, providerId: string) => ['admin', clientId, 'provider', providerId] as const,
  providerMaps: (clientId: string, providerId: string) =>
    ['admin', clientId, 'provider-maps', providerId] as const,
  services: (clientId: string) => ['admin', clientId, 'services'] as const,
  locations: (clientId: string) => ['admin', clientId, 'locations'] as const,
  insurance: (clientId: string) => ['admin', clientId, 'insurance'] as const,
  plans: (clientId: string) => ['admin', clientId, 'insurance', 'plans'] as const,
  carriers: (clientId: string) => ['admin', clientId, 'insurance', 'carriers'] as const,
  insuranceTypes: (clientId: string) => ['admin', clientId, 'insurance', 'types'] as const,
  waitlist: (clientId: string) => ['admin', clientId, 'waitlist'] as const,
};

// ---------------------------------------------------------------- scheduler settings

export function fetchAssignConfig(clientId: string, ruleId: string, signal?: AbortSignal) {
  return adminRequest({
    path: 'getAssignConfig',
    params: { clientId, ruleId },
    signal,
    schema: assignConfigResponseSchema,
  });
}

/** `version`: the settings' version last read (a stale one answers 409). */
export function updateConfig(clientId: string, ruleId: string, version: number, settings: SettingRow[]) {
  return adminRequest({
    method: 'PATCH',
    path: 'updateConfig',
    data: { clientId, ruleId, version, settings },
    schema: assignConfigResponseSchema,
  });
}

// ---------------------------------------------------------------- providers

export interface ProviderListParams {
  page: number;
  pageSize: number;
  search: string;
  sort: ProviderListSort;
}

export function fetchAllProviders(clientId: string, params: ProviderListParams, signal?: AbortSignal) {
  return adminRequest({
    path: 'getAllProviders',
    params: {
      clientId,
      page: params.page,
      pageSize: params.pageSize,
      search: params.search || undefined,
      sort: params.sort,
    },
    id: `admin-providers-${clientId}`,
    signal,
    schema: getAllProvidersResponseSchema,
  });
}

export function fetchProvider(clientId: string, providerId: string, signal?: AbortSignal) {
  return adminRequest({
    path: 'getProviderByProviderId',
    params: { clientId, providerId },
    signal,
    schema: providerDetailResponseSchema,
  });
}

export function updateProviderInfo(clientId: string, update: Omit<UpdateProviderInfoRequest, 'clientId'>) {
  return adminRequest({
    method: 'PATCH',
    path: 'updateProviderInfo',
    data: { ...update, clientId },
    schema: providerDetailResponseSchema,
  });
}

export function fetchProviderLocationMap(clientId: string, providerId?: string, signal?: AbortSignal) {
  return adminRequest({
    path: 'providerLocationMap',
    params: { clientId, providerId },
    signal,
    schema: providerLocationMapResponseSchema,
  });
}

export function fetchProviderAppointmentMap(clientId: string, providerId?: string, signal?: AbortSignal) {
  return adminRequest({
    path: 'getProviderAppointmentMap',
    params: { clientId, providerId },
    signal,
    schema: providerAppointmentMapResponseSchema,
  });
}

export function fetchProviderInsurance(clientId: string, providerId?: string, signal?: AbortSignal) {
  return adminRequest({
    path: 'getProviderInsurance',
    params: { clientId, providerId },
    signal,
    schema: providerInsuranceResponseSchema,
  });
}

/*
 * The replace-the-set map writes send back `version`: the set's version as read (the provider's
 * detail, a map read or a list row). Someone else's change since then answers 409 and changes nothing.
 */

export function assignProviderLocations(
  clientId: string,
  providerId: string,
  locationIds: string[],
  version: number,
) {
  return adminRequest({
    method: 'POST',
    path: 'providerLocationMapAssign',
    data: { clientId, providerId, locationIds, version },
    schema: providerLocationsResponseSchema,
  });
}

export function assignProviderServices(
  clientId: string,
  providerId: string,
  services: { appointmentTypeId: string; durationMinutes: number | null }[],
  version: number,
) {
  return adminRequest({
    method: 'POST',
    path: 'insertApptProviderMap',
    data: { clientId, providerId, services, version },
    schema: providerServicesResponseSchema,
  });
}

export function assignProviderPlans(
  clientId: string,
  providerId: string,
  planIds: string[],
  version: number,
) {
  return adminRequest({
    method: 'POST',
    path: 'createInsuranceProviderConfig',
    data: { clientId, providerId, planIds, version },
    schema: insuranceProviderConfigResponseSchema,
  });
}

// ---------------------------------------------------------------- services

export function fetchServices(clientId: string, params: PagedListParams, signal?: AbortSignal) {
  return adminRequest({
    path: 'admin/services',
    params: pagedQuery(clientId, params),
    signal,
    schema: servicesAdminResponseSchema,
  });
}

export function fetchServiceLocationMapping(clientId: string, signal?: AbortSignal) {
  return adminRequest({
    path: 'getServiceLocationMapping',
    params: { clientId },
    signal,
    schema: serviceLocationMappingResponseSchema,
  });
}

export function createService(clientId: string, service: Omit<CreateServiceRequest, 'clientId'>) {
  return adminRequest({
    method: 'POST',
    path: 'admin/services',
    data: { ...service, clientId },
    schema: serviceAdminResponseSchema,
  });
}

export function updateService(
  clientId: string,
  serviceId: string,
  update: Omit<UpdateServiceRequest, 'clientId'>,
) {
  return adminRequest({
    method: 'PATCH',
    path: `admin/services/${encodeURIComponent(serviceId)}`,
    data: { ...update, clientId },
    schema: serviceAdminResponseSchema,
  });
}

export function deleteService(clientId: string, serviceId: string) {
  return adminRequest({
    method: 'DELETE',
    path: `admin/services/${encodeURIComponent(serviceId)}`,
    params: { clientId },
    schema: deletedResponseSchema,
  });
}

export function assignServiceLocations(
  clientId: string,
  appointmentTypeId: string,
  locationIds: string[],
  version: number,
) {
  return adminRequest({
    method: 'POST',
    path: 'createServiceLocationConfig',
    data: { clientId, appointmentTypeId, locationIds, version },
    schema: serviceLocationsResponseSchema,
  });
}

// ---------------------------------------------------------------- locations

export function fetchLocations(clientId: string, params: PagedListParams, signal?: AbortSignal) {
  return adminRequest({
    path: 'admin/locations',
    params: pagedQuery(clientId, params),
    signal,
    schema: locationsAdminResponseSchema,
  });
}

export function createLocation(clientId: string, location: Omit<CreateLocationRequest, 'clientId'>) {
  return adminRequest({
    method: 'POST',
    path: 'admin/locations',
    data: { ...location, clientId },
    schema: locationAdminResponseSchema,
  });
}

export function updateLocation(
  clientId: string,
  locationId: string,
  update: Omit<UpdateLocationRequest, 'clientId'>,
) {
  return adminRequest({
    method: 'PATCH',
    path: `admin/locations/${encodeURIComponent(locationId)}`,
    data: { ...update, clientId },
    schema: locationAdminResponseSchema,
  });
}

export function assignLocationProviders(
  clientId: string,
  locationId: string,
  providerIds: string[],
  version: number,
) {
  return adminRequest({
    method: 'POST',
    path: 'createLocationProviderConfig',
    data: { clientId, locationId, providerIds, version },
    schema: locationProvidersResponseSchema,
  });
}

// ---------------------------------------------------------------- insurance

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
