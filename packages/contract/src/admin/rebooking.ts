/**
 * Appointments to rebook (issue 19): the upcoming appointments of a retired provider, or those on a
 * location's closed day. Names patients: every answer carrying them is audited on the server.
 */
import * as z from 'zod';
import { isoInstantSchema } from '../common.ts';
import { appointmentStatusSchema } from '../patient-management/shared.ts';

export const appointmentToRebookSchema = z.object({
  appointmentId: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  startUtc: isoInstantSchema,
  endUtc: isoInstantSchema,
  /** The location's zone: show the time in it, naming it. */
  timeZone: z.string(),
  locationId: z.string(),
  locationName: z.string(),
  providerId: z.string(),
  providerName: z.string(),
  serviceName: z.string(),
  status: appointmentStatusSchema,
  confirmationNumber: z.string(),
});
export type AppointmentToRebook = z.output<typeof appointmentToRebookSchema>;
