import {
  addUserResponseSchema,
  clientsResponseSchema,
  currentUserResponseSchema,
  loginResponseSchema,
  okResponseSchema,
  practiceUserResponseSchema,
  type AddUserRequest,
  type LoginRequest,
} from '@scheduler/contract/admin-auth';
import type { Role } from '@scheduler/domain/roles';
import { deletedResponseSchema, usersPageResponseSchema } from '@scheduler/contract/admin-config';
import { request } from '../../../lib/api-client';
import { adminRequest } from './admin-request';
import type { PagedListParams } from './config-api';

/** Calls of the config/auth API (spec section 7): login, user, clients, switch/clients, logout, users. */

export const sessionKeys = {
  user: ['admin', 'user'] as const,
  clients: ['admin', 'clients'] as const,
  users: (clientId: string) => ['admin', clientId, 'users'] as const,
};

/** Not through adminRequest: a 401 here means wrong credentials, not an expired session. */
export function login(credentials: LoginRequest) {
  return request({
    api: 'config',
    method: 'POST',
    path: 'login',
    data: credentials,
    id: 'admin-login',
    schema: loginResponseSchema,
  });
}

export function logout() {
  return request({ api: 'config', method: 'POST', path: 'logout', schema: okResponseSchema });
}

export function fetchCurrentUser(signal?: AbortSignal) {
  return adminRequest({ api: 'config', path: 'user', signal, schema: currentUserResponseSchema });
}

export function fetchClients(signal?: AbortSignal) {
  return adminRequest({ api: 'config', path: 'clients', signal, schema: clientsResponseSchema });
}

/** Makes `clientId` the session's active brand; answers the user as seen in that brand. */
export function switchClient(clientId: string) {
  return adminRequest({
    api: 'config',
    path: 'switch/clients',
    params: { clientId },
    id: 'admin-switch-client',
    schema: currentUserResponseSchema,
  });
}

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

export function addUser(clientId: string, user: Omit<AddUserRequest, 'clientId'>) {
  return adminRequest({
    api: 'config',
    method: 'POST',
    path: 'users',
    data: { ...user, clientId },
    schema: addUserResponseSchema,
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

export function removeUser(clientId: string, userId: string) {
  return adminRequest({
    api: 'config',
    method: 'DELETE',
    path: `users/${encodeURIComponent(userId)}`,
    params: { clientId },
    schema: deletedResponseSchema,
  });
}
