import {
  serviceLocationMappingResponseSchema,
  serviceLocationsResponseSchema,
} from '@scheduler/contract/admin/maps';
import { deletedResponseSchema } from '@scheduler/contract/admin/paging';
import {
  type CreateServiceRequest,
  type UpdateServiceRequest,
  serviceAdminResponseSchema,
  servicesAdminResponseSchema,
} from '@scheduler/contract/admin/services';
import { type PagedListParams, pagedQuery } from '../shared/api/paged-list';
import { adminRequest } from '../shared/api/admin-request';

/** The services (appointment types) CRUD of `/api/scheduler/admin/services` and their locations. */

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
