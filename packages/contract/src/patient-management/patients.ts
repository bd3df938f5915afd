/** Patient management: filters, the patient list (and getPatients), patient details. */
import * as z from 'zod';
import { recordIdSchema } from '../admin-auth.ts';
import { isoDateSchema, isoInstantSchema } from '../common.ts';
import {
  FROM_AFTER_TO,
  appointmentFilterFields,
  appointmentStatusSchema,
  appointmentSummarySchema,
  brandFields,
  fromNotAfterTo,
  namedLocationSchema,
  namedProviderSchema,
  namedServiceSchema,
  noteSchema,
  pageFields,
  patientManagementBrandQuerySchema,
  searchText,
  statusOptionSchema,
} from './shared.ts';

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
     * One box for everything (issue 19), ignoring case, accents, apostrophes, hyphens and spaces:
     * a date of birth (YYYY-MM-DD or MM/DD/YYYY); an e-mail (contains '@': the start of its local
     * part, 'zoe.o' finds zoe.obrien@…, and after the '@' the whole local part and the start of the
     * domain); a phone number (digits and punctuation only, at least 3 digits, in any format, with
     * or without a leading 1: the start of the number, of its last 7 digits or of its last 4); else
     * a name (each word, apart by spaces or commas, starts any part of the first or last name —
     * 'zoe', 'obrien', "O'Brien" and 'nguyen' all find Zoë O'Brien-Nguyễn — or the words written
     * together do: 'o brien'). Text that can be a confirmation number ('K7M-4QXD', dash or space
     * optional) also finds the patient of that appointment.
     */
    search: searchText(100),
    /**
     * A name, as in `search`: each word starts any part of the first or last name (case, accents,
     * apostrophes, hyphens and spaces ignored).
     */
    name: searchText(100),
    /** Phone digits in any format: the start of the number, of its last 7 digits or of its last 4. */
    phone: searchText(40),
    /**
     * The start of the e-mail's local part (case, accents, dots and hyphens ignored); after an '@',
     * the whole local part and the start of the domain.
     */
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
  /** The IANA zone of the last appointment's location: show its time there (issue 19). */
  lastAppointmentTimeZone: z.string().nullable().optional(),
  /** The IANA zone of the next appointment's location. */
  nextAppointmentTimeZone: z.string().nullable().optional(),
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

// ---------------------------------------------------------------- getPatientsAndLastAppointments
// GET /api/scheduler/getPatientsAndLastAppointments (spec section 7; issue 16; helper E's block)

/**
 * The scheduler API's staff search with each patient's last appointment (patients:read; audited):
 * the same search as getPatients (name, phone, e-mail, date of birth, or one `search` box that also
 * takes a confirmation number), paged and sorted by name.
 */
export const getPatientsAndLastAppointmentsQuerySchema = getPatientsQuerySchema;
export type GetPatientsAndLastAppointmentsQuery = z.output<typeof getPatientsAndLastAppointmentsQuerySchema>;

/**
 * A patient's last appointment: the latest one that has begun (cancelled and entered-in-error
 * aside: the same one as `lastAppointmentUtc`), with its time in the location's zone.
 */
export const lastAppointmentSchema = z.object({
  appointmentId: z.string(),
  /** As on the thank-you page and in messages ('K7M-4QXD'). */
  confirmationNumber: z.string(),
  startUtc: isoInstantSchema,
  endUtc: isoInstantSchema,
  /** The location's IANA zone; `dateLocal` and `timeLocal` are the wall clock there. */
  timeZone: z.string(),
  dateLocal: isoDateSchema,
  /** 'HH:MM', 24-hour. */
  timeLocal: z.string().regex(/^\d{2}:\d{2}$/),
  status: appointmentStatusSchema,
  statusLabel: z.string(),
  service: namedServiceSchema,
  provider: namedProviderSchema,
  location: namedLocationSchema,
});
export type LastAppointment = z.output<typeof lastAppointmentSchema>;

export const patientWithLastAppointmentSchema = patientListItemSchema.extend({
  /** Null: no appointment has begun yet. */
  lastAppointment: lastAppointmentSchema.nullable(),
});
export type PatientWithLastAppointment = z.output<typeof patientWithLastAppointmentSchema>;

export const getPatientsAndLastAppointmentsResponseSchema = z.object({
  items: z.array(patientWithLastAppointmentSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type GetPatientsAndLastAppointmentsResponse = z.output<
  typeof getPatientsAndLastAppointmentsResponseSchema
>;

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
