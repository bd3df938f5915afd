import {
  CLOSURES_PATH,
  IMPORT_US_FEDERAL_PATH,
  closuresResponseSchema,
  createClosureResponseSchema,
  importUsFederalResponseSchema,
} from '@scheduler/contract/admin/closures';
import { deletedResponseSchema } from '@scheduler/contract/admin/paging';
import { adminRequest } from '../../shared/api/admin-request';

/** The closed days' calls of `/api/scheduler/admin/closures` (paths relative to `/api/scheduler/`). */
const path = (full: string) => full.replace(/^\/api\/scheduler\//, '');

export const closureKeys = {
  all: (clientId: string) => ['admin', clientId, 'closures'] as const,
  location: (clientId: string, locationId: string) => ['admin', clientId, 'closures', locationId] as const,
};

/** The location's closed days from its today to the end of next year, and the appointments on closed days (audited). */
export function fetchClosures(clientId: string, locationId: string, signal?: AbortSignal) {
  return adminRequest({
    path: path(CLOSURES_PATH),
    params: { clientId, locationId },
    signal,
    schema: closuresResponseSchema,
  });
}

export function createClosure(clientId: string, locationId: string, date: string, name: string) {
  return adminRequest({
    method: 'POST',
    path: path(CLOSURES_PATH),
    data: { clientId, locationId, date, name },
    schema: createClosureResponseSchema,
  });
}

export function deleteClosure(clientId: string, locationId: string, date: string) {
  return adminRequest({
    method: 'DELETE',
    path: path(CLOSURES_PATH),
    params: { clientId, locationId, date },
    schema: deletedResponseSchema,
  });
}

export function importUsFederalHolidays(clientId: string, locationId: string, year: number) {
  return adminRequest({
    method: 'POST',
    path: path(IMPORT_US_FEDERAL_PATH),
    data: { clientId, locationId, year },
    schema: importUsFederalResponseSchema,
  });
}
