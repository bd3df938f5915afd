import {
  getPatientsAndLastAppointmentsQuerySchema,
  getPatientsAndLastAppointmentsResponseSchema,
  getPatientsQuerySchema,
  getPatientsResponseSchema,
} from '@scheduler/contract/patient-management/patients';
import { patientLookupRequestSchema, patientLookupResponseSchema } from '@scheduler/contract/scheduler-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../../platform/auth/request-guard.ts';
import { createPatientManagementRepository } from './staff/patient-management-repository.ts';
import { createPatientManagementService } from './staff/service.ts';
import {
  PUBLIC_API_PREFIX,
  bookingRateLimit,
  errorResponseSchema,
  publicErrorResponses,
} from '../../platform/http/route-kit.ts';
import type { PublicApiOptions } from '../../platform/http/route-kit.ts';
import { createPatientRepository } from './lookup/patient-repository.ts';
import { createPatientService } from './lookup/lookup-service.ts';
import { identityLookupLimit } from './lookup/identity-limit.ts';

export type PatientRoutesOptions = PublicApiOptions;

/**
 * POST createPatients: the anonymous flow's patient lookup (identity in the body, never in a
 * URL). GET getPatients: the staff search of the brand's patients (a staff session with
 * patients:read; audited); GET getPatientsAndLastAppointments: the same search with each patient's
 * last appointment. Anonymous callers get 401 before anything else is looked at.
 */
export const patientRoutes: FastifyPluginAsyncZod<PatientRoutesOptions> = (app, options) => {
  const service = createPatientService(createPatientRepository(options.db), options.now);
  const { guard, audit } = app.staffAuth;
  const staffPatients = createPatientManagementService({
    repository: createPatientManagementRepository(options.db),
    audit,
    now: () => options.now().getTime(),
  });

  app.post(
    `${PUBLIC_API_PREFIX}/createPatients`,
    {
      config: bookingRateLimit(options.rateLimits),
      // Per identity too (name + date of birth), shared with bookAppointment (issue 15, finding 10).
      preHandler: identityLookupLimit(app),
      schema: {
        tags: ['scheduler (public)'],
        summary: 'Identify the patient (anonymous flow); writes nothing',
        description:
          'Matches on the normalised first and last name + date of birth + phone digits or e-mail. ' +
          'Answers only whether the patient is known, an upcoming appointment (the spec’s EXISTING_APPOINTMENT ' +
          'message, unless landingPage 2 allows several — quoted only when name, date of birth, phone and ' +
          'e-mail all match the record; otherwise the refusal CALL_OFFICE, which names no date) and a refusal ' +
          '(EXISTING_PATIENTS_BLOCKED when appointment 13 is No). The record is created by PUT bookAppointment ' +
          '(a matched record is never changed). 429 RATE_LIMITED per IP and per identity (name + date of birth).',
        body: patientLookupRequestSchema,
        response: { 200: patientLookupResponseSchema, ...publicErrorResponses },
      },
    },
    async (request, reply) => {
      const result = await service.lookupPatient(request.body);
      reply.header('cache-control', 'no-store');
      return result;
    },
  );

  app.get(
    `${PUBLIC_API_PREFIX}/getPatients`,
    {
      // Authenticate first: an anonymous caller gets 401 before any validation.
      onRequest: guard.authenticate(),
      preHandler: guard.requireStaff({ permission: 'patients:read' }),
      schema: {
        tags: ['scheduler-admin'],
        summary:
          "Search the brand's patients by name, phone, e-mail or date of birth (patients:read; audited)",
        description:
          'Staff only: 401 without a staff session, 403 for another brand or without patients:read. The ' +
          'anonymous booking flow identifies the patient with POST createPatients (identity never in a URL). ' +
          'Paged, sorted by name; each read is written to the audit log (patient ids, never the search text).',
        querystring: getPatientsQuerySchema,
        response: {
          200: getPatientsResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const result = await staffPatients.patientList(
        { ...staff.actor, role: staff.role },
        { ...request.query, sort: 'name' },
      );
      return reply.header('cache-control', 'no-store').send(result);
    },
  );

  app.get(
    `${PUBLIC_API_PREFIX}/getPatientsAndLastAppointments`,
    {
      onRequest: guard.authenticate(),
      preHandler: guard.requireStaff({ permission: 'patients:read' }),
      schema: {
        tags: ['scheduler-admin'],
        summary: "Search the brand's patients, each with their last appointment (patients:read; audited)",
        description:
          'Staff only, as getPatients (401 without a staff session, 403 for another brand or without ' +
          'patients:read; 400 for a bad query). The same search (name, phone, e-mail, date of birth, or `search`, ' +
          'which also takes a confirmation number), paged and sorted by name. Each patient carries ' +
          '`lastAppointment`: the latest appointment that has begun, cancelled and entered-in-error aside ' +
          '(null when none), with its confirmation number, status, service, provider, location and its time ' +
          'in the location’s zone (`timeZone`, `dateLocal`, `timeLocal`). Each read writes one audit row ' +
          '(patient and appointment ids, never the search text).',
        querystring: getPatientsAndLastAppointmentsQuerySchema,
        response: {
          200: getPatientsAndLastAppointmentsResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const result = await staffPatients.patientsAndLastAppointments(
        { ...staff.actor, role: staff.role },
        request.query,
      );
      return reply.header('cache-control', 'no-store').send(result);
    },
  );

  return Promise.resolve();
};
