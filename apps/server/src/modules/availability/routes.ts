import { getProvidersQuerySchema, getProvidersResponseSchema } from '@scheduler/contract/scheduler-api';
import type { GetProvidersResponse } from '@scheduler/contract/scheduler-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC_API_PREFIX, readRateLimit, refusalErrorResponses } from '../../platform/http/route-kit.ts';
import type { PublicApiOptions } from '../../platform/http/route-kit.ts';
import { createAvailabilityRepository } from './availability-repository.ts';
import { createAvailabilityService } from './service.ts';

/** GET getProviders: the slot search of the find-appointment step. */
export const availabilityRoutes: FastifyPluginAsyncZod<PublicApiOptions> = (app, options) => {
  const service = createAvailabilityService(createAvailabilityRepository(options.db), options.now);
  /** Computed answers to keep once sent: the body as serialized (and checked) by the response schema. */
  const toKeep = new WeakMap<object, (body: string | undefined) => void>();

  app.get(
    `${PUBLIC_API_PREFIX}/getProviders`,
    {
      config: readRateLimit(options.rateLimits),
      schema: {
        tags: ['scheduler (public)'],
        summary: 'Providers with their bookable slots (the slot search)',
        description:
          'Slots lie inside the booking window (appointment 1, 2, 15, 16) in each location’s time zone. ' +
          'Filters: gender, postalCode + distance (miles, 0 = no limit; an unknown ZIP is a 400), ' +
          'insurancePlanId. Sorted by appointment 4; grouped by time (appointment 17 “No”, provider ' +
          'assigned by appointment 18) or by provider. fromDate/days narrow the slots returned (day ' +
          'navigation); nextAvailable and availableDates cover the whole window. Refusals (422): ' +
          'CALL_TO_SCHEDULE, SERVICE_NOT_ONLINE, LOCATION_OFFLINE, EXISTING_PATIENTS_BLOCKED, PROVIDER_NOT_ONLINE.',
        querystring: getProvidersQuerySchema,
        response: { 200: getProvidersResponseSchema, ...refusalErrorResponses },
      },
      onSend: (request, reply, payload, done) => {
        // Always called for a computed answer (with nothing to keep unless a 200 body): concurrent
        // identical searches wait for it (service.ts).
        const keep = toKeep.get(request);
        if (keep !== undefined) {
          toKeep.delete(request);
          keep(reply.statusCode === 200 && typeof payload === 'string' ? payload : undefined);
        }
        done(null, payload);
      },
    },
    async (request, reply) => {
      const answer = await service.answerSlotSearch(request.query);
      reply.header('cache-control', 'no-store');
      if (answer.kind === 'kept') {
        // Already serialized and checked against the response schema when it was first sent: a
        // string with a JSON content type goes out as it is (Fastify serializes objects only).
        reply.type('application/json; charset=utf-8');
        return answer.body as unknown as GetProvidersResponse;
      }
      toKeep.set(request, answer.keep);
      return answer.response;
    },
  );

  return Promise.resolve();
};
