import {
  type AddUserRequest,
  addUserResponseSchema,
  practiceUserResponseSchema,
} from '@scheduler/contract/admin-auth';
import type { PagedListParams } from '../shared/api/paged-list';
import type { Role } from '@scheduler/domain/roles';
import { adminRequest } from '../shared/api/admin-request';
import { deletedResponseSchema } from '@scheduler/contract/admin/paging';
import { usersPageResponseSchema } from '@scheduler/contract/admin/users';

/** The practice's staff accounts (config API `users`, spec section 7): list, add, change role, remove. */

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
