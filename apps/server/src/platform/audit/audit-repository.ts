import type { Db } from '../db/database.ts';

export interface AuditRow {
  clientId: number | null;
  userId: number | null;
  action: string;
  recordType: string | null;
  recordId: string | null;
  ip: string | null;
  /** JSON-serialisable; ids and field names only, never patient data. */
  details: unknown;
  at: number;
}

export interface AuditRepository {
  insert(rows: readonly AuditRow[]): Promise<void>;
}

export function createAuditRepository(db: Db): AuditRepository {
  return {
    async insert(rows) {
      if (rows.length === 0) return;
      await db
        .insertInto('audit_log')
        .values(
          rows.map((row) => ({
            client_id: row.clientId,
            user_id: row.userId,
            action: row.action,
            record_type: row.recordType,
            record_id: row.recordId,
            ip: row.ip,
            details: row.details === undefined || row.details === null ? null : JSON.stringify(row.details),
            created_at: row.at,
          })),
        )
        .execute();
    },
  };
}
