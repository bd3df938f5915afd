import { getProvidersQuerySchema, getProvidersResponseSchema } from '@scheduler/contract/scheduler-api';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pickEncoding } from '../../../platform/http/content-encoding.ts';
import { PUBLIC_API_PREFIX, readRateLimit, refusalErrorResponses } from '../../../platform/http/route-kit.ts';
import type { PublicApiOptions } from '../../../platform/http/route-kit.ts';
import type { AvailabilityService } from './service.ts';

export interface SlotSearchRoutesOptions extends PublicApiOptions {
  /** The app's one availability service (its caches are shared with the waitlist). */
  availability: AvailabilityService;
}

/** GET getProviders: the slot search of the find-appointment step. */
export const slotSearchRoutes: FastifyPluginAsyncZod<SlotSearchRoutesOptions> = (
  app,
  { availability, rateLimits },
) => {
  app.get(
    `${PUBLIC_API_PREFIX}/getProviders`,
    {
      config: readRateLimit(rateLimits),
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
    },
    async (request, reply) => {
      // Serialized once, when computed, and kept as the bytes sent (compressed when the client
      // accepts brotli or gzip, as browsers do: an answer is 20–170 KB of JSON): a Buffer goes out
      // as it is (Fastify serializes objects only). Not checked against the response schema at run time:
      // the answer is built field by field in typed code (response.ts), and the check cost more
      // than the rest of a search after a booking (1.7 ms of ~6 at 50 providers, issue 22); the
      // route's tests check every answer they get against the schema instead.
      const encoding = pickEncoding(request.headers['accept-encoding']);
      const body = await availability.answerSlotSearch(request.query, JSON.stringify, encoding);
      const sent: FastifyReply = reply
        .header('cache-control', 'no-store')
        .header('vary', 'accept-encoding')
        .type('application/json; charset=utf-8');
      if (encoding !== 'identity') void sent.header('content-encoding', encoding);
      return sent.send(body);
    },
  );

  return Promise.resolve();
};
