import {
  PATIENT_MANAGEMENT_PREFIX,
  addNoteRequestSchema,
  editNoteRequestSchema,
  getAppointmentDetailsQuerySchema,
  getAppointmentDetailsResponseSchema,
  getAuditLogQuerySchema,
  getAuditLogResponseSchema,
  getFeedbackDetailsQuerySchema,
  getFeedbackDetailsResponseSchema,
  getFiltersQuerySchema,
  getFiltersResponseSchema,
  getPatientDetailsQuerySchema,
  getPatientDetailsResponseSchema,
  getPatientListQuerySchema,
  getPatientListResponseSchema,
  noteResponseSchema,
  updateAppointmentStatusRequestSchema,
  updateAppointmentStatusResponseSchema,
} from '@scheduler/contract/patient-management';
import { bookFromWaitListRequestSchema, bookFromWaitListResponseSchema } from '@scheduler/contract/waitlist';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/database.ts';
import { staffOf } from '../auth/request-guard.ts';
import { createStaffAuth } from '../auth/staff-auth.ts';
import { errorResponseSchema } from '../../platform/http/route-kit.ts';
import { createStaffBookingRepository } from '../waitlist/staff-booking-repository.ts';
import { createStaffBookingService } from '../waitlist/staff-booking-service.ts';
import { createPatientManagementRepository } from './patient-management-repository.ts';
import { createPatientManagementService } from './service.ts';
import type { StaffActor } from './service.ts';

export interface PatientManagementRoutesOptions {
  config: Pick<Config, 'cookieSecure'>;
  db: Db;
  redis?: Redis | undefined;
  now: () => Date;
}

const actorOf = (request: FastifyRequest): StaffActor => {
  const staff = staffOf(request);
  return { ...staff.actor, role: staff.role };
};

/** Patient data must not sit in shared or browser caches. */
const noStore = (reply: FastifyReply): FastifyReply => reply.header('cache-control', 'no-store');

/** Documented 4xx answers (a loose shape: a response schema must never turn an error into a 500). */
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/**
 * The patient management API (spec section 7). Every route authenticates first (401 before any
 * validation), then `requireStaff` checks the brand (`clientId`) and the permission.
 */
export const patientManagementRoutes: FastifyPluginAsyncZod<PatientManagementRoutesOptions> = (
  app,
  { config, db, redis, now },
) => {
  const { guard, audit } = createStaffAuth({ config, db, redis });
  const service = createPatientManagementService({
    repository: createPatientManagementRepository(db),
    audit,
    now: () => now().getTime(),
  });
  const staffBooking = createStaffBookingService(
    createStaffBookingRepository(db, () => now().getTime()),
    now,
  );
  app.addHook('onRequest', guard.authenticate());
  const patientsRead = guard.requireStaff({ permission: 'patients:read' });
  const patientsWrite = guard.requireStaff({ permission: 'patients:write' });
  const tags = ['patient-management'];
  const path = (name: string) => `${PATIENT_MANAGEMENT_PREFIX}/${name}`;

  app.get(
    path('get_filters'),
    {
      // No patient data: the filter menus of the patients, waitlist and reports screens.
      preHandler: guard.requireStaff({ permission: 'reports:read' }),
      schema: {
        tags,
        summary:
          "The brand's locations, providers, services and appointment statuses, for filter menus (reports:read; no patient data)",
        querystring: getFiltersQuerySchema,
        response: { 200: getFiltersResponseSchema, ...errors },
      },
    },
    (request) => service.filters(actorOf(request)),
  );

  app.get(
    path('getPatientList'),
    {
      preHandler: patientsRead,
      schema: {
        tags,
        summary:
          'Patients of the brand: search by name, phone, e-mail or date of birth, appointment filters, paged and sorted (patients:read; audited)',
        querystring: getPatientListQuerySchema,
        response: { 200: getPatientListResponseSchema, ...errors },
      },
    },
    async (request, reply) => noStore(reply).send(await service.patientList(actorOf(request), request.query)),
  );

  app.get(
    path('getPatientDetails'),
    {
      preHandler: patientsRead,
      schema: {
        tags,
        summary:
          'A patient: contact, insurance policies, upcoming and past appointments, notes (patients:read; audited)',
        querystring: getPatientDetailsQuerySchema,
        response: { 200: getPatientDetailsResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      noStore(reply).send(await service.patientDetails(actorOf(request), request.query.patientId)),
  );

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
          'Change an appointment status (FHIR codes, workflow of appointment-status.ts). 409 CONFLICT on a stale version, ' +
          '422 STATUS_CHANGE_NOT_ALLOWED for a move outside the workflow or fulfilled/noshow before the start, ' +
          '403 for entered-in-error by staff. Cancelled, noshow and entered-in-error free the time at once (patients:write; audited)',
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

  app.post(
    path('bookFromWaitList'),
    {
      preHandler: guard.requireStaff({ permission: 'waitlist:write' }),
      schema: {
        tags,
        summary:
          'Book a waitlisted patient into a time (staff; idempotent by idempotencyKey). In one transaction: re-checks the slot ' +
          "with the public booking's re-check, matches or creates the patient from the entry's contact, inserts the " +
          'appointment (status booked, channel front-desk, created by the user), marks the entry booked and writes the ' +
          'audit row. The patient booking window and online-booking rules do not apply; the time must not have passed ' +
          "(400) and must lie inside the provider's working hours at the location (400). 201 with the booking; 200 " +
          '(header idempotent-replayed: true) with the first booking for a known idempotencyKey. 409 SLOT_TAKEN when the ' +
          'provider is busy then, 409 CONFLICT when the entry is no longer waiting, 404 for an entry, provider, location ' +
          'or service the brand does not have (waitlist:write; audited)',
        body: bookFromWaitListRequestSchema,
        response: {
          200: bookFromWaitListResponseSchema,
          201: bookFromWaitListResponseSchema,
          ...errors,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { replayed, booking } = await staffBooking.bookFromWaitList(staffOf(request).actor, request.body);
      if (replayed) reply.header('idempotent-replayed', 'true');
      return noStore(reply)
        .status(replayed ? 200 : 201)
        .send(booking);
    },
  );

  app.get(
    path('auditLog'),
    {
      preHandler: guard.requireStaff({ permission: 'audit:read' }),
      schema: {
        tags,
        summary: "The brand's audit trail, newest first, paged (audit:read)",
        querystring: getAuditLogQuerySchema,
        response: { 200: getAuditLogResponseSchema, ...errors },
      },
    },
    async (request, reply) => noStore(reply).send(await service.auditLog(actorOf(request), request.query)),
  );

  return Promise.resolve();
};
