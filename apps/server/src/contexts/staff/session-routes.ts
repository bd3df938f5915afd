import { DomainError } from '@scheduler/domain/errors';
import {
  clientsResponseSchema,
  currentUserResponseSchema,
  loginRequestSchema,
  okResponseSchema,
  switchClientsQuerySchema,
} from '@scheduler/contract/admin-auth';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LoginRequest } from '@scheduler/contract/admin-auth';
import {
  loginAnswerSchema,
  loginPasswordChangeRequestSchema,
  loginTwoFactorRequestSchema,
} from '@scheduler/contract/admin/accounts';
import { assertNotCrossSite, sessionOf } from '../../platform/auth/request-guard.ts';
import type { StaffGuard } from '../../platform/auth/request-guard.ts';
import type { AuthService, LoginOutcome } from '../../platform/auth/auth-service.ts';

/**
 * Per-IP request limit of the sign-in routes together (on top of the per-account and per-IP
 * lock-outs): both routes share one counter, so two routes never double it.
 */
export const LOGIN_RATE_LIMIT = { max: 20, timeWindow: 60_000 };

export interface AuthRoutesOptions {
  auth: AuthService;
  guard: StaffGuard;
}

function retryAfterOf(error: unknown): number | undefined {
  if (!(error instanceof DomainError)) return undefined;
  const seconds = error.details?.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) ? seconds : undefined;
}

function userAgentOf(request: FastifyRequest): string | null {
  const userAgent = request.headers['user-agent'];
  return typeof userAgent === 'string' ? userAgent : null;
}

/** Answers a sign-in outcome: a session (cookies set) or the next step; Retry-After on a throttle. */
function loginAnswers(auth: AuthService, guard: StaffGuard) {
  /** A session (cookies set) or the next step of the sign-in. */
  const answer = async (reply: FastifyReply, outcome: LoginOutcome) => {
    void reply.header('cache-control', 'no-store');
    if (outcome.kind === 'step') {
      return reply.send({
        step: outcome.step,
        challenge: outcome.challenge,
        expiresAt: new Date(outcome.expiresAt).toISOString(),
      });
    }
    guard.cookies.setSessionCookies(reply, outcome.token, outcome.session);
    return reply.send({
      token: outcome.token,
      expiresAt: new Date(outcome.session.expiresAt).toISOString(),
      session: await auth.currentUser(outcome.session),
    });
  };

  const withRetryAfter = async (reply: FastifyReply, work: () => Promise<LoginOutcome>) => {
    try {
      return await answer(reply, await work());
    } catch (error) {
      const retryAfter = retryAfterOf(error);
      if (retryAfter !== undefined) void reply.header('retry-after', String(retryAfter));
      throw error;
    }
  };

  return { withRetryAfter };
}

/** The steps after a correct password: the TOTP code, the new password of a forced reset. */
function registerLoginSteps(
  app: Parameters<FastifyPluginAsyncZod>[0],
  {
    auth,
    withRetryAfter,
    loginRateLimit,
  }: {
    auth: AuthService;
    withRetryAfter: ReturnType<typeof loginAnswers>['withRetryAfter'];
    loginRateLimit: ReturnType<Parameters<FastifyPluginAsyncZod>[0]['rateLimit']>;
  },
): void {
  app.post(
    '/api/config/login/two-factor',
    {
      onRequest: loginRateLimit,
      schema: {
        tags: ['config'],
        summary: 'Second step of a sign-in: the 6-digit code of the authenticator app (TOTP)',
        body: loginTwoFactorRequestSchema,
        response: { 200: loginAnswerSchema },
      },
    },
    async (request, reply) => {
      assertNotCrossSite(request);
      const context = { ip: request.ip, userAgent: userAgentOf(request), method: 'cookie' as const };
      return withRetryAfter(reply, () =>
        auth.loginTwoFactor(request.body.challenge, request.body.code, context),
      );
    },
  );

  app.post(
    '/api/config/login/password-change',
    {
      onRequest: loginRateLimit,
      schema: {
        tags: ['config'],
        summary:
          'Step of a sign-in after an owner forced a reset: choose a new password (ends every other session)',
        body: loginPasswordChangeRequestSchema,
        response: { 200: loginAnswerSchema },
      },
    },
    async (request, reply) => {
      assertNotCrossSite(request);
      const context = { ip: request.ip, userAgent: userAgentOf(request), method: 'cookie' as const };
      return withRetryAfter(reply, () =>
        auth.loginPasswordChange(request.body.challenge, request.body.newPassword, context),
      );
    },
  );
}

/** The config/auth API: sign-in, the signed-in user, brands, switching brand, sign-out. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = (app, { auth, guard }) => {
  const { withRetryAfter } = loginAnswers(auth, guard);

  const login = async (request: FastifyRequest<{ Body: LoginRequest }>, reply: FastifyReply) => {
    assertNotCrossSite(request);
    return withRetryAfter(reply, () =>
      auth.login({
        email: request.body.email,
        password: request.body.password,
        ip: request.ip,
        userAgent: userAgentOf(request),
      }),
    );
  };

  const loginSchema = {
    tags: ['config'],
    summary:
      'Sign in with e-mail and password. Sets the HttpOnly `sid` cookie and the `XSRF-TOKEN` cookie; ' +
      'the body also carries the token for the bearer fallback. When the account has two-factor sign-in ' +
      'or an owner forced a password reset, answers the next step instead (`step`, `challenge`).',
    body: loginRequestSchema,
    response: { 200: loginAnswerSchema },
  };
  // One limiter (one store) for both routes: a `config.rateLimit` per route, even with the same
  // `groupId`, gives each route its own counter in @fastify/rate-limit, doubling the limit.
  const loginRateLimit = app.rateLimit({
    ...LOGIN_RATE_LIMIT,
    keyGenerator: (request) => `staff-login:${normalizeIP(request.ip)}`,
  });
  app.post('/api/config/login', { onRequest: loginRateLimit, schema: loginSchema }, login);
  app.post(
    '/api/scheduler/adminLogin',
    { onRequest: loginRateLimit, schema: { ...loginSchema, tags: ['scheduler', 'config'] } },
    login,
  );

  registerLoginSteps(app, { auth, withRetryAfter, loginRateLimit });

  app.get(
    '/api/config/user',
    {
      onRequest: guard.authenticate(),
      schema: {
        tags: ['config'],
        summary: 'The signed-in user, brands, active brand, role and permissions (refreshes XSRF-TOKEN)',
        response: { 200: currentUserResponseSchema },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      if (session.method === 'cookie') guard.cookies.setXsrfCookie(reply, session);
      return reply.header('cache-control', 'no-store').send(await auth.currentUser(session));
    },
  );

  app.get(
    '/api/config/clients',
    {
      onRequest: guard.authenticate(),
      schema: {
        tags: ['config'],
        summary: 'The brands the user belongs to, with their schedulers',
        response: { 200: clientsResponseSchema },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await auth.clients(sessionOf(request))),
  );

  app.get(
    '/api/config/switch/clients',
    {
      // A GET that changes the session: refused when another site triggers it.
      onRequest: guard.authenticate({ originCheck: true }),
      schema: {
        tags: ['config'],
        summary: "Switch the session's active brand (403 when not a member)",
        querystring: switchClientsQuerySchema,
        response: { 200: currentUserResponseSchema },
      },
    },
    async (request, reply) => {
      const session = await auth.switchClient(sessionOf(request), request.query.clientId, request.ip);
      return reply.header('cache-control', 'no-store').send(await auth.currentUser(session));
    },
  );

  app.post(
    '/api/config/logout',
    {
      onRequest: guard.authenticate(),
      schema: {
        tags: ['config'],
        summary: 'Sign out: revokes the session on the server and clears the cookies',
        response: { 200: okResponseSchema },
      },
    },
    async (request, reply) => {
      await auth.logout(sessionOf(request), request.ip);
      guard.cookies.clearSessionCookies(reply);
      return reply.header('cache-control', 'no-store').send({ ok: true as const });
    },
  );

  return Promise.resolve();
};
