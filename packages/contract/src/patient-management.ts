/**
 * The contract of the patient management API (`/api/patient-management/*`, spec section 7): the
 * admin area's patients list, patient and appointment details, status changes, notes, feedback and
 * (owners) the audit log. The report calls of the scheduler API are in `reports.ts`.
 *
 * Every call is staff-only and names its brand with `clientId` (query for GET, body otherwise; the
 * session's active brand when absent). Records of another brand answer 404. Ids travel as strings
 * in responses and are accepted as numbers or digit strings in requests; instants are ISO 8601 UTC.
 *
 * Permissions: reads need `patients:read`, changes `patients:write`, the audit log `audit:read`.
 * Every read or change of patient data is written to the audit log.
 */
import * as z from 'zod';
import { APPOINTMENT_STATUSES, STATUS_REASON_MAX_LENGTH } from '@scheduler/domain/appointment-status';
import { recordIdSchema } from './admin-auth.ts';
import { INT4_MAX, isoDateSchema, isoInstantSchema, timeZoneSchema } from './common.ts';

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

const brandFields = { clientId: recordIdSchema.optional() };
export const patientManagementBrandQuerySchema = z.object(brandFields);

const pageFields = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
};

const searchText = (max: number) =>
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

// ---------------------------------------------------------------- GET get_filters

export const getFiltersQuerySchema = patientManagementBrandQuerySchema;
export const getFiltersResponseSchema = z.object({
  locations: z.array(namedLocationSchema.extend({ timeZone: z.string() })),
  providers: z.array(namedProviderSchema),
  services: z.array(namedServiceSchema),
  statuses: z.array(statusOptionSchema),
  /** The zone `from` / `to` are read in when no `timeZone` is sent. */
  defaultTimeZone: z.string(),
});
export type GetFiltersResponse = z.output<typeof getFiltersResponseSchema>;

// ---------------------------------------------------------------- GET getPatientList

export const patientListSortSchema = z.enum([
  'name',
  '-name',
  'dateOfBirth',
  '-dateOfBirth',
  'createdAt',
  '-createdAt',
]);
export type PatientListSort = z.output<typeof patientListSortSchema>;

export const getPatientListQuerySchema = z
  .object({
    ...brandFields,
    ...pageFields,
    /**
     * One box for everything: a date of birth (YYYY-MM-DD or MM/DD/YYYY), an e-mail (contains
     * '@'; matched from its start), a phone number (digits and punctuation only, at least 3
     * digits; matched from its start, with or without a leading 1), else a name (each word matches
     * the start of the first or last name).
     */
    search: searchText(100),
    /** Each word matches the start of the first or last name. */
    name: searchText(100),
    /** Digits matched from the start of the stored number. */
    phone: searchText(40),
    /** Matched from the start of the e-mail address. */
    email: searchText(254),
    dateOfBirth: isoDateSchema.optional(),
    /** Patients with at least one appointment matching every appointment filter given. */
    ...appointmentFilterFields,
    sort: patientListSortSchema.default('name'),
  })
  .refine(fromNotAfterTo, FROM_AFTER_TO);
export type GetPatientListQuery = z.output<typeof getPatientListQuerySchema>;

export const patientListItemSchema = z.object({
  patientId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: isoDateSchema,
  gender: z.enum(['M', 'F']).nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  createdAt: isoInstantSchema,
  /** Appointments of the patient (entered-in-error aside). */
  appointmentCount: z.number().int(),
  /** Start of the latest appointment that has begun (cancelled and entered-in-error aside), if any. */
  lastAppointmentUtc: isoInstantSchema.nullable(),
  /** Start of the next upcoming appointment that still holds its time, if any. */
  nextAppointmentUtc: isoInstantSchema.nullable(),
});
export type PatientListItem = z.output<typeof patientListItemSchema>;

export const getPatientListResponseSchema = z.object({
  items: z.array(patientListItemSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type GetPatientListResponse = z.output<typeof getPatientListResponseSchema>;

// ---------------------------------------------------------------- GET /api/scheduler/getPatients

/**
 * The scheduler API's staff patient search (patients:read): the brand's patients found by name,
 * phone, e-mail or date of birth (as in getPatientList, without its appointment filters), paged,
 * sorted by name. The anonymous booking flow never calls it (its lookup is POST createPatients).
 */
export const getPatientsQuerySchema = z.object({
  ...brandFields,
  ...pageFields,
  search: searchText(100),
  name: searchText(100),
  phone: searchText(40),
  email: searchText(254),
  dateOfBirth: isoDateSchema.optional(),
});
export type GetPatientsQuery = z.output<typeof getPatientsQuerySchema>;
export const getPatientsResponseSchema = getPatientListResponseSchema;

// ---------------------------------------------------------------- GET getPatientDetails

export const getPatientDetailsQuerySchema = z.object({ ...brandFields, patientId: recordIdSchema });
export type GetPatientDetailsQuery = z.output<typeof getPatientDetailsQuerySchema>;

export const insurancePolicySchema = z.object({
  policyId: z.string(),
  plan: z.object({ planId: z.string(), name: z.string() }).nullable(),
  carrier: z.object({ carrierId: z.string(), name: z.string() }).nullable(),
  /** Relationship of the policy holder to the patient ('Self', 'Spouse' …). */
  relationship: z.string().nullable(),
  memberId: z.string().nullable(),
  groupNumber: z.string().nullable(),
  subscriberFirstName: z.string().nullable(),
  subscriberLastName: z.string().nullable(),
  subscriberDateOfBirth: z.string().nullable(),
  selfPay: z.boolean(),
  updatedAt: isoInstantSchema,
});
export type InsurancePolicy = z.output<typeof insurancePolicySchema>;

export const patientContactSchema = z.object({
  patientId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: isoDateSchema,
  gender: z.enum(['M', 'F']).nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  smsPermission: z.boolean(),
  emailPermission: z.boolean(),
  createdAt: isoInstantSchema,
  updatedAt: isoInstantSchema,
});
export type PatientContact = z.output<typeof patientContactSchema>;

export const getPatientDetailsResponseSchema = z.object({
  patient: patientContactSchema,
  insurancePolicies: z.array(insurancePolicySchema),
  /** Starting now or later, soonest first. */
  upcomingAppointments: z.array(appointmentSummarySchema),
  /** Started before now, latest first. */
  pastAppointments: z.array(appointmentSummarySchema),
  /** Every note about the patient or one of the appointments, newest first. */
  notes: z.array(noteSchema),
});
export type GetPatientDetailsResponse = z.output<typeof getPatientDetailsResponseSchema>;

// ---------------------------------------------------------------- GET getAppointmentDetails

export const getAppointmentDetailsQuerySchema = z.object({
  ...brandFields,
  appointmentId: recordIdSchema,
  /** Optional (the admin route carries it): a mismatch answers 404. */
  patientId: recordIdSchema.optional(),
});
export type GetAppointmentDetailsQuery = z.output<typeof getAppointmentDetailsQuerySchema>;

export const statusHistoryEntrySchema = z.object({
  fromStatus: appointmentStatusSchema.nullable(),
  toStatus: appointmentStatusSchema,
  toLabel: z.string(),
  reason: z.string().nullable(),
  /** Null: set by the system (the booking flow). */
  changedBy: staffUserSchema.nullable(),
  at: isoInstantSchema,
});
export type StatusHistoryEntry = z.output<typeof statusHistoryEntrySchema>;

export const appointmentDetailSchema = appointmentSummarySchema.extend({
  schedulerId: z.string().nullable(),
  /** What the patient wrote when booking. */
  reasonForVisit: z.string().nullable(),
  patientNotes: z.string().nullable(),
  insurancePolicyId: z.string().nullable(),
  utmSource: z.string().nullable(),
  utmMedium: z.string().nullable(),
  utmCampaign: z.string().nullable(),
  updatedAt: isoInstantSchema,
});
export type AppointmentDetail = z.output<typeof appointmentDetailSchema>;

export const getAppointmentDetailsResponseSchema = z.object({
  appointment: appointmentDetailSchema,
  patient: patientContactSchema,
  /** Oldest first. */
  statusHistory: z.array(statusHistoryEntrySchema),
  /** Notes on this appointment, newest first. */
  notes: z.array(noteSchema),
  /** The statuses the signed-in user may set now (a reason is still needed for cancelled). */
  allowedStatuses: z.array(appointmentStatusSchema),
});
export type GetAppointmentDetailsResponse = z.output<typeof getAppointmentDetailsResponseSchema>;

// ---------------------------------------------------------------- POST update_appointment_status

export const updateAppointmentStatusRequestSchema = z
  .object({
    ...brandFields,
    appointmentId: recordIdSchema,
    status: appointmentStatusSchema,
    /** The version the user saw; a stale one answers 409 CONFLICT. */
    version: z.number({ error: 'Reload the appointment and try again' }).int().min(1).max(INT4_MAX),
    /** Required for cancelled. */
    reason: z
      .string()
      .trim()
      .max(STATUS_REASON_MAX_LENGTH, {
        error: `Keep the reason to ${STATUS_REASON_MAX_LENGTH} characters or fewer`,
      })
      .nullish()
      .transform((value) => (value ? value : undefined)),
  })
  .refine((value) => value.status !== 'cancelled' || value.reason !== undefined, {
    error: 'Give a reason for the cancellation',
    path: ['reason'],
  });
export type UpdateAppointmentStatusRequest = z.output<typeof updateAppointmentStatusRequestSchema>;
export type UpdateAppointmentStatusInput = z.input<typeof updateAppointmentStatusRequestSchema>;

/** The appointment after the change (same shape as getAppointmentDetails). */
export const updateAppointmentStatusResponseSchema = getAppointmentDetailsResponseSchema;

// ---------------------------------------------------------------- POST addNote, PUT editNote

export const NOTE_MAX_LENGTH = 4000;

const noteText = z
  .string({ error: 'Write the note' })
  .trim()
  .min(1, { error: 'Write the note' })
  .max(NOTE_MAX_LENGTH, { error: `Keep the note to ${NOTE_MAX_LENGTH} characters or fewer` });

/** A note about an appointment (`appointmentId`) or about the patient (`patientId` alone). */
export const addNoteRequestSchema = z
  .object({
    ...brandFields,
    patientId: recordIdSchema.optional(),
    appointmentId: recordIdSchema.optional(),
    text: noteText,
  })
  .refine((value) => value.patientId !== undefined || value.appointmentId !== undefined, {
    error: 'Choose the patient or the appointment',
    path: ['patientId'],
  });
export type AddNoteRequest = z.output<typeof addNoteRequestSchema>;

export const editNoteRequestSchema = z.object({ ...brandFields, noteId: recordIdSchema, text: noteText });
export type EditNoteRequest = z.output<typeof editNoteRequestSchema>;

/** 201 from addNote, 200 from editNote. */
export const noteResponseSchema = z.object({ note: noteSchema });

// ---------------------------------------------------------------- GET getFeedbackDetails

export const getFeedbackDetailsQuerySchema = z
  .object({
    ...brandFields,
    patientId: recordIdSchema.optional(),
    appointmentId: recordIdSchema.optional(),
  })
  .refine((value) => value.patientId !== undefined || value.appointmentId !== undefined, {
    error: 'Choose the patient or the appointment',
    path: ['patientId'],
  });
export type GetFeedbackDetailsQuery = z.output<typeof getFeedbackDetailsQuerySchema>;

export const feedbackSchema = z.object({
  feedbackId: z.string(),
  patientId: z.string().nullable(),
  appointmentId: z.string().nullable(),
  /** 1..5 */
  rating: z.number().int().nullable(),
  comment: z.string().nullable(),
  createdAt: isoInstantSchema,
});
export type Feedback = z.output<typeof feedbackSchema>;

export const getFeedbackDetailsResponseSchema = z.object({
  /** Newest first. */
  feedback: z.array(feedbackSchema),
  count: z.number().int(),
  /** Mean of the ratings given (null when none). */
  averageRating: z.number().nullable(),
});
export type GetFeedbackDetailsResponse = z.output<typeof getFeedbackDetailsResponseSchema>;

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
