import { normalizeIP } from '@fastify/rate-limit';
import {
  accountResponseSchema,
  changePasswordRequestSchema,
  endedSessionsResponseSchema,
  forgotPasswordRequestSchema,
  forgotPasswordResponseSchema,
  okResponseSchema,
  resetPasswordRequestSchema,
  sessionParamsSchema,
  sessionsResponseSchema,
  twoFactorCodeRequestSchema,
  twoFactorDisableRequestSchema,
  twoFactorEnrolRequestSchema,
  twoFactorEnrolResponseSchema,
  twoFactorStatusResponseSchema,
} from '@scheduler/contract/admin/accounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertNotCrossSite, sessionOf } from '../../platform/auth/request-guard.ts';
import type { StaffGuard } from '../../platform/auth/request-guard.ts';
import type { AccountService } from './account-service.ts';

/** Password routes that check a password or send e-mail: per IP, a few a minute. */
export const PASSWORD_RATE_LIMIT = { max: 10, timeWindow: 60_000 };

/** The signed-in person's own account: password, sessions, two-factor; and the public reset. */
export const accountRoutes: FastifyPluginAsyncZod<{ guard: StaffGuard; account: AccountService }> = (
  app,
  { guard, account },
) => {
  const onRequest = guard.authenticate();
  const tags = ['config'];
  const passwordRateLimit = app.rateLimit({
    ...PASSWORD_RATE_LIMIT,
    keyGenerator: (request) => `staff-password:${normalizeIP(request.ip)}`,
  });
  const limited = [onRequest, passwordRateLimit];

  app.get(
    '/api/config/account',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The signed-in person: e-mail, name, two-factor status',
        response: { 200: accountResponseSchema },
      },
    },
    (request) => account.account(sessionOf(request)),
  );

  app.post(
    '/api/config/password',
    {
      onRequest: limited,
      schema: {
        tags,
        summary: 'Change your password (the current one required); every other session of yours ends',
        body: changePasswordRequestSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await account.changePassword(sessionOf(request), request.body, request.ip);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/config/password/forgot',
    {
      onRequest: passwordRateLimit,
      schema: {
        tags,
        summary:
          'Ask for a password reset link by e-mail (single-use, 1 hour). The same answer whether or not an account uses the address.',
        body: forgotPasswordRequestSchema,
        response: { 202: forgotPasswordResponseSchema },
      },
    },
    async (request, reply) => {
      assertNotCrossSite(request);
      const answer = await account.forgotPassword(request.body.email);
      return reply.status(202).header('cache-control', 'no-store').send(answer);
    },
  );

  app.post(
    '/api/config/password/reset',
    {
      onRequest: passwordRateLimit,
      schema: {
        tags,
        summary: 'Choose a new password with a reset link; every session of the account ends',
        body: resetPasswordRequestSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request, reply) => {
      assertNotCrossSite(request);
      await account.resetPassword(request.body.token, request.body.newPassword, request.ip);
      return reply.header('cache-control', 'no-store').send({ ok: true as const });
    },
  );

  return Promise.resolve();
};

/** The signed-in person's sessions and two-factor sign-in. */
export const sessionsAndTwoFactorRoutes: FastifyPluginAsyncZod<{
  guard: StaffGuard;
  account: AccountService;
}> = (app, { guard, account }) => {
  const onRequest = guard.authenticate();
  const tags = ['config'];
  const passwordRateLimit = app.rateLimit({
    ...PASSWORD_RATE_LIMIT,
    keyGenerator: (request) => `staff-password:${normalizeIP(request.ip)}`,
  });
  const limited = [onRequest, passwordRateLimit];

  app.get(
    '/api/config/sessions',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Your sessions: when they started, were last used, from where (shortened) and which browser',
        response: { 200: sessionsResponseSchema },
      },
    },
    async (request) => ({ items: await account.sessions(sessionOf(request)) }),
  );

  app.delete(
    '/api/config/sessions/:sessionId',
    {
      onRequest,
      schema: {
        tags,
        summary: 'End one of your sessions',
        params: sessionParamsSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await account.endSession(sessionOf(request), request.params.sessionId, request.ip);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/config/sessions/end-others',
    {
      onRequest,
      schema: {
        tags,
        summary: 'End every session of yours but this one',
        response: { 200: endedSessionsResponseSchema },
      },
    },
    async (request) => ({ ended: await account.endOtherSessions(sessionOf(request), request.ip) }),
  );

  app.post(
    '/api/config/two-factor/enrol',
    {
      onRequest: limited,
      schema: {
        tags,
        summary: 'Start setting up two-factor sign-in (TOTP): a secret and its otpauth:// URI for a QR code',
        body: twoFactorEnrolRequestSchema,
        response: { 200: twoFactorEnrolResponseSchema },
      },
    },
    (request) => account.enrolTwoFactor(sessionOf(request), request.body.currentPassword),
  );

  app.post(
    '/api/config/two-factor/confirm',
    {
      onRequest: limited,
      schema: {
        tags,
        summary: 'Turn two-factor sign-in on with a code from the app',
        body: twoFactorCodeRequestSchema,
        response: { 200: twoFactorStatusResponseSchema },
      },
    },
    async (request) => {
      await account.confirmTwoFactor(sessionOf(request), request.body.code, request.ip);
      return { enabled: true };
    },
  );

  app.post(
    '/api/config/two-factor/disable',
    {
      onRequest: limited,
      schema: {
        tags,
        summary: 'Turn two-factor sign-in off (current password and a code required)',
        body: twoFactorDisableRequestSchema,
        response: { 200: twoFactorStatusResponseSchema },
      },
    },
    async (request) => {
      await account.disableTwoFactor(sessionOf(request), request.body, request.ip);
      return { enabled: false };
    },
  );

  return Promise.resolve();
};
