/** Patient management: the audit log (owners). */
import * as z from 'zod';
import { recordIdSchema } from '../admin-auth.ts';
import { isoDateSchema, isoInstantSchema, timeZoneSchema } from '../common.ts';
import { FROM_AFTER_TO, brandFields, fromNotAfterTo, pageFields, searchText } from './shared.ts';

// ---------------------------------------------------------------- GET auditLog (owners)

export const getAuditLogQuerySchema = z
  .object({
    ...brandFields,
    ...pageFields,
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
    userId: recordIdSchema.optional(),
    /** Exact action ('patient.read') or a prefix ending in '.' ('patient.'). */
    action: searchText(100),
    recordType: searchText(50),
    recordId: searchText(64),
    /** Local dates (inclusive) in `timeZone` (default: the brand's). */
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    timeZone: timeZoneSchema.optional(),
  })
  .refine(fromNotAfterTo, FROM_AFTER_TO);
export type GetAuditLogQuery = z.output<typeof getAuditLogQuerySchema>;

export const auditLogEntrySchema = z.object({
  auditId: z.string(),
  at: isoInstantSchema,
  /** Null: the system, or a deleted account. */
  user: z.object({ userId: z.string(), name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  recordType: z.string().nullable(),
  recordId: z.string().nullable(),
  ip: z.string().nullable(),
  /** Ids and field names only, never patient data. */
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditLogEntry = z.output<typeof auditLogEntrySchema>;

export const getAuditLogResponseSchema = z.object({
  items: z.array(auditLogEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type GetAuditLogResponse = z.output<typeof getAuditLogResponseSchema>;
