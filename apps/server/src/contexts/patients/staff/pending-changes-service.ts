/*
 * Pending patient changes on the patient page (issue 15, finding 3): the details on file with the
 * changes bookings brought, and staff's decision on each — accept (applied to the record) or
 * reject. Every read and decision is audited with ids and field names only.
 */
import { DomainError } from '@scheduler/domain/errors';
import { PENDING_CHANGE_DECIDED_MESSAGE } from '@scheduler/domain/messages';
import type {
  ContactOnFile,
  DecidePatientPendingChangeResponse,
  GetPatientPendingChangesResponse,
  PatientPendingChange,
} from '@scheduler/contract/admin/patient-pending-changes';
import type { AuditLog } from '../../../platform/audit/audit-log.ts';
import { changedFields } from '../pending-changes/contact-changes.ts';
import type { ContactDetails } from '../pending-changes/contact-changes.ts';
import type {
  PendingChangeRecord,
  PendingChangeRepository,
} from '../pending-changes/pending-change-repository.ts';
import { iso } from './service-parts.ts';
import type { StaffActor } from './service-parts.ts';

export interface PendingChangesService {
  list(actor: StaffActor, patientId: number): Promise<GetPatientPendingChangesResponse>;
  decide(
    actor: StaffActor,
    changeId: number,
    decision: 'accepted' | 'rejected',
  ): Promise<DecidePatientPendingChangeResponse>;
}

function toChange(record: PendingChangeRecord): PatientPendingChange {
  return {
    changeId: String(record.id),
    patientId: String(record.patientId),
    appointmentId: record.appointmentId === null ? null : String(record.appointmentId),
    source: record.source,
    phone: record.phone,
    email: record.email,
    smsPermission: record.smsPermission,
    emailPermission: record.emailPermission,
    status: record.status,
    createdAt: iso(record.createdAt),
    decidedAt: record.decidedAt === null ? null : iso(record.decidedAt),
  };
}

const toCurrent = (contact: ContactDetails): ContactOnFile => ({ ...contact });

export function createPendingChangesService(deps: {
  repository: PendingChangeRepository;
  audit: AuditLog;
  now: () => number;
}): PendingChangesService {
  const { repository, audit, now } = deps;
  return {
    async list(actor, patientId) {
      const current = await repository.contactOnFile(actor.clientId, patientId);
      if (current === undefined) throw new DomainError('NOT_FOUND');
      const pending = await repository.listPending(actor.clientId, patientId);
      await audit.recordFor(actor, 'patient.pending-changes.read', {
        type: 'patient',
        id: patientId,
        details: { pendingChanges: pending.map((change) => change.id) },
      });
      return { current: toCurrent(current), pendingChanges: pending.map(toChange) };
    },

    async decide(actor, changeId, decision) {
      const action =
        decision === 'accepted' ? 'patient.pending-change.accept' : 'patient.pending-change.reject';
      const result = await repository.decide(
        { clientId: actor.clientId, changeId, userId: actor.userId, now: now() },
        decision,
        (log, change) =>
          log.recordFor(actor, action, {
            type: 'patient',
            id: change.patientId,
            details: {
              changeId: change.id,
              appointmentId: change.appointmentId,
              source: change.source,
              fields: changedFields(change),
            },
          }),
      );
      if (result.outcome === 'not-found') throw new DomainError('NOT_FOUND');
      if (result.outcome === 'already-decided')
        throw new DomainError('CONFLICT', PENDING_CHANGE_DECIDED_MESSAGE, { field: 'changeId' });
      const current = await repository.contactOnFile(actor.clientId, result.change.patientId);
      if (current === undefined) throw new DomainError('NOT_FOUND');
      return { change: toChange(result.change), current: toCurrent(current) };
    },
  };
}
