/**
 * Pending patient changes (issue 15, finding 3): a booking by an unauthenticated caller, or a
 * staff booking of a waitlist entry the public filled in, never writes its phone, e-mail or
 * consents over a stored patient's record. The fields that differ are kept beside the record;
 * staff who may edit patients accept them (applied to the record, audited) or reject them
 * (audited) on the patient page. Calls of the patient management API
 * (`/api/patient-management/*`):
 *
 *  - GET  getPatientPendingChanges?clientId&patientId — the patient's contact on file and their
 *    pending changes, oldest first (patients:read; audited).
 *  - POST acceptPatientPendingChange { clientId, changeId } (patients:write; audited)
 *  - POST rejectPatientPendingChange { clientId, changeId } (patients:write; audited)
 *
 * A change already decided answers 409; another brand's change or patient, 404.
 */
import * as z from 'zod';
import { recordIdSchema } from '../admin-auth.ts';
import { isoInstantSchema } from '../common.ts';
import { brandFields } from '../patient-management/shared.ts';

export const PENDING_CHANGE_SOURCES = ['booking', 'waitlist'] as const;
export const PENDING_CHANGE_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type PendingChangeSource = (typeof PENDING_CHANGE_SOURCES)[number];
export type PendingChangeStatus = (typeof PENDING_CHANGE_STATUSES)[number];

export const getPatientPendingChangesQuerySchema = z.object({ ...brandFields, patientId: recordIdSchema });
export type GetPatientPendingChangesQuery = z.output<typeof getPatientPendingChangesQuerySchema>;

/** One pending change: each contact field is the proposed value, or null when it is unchanged. */
export const patientPendingChangeSchema = z.object({
  changeId: z.string(),
  patientId: z.string(),
  /** The appointment booked with these details, when it still exists. */
  appointmentId: z.string().nullable(),
  source: z.enum(PENDING_CHANGE_SOURCES),
  /** Digits only. */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  smsPermission: z.boolean().nullable(),
  emailPermission: z.boolean().nullable(),
  status: z.enum(PENDING_CHANGE_STATUSES),
  createdAt: isoInstantSchema,
  decidedAt: isoInstantSchema.nullable(),
});
export type PatientPendingChange = z.output<typeof patientPendingChangeSchema>;

/** The patient's contact details on file, to compare with. */
export const contactOnFileSchema = z.object({
  phone: z.string().nullable(),
  email: z.string().nullable(),
  smsPermission: z.boolean(),
  emailPermission: z.boolean(),
});
export type ContactOnFile = z.output<typeof contactOnFileSchema>;

export const getPatientPendingChangesResponseSchema = z.object({
  current: contactOnFileSchema,
  pendingChanges: z.array(patientPendingChangeSchema),
});
export type GetPatientPendingChangesResponse = z.output<typeof getPatientPendingChangesResponseSchema>;

export const decidePatientPendingChangeRequestSchema = z.object({ ...brandFields, changeId: recordIdSchema });
export type DecidePatientPendingChangeRequest = z.output<typeof decidePatientPendingChangeRequestSchema>;

export const decidePatientPendingChangeResponseSchema = z.object({
  change: patientPendingChangeSchema,
  current: contactOnFileSchema,
});
export type DecidePatientPendingChangeResponse = z.output<typeof decidePatientPendingChangeResponseSchema>;
