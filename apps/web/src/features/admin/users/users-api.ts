import {
  accountSecurityResponseSchema,
  invitationCreatedResponseSchema,
  invitationsResponseSchema,
  okResponseSchema,
  type CreateInvitationRequest,
} from '@scheduler/contract/admin/accounts';
import { practiceUserResponseSchema } from '@scheduler/contract/admin-auth';
import type { PagedListParams } from '../shared/api/paged-list';
import type { Role } from '@scheduler/domain/roles';
import { adminRequest } from '../shared/api/admin-request';
import { deletedResponseSchema } from '@scheduler/contract/admin/paging';
import { usersPageResponseSchema } from '@scheduler/contract/admin/users';

/**
 * The practice's people (config API, owners only): members (list, role, disable/enable, force a
 * password reset, remove) and invitations (invite, list, resend, revoke). Nobody sets another
 * person's password: a new person chooses their own when accepting the invitation.
 */

export const usersKeys = {
  invitations: (clientId: string) => ['admin', clientId, 'invitations'] as const,
  security: (clientId: string) => ['admin', clientId, 'account-security'] as const,
};

export function fetchUsers(clientId: string, params: PagedListParams, signal?: AbortSignal) {
  return adminRequest({
    api: 'config',
    path: 'users',
    params: {
      clientId,
      page: params.page,
      pageSize: params.pageSize,
      search: params.search || undefined,
      sort: params.sort,
    },
    signal,
    schema: usersPageResponseSchema,
  });
}

export function inviteUser(clientId: string, invitation: Omit<CreateInvitationRequest, 'clientId'>) {
  return adminRequest({
    api: 'config',
    method: 'POST',
    path: 'invitations',
    data: { ...invitation, clientId },
    schema: invitationCreatedResponseSchema,
  });
}

export function fetchPendingInvitations(clientId: string, signal?: AbortSignal) {
  return adminRequest({
    api: 'config',
    path: 'invitations',
    params: { clientId, status: 'pending' },
    signal,
    schema: invitationsResponseSchema,
  });
}

export function resendInvitation(clientId: string, invitationId: string) {
  return adminRequest({
    api: 'config',
    method: 'POST',
    path: `invitations/${encodeURIComponent(invitationId)}/resend`,
    params: { clientId },
    data: { clientId },
    schema: invitationCreatedResponseSchema,
  });
}

export function revokeInvitation(clientId: string, invitationId: string) {
  return adminRequest({
    api: 'config',
    method: 'DELETE',
    path: `invitations/${encodeURIComponent(invitationId)}`,
    params: { clientId },
    schema: okResponseSchema,
  });
}

export function changeUserRole(clientId: string, userId: string, role: Role) {
  return adminRequest({
    api: 'config',
    method: 'PATCH',
    path: `users/${encodeURIComponent(userId)}`,
    data: { clientId, role },
    schema: practiceUserResponseSchema,
  });
}

export function setUserDisabled(clientId: string, userId: string, disabled: boolean) {
  return adminRequest({
    api: 'config',
    method: 'POST',
    path: `users/${encodeURIComponent(userId)}/${disabled ? 'disable' : 'enable'}`,
    params: { clientId },
    data: { clientId },
    schema: practiceUserResponseSchema,
  });
}

export function forcePasswordReset(clientId: string, userId: string) {
  return adminRequest({
    api: 'config',
    method: 'POST',
    path: `users/${encodeURIComponent(userId)}/force-reset`,
    params: { clientId },
    data: { clientId },
    schema: okResponseSchema,
  });
}

export function removeUser(clientId: string, userId: string) {
  return adminRequest({
    api: 'config',
    method: 'DELETE',
    path: `users/${encodeURIComponent(userId)}`,
    params: { clientId },
    schema: deletedResponseSchema,
  });
}

export function fetchAccountSecurity(clientId: string, signal?: AbortSignal) {
  return adminRequest({
    api: 'config',
    path: 'account-security',
    params: { clientId },
    signal,
    schema: accountSecurityResponseSchema,
  });
}

export function saveAccountSecurity(clientId: string, requireOwnerTwoFactor: boolean) {
  return adminRequest({
    api: 'config',
    method: 'PUT',
    path: 'account-security',
    params: { clientId },
    data: { clientId, requireOwnerTwoFactor },
    schema: accountSecurityResponseSchema,
  });
}
