/*
 * Twilio's webhooks (public: Twilio calls them; listed in tools/safety/public-routes.ts). Each
 * request must carry a valid `X-Twilio-Signature` for PUBLIC_URL + path (+ query) and its form
 * parameters, made with TWILIO_AUTH_TOKEN (twilio.validateRequest); otherwise 403 before any
 * validation or work (and always 403 when SMS is not configured). Bodies are form-encoded, parsed
 * in this plugin only, then validated with the contract's zod schemas.
 *
 *  - POST /api/messages/twilio/status?messageId=…  delivery status → 204
 *  - POST /api/messages/twilio/inbound             a patient's reply → 200 TwiML
 */
import {
  TWILIO_INBOUND_URL,
  TWILIO_STATUS_URL,
  twilioInboundBodySchema,
  twilioStatusBodySchema,
  twilioStatusQuerySchema,
} from '@scheduler/contract/admin/messages';
import { DomainError } from '@scheduler/domain/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import twilio from 'twilio';
import { z } from 'zod';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/database.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { errorResponseSchema } from '../../platform/http/route-kit.ts';
import { createWebhookService } from './webhook-service.ts';

export interface TwilioWebhookOptions {
  db: Db;
  now: () => Date;
  jobs: JobQueue;
  config: Pick<Config, 'twilio' | 'publicUrl'>;
}

const FORM = 'application/x-www-form-urlencoded';
/** Twilio's parameters are short; an SMS body is at most 1600 characters. */
const FORM_LIMIT_BYTES = 64 * 1024;

function formParams(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null) return {};
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

export function isSignedByTwilio(
  request: Pick<FastifyRequest, 'headers' | 'url' | 'body'>,
  config: TwilioWebhookOptions['config'],
): boolean {
  const signature = request.headers['x-twilio-signature'];
  if (config.twilio === undefined || typeof signature !== 'string' || signature === '') return false;
  return twilio.validateRequest(
    config.twilio.authToken,
    signature,
    `${config.publicUrl}${request.url}`,
    formParams(request.body),
  );
}

export function twimlOf(text: string | null): string {
  const response = new twilio.twiml.MessagingResponse();
  if (text !== null) response.message(text);
  return response.toString();
}

export const twilioWebhookRoutes: FastifyPluginAsyncZod<TwilioWebhookOptions> = (app, options) => {
  const service = createWebhookService(options);
  app.addContentTypeParser(
    FORM,
    { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  // Before validation: an unsigned request learns nothing about what we accept.
  app.addHook('preValidation', (request, _reply, done) => {
    if (isSignedByTwilio(request, options.config)) done();
    else done(new DomainError('FORBIDDEN', 'The request is not signed by Twilio.'));
  });
  const tags = ['messages (Twilio webhooks)'];
  const refusals = { 400: errorResponseSchema, 403: errorResponseSchema };
  const twiml = z.string().describe('TwiML (text/xml)');

  app.post(
    TWILIO_STATUS_URL,
    {
      schema: {
        tags,
        summary: "Twilio's delivery status of an SMS (signed by Twilio; 403 otherwise)",
        querystring: twilioStatusQuerySchema,
        body: twilioStatusBodySchema,
        response: { 204: z.null().describe('No content'), ...refusals },
      },
    },
    async (request, reply) => {
      await service.deliveryStatus(request.body, request.query.messageId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    TWILIO_INBOUND_URL,
    {
      schema: {
        tags,
        summary:
          'An SMS reply from a patient: C/Y confirms, STOP/START/HELP (signed by Twilio; 403 otherwise)',
        body: twilioInboundBodySchema,
        response: { 200: twiml, ...refusals },
      },
    },
    async (request, reply) => {
      const answer = await service.inbound(request.body);
      return reply.status(200).header('content-type', 'text/xml; charset=utf-8').send(twimlOf(answer));
    },
  );
  return Promise.resolve();
};
