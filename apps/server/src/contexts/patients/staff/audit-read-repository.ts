/* The brand's audit trail as staff read it (newest first, paged). Scoped by client_id. */
import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database.ts';
import { onePage } from '../../../platform/db/paging.ts';
import { startsWith } from './patient-search-repository.ts';
import { auditTargetNames } from './audit-target-repository.ts';
import type { AuditRecordRef, AuditTargetName } from './audit-target-repository.ts';

export { targetKey } from './audit-target-repository.ts';
export type { AuditRecordRef, AuditTargetName } from './audit-target-repository.ts';

export interface AuditFilter {
  userId?: number | undefined;
  /** Exact action, or a prefix when it ends with '.'. */
  action?: string | undefined;
  recordType?: string | undefined;
  recordId?: string | undefined;
  /** Inclusive, epoch ms. */
  from?: number | undefined;
  /** Exclusive, epoch ms. */
  before?: number | undefined;
  page: number;
  pageSize: number;
}

export interface AuditRecord {
  auditId: number;
  at: number;
  user: { userId: number; name: string; email: string } | null;
  action: string;
  recordType: string | null;
  recordId: string | null;
  ip: string | null;
  details: string | null;
}

export interface AuditReadRepository {
  auditLog(clientId: number, filter: AuditFilter): Promise<{ items: AuditRecord[]; total: number }>;
  /**
   * The names of the records the entries are about, resolved within the practice only (see
   * audit-target-repository.ts). Keyed by `type:id`; records that are gone or another practice's are absent.
   */
  targetsOf(clientId: number, refs: readonly AuditRecordRef[]): Promise<Map<string, AuditTargetName>>;
  /** The practice's name. */
  practiceName(clientId: number): Promise<string>;
}

export function createAuditReadRepository(db: Db): AuditReadRepository {
  return {
    async auditLog(clientId, filter) {
      let base = db.selectFrom('audit_log as al').where('al.client_id', '=', clientId);
      if (filter.userId !== undefined) base = base.where('al.user_id', '=', filter.userId);
      if (filter.action !== undefined) {
        const action = filter.action;
        base = action.endsWith('.')
          ? base.where(startsWith(sql<string>`al.action`, action))
          : base.where('al.action', '=', action);
      }
      if (filter.recordType !== undefined) base = base.where('al.record_type', '=', filter.recordType);
      if (filter.recordId !== undefined) base = base.where('al.record_id', '=', filter.recordId);
      if (filter.from !== undefined) base = base.where('al.created_at', '>=', filter.from);
      if (filter.before !== undefined) base = base.where('al.created_at', '<', filter.before);
      const rows = await base
        .leftJoin('users as u', 'u.id', 'al.user_id')
        .select([
          'al.id',
          'al.created_at',
          'al.user_id',
          'al.action',
          'al.record_type',
          'al.record_id',
          'al.ip',
          'al.details',
          'u.display_name',
          'u.email',
        ])
        .orderBy('al.created_at', 'desc')
        .orderBy('al.id', 'desc')
        .$call(onePage(filter))
        .execute();
      const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      return {
        total: Number(counted?.n ?? 0),
        items: rows.map((row) => ({
          auditId: Number(row.id),
          at: Number(row.created_at),
          user:
            row.user_id === null
              ? null
              : { userId: row.user_id, name: row.display_name ?? '', email: row.email ?? '' },
          action: row.action,
          recordType: row.record_type,
          recordId: row.record_id,
          ip: row.ip,
          details: row.details,
        })),
      };
    },

    targetsOf: (clientId, refs) => auditTargetNames(db, clientId, refs),

    async practiceName(clientId) {
      const row = await db.selectFrom('clients').select('name').where('id', '=', clientId).executeTakeFirst();
      return row?.name ?? '';
    },
  };
}
