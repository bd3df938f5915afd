/**
 * The contract of the report calls of the scheduler API (spec section 7), for the admin Reports
 * screen: GET getAppointmentReport (also at report/getAppointmentReport, which offers
 * `format=csv`), GET report/getChannelFilters and GET report/getChartReport.
 *
 * Staff-only with `reports:read` (viewers included), so no report carries patient identity.
 * `clientId` names the brand (the session's active brand when absent). `from` / `to` are local
 * dates (inclusive) in `timeZone`, by default the brand's (its first location's); when absent the
 * range is the 30 days ending today. A range spans at most 366 days.
 */
import * as z from 'zod';
import { recordIdSchema } from './admin-auth.ts';
import { isoDateSchema, isoInstantSchema, timeZoneSchema } from './common.ts';
import {
  FROM_AFTER_TO,
  appointmentStatusListSchema,
  appointmentStatusSchema,
  namedLocationSchema,
  namedProviderSchema,
  namedServiceSchema,
  fromNotAfterTo,
} from './patient-management/shared';

export const REPORT_MAX_RANGE_DAYS = 366;
export const REPORT_DEFAULT_RANGE_DAYS = 30;
/** Rows in one CSV export at most (header `x-report-truncated: true` when cut). */
export const REPORT_CSV_MAX_ROWS = 100_000;

/** The steps of the booking funnel (spec section 4), in order. */
export const FUNNEL_STEPS = [
  'landing',
  'findappointment',
  'additionaldetails',
  'insurance',
  'identity',
  'thankyou',
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];
export const FUNNEL_STEP_LABELS: Readonly<Record<FunnelStep, string>> = {
  landing: 'Landing',
  findappointment: 'Find appointment',
  additionaldetails: 'Additional details',
  insurance: 'Insurance',
  identity: 'Identity',
  thankyou: 'Thank you',
};

const reportFilterFields = {
  clientId: recordIdSchema.optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  timeZone: timeZoneSchema.optional(),
  locationId: recordIdSchema.optional(),
  providerId: recordIdSchema.optional(),
  appointmentTypeId: recordIdSchema.optional(),
  /** A campaign, or 'website' (appointments with no campaign). Choices: getChannelFilters. */
  channel: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
};

export const reportRangeSchema = z.object({
  from: isoDateSchema,
  to: isoDateSchema,
  timeZone: z.string(),
});
export type ReportRange = z.output<typeof reportRangeSchema>;

// ---------------------------------------------------------------- GET getAppointmentReport

export const appointmentReportSortSchema = z.enum(['startUtc', '-startUtc', 'createdAt', '-createdAt']);

/** Filters appointments by their start (the appointment date). */
export const getAppointmentReportQuerySchema = z
  .object({
    ...reportFilterFields,
    status: appointmentStatusListSchema.optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(500).default(50),
    sort: appointmentReportSortSchema.default('startUtc'),
    /** 'csv': every matching row (up to REPORT_CSV_MAX_ROWS) as text/csv; only on report/getAppointmentReport. */
    format: z.enum(['json', 'csv']).default('json'),
  })
  .refine(fromNotAfterTo, FROM_AFTER_TO);
export type GetAppointmentReportQuery = z.output<typeof getAppointmentReportQuerySchema>;

export const appointmentReportRowSchema = z.object({
  appointmentId: z.string(),
  startUtc: isoInstantSchema,
  endUtc: isoInstantSchema,
  timeZone: z.string(),
  /** The appointment's local date (YYYY-MM-DD) in its location's zone. */
  dateLocal: isoDateSchema,
  status: appointmentStatusSchema,
  statusLabel: z.string(),
  location: namedLocationSchema,
  provider: namedProviderSchema,
  service: namedServiceSchema,
  /** A campaign, or 'website'. */
  channel: z.string(),
  isNewPatient: z.boolean(),
  /** When it was booked. */
  createdAt: isoInstantSchema,
  /** A cancelled appointment: who cancelled it (the patient online, or staff); null otherwise or unknown. */
  cancelledBy: z.enum(['patient', 'staff']).nullable(),
});
export type AppointmentReportRow = z.output<typeof appointmentReportRowSchema>;

export const countByStatusSchema = z.object({
  status: appointmentStatusSchema,
  label: z.string(),
  count: z.number().int(),
});
export const countByChannelSchema = z.object({ channel: z.string(), count: z.number().int() });

export const appointmentReportTotalsSchema = z.object({
  /** Every matching appointment (= total). */
  appointments: z.number().int(),
  newPatients: z.number().int(),
  existingPatients: z.number().int(),
  /** Every status, zeros included, in the order of the status list. */
  byStatus: z.array(countByStatusSchema),
  /** Most first. */
  byChannel: z.array(countByChannelSchema),
});
export type AppointmentReportTotals = z.output<typeof appointmentReportTotalsSchema>;

export const getAppointmentReportResponseSchema = z.object({
  range: reportRangeSchema,
  items: z.array(appointmentReportRowSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totals: appointmentReportTotalsSchema,
});
export type GetAppointmentReportResponse = z.output<typeof getAppointmentReportResponseSchema>;

/** Column headers of the CSV export, in order. */
export const APPOINTMENT_REPORT_CSV_COLUMNS = [
  'Appointment ID',
  'Date',
  'Start (UTC)',
  'End (UTC)',
  'Time zone',
  'Status',
  'Location',
  'Provider',
  'Service',
  'Channel',
  'New patient',
  'Booked at (UTC)',
  'Cancelled by',
] as const;

/** "Cancelled by" as the report, its export and the patient page say it. */
export const CANCELLED_BY_LABELS = { patient: 'Patient (online)', staff: 'Staff' } as const;

// ---------------------------------------------------------------- GET report/getChannelFilters

export const getChannelFiltersQuerySchema = z.object({ clientId: recordIdSchema.optional() });
export const getChannelFiltersResponseSchema = z.object({
  /** 'website' first, then each campaign seen for the brand (appointments and analytics), A–Z. */
  channelFilters: z.array(z.string()),
});
export type GetChannelFiltersResponse = z.output<typeof getChannelFiltersResponseSchema>;

// ---------------------------------------------------------------- GET report/getChartReport

/**
 * Bookings are appointments by when they were booked (`createdAt`), entered-in-error excluded.
 * The funnel counts analytics sessions whose first view of each step falls in the range (hour
 * precision); location / provider / service filters apply to bookings only, `channel` to both.
 */
export const getChartReportQuerySchema = z.object(reportFilterFields).refine(fromNotAfterTo, FROM_AFTER_TO);
export type GetChartReportQuery = z.output<typeof getChartReportQuerySchema>;

export const funnelStepSchema = z.object({
  step: z.enum(FUNNEL_STEPS),
  label: z.string(),
  sessions: z.number().int(),
  /** Sessions of the previous step that did not reach this one (0 for the first step). */
  dropOff: z.number().int(),
  /** dropOff / previous step's sessions, 0..1 (0 when the previous step had none). */
  dropOffRate: z.number(),
  /** sessions / first step's sessions, 0..1 (0 when the first step had none). */
  conversionRate: z.number(),
});
export type FunnelStepReport = z.output<typeof funnelStepSchema>;

export const getChartReportResponseSchema = z.object({
  range: reportRangeSchema,
  /** bookings: appointments booked in the range; sessions: sessions that viewed the landing page (= funnel[0]). */
  totals: z.object({ bookings: z.number().int(), sessions: z.number().int() }),
  /** Every day of the range (zeros included), oldest first. */
  byDay: z.array(z.object({ date: isoDateSchema, count: z.number().int() })),
  /** Most first. */
  byChannel: z.array(countByChannelSchema),
  byService: z.array(namedServiceSchema.extend({ count: z.number().int() })),
  byLocation: z.array(namedLocationSchema.extend({ count: z.number().int() })),
  /** The six steps in order. */
  funnel: z.array(funnelStepSchema),
});
export type GetChartReportResponse = z.output<typeof getChartReportResponseSchema>;

/** Drop-off and conversion of each step from the sessions counted per step. */
export function funnelOf(sessionsPerStep: Readonly<Partial<Record<FunnelStep, number>>>): FunnelStepReport[] {
  const first = sessionsPerStep.landing ?? 0;
  let previous: number | undefined;
  return FUNNEL_STEPS.map((step) => {
    const sessions = sessionsPerStep[step] ?? 0;
    const dropOff = previous === undefined ? 0 : Math.max(0, previous - sessions);
    const dropOffRate = previous === undefined || previous === 0 ? 0 : dropOff / previous;
    previous = sessions;
    return {
      step,
      label: FUNNEL_STEP_LABELS[step],
      sessions,
      dropOff,
      dropOffRate,
      conversionRate: first === 0 ? 0 : sessions / first,
    };
  });
}

/** The funnel step a page name stands for ('Find Appointment' and 'findappointment' alike). */
export function funnelStepOfPageName(pageName: string): FunnelStep | undefined {
  const key = pageName.toLowerCase().replace(/\s+/g, '');
  return (FUNNEL_STEPS as readonly string[]).includes(key) ? (key as FunnelStep) : undefined;
}
