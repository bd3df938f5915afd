/** Patient management: appointment details and status changes. */
import * as z from 'zod';
import { STATUS_REASON_MAX_LENGTH } from '@scheduler/domain/appointment-status';
import { recordIdSchema } from '../admin-auth.ts';
import { INT4_MAX, isoInstantSchema } from '../common.ts';
import {
  appointmentStatusSchema,
  appointmentSummarySchema,
  brandFields,
  noteSchema,
  staffUserSchema,
} from './shared.ts';
import { patientContactSchema } from './patients.ts';
import { selfServiceFactsSchema } from '../manage.ts';

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
  /** Issue 18: "cancelled by patient online", "rescheduled by patient from …" (manage.ts). */
  selfService: selfServiceFactsSchema,
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
