import type { AuditRepository } from './audit-repository.ts';

/**
 * Who did what to which record, for the audit trail (HIPAA-style access log). Every read or change
 * of patient data writes one entry; configuration changes and sign-ins are recorded too.
 * `details` holds ids and changed field names only, never patient data.
 */
export interface AuditEntry {
  userId: number | null;
  clientId: number | null;
  /** Dotted verb, e.g. `patient.appointments.read`, `scheduler.settings.update`. */
  action: string;
  recordType?: string | null;
  recordId?: string | number | null;
  ip?: string | null;
  details?: Record<string, unknown> | null;
}

/** The actor of a staff request, as the audit trail records it. */
export interface AuditActor {
  userId: number;
  clientId: number;
  ip: string | null;
}

export interface AuditLog {
  /** Writes the entries (all at one instant). */
  record(...entries: AuditEntry[]): Promise<void>;
  /** Shorthand for an entry made by a staff request's actor. */
  recordFor(
    actor: AuditActor,
    action: string,
    record?: { type: string; id?: string | number | null; details?: Record<string, unknown> | null },
  ): Promise<void>;
}

export function createAuditLog(repository: AuditRepository, now: () => number = Date.now): AuditLog {
  const record = async (...entries: AuditEntry[]): Promise<void> => {
    const at = now();
    await repository.insert(
      entries.map((entry) => ({
        clientId: entry.clientId,
        userId: entry.userId,
        action: entry.action,
        recordType: entry.recordType ?? null,
        recordId: entry.recordId === undefined || entry.recordId === null ? null : String(entry.recordId),
        ip: entry.ip ?? null,
        details: entry.details ?? null,
        at,
      })),
    );
  };
  return {
    record,
    recordFor(actor, action, target) {
      return record({
        userId: actor.userId,
        clientId: actor.clientId,
        ip: actor.ip,
        action,
        recordType: target?.type ?? null,
        recordId: target?.id ?? null,
        details: target?.details ?? null,
      });
    },
  };
}
