import {
  brandScopeQuerySchema,
  practiceUserResponseSchema,
  userParamsSchema,
} from '@scheduler/contract/admin-auth';
import {
  accountSecurityRequestSchema,
  accountSecurityResponseSchema,
  okResponseSchema,
} from '@scheduler/contract/admin/accounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../../platform/auth/request-guard.ts';
import type { StaffGuard } from '../../platform/auth/request-guard.ts';
import type { UsersService } from './users-service.ts';

/**
 * What an owner may do to a member's access (users:manage): disable or enable them in this
 * practice, force a password reset — never see or set a password — and require owners to use
 * two-factor sign-in.
 */
export const memberSecurityRoutes: FastifyPluginAsyncZod<{ guard: StaffGuard; users: UsersService }> = (
  app,
  { guard, users },
) => {
  const onRequest = guard.authenticate();
  const preHandler = guard.requireStaff({ permission: 'users:manage' });
  const tags = ['config'];

  for (const [action, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    app.post(
      `/api/config/users/:userId/${action}`,
      {
        onRequest,
        preHandler,
        schema: {
          tags,
          summary: disabled
            ? 'Disable a member in this practice: their sessions on it end (users:manage; not the last owner)'
            : 'Enable a disabled member again (users:manage)',
          params: userParamsSchema,
          querystring: brandScopeQuerySchema,
          response: { 200: practiceUserResponseSchema },
        },
      },
      async (request) => ({
        user: await users.setDisabled(staffOf(request).actor, request.params.userId, disabled),
      }),
    );
  }

  app.post(
    '/api/config/users/:userId/force-reset',
    {
      onRequest,
      preHandler,
      schema: {
        tags,
        summary:
          "Force a member's password reset: every session of theirs ends and their next sign-in must choose a new password (users:manage)",
        params: userParamsSchema,
        querystring: brandScopeQuerySchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await users.forceReset(staffOf(request).actor, request.params.userId);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/config/account-security',
    {
      onRequest,
      preHandler,
      schema: {
        tags,
        summary: "The practice's sign-in rules: whether owners must use two-factor sign-in (users:manage)",
        querystring: brandScopeQuerySchema,
        response: { 200: accountSecurityResponseSchema },
      },
    },
    async (request) => ({
      requireOwnerTwoFactor: await users.ownerTwoFactorRequired(staffOf(request).actor),
    }),
  );

  app.put(
    '/api/config/account-security',
    {
      onRequest,
      preHandler,
      schema: {
        tags,
        summary: 'Require owners to use two-factor sign-in (users:manage; set it up for yourself first)',
        body: accountSecurityRequestSchema,
        response: { 200: accountSecurityResponseSchema },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const required = await users.setOwnerTwoFactorRequired(
        staff.actor,
        request.body.requireOwnerTwoFactor,
        staff.session.twoFactorEnabled,
      );
      return { requireOwnerTwoFactor: required };
    },
  );

  return Promise.resolve();
};
