/** A patient's appointments (staff). */
import * as z from 'zod';
import { recordIdSchema } from '../admin-auth.ts';
import { isoInstantSchema } from '../common.ts';
import { brandQuerySchema } from './paging.ts';

// ---------------------------------------------------------------- patients and waitlist (staff)

export const patientAppointmentsQuerySchema = brandQuerySchema.extend({ patientId: recordIdSchema });

export const patientAppointmentsResponseSchema = z.object({
  patient: z.object({
    patientId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    dateOfBirth: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
  }),
  appointments: z.array(
    z.object({
      appointmentId: z.string(),
      startUtc: isoInstantSchema,
      endUtc: isoInstantSchema,
      status: z.string(),
      timeZone: z.string(),
      providerId: z.string(),
      providerName: z.string(),
      locationId: z.string(),
      locationName: z.string(),
      appointmentTypeId: z.string(),
      serviceName: z.string(),
      isNewPatient: z.boolean(),
      channel: z.string().nullable(),
      reason: z.string().nullable(),
      cancelReason: z.string().nullable(),
      createdAt: isoInstantSchema,
    }),
  ),
});
