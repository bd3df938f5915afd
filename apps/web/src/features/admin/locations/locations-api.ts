import {
  type CreateLocationRequest,
  type UpdateLocationRequest,
  locationAdminResponseSchema,
  locationsAdminResponseSchema,
} from '@scheduler/contract/admin/locations';
import { locationProvidersResponseSchema } from '@scheduler/contract/admin/maps';
import { type PagedListParams, pagedQuery } from '../shared/api/paged-list';
import { adminRequest } from '../shared/api/admin-request';

/** The locations CRUD of `/api/scheduler/admin/locations` and who works at each. */

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
