/*
 * Issue 18 routes. Public (the token in the X-Manage-Token header is the only credential; no API
 * URL carries it): GET manage, POST cancel, POST reschedule — per IP (the route's limit) and per
 * token (a second counter in the same store). Staff: POST resendManageLink (patients:write; audited).
 *
 * CSRF: nothing is ambient (no cookie is read), and the POSTs need a JSON body and the custom
 * token header, which a foreign page cannot send without a CORS preflight (never granted).
 */
import { createHash } from 'node:crypto';
import {
  MANAGE_API_PATH,
  MANAGE_TOKEN_HEADER,
  cancelAppointmentRequestSchema,
  cancelAppointmentResponseSchema,
  manageAppointmentResponseSchema,
  rescheduleAppointmentRequestSchema,
  resendManageLinkRequestSchema,
  resendManageLinkResponseSchema,
} from '@scheduler/contract/manage';
import { PATIENT_MANAGEMENT_PREFIX } from '@scheduler/contract/patient-management/shared';
import { DomainError } from '@scheduler/domain/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffOf } from '../../../platform/auth/request-guard.ts';
import {
  bookingRateLimit,
  errorResponseSchema,
  readRateLimit,
  refusalErrorResponses,
} from '../../../platform/http/route-kit.ts';
import type { PublicApiOptions } from '../../../platform/http/route-kit.ts';
import type { AppointmentMessages } from '../../messages/index.ts';
import type { ManageLinks } from './manage-links.ts';
import { createManageService } from './manage-service.ts';
import type { FreedTimeListener } from './manage-service.ts';

/** Requests per token per window, whatever the address (on top of the per-IP limit of the route). */
export const MANAGE_TOKEN_LIMIT = { max: 30, timeWindow: 10 * 60_000 } as const;

export interface ManageRoutesOptions extends PublicApiOptions {
  messages?: AppointmentMessages | undefined;
  waitlist?: FreedTimeListener | undefined;
  links: ManageLinks;
}

const headersSchema = z.looseObject({ [MANAGE_TOKEN_HEADER]: z.string().max(200).optional() });

function tokenOf(request: FastifyRequest): string {
  const value = request.headers[MANAGE_TOKEN_HEADER];
  return typeof value === 'string' ? value : '';
}

type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

function perTokenLimit(app: FastifyInstance): PreHandler {
  const limiter = app.createRateLimit({
    ...MANAGE_TOKEN_LIMIT,
    keyGenerator: (request) => `manage-token:${createHash('sha256').update(tokenOf(request)).digest('hex')}`,
  });
  return async (request, reply) => {
    const result = await limiter(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw Object.assign(new Error('Too many requests for one link'), { statusCode: 429 });
  };
}

/** The manage answers are about one patient: no cache, no referrer, no index. */
function privateAnswer(reply: FastifyReply): FastifyReply {
  return reply
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-robots-tag', 'noindex');
}

export const manageRoutes: FastifyPluginAsyncZod<ManageRoutesOptions> = (app, options) => {
  const service = createManageService(options);
  const limitToken = perTokenLimit(app);
  const tags = ['scheduler (public)'];
  const common =
    'The token is the X-Manage-Token header. 404 MANAGE_LINK_INVALID for a wrong, expired (started) or cancelled ' +
    'link (one plain answer). 429 RATE_LIMITED per IP and per token.';

  app.get(
    MANAGE_API_PATH,
    {
      config: readRateLimit(options.rateLimits),
      preHandler: limitToken,
      schema: {
        tags,
        summary: 'The appointment of a manage link and what the patient may do (changes nothing)',
        description: common,
        headers: headersSchema,
        response: { 200: manageAppointmentResponseSchema, ...refusalErrorResponses },
      },
    },
    async (request, reply) => privateAnswer(reply).send(await service.view(tokenOf(request))),
  );

  app.post(
    `${MANAGE_API_PATH}/cancel`,
    {
      config: bookingRateLimit(options.rateLimits),
      preHandler: limitToken,
      schema: {
        tags,
        summary: 'Cancel the appointment of a manage link (patient; inside the service cut-off)',
        description: `${common} 422 MANAGE_NOT_ALLOWED (details.reason: self-service-off, cutoff-passed).`,
        headers: headersSchema,
        body: cancelAppointmentRequestSchema,
        response: { 200: cancelAppointmentResponseSchema, ...refusalErrorResponses },
      },
    },
    async (request, reply) =>
      privateAnswer(reply).send(await service.cancel(tokenOf(request), request.body, { ip: request.ip })),
  );

  app.post(
    `${MANAGE_API_PATH}/reschedule`,
    {
      config: bookingRateLimit(options.rateLimits),
      preHandler: limitToken,
      schema: {
        tags,
        summary: 'Move the appointment of a manage link to a new time (one transaction)',
        description:
          `${common} 409 SLOT_TAKEN (the new time was taken: the appointment keeps its time), ` +
          '422 MANAGE_NOT_ALLOWED (details.reason: self-service-off, cutoff-passed, limit-reached, not-bookable).',
        headers: headersSchema,
        body: rescheduleAppointmentRequestSchema,
        response: { 200: manageAppointmentResponseSchema, ...refusalErrorResponses },
      },
    },
    async (request, reply) =>
      privateAnswer(reply).send(await service.reschedule(tokenOf(request), request.body, { ip: request.ip })),
  );

  return Promise.resolve();
};

export interface ResendManageLinkRoutesOptions {
  links: ManageLinks;
}

/** POST /api/patient-management/resendManageLink (patients:write; audited). */
export const resendManageLinkRoutes: FastifyPluginAsyncZod<ResendManageLinkRoutesOptions> = (
  app,
  options,
) => {
  const { guard, audit } = app.staffAuth;
  app.addHook('onRequest', guard.authenticate());
  app.post(
    `${PATIENT_MANAGEMENT_PREFIX}/resendManageLink`,
    {
      preHandler: guard.requireStaff({ permission: 'patients:write' }),
      schema: {
        tags: ['patient-management'],
        summary:
          'Send the patient a new manage link (earlier links stop working) with the booking confirmation (patients:write; audited). queued false: self-service off, or the appointment cancelled or started',
        body: resendManageLinkRequestSchema,
        response: {
          200: resendManageLinkResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const appointmentId = Number(request.body.appointmentId);
      if (!Number.isSafeInteger(appointmentId) || appointmentId <= 0) throw new DomainError('NOT_FOUND');
      const queued = await options.links.resend(staff.clientId, appointmentId);
      await audit.recordFor(staff.actor, 'appointment.manage-link.resend', {
        type: 'appointment',
        id: appointmentId,
        details: { queued },
      });
      return reply.header('cache-control', 'no-store').send({ queued });
    },
  );
  return Promise.resolve();
};
