import {
  type LoginRequest,
  clientsResponseSchema,
  currentUserResponseSchema,
  loginResponseSchema,
  okResponseSchema,
} from '@scheduler/contract/admin-auth';
import { adminRequest } from './admin-request';
import { request } from '../../../../lib/api-client';

/** Calls of the config/auth API (spec section 7): login, user, clients, switch/clients, logout. */

export const sessionKeys = {
  user: ['admin', 'user'] as const,
  clients: ['admin', 'clients'] as const,
  /** The session as opened on one brand (the current user, switched to it when needed). */
  session: (clientId: string) => ['admin', 'session', clientId] as const,
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
