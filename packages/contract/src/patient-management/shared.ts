/**
 * The contract of the patient management API (`/api/patient-management/*`, spec section 7): the
 * admin area's patients list, patient and appointment details, status changes, notes, feedback and
 * (owners) the audit log, one file per concept in this folder; this one holds the shared pieces.
 * The report calls of the scheduler API are in `reports.ts`.
 *
 * Every call is staff-only and names its brand with `clientId` (query for GET, body otherwise; the
 * session's active brand when absent). Records of another brand answer 404. Ids travel as strings
 * in responses and are accepted as numbers or digit strings in requests; instants are ISO 8601 UTC.
 *
 * Permissions: reads need `patients:read`, changes `patients:write`, the audit log `audit:read`.
 * Every read or change of patient data is written to the audit log.
 */

import * as z from 'zod';
import { APPOINTMENT_STATUSES } from '@scheduler/domain/appointment-status';
import { recordIdSchema } from '../admin-auth.ts';
import { isoDateSchema, isoInstantSchema, timeZoneSchema } from '../common.ts';

export const PATIENT_MANAGEMENT_PREFIX = '/api/patient-management';

export const appointmentStatusSchema = z.enum(APPOINTMENT_STATUSES, { error: 'Choose a status' });

/** `status=booked,arrived` or `status=booked&status=arrived`; duplicates dropped. */
export const appointmentStatusListSchema = z.preprocess(
  (value: unknown): unknown[] => {
    const items: unknown[] = Array.isArray(value) ? (value as unknown[]) : [value];
    const parts: unknown[] = items.flatMap((item): unknown[] =>
      typeof item === 'string' ? item.split(',') : [item],
    );
    return parts
      .map((part): unknown => (typeof part === 'string' ? part.trim() : part))
      .filter((part) => part !== '');
  },
  z
    .array(appointmentStatusSchema)
    .max(APPOINTMENT_STATUSES.length)
    .transform((values) => [...new Set(values)]),
);

export const brandFields = { clientId: recordIdSchema.optional() };
export const patientManagementBrandQuerySchema = z.object(brandFields);

export const pageFields = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
};

export const searchText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Keep the search to ${max} characters or fewer` })
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/**
 * Appointment filters shared by the patient list and the reports (the choices come from
 * GET get_filters). `from` / `to` are local dates (inclusive) in `timeZone`, by default the time
 * zone of the brand's first location.
 */
export const appointmentFilterFields = {
  locationId: recordIdSchema.optional(),
  providerId: recordIdSchema.optional(),
  appointmentTypeId: recordIdSchema.optional(),
  status: appointmentStatusListSchema.optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  timeZone: timeZoneSchema.optional(),
};

/** Refinement of a `from` / `to` pair: the start is on or before the end. */
export function fromNotAfterTo(value: { from?: string | undefined; to?: string | undefined }): boolean {
  return value.from === undefined || value.to === undefined || value.from <= value.to;
}
export const FROM_AFTER_TO = {
  error: 'The start date must be on or before the end date',
  path: ['to'],
};

// ---------------------------------------------------------------- shared pieces

export const namedLocationSchema = z.object({ locationId: z.string(), name: z.string() });
export const namedProviderSchema = z.object({ providerId: z.string(), name: z.string() });
export const namedServiceSchema = z.object({ appointmentTypeId: z.string(), name: z.string() });
export const statusOptionSchema = z.object({ value: appointmentStatusSchema, label: z.string() });

/** One appointment as lists show it. */
export const appointmentSummarySchema = z.object({
  appointmentId: z.string(),
  patientId: z.string(),
  startUtc: isoInstantSchema,
  endUtc: isoInstantSchema,
  /** The location's IANA zone: show times in it. */
  timeZone: z.string(),
  status: appointmentStatusSchema,
  statusLabel: z.string(),
  location: namedLocationSchema,
  provider: namedProviderSchema,
  service: namedServiceSchema,
  isNewPatient: z.boolean(),
  /** 'website', a campaign, … (null: booked by staff or unknown). */
  channel: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** Optimistic concurrency: send it back with update_appointment_status. */
  version: z.number().int(),
  createdAt: isoInstantSchema,
});
export type AppointmentSummary = z.output<typeof appointmentSummarySchema>;

export const staffUserSchema = z.object({ userId: z.string(), name: z.string() });

export const noteSchema = z.object({
  noteId: z.string(),
  patientId: z.string(),
  /** Null: a note about the patient, not one appointment. */
  appointmentId: z.string().nullable(),
  text: z.string(),
  /** Null when the author's account is gone. */
  author: staffUserSchema.nullable(),
  createdAt: isoInstantSchema,
  editedAt: isoInstantSchema.nullable(),
  /** True when the signed-in user wrote it (only the author may edit a note). */
  canEdit: z.boolean(),
});
export type Note = z.output<typeof noteSchema>;
