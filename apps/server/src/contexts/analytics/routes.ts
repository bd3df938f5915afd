import { analyticsEventSchema } from '@scheduler/contract/analytics';
import { acceptedResponseSchema, trackLogRequestSchema } from '@scheduler/contract/scheduler-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC_API_PREFIX, publicErrorResponses, readRateLimit } from '../../platform/http/route-kit.ts';
import type { PublicApiOptions } from '../../platform/http/route-kit.ts';
import { createAnalyticsRepository } from './analytics-repository.ts';
import { createAnalyticsService } from './service.ts';

/** POST updateUserSession (analytics event) and POST /api/track (tracking log). */
export const analyticsRoutes: FastifyPluginAsyncZod<PublicApiOptions> = (app, options) => {
  const service = createAnalyticsService(createAnalyticsRepository(options.db), options.now);
  const config = readRateLimit(options.rateLimits);

  app.post(
    `${PUBLIC_API_PREFIX}/updateUserSession`,
    {
      config,
      schema: {
        tags: ['analytics'],
        summary: 'Record one analytics event of the booking flow (no patient identity)',
        description:
          'clientId is the client slug or id (unknown: 404). Upserts the session (first touch keeps the ' +
          'campaign; event_count grows) and appends the event.',
        body: analyticsEventSchema,
        response: { 200: acceptedResponseSchema, ...publicErrorResponses },
      },
    },
    async (request) => {
      await service.recordEvent(request.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/track',
    {
      config,
      schema: {
        tags: ['analytics'],
        summary: 'Record the tracking log line posted after each analytics event',
        body: trackLogRequestSchema,
        response: { 200: acceptedResponseSchema, ...publicErrorResponses },
      },
    },
    async (request) => {
      await service.recordTrackLog(request.body);
      return { ok: true as const };
    },
  );

  return Promise.resolve();
};
