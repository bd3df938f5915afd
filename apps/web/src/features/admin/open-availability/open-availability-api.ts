import {
  openAvailabilitySettingsSchema,
  type OpenAvailabilitySettings,
  type UpdateOpenAvailabilityRequest,
} from '@scheduler/contract/admin/open-availability';
import {
  createPartnerResponseSchema,
  partnersResponseSchema,
  revokePartnerResponseSchema,
  type CreatePartnerResponse,
  type PartnersResponse,
  type RevokePartnerResponse,
} from '@scheduler/contract/admin/partners';
import { adminRequest } from '../shared/api/admin-request';

/**
 * The Open availability screen's calls (issue 20): the brand's publication settings
 * (GET/PUT admin/open-availability: config:read to read, config:write to change, a stale version
 * answers 409) and its partner clients (GET/POST admin/partners, POST …/{partnerId}/revoke: owners
 * only; the client secret comes once, in the answer that creates the client).
 */

export const openAvailabilityKeys = {
  settings: (clientId: string) => ['admin', clientId, 'open-availability'] as const,
  partners: (clientId: string) => ['admin', clientId, 'partners'] as const,
};

export function fetchOpenAvailability(
  clientId: string,
  signal?: AbortSignal,
): Promise<OpenAvailabilitySettings> {
  return adminRequest({
    path: 'admin/open-availability',
    params: { clientId },
    signal,
    schema: openAvailabilitySettingsSchema,
  });
}

/** What is left out stays; `version` is the one the screen read. */
export type OpenAvailabilityChange = Pick<
  UpdateOpenAvailabilityRequest,
  'published' | 'schedulerId' | 'feedServiceNames'
>;

export function saveOpenAvailability(
  clientId: string,
  version: number,
  change: OpenAvailabilityChange,
): Promise<OpenAvailabilitySettings> {
  return adminRequest({
    method: 'PUT',
    path: 'admin/open-availability',
    data: { clientId, version, ...change },
    schema: openAvailabilitySettingsSchema,
  });
}

export function fetchPartners(clientId: string, signal?: AbortSignal): Promise<PartnersResponse> {
  return adminRequest({
    path: 'admin/partners',
    params: { clientId },
    signal,
    schema: partnersResponseSchema,
  });
}

export function createPartner(clientId: string, name: string): Promise<CreatePartnerResponse> {
  return adminRequest({
    method: 'POST',
    path: 'admin/partners',
    data: { clientId, name },
    schema: createPartnerResponseSchema,
  });
}

export function revokePartner(clientId: string, partnerId: string): Promise<RevokePartnerResponse> {
  return adminRequest({
    method: 'POST',
    path: `admin/partners/${encodeURIComponent(partnerId)}/revoke`,
    data: { clientId },
    schema: revokePartnerResponseSchema,
  });
}
