import {
  decidePatientPendingChangeResponseSchema,
  getPatientPendingChangesResponseSchema,
} from '@scheduler/contract/admin/patient-pending-changes';
import { adminRequest } from '../shared/api/admin-request';

/**
 * The pending patient changes of the patient page (issue 15, finding 3): details a booking brought
 * that differ from the record, waiting for staff to accept or reject them.
 */

export const pendingChangeKeys = {
  patient: (clientId: string, patientId: string) =>
    ['admin', clientId, 'patients', 'pending-changes', patientId] as const,
};

export function fetchPendingChanges(clientId: string, patientId: string, signal?: AbortSignal) {
  return adminRequest({
    api: 'patientManagement',
    path: 'getPatientPendingChanges',
    params: { clientId, patientId },
    signal,
    schema: getPatientPendingChangesResponseSchema,
  });
}

export type PendingChangeDecision = 'accept' | 'reject';

export function decidePendingChange(clientId: string, changeId: string, decision: PendingChangeDecision) {
  return adminRequest({
    api: 'patientManagement',
    method: 'POST',
    path: decision === 'accept' ? 'acceptPatientPendingChange' : 'rejectPatientPendingChange',
    data: { clientId, changeId },
    schema: decidePatientPendingChangeResponseSchema,
  });
}
