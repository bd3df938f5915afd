import { createWaitListResponseSchema } from '@scheduler/contract/scheduler-api';
import { waitlistEntryRequestSchema } from '@scheduler/contract/waitlist';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AvailabilityService } from '../../scheduling/index.ts';
import {
  PUBLIC_API_PREFIX,
  bookingRateLimit,
  refusalErrorResponses,
} from '../../../platform/http/route-kit.ts';
import type { PublicApiOptions } from '../../../platform/http/route-kit.ts';
import { createWaitlistService } from './waitlist-service.ts';
import { createWaitlistRepository } from './waitlist-repository.ts';

export interface WaitlistRoutesOptions extends PublicApiOptions {
  /** The app's one availability service (scheduling context). */
  availability: AvailabilityService;
}

/** POST createWaitList. */
export const waitlistRoutes: FastifyPluginAsyncZod<WaitlistRoutesOptions> = (app, options) => {
  const service = createWaitlistService(
    createWaitlistRepository(options.db),
    options.availability,
    options.now,
  );

  app.post(
    `${PUBLIC_API_PREFIX}/createWaitList`,
    {
      config: bookingRateLimit(options.rateLimits),
      schema: {
        tags: ['scheduler (public)'],
        summary: 'Join the waitlist of a provider or location without online availability',
        description:
          'Offered for a provider without capacity when appointment 7 is Yes (providerId set), for a location ' +
          'without capacity when appointment 10 is Yes and the location has its waitlist on (providerId null); ' +
          'otherwise 422 WAITLIST_NOT_OFFERED. 201 with a new entry; 200 with the entry when the same person ' +
          'is already waiting for the same thing.',
        body: waitlistEntryRequestSchema,
        response: {
          200: createWaitListResponseSchema,
          201: createWaitListResponseSchema,
          ...refusalErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const result = await service.createEntry(request.body);
      return reply.status(result.existing ? 200 : 201).send({ waitlistEntryId: result.waitlistEntryId });
    },
  );

  return Promise.resolve();
};
