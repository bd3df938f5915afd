/*
 * Issue 20: providers' calendar feeds.
 *  - `GET /api/calendar/{token}.ics` (public; the token is the credential): the provider's
 *    appointments as an RFC 5545 calendar (calendar-feed-service.ts). An unknown, rotated or
 *    malformed token is one plain 404. Weak ETag and 304 on If-None-Match; `Cache-Control:
 *    private, max-age=300`. Rate limited per IP (the route's limit) and per token (a second
 *    counter keyed by the token's hash). The token never reaches a log line: the route's pattern
 *    is logged with the parameter redacted (log-redaction.ts), and a path that matches no route
 *    has the segment after `calendar` redacted.
 *  - `GET /api/scheduler/admin/providers/:providerId/calendar-feed` (config:read): the address,
 *    null while there is none (a read makes nothing); `POST …/calendar-feed/rotate` (config:write):
 *    the first address, or a new one (the old one answers 404 at once). Both audited.
 */
import { createHash } from 'node:crypto';
import {
  CALENDAR_FEED_PREFIX,
  calendarFeedQuerySchema,
  calendarFeedResponseSchema,
  rotateCalendarFeedRequestSchema,
  rotateCalendarFeedResponseSchema,
} from '@scheduler/contract/admin/calendar-feeds';
import { providerParamsSchema } from '@scheduler/contract/admin/providers';
import { DomainError } from '@scheduler/domain/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffOf } from '../../../platform/auth/request-guard.ts';
import { setTenant } from '../../../platform/db/tenant-context.ts';
import { errorResponseSchema, readRateLimit } from '../../../platform/http/route-kit.ts';
import type { OpenAvailabilityOptions } from '../options.ts';
import { createCalendarFeedService } from './calendar-feed-service.ts';
import { calendarFeedKeyOf } from './feed-token.ts';

/** Requests per token per window, whatever the address (subscribers poll every 15 minutes or less often). */
export const CALENDAR_FEED_TOKEN_LIMIT = { max: 60, timeWindow: 60 * 60_000 } as const;

/** What the answer may be cached for by the subscriber (seconds). */
const MAX_AGE_SECONDS = 300;

const paramsSchema = z.object({ token: z.string() });

function tokenOf(request: FastifyRequest): string {
  const params = request.params as { token?: unknown } | undefined;
  return typeof params?.token === 'string' ? params.token : '';
}

function perTokenLimit(app: FastifyInstance) {
  const limiter = app.createRateLimit({
    ...CALENDAR_FEED_TOKEN_LIMIT,
    keyGenerator: (request) => `calendar-feed:${createHash('sha256').update(tokenOf(request)).digest('hex')}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const result = await limiter(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw Object.assign(new Error('Too many requests for one calendar feed'), { statusCode: 429 });
  };
}

/** If-None-Match against a weak ETag (weak comparison, RFC 9110 §13.1.2). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

export const calendarFeedRoutes: FastifyPluginAsyncZod<OpenAvailabilityOptions> = async (app, options) => {
  const { db, now, config, rateLimits } = options;
  const { audit, guard } = app.staffAuth;
  const feeds = createCalendarFeedService({
    db,
    now,
    audit,
    key: calendarFeedKeyOf(config),
    publicUrl: config.publicUrl,
  });
  const limitToken = perTokenLimit(app);

  app.get(
    `${CALENDAR_FEED_PREFIX}/:token.ics`,
    {
      config: readRateLimit(rateLimits),
      preHandler: limitToken,
      schema: {
        tags: ['calendar feeds (public)'],
        summary: "A provider's calendar feed (RFC 5545, text/calendar): the token is the credential",
        description:
          'The provider’s appointments from 7 days ago to 60 days ahead at every location: times with the ' +
          'location’s TZID and VTIMEZONE, location name and address, "Booked: 30 min" (or the service name when ' +
          'the practice shows it), STATUS:CANCELLED for cancelled ones; never anything about the patient. ' +
          'Weak ETag, 304 on If-None-Match, Cache-Control private, max-age=300. 404 for an unknown or rotated ' +
          'token; 429 per IP and per token.',
        params: paramsSchema,
        response: { 404: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const feed = await feeds.feedOf(request.params.token);
      if (feed === undefined)
        throw new DomainError('NOT_FOUND', 'There is no calendar feed at this address.');
      // Found in system scope (the token names no brand); the rest reads the feed's brand only.
      setTenant({ scope: 'tenant', clientId: feed.clientId });
      const rendered = await feed.render();
      // The text is no JSON answer: past the type provider's response types.
      const sent: FastifyReply = reply;
      sent
        .header('etag', rendered.etag)
        .header('cache-control', `private, max-age=${MAX_AGE_SECONDS}`)
        .header('referrer-policy', 'no-referrer')
        .header('x-robots-tag', 'noindex');
      if (matches(request.headers['if-none-match'], rendered.etag)) return sent.status(304).send();
      return sent
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="calendar.ics"')
        .send(rendered.body());
    },
  );

  const adminRoutes: FastifyPluginAsyncZod = (admin) => {
    admin.addHook('onRequest', guard.authenticate());
    admin.get(
      '/api/scheduler/admin/providers/:providerId/calendar-feed',
      {
        preHandler: guard.requireStaff({ permission: 'config:read' }),
        schema: {
          tags: ['scheduler-admin'],
          summary:
            "A provider's calendar feed address (https and webcal), null while there is none: a secret that lets anyone holding it read the provider's appointment times and places (config:read; audited)",
          params: providerParamsSchema,
          querystring: calendarFeedQuerySchema,
          response: { 200: calendarFeedResponseSchema },
        },
      },
      async (request) => ({ feed: await feeds.address(staffOf(request).actor, request.params.providerId) }),
    );
    admin.post(
      '/api/scheduler/admin/providers/:providerId/calendar-feed/rotate',
      {
        preHandler: guard.requireStaff({ permission: 'config:write' }),
        schema: {
          tags: ['scheduler-admin'],
          summary:
            'A new calendar feed address for the provider: the old one answers 404 at once (config:write; audited)',
          params: providerParamsSchema,
          body: rotateCalendarFeedRequestSchema,
          response: { 200: rotateCalendarFeedResponseSchema },
        },
      },
      async (request) => ({ feed: await feeds.rotate(staffOf(request).actor, request.params.providerId) }),
    );
    return Promise.resolve();
  };
  await app.register(adminRoutes);
};
