import { adminRequest } from '../shared/api/admin-request';
import { getAuditLogResponseSchema } from '@scheduler/contract/patient-management/audit-log';

/** The audit log of the patient management API (who read or changed what, when). */

export interface AuditLogRequest {
  page: number;
  pageSize: number;
  action: string;
  from: string;
  to: string;
}

export function fetchAuditLog(clientId: string, request: AuditLogRequest, signal?: AbortSignal) {
  return adminRequest({
    api: 'patientManagement',
    path: 'auditLog',
    params: {
      clientId,
      page: request.page,
      pageSize: request.pageSize,
      action: request.action || undefined,
      from: request.from || undefined,
      to: request.to || undefined,
    },
    id: `admin-audit-log-${clientId}`,
    signal,
    schema: getAuditLogResponseSchema,
  });
}
