/*
 * The routes of waitlist offers (issue 18), and the queue handlers of the waves and messages.
 *
 * Public (no session; the token is the only key, in the X-Claim-Token header: no URL, so no log line
 * or analytics path, carries it):
 *   GET  /api/scheduler/waitlistOffer        the offer (changes nothing; no-store, noindex)
 *   POST /api/scheduler/claimWaitlistOffer   claim it (JSON body: an explicit action)
 * Both are rate-limited per token (10 a minute) as well as per IP by the platform.
 * Staff (waitlist:read, audited): GET getWaitlistOffers, GET getWaitlistOffersReport.
 */
import { createHash } from 'node:crypto';
import {
  CLAIM_TOKEN_HEADER,
  claimTokenHeadersSchema,
  getWaitlistOffersQuerySchema,
  getWaitlistOffersResponseSchema,
  waitlistClaimGoneSchema,
  waitlistClaimRequestSchema,
  waitlistClaimResponseSchema,
  waitlistOfferViewSchema,
  waitlistOffersReportQuerySchema,
  waitlistOffersReportSchema,
} from '@scheduler/contract/waitlist-offers';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../../../platform/auth/request-guard.ts';
import type { Db } from '../../../platform/db/database.ts';
import { PUBLIC_API_PREFIX, publicErrorResponses } from '../../../platform/http/route-kit.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import type { EmailTransport, SmsTransport } from '../../../platform/outbound/transports.ts';
import type { AvailabilityService } from '../../scheduling/index.ts';
import type { AppointmentMessages } from '../../messages/index.ts';
import { createClaimService } from './claim-service.ts';
import { listOffers, offersReport } from './staff-offers.ts';
import type { WaitlistOffers } from './time-freed.ts';
import { SEND_OFFER_QUEUE, WAVE_QUEUE, sendHandler, waveHandler } from './waves.ts';

export interface WaitlistOffersPluginOptions {
  db: Db;
  now: () => Date;
  jobs: JobQueue;
  email: EmailTransport;
  sms: SmsTransport;
  publicUrl: string;
  availability: AvailabilityService;
  messages?: AppointmentMessages | undefined;
  offers: WaitlistOffers;
  /** Claims per token per minute (default 10). */
  perTokenPerMinute?: number;
}

const ONE_MINUTE_MS = 60_000;

/** The rate-limit key of a token: a hash prefix, never the token. */
function tokenKey(request: FastifyRequest): string {
  const token = request.headers[CLAIM_TOKEN_HEADER];
  const text = typeof token === 'string' ? token : '';
  return `waitlist-offer:${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
}

function privateHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-robots-tag', 'noindex');
}

export const waitlistOffersPlugin: FastifyPluginAsyncZod<WaitlistOffersPluginOptions> = async (
  app,
  options,
) => {
  const { db, now, jobs } = options;
  jobs.handle(WAVE_QUEUE, waveHandler(db, jobs, now));
  jobs.handle(
    SEND_OFFER_QUEUE,
    sendHandler({ db, now, email: options.email, sms: options.sms, publicUrl: options.publicUrl }),
  );
  const claims = createClaimService({
    db,
    now,
    availability: options.availability,
    messages: options.messages,
    offers: options.offers,
  });
  const rateLimit = {
    rateLimit: {
      max: options.perTokenPerMinute ?? 10,
      timeWindow: ONE_MINUTE_MS,
      groupId: 'waitlist-offer-token',
      keyGenerator: tokenKey,
    },
  };
  const tags = ['scheduler (public)'];

  app.get(
    `${PUBLIC_API_PREFIX}/waitlistOffer`,
    {
      config: rateLimit,
      schema: {
        tags,
        summary: 'A waitlist offer, by its claim link (changes nothing)',
        description:
          'status open (claimable), claimed, gone (someone else claimed it) or expired, with the next times of the ' +
          'same service when it is not open. 404 NOT_FOUND for an unknown token (reveals nothing).',
        headers: claimTokenHeadersSchema,
        response: { 200: waitlistOfferViewSchema, ...publicErrorResponses },
      },
    },
    async (request, reply) =>
      privateHeaders(reply).send(await claims.view(request.headers[CLAIM_TOKEN_HEADER])),
  );

  app.post(
    `${PUBLIC_API_PREFIX}/claimWaitlistOffer`,
    {
      config: rateLimit,
      schema: {
        tags,
        summary:
          'Claim a waitlist offer: the first claim books the time (single use; idempotent by idempotencyKey)',
        description:
          "201 with the booking (outcome moved when the patient's later appointment moved here); 200 for a retry " +
          'with the same idempotencyKey; 409 SLOT_TAKEN / OFFER_EXPIRED / OFFER_USED with the next times of the same ' +
          'service; 404 NOT_FOUND.',
        headers: claimTokenHeadersSchema,
        body: waitlistClaimRequestSchema,
        response: {
          200: waitlistClaimResponseSchema,
          201: waitlistClaimResponseSchema,
          409: waitlistClaimGoneSchema,
          ...publicErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const outcome = await claims.claim(
        request.headers[CLAIM_TOKEN_HEADER],
        request.body.idempotencyKey,
        request.ip,
      );
      privateHeaders(reply);
      if (outcome.kind === 'gone') return reply.status(409).send(outcome.body);
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(outcome.replayed ? 200 : 201).send(outcome.response);
    },
  );

  await app.register(staffOfferRoutes, { db });
};

const staffOfferRoutes: FastifyPluginAsyncZod<{ db: Db }> = (app, { db }) => {
  const { guard, audit } = app.staffAuth;
  app.addHook('onRequest', guard.authenticate());
  const tags = ['scheduler-admin'];
  const read = guard.requireStaff({ permission: 'waitlist:read' });

  app.get(
    '/api/scheduler/getWaitlistOffers',
    {
      preHandler: read,
      schema: {
        tags,
        summary:
          "Waitlist offers: each entry's offers with time, wave, sent and outcome (waitlist:read; audited)",
        querystring: getWaitlistOffersQuerySchema,
        response: { 200: getWaitlistOffersResponseSchema },
      },
    },
    async (request, reply) => {
      const { actor } = staffOf(request);
      const items = await listOffers(db, actor.clientId, request.query);
      await audit.recordFor(actor, 'waitlist.offers.read', {
        type: 'waitlist_entry',
        id: request.query.waitlistEntryId ?? null,
        details: { count: items.length },
      });
      return reply.header('cache-control', 'no-store').send({ items });
    },
  );

  app.get(
    '/api/scheduler/getWaitlistOffersReport',
    {
      preHandler: read,
      schema: {
        tags,
        summary:
          'Waitlist offers sent and claimed, times filled and days gained, for a date range (waitlist:read)',
        querystring: waitlistOffersReportQuerySchema,
        response: { 200: waitlistOffersReportSchema },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await offersReport(db, staffOf(request).actor.clientId, request.query)),
  );

  return Promise.resolve();
};
