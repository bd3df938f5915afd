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

/**
 * The record an entry is about, named as this practice knows it (issue 19: the log reads as
 * sentences, not `user #5`). Names are resolved within the practice only; a record that is gone
 * (or never was this practice's) has no name.
 */
export const auditTargetSchema = z.object({
  type: z.string(),
  id: z.string(),
  /** 'Dana Lee', 'Downtown', 'Dr. Ann Lee', 'K7M-4QXD' (an appointment's confirmation number); null when gone. */
  name: z.string().nullable(),
  /** The patient an appointment, note, message or waitlist entry belongs to (name only). */
  patient: z.object({ patientId: z.string(), name: z.string() }).nullable(),
});
export type AuditTarget = z.output<typeof auditTargetSchema>;

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
  /** The record named (null: no record, e.g. a sign-in). */
  target: auditTargetSchema.nullable(),
});
export type AuditLogEntry = z.output<typeof auditLogEntrySchema>;

export const getAuditLogResponseSchema = z.object({
  /** The practice: its name (for 'removed Dana Lee from BrightSmile Dental') and its zone (its first location's), in which the entries' times are shown. */
  practice: z.object({ name: z.string(), timeZone: z.string() }),
  items: z.array(auditLogEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type GetAuditLogResponse = z.output<typeof getAuditLogResponseSchema>;
