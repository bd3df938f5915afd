import { DomainError } from '@scheduler/domain/errors';
import {
  clientsResponseSchema,
  currentUserResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  okResponseSchema,
  switchClientsQuerySchema,
} from '@scheduler/contract/admin-auth';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LoginRequest } from '@scheduler/contract/admin-auth';
import { assertNotCrossSite, sessionOf } from '../../platform/auth/request-guard.ts';
import type { StaffGuard } from '../../platform/auth/request-guard.ts';
import type { AuthService } from '../../platform/auth/auth-service.ts';

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

/** The config/auth API: sign-in, the signed-in user, brands, switching brand, sign-out. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = (app, { auth, guard }) => {
  const login = async (request: FastifyRequest<{ Body: LoginRequest }>, reply: FastifyReply) => {
    assertNotCrossSite(request);
    const userAgent = request.headers['user-agent'];
    let result;
    try {
      result = await auth.login({
        email: request.body.email,
        password: request.body.password,
        ip: request.ip,
        userAgent: typeof userAgent === 'string' ? userAgent : null,
      });
    } catch (error) {
      const retryAfter = retryAfterOf(error);
      if (retryAfter !== undefined) void reply.header('retry-after', String(retryAfter));
      throw error;
    }
    guard.cookies.setSessionCookies(reply, result.token, result.session);
    return reply.header('cache-control', 'no-store').send({
      token: result.token,
      expiresAt: new Date(result.session.expiresAt).toISOString(),
      session: await auth.currentUser(result.session),
    });
  };

  const loginSchema = {
    tags: ['config'],
    summary:
      'Sign in with e-mail and password. Sets the HttpOnly `sid` cookie and the `XSRF-TOKEN` cookie; ' +
      'the body also carries the token for the bearer fallback.',
    body: loginRequestSchema,
    response: { 200: loginResponseSchema },
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
