import {
  brandScopeQuerySchema,
  changeRoleRequestSchema,
  practiceUserResponseSchema,
  userParamsSchema,
} from '@scheduler/contract/admin-auth';
import {
  createInvitationRequestSchema,
  invitationCreatedResponseSchema,
} from '@scheduler/contract/admin/accounts';
import { deletedResponseSchema } from '@scheduler/contract/admin/paging';
import { listUsersQuerySchema, usersPageResponseSchema } from '@scheduler/contract/admin/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../../platform/auth/request-guard.ts';
import type { StaffGuard } from '../../platform/auth/request-guard.ts';
import type { InvitationsService } from './invitations-service.ts';
import type { UsersService } from './users-service.ts';

/** `/api/config/users`: the members of the active (or given) brand; owners only (users:manage). */
export const usersRoutes: FastifyPluginAsyncZod<{
  guard: StaffGuard;
  users: UsersService;
  invitations: InvitationsService;
}> = (app, { guard, users, invitations }) => {
  const onRequest = guard.authenticate();
  const preHandler = guard.requireStaff({ permission: 'users:manage' });
  const tags = ['config'];

  app.get(
    '/api/config/users',
    {
      onRequest,
      preHandler,
      schema: {
        tags,
        summary:
          "The practice's users and their roles: paged, searchable (name, e-mail) and sortable (users:manage)",
        querystring: listUsersQuerySchema,
        response: { 200: usersPageResponseSchema },
      },
    },
    (request) => users.list(staffOf(request).actor, request.query),
  );

  app.post(
    '/api/config/users',
    {
      onRequest,
      preHandler,
      schema: {
        tags,
        summary:
          'Invite a person by e-mail with a role (users:manage); the same as POST /api/config/invitations. ' +
          'Nobody is added until they accept; the answer says nothing about an existing account.',
        body: createInvitationRequestSchema,
        response: { 201: invitationCreatedResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await invitations.invite(staffOf(request).actor, request.body);
      return reply.status(201).header('cache-control', 'no-store').send(result);
    },
  );

  app.patch(
    '/api/config/users/:userId',
    {
      onRequest,
      preHandler,
      schema: {
        tags,
        summary: "Change a user's role in the practice (users:manage; a practice keeps at least one owner)",
        params: userParamsSchema,
        body: changeRoleRequestSchema,
        response: { 200: practiceUserResponseSchema },
      },
    },
    async (request) => ({
      user: await users.changeRole(staffOf(request).actor, request.params.userId, request.body.role),
    }),
  );

  app.delete(
    '/api/config/users/:userId',
    {
      onRequest,
      preHandler,
      schema: {
        tags,
        summary: 'Remove a user from the practice (users:manage; not the last owner)',
        params: userParamsSchema,
        querystring: brandScopeQuerySchema,
        response: { 200: deletedResponseSchema },
      },
    },
    async (request) => {
      await users.remove(staffOf(request).actor, request.params.userId);
      return { deleted: true as const };
    },
  );

  return Promise.resolve();
};
