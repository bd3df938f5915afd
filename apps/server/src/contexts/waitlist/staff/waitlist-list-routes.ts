import { getWaitListQuerySchema, getWaitListResponseSchema } from '@scheduler/contract/admin/waitlist';
import {
  deleteWaitListQuerySchema,
  updateWaitListRequestSchema,
  waitListChangeResponseSchema,
} from '@scheduler/contract/waitlist';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditActor } from '../../../platform/audit/audit-log.ts';
import { staffOf } from '../../../platform/auth/request-guard.ts';
import type { Db } from '../../../platform/db/database.ts';
import { createStaffWaitlistRepository } from './waitlist-list-repository.ts';
import { createStaffWaitlistService } from './waitlist-list-service.ts';

const actorOf = (request: FastifyRequest): AuditActor => staffOf(request).actor;

/**
 * The staff waitlist (spec section 7): GET getWaitList, DELETE deleteWaitList, PATCH
 * updateWaitList. Every route authenticates first (401 before any validation), then
 * `requireStaff` checks the brand and the permission; every read and change is audited.
 */
export const staffWaitlistRoutes: FastifyPluginAsyncZod<{ db: Db }> = (app, { db }) => {
  const { guard, audit } = app.staffAuth;
  const staffData = createStaffWaitlistService({ repository: createStaffWaitlistRepository(db), audit });
  app.addHook('onRequest', guard.authenticate());
  const tags = ['scheduler-admin'];

  app.get(
    '/api/scheduler/getWaitList',
    {
      preHandler: guard.requireStaff({ permission: 'waitlist:read' }),
      schema: {
        tags,
        summary:
          'Waitlist entries with contact details and age, filtered by location, provider, service and status (waitlist:read; audited)',
        querystring: getWaitListQuerySchema,
        response: { 200: getWaitListResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await staffData.waitlist(actorOf(request), request.query)),
  );

  app.delete(
    '/api/scheduler/deleteWaitList',
    {
      preHandler: guard.requireStaff({ permission: 'waitlist:write' }),
      schema: {
        tags,
        summary:
          'Remove a waitlist entry: it leaves the waitlist and is kept with status removed (waitlist:write; audited)',
        querystring: deleteWaitListQuerySchema,
        response: { 200: waitListChangeResponseSchema },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(
        await staffData.changeWaitlistStatus(actorOf(request), {
          entryId: request.query.waitlistEntryId,
          status: 'removed',
        }),
      ),
  );

  app.patch(
    '/api/scheduler/updateWaitList',
    {
      preHandler: guard.requireStaff({ permission: 'waitlist:write' }),
      schema: {
        tags,
        summary:
          "Change a waitlist entry's status: waiting, contacted, booked (optionally with the appointment) or removed (waitlist:write; audited)",
        body: updateWaitListRequestSchema,
        response: { 200: waitListChangeResponseSchema },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(
        await staffData.changeWaitlistStatus(actorOf(request), {
          entryId: request.body.waitlistEntryId,
          status: request.body.status,
          appointmentId: request.body.appointmentId,
        }),
      ),
  );

  return Promise.resolve();
};
