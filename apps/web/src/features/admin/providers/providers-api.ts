import {
  insuranceProviderConfigResponseSchema,
  providerAppointmentMapResponseSchema,
  providerInsuranceResponseSchema,
  providerLocationsResponseSchema,
  providerServicesResponseSchema,
} from '@scheduler/contract/admin/maps';
import {
  type CreateProviderRequest,
  type ProviderListSort,
  type ProviderStatusFilter,
  type UpdateProviderInfoRequest,
  getAllProvidersResponseSchema,
  providerAppointmentsResponseSchema,
  providerDetailResponseSchema,
  providerRetirementResponseSchema,
} from '@scheduler/contract/admin/providers';
import { adminRequest } from '../shared/api/admin-request';

/** The providers' staff calls: list, detail, profile, and their location, service and plan maps. */

export interface ProviderListParams {
  page: number;
  pageSize: number;
  search: string;
  sort: ProviderListSort;
  /** Active providers (the default), retired ones, or all. */
  status?: ProviderStatusFilter;
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
      status: params.status,
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

/** POST /api/scheduler/admin/providers: a new provider's profile (its maps and hours come after, on its edit screen). */
export function createProvider(clientId: string, fields: Omit<CreateProviderRequest, 'clientId'>) {
  return adminRequest({
    method: 'POST',
    path: 'admin/providers',
    data: { ...fields, clientId },
    schema: providerDetailResponseSchema,
  });
}

/** Retires (kept for history, never bookable) or restores a provider; answers its upcoming appointments to rebook. */
export function setProviderRetired(clientId: string, providerId: string, retired: boolean, version: number) {
  return adminRequest({
    method: 'PATCH',
    path: `admin/providers/${encodeURIComponent(providerId)}`,
    data: { clientId, retired, version },
    schema: providerRetirementResponseSchema,
  });
}

/** A provider's upcoming active appointments (names patients: the server audits the read). */
export function fetchProviderUpcomingAppointments(
  clientId: string,
  providerId: string,
  signal?: AbortSignal,
) {
  return adminRequest({
    path: `admin/providers/${encodeURIComponent(providerId)}/upcoming-appointments`,
    params: { clientId },
    signal,
    schema: providerAppointmentsResponseSchema,
  });
}
