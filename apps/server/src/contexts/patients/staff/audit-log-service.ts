/* The brand's audit trail for staff (audit:read; the read itself is audited). */
import type { GetAuditLogQuery, GetAuditLogResponse } from '@scheduler/contract/patient-management/audit-log';
import type { AuditLog } from '../../../platform/audit/audit-log.ts';
import type { AuditTarget } from '@scheduler/contract/patient-management/audit-log';
import { targetKey } from './audit-read-repository.ts';
import type { AuditReadRepository, AuditTargetName } from './audit-read-repository.ts';
import type { PatientManagementRepository } from './patient-management-repository.ts';
import { iso, rangeOf } from './service-parts.ts';
import type { StaffActor } from './service-parts.ts';

export interface AuditLogService {
  auditLog(actor: StaffActor, query: GetAuditLogQuery): Promise<GetAuditLogResponse>;
}

function parseDetails(details: string | null): Record<string, unknown> | null {
  if (details === null) return null;
  try {
    const parsed: unknown = JSON.parse(details);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : { value: parsed };
  } catch {
    return null;
  }
}

/** The entry's record on the wire, named when the practice knows it; null when the entry names none. */
export function toTarget(
  recordType: string | null,
  recordId: string | null,
  names: ReadonlyMap<string, AuditTargetName>,
): AuditTarget | null {
  if (recordType === null || recordId === null) return null;
  const known = names.get(targetKey(recordType, recordId));
  return {
    type: recordType,
    id: recordId,
    name: known?.name ?? null,
    patient: known?.patient ? { patientId: String(known.patient.patientId), name: known.patient.name } : null,
  };
}

export function createAuditLogService({
  repository,
  zones,
  audit,
}: {
  repository: AuditReadRepository;
  /** For the zone of a date range without one. */
  zones: Pick<PatientManagementRepository, 'defaultTimeZone'>;
  audit: AuditLog;
}): AuditLogService {
  return {
    async auditLog(actor, query) {
      const range = await rangeOf(zones, actor.clientId, query);
      const { items, total } = await repository.auditLog(actor.clientId, {
        userId: query.userId,
        action: query.action,
        recordType: query.recordType,
        recordId: query.recordId,
        from: range.from,
        before: range.before,
        page: query.page,
        pageSize: query.pageSize,
      });
      const [names, practiceName, timeZone] = await Promise.all([
        repository.targetsOf(
          actor.clientId,
          items.flatMap((item) =>
            item.recordType !== null && item.recordId !== null
              ? [{ type: item.recordType, id: item.recordId }]
              : [],
          ),
        ),
        repository.practiceName(actor.clientId),
        zones.defaultTimeZone(actor.clientId),
      ]);
      await audit.recordFor(actor, 'audit.read', {
        type: 'audit_log',
        details: { page: query.page, total },
      });
      return {
        practice: { name: practiceName, timeZone: timeZone ?? 'UTC' },
        page: query.page,
        pageSize: query.pageSize,
        total,
        items: items.map((item) => ({
          auditId: String(item.auditId),
          at: iso(item.at),
          user:
            item.user === null
              ? null
              : { userId: String(item.user.userId), name: item.user.name, email: item.user.email },
          action: item.action,
          recordType: item.recordType,
          recordId: item.recordId,
          ip: item.ip,
          details: parseDetails(item.details),
          target: toTarget(item.recordType, item.recordId, names),
        })),
      };
    },
  };
}
