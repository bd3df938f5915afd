/**
 * The front desk's schedule (issue 19): `GET /api/scheduler/admin/schedule` answers, for one
 * location and a range of its local dates, what the Schedule screen draws: the location and its
 * zone, the providers who work there, each provider's working hours per local day (as UTC
 * instants), time off, appointments (with the patient's name: the read is audited), the
 * location's closed days and its partners' unexpired holds (issue 20). Staff-only, `patients:read`.
 */
import * as z from 'zod';
import { compareIsoDates, toDayNumber } from '@scheduler/domain/local-date';
import { recordIdSchema } from '../admin-auth.ts';
import { isoDateSchema, isoInstantSchema } from '../common.ts';
import { appointmentStatusSchema } from '../patient-management/shared.ts';
import { confirmationNumberSchema } from '../booking.ts';

export const SCHEDULE_PATH = '/api/scheduler/admin/schedule';

/** Local days one call may cover at most (a month view's worth). */
export const SCHEDULE_MAX_DAYS = 31;

export const scheduleQuerySchema = z
  .object({
    clientId: recordIdSchema.optional(),
    locationId: recordIdSchema,
    /** First local date of the location (inclusive). */
    from: isoDateSchema,
    /** Last local date of the location (inclusive). */
    to: isoDateSchema,
  })
  .superRefine(({ from, to }, ctx) => {
    if (compareIsoDates(to, from) < 0) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'End the range on or after its start' });
    } else if (toDayNumber(to) - toDayNumber(from) + 1 > SCHEDULE_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `Choose at most ${SCHEDULE_MAX_DAYS} days` });
    }
  });
export type ScheduleQuery = z.output<typeof scheduleQuerySchema>;

const intervalSchema = z.object({ startUtc: isoInstantSchema, endUtc: isoInstantSchema });

export const scheduleProviderSchema = z.object({
  providerId: z.string(),
  /** 'Dr. Ana Ruiz' */
  displayName: z.string(),
  /** Retired (kept for history, no longer bookable): shown while appointments remain. */
  retired: z.boolean(),
});

export const scheduleDaySchema = z.object({
  providerId: z.string(),
  /** A local date of the location. */
  date: z.string(),
  /** The provider's working hours at this location on that day, as instants. */
  hours: z.array(intervalSchema),
});

export const scheduleTimeOffSchema = intervalSchema.extend({
  providerId: z.string(),
  /** The time off holds at this location only (false: at every location). */
  thisLocationOnly: z.boolean(),
});

export const scheduleAppointmentSchema = z.object({
  appointmentId: z.string(),
  providerId: z.string(),
  startUtc: isoInstantSchema,
  endUtc: isoInstantSchema,
  status: appointmentStatusSchema,
  patientId: z.string(),
  /** First name, then last name. */
  patientName: z.string(),
  serviceName: z.string(),
  confirmationNumber: confirmationNumberSchema,
});
export type ScheduleAppointment = z.output<typeof scheduleAppointmentSchema>;

export const scheduleClosureSchema = z.object({ date: z.string() });

/**
 * A trusted partner's hold of a time (issue 20, Appointment/$hold): its slot units are claimed, so
 * nobody else can book it until it expires (5 minutes) or the partner books it. Only unexpired holds.
 */
export const scheduleHoldSchema = intervalSchema.extend({
  holdId: z.string(),
  providerId: z.string(),
  /** When the hold lapses and the time is free again. */
  expiresAtUtc: isoInstantSchema,
  /** The partner's name as the practice registered it ('County Care Finder'). */
  partnerName: z.string(),
});
export type ScheduleHold = z.output<typeof scheduleHoldSchema>;

export const scheduleResponseSchema = z.object({
  location: z.object({ locationId: z.string(), name: z.string(), timeZone: z.string() }),
  from: z.string(),
  to: z.string(),
  providers: z.array(scheduleProviderSchema),
  days: z.array(scheduleDaySchema),
  timeOff: z.array(scheduleTimeOffSchema),
  appointments: z.array(scheduleAppointmentSchema),
  closures: z.array(scheduleClosureSchema),
  holds: z.array(scheduleHoldSchema),
});
export type ScheduleResponse = z.output<typeof scheduleResponseSchema>;
