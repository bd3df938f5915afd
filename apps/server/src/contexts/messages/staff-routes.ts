/*
 * The staff routes of messages (contract: packages/contract/src/admin/messages.ts). Every route
 * authenticates first (401 before validation), then `requireStaff` checks the brand and the
 * permission: messages name patients, so reading them needs patients:read (audited), resending
 * patients:write; the reminder rules config:read / config:write; the figures reports:read.
 */
import {
  MESSAGES_URL,
  MESSAGE_REPORT_URL,
  MESSAGE_RULES_URL,
  messageListQuerySchema,
  messageListResponseSchema,
  messageParamsSchema,
  messageQuerySchema,
  messageReportQuerySchema,
  messageReportResponseSchema,
  messageResponseSchema,
  messageRulesQuerySchema,
  messageRulesResponseSchema,
  resendMessageRequestSchema,
  resendMessageResponseSchema,
  updateMessageRulesRequestSchema,
} from '@scheduler/contract/admin/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../../platform/auth/request-guard.ts';
import type { Db } from '../../platform/db/database.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { errorResponseSchema } from '../../platform/http/route-kit.ts';
import { staffRouteKit } from '../../platform/http/staff-route-kit.ts';
import { createMessagesStaffService } from './staff-service.ts';

export interface MessagesStaffRoutesOptions {
  db: Db;
  now: () => Date;
  jobs: JobQueue;
}

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

export const messagesStaffRoutes: FastifyPluginAsyncZod<MessagesStaffRoutesOptions> = (
  app,
  { db, now, jobs },
) => {
  const { guard, audit } = app.staffAuth;
  const service = createMessagesStaffService({ db, jobs, audit, now });
  const kit = staffRouteKit(app, guard, ['messages']);
  const tags = ['messages'];

  kit.get(MESSAGES_URL, {
    summary:
      "The brand's patient messages, newest first; filters: status, channel, kind, patient, appointment, dates (patients:read; audited)",
    permission: 'patients:read',
    querystring: messageListQuerySchema,
    response: messageListResponseSchema,
    handle: (actor, query) => service.list(actor, query),
  });

  app.get(
    `${MESSAGES_URL}/:messageId`,
    {
      preHandler: guard.requireStaff({ permission: 'patients:read' }),
      schema: {
        tags,
        summary: 'One message with its text as rendered at send time (patients:read; audited)',
        params: messageParamsSchema,
        querystring: messageQuerySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.one(staffOf(request).actor, request.params.messageId);
    },
  );

  app.post(
    `${MESSAGES_URL}/:messageId/resend`,
    {
      preHandler: guard.requireStaff({ permission: 'patients:write' }),
      schema: {
        tags,
        summary:
          'Send a failed message again (or one not sent for lack of a transport): a new try is queued (patients:write; 409 otherwise)',
        params: messageParamsSchema,
        body: resendMessageRequestSchema,
        response: { 200: resendMessageResponseSchema, ...errors },
      },
    },
    (request) => service.resend(staffOf(request).actor, request.params.messageId),
  );

  kit.get(MESSAGE_RULES_URL, {
    summary: "A scheduler's reminder rules and quiet hours (the defaults until changed) (config:read)",
    querystring: messageRulesQuerySchema,
    response: messageRulesResponseSchema,
    handle: (actor, query) => service.rules(actor, query.ruleId),
  });

  kit.write('put', MESSAGE_RULES_URL, {
    summary:
      "Replace a scheduler's reminder rules and quiet hours; a stale `version` answers 409 (config:write)",
    body: updateMessageRulesRequestSchema,
    response: messageRulesResponseSchema,
    handle: (actor, body) => service.updateRules(actor, body),
  });

  kit.get(MESSAGE_REPORT_URL, {
    summary:
      'Reminder figures of a date range: by status, confirmed by reply, no-show rate of reminded vs not reminded appointments (reports:read)',
    permission: 'reports:read',
    querystring: messageReportQuerySchema,
    response: messageReportResponseSchema,
    handle: (actor, query) => service.report(actor, query),
  });

  return Promise.resolve();
};
