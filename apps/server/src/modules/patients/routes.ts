import {
  patientLookupRequestSchema,
  patientLookupResponseSchema,
  schedulerScopeSchema,
} from '@scheduler/domain/schemas/scheduler-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PUBLIC_API_PREFIX,
  bookingRateLimit,
  errorResponseSchema,
  publicErrorResponses,
  readRateLimit,
} from '../scheduler-config/public-api.ts';
import type { PublicApiOptions } from '../scheduler-config/public-api.ts';
import { createPatientRepository } from './patient-repository.ts';
import { createPatientService } from './service.ts';

/**
 * POST createPatients: the anonymous flow's patient lookup (identity in the body, never in a
 * URL). GET getPatients is staff-only: without a staff session it answers 401.
 */
export const patientRoutes: FastifyPluginAsyncZod<PublicApiOptions> = (app, options) => {
  const service = createPatientService(createPatientRepository(options.db), options.now);
  const tags = ['scheduler (public)'];

  app.post(
    `${PUBLIC_API_PREFIX}/createPatients`,
    {
      config: bookingRateLimit(options.rateLimits),
      schema: {
        tags,
        summary: 'Identify the patient (anonymous flow); writes nothing',
        description:
          'Matches on the normalised first and last name + date of birth + phone digits or e-mail. ' +
          'Answers only whether the patient is known, an upcoming appointment (the spec’s EXISTING_APPOINTMENT ' +
          'message, unless landingPage 2 allows several) and a refusal (EXISTING_PATIENTS_BLOCKED when ' +
          'appointment 13 is No). The record itself is created or updated by PUT bookAppointment.',
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
      config: readRateLimit(options.rateLimits),
      schema: {
        tags,
        summary: 'Staff only: answers 401 to the anonymous booking flow',
        description:
          'Patient identity never travels in a URL, so this GET takes none: the booking flow uses ' +
          'POST createPatients. Without a staff session the answer is 401 UNAUTHENTICATED.',
        querystring: schedulerScopeSchema.partial(),
        response: { 401: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    () => service.refuseAnonymousList(),
  );

  return Promise.resolve();
};
