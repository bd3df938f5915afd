import {
  getAppointmentDetailsQuerySchema,
  getAppointmentDetailsResponseSchema,
  updateAppointmentStatusRequestSchema,
  updateAppointmentStatusResponseSchema,
} from '@scheduler/contract/patient-management/appointments';
import {
  addNoteRequestSchema,
  editNoteRequestSchema,
  getFeedbackDetailsQuerySchema,
  getFeedbackDetailsResponseSchema,
  noteResponseSchema,
} from '@scheduler/contract/patient-management/notes';
import { PATIENT_MANAGEMENT_PREFIX } from '@scheduler/contract/patient-management/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StaffGuard } from '../../../platform/auth/request-guard.ts';
import { errorResponseSchema } from '../../../platform/http/route-kit.ts';
import { actorOf, noStore, staffErrors as errors } from './route-parts.ts';
import type { PatientManagementService } from './service.ts';

/** The app inside a route plugin (zod type provider). */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The appointment and note routes of the patient management API: appointment details, feedback,
 * status changes, adding and editing notes. Registered by `patientManagementRoutes`, after its
 * authentication hook.
 */
export function registerAppointmentRoutes(
  app: ZodApp,
  { guard, service }: { guard: StaffGuard; service: PatientManagementService },
): void {
  const patientsRead = guard.requireStaff({ permission: 'patients:read' });
  const patientsWrite = guard.requireStaff({ permission: 'patients:write' });
  const tags = ['patient-management'];
  const path = (name: string) => `${PATIENT_MANAGEMENT_PREFIX}/${name}`;

  app.get(
    path('getAppointmentDetails'),
    {
      preHandler: patientsRead,
      schema: {
        tags,
        summary:
          'An appointment with its patient, status history, notes and the statuses the user may set now (patients:read; audited)',
        querystring: getAppointmentDetailsQuerySchema,
        response: { 200: getAppointmentDetailsResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      noStore(reply).send(
        await service.appointmentDetails(
          actorOf(request),
          request.query.appointmentId,
          request.query.patientId,
        ),
      ),
  );

  app.get(
    path('getFeedbackDetails'),
    {
      preHandler: patientsRead,
      schema: {
        tags,
        summary: "A patient's or an appointment's feedback, newest first (patients:read; audited)",
        querystring: getFeedbackDetailsQuerySchema,
        response: { 200: getFeedbackDetailsResponseSchema, ...errors },
      },
    },
    async (request, reply) => noStore(reply).send(await service.feedback(actorOf(request), request.query)),
  );

  app.post(
    path('update_appointment_status'),
    {
      preHandler: patientsWrite,
      schema: {
        tags,
        summary:
          'Change an appointment status (FHIR codes, workflow of appointment-status.ts): pending → booked → arrived → ' +
          'checked-in → fulfilled; noshow; cancelled (reason required); entered-in-error (owner/admin). 409 CONFLICT on a ' +
          'stale version; 422 STATUS_CHANGE_NOT_ALLOWED with details.reason: not-allowed (outside the workflow), ' +
          "not-today (arrived/checked-in other than on the appointment's local day in its location's zone), before-start " +
          '(noshow before the start), not-arrived (fulfilled before arrival), after-arrival (cancelled after arrival), ' +
          'unchanged; 400 VALIDATION for a cancellation without a reason; 403 for entered-in-error by staff. Nothing is ' +
          'written on a refusal. Cancelled, noshow and entered-in-error free the time at once (patients:write; audited)',
        body: updateAppointmentStatusRequestSchema,
        response: {
          200: updateAppointmentStatusResponseSchema,
          ...errors,
          409: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) => noStore(reply).send(await service.updateStatus(actorOf(request), request.body)),
  );

  app.post(
    path('addNote'),
    {
      preHandler: patientsWrite,
      schema: {
        tags,
        summary: 'Add a note to an appointment or a patient (patients:write; audited)',
        body: addNoteRequestSchema,
        response: { 201: noteResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      noStore(reply)
        .status(201)
        .send({ note: await service.addNote(actorOf(request), request.body) }),
  );

  app.put(
    path('editNote'),
    {
      preHandler: patientsWrite,
      schema: {
        tags,
        summary: 'Edit a note: only its author may (403 otherwise) (patients:write; audited)',
        body: editNoteRequestSchema,
        response: { 200: noteResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      noStore(reply).send({ note: await service.editNote(actorOf(request), request.body) }),
  );
}
