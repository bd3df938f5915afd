import { normalizeIP } from '@fastify/rate-limit';
import {
  acceptInvitationRequestSchema,
  acceptInvitationResponseSchema,
  createInvitationRequestSchema,
  invitationCreatedResponseSchema,
  invitationLookupResponseSchema,
  invitationParamsSchema,
  invitationsResponseSchema,
  invitationTokenRequestSchema,
  listInvitationsQuerySchema,
  okResponseSchema,
} from '@scheduler/contract/admin/accounts';
import { brandScopeQuerySchema } from '@scheduler/contract/admin-auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthService } from '../../platform/auth/auth-service.ts';
import { staffOf } from '../../platform/auth/request-guard.ts';
import type { StaffGuard } from '../../platform/auth/request-guard.ts';
import type { InvitationsService } from './invitations-service.ts';

/** Public link routes: per IP, a few a minute (a token is 256 random bits; this only stops noise). */
export const LINK_RATE_LIMIT = { max: 20, timeWindow: 60_000 };

/** Invitations: owners send, list, resend and revoke them. */
export const invitationsRoutes: FastifyPluginAsyncZod<{
  guard: StaffGuard;
  invitations: InvitationsService;
}> = (app, { guard, invitations }) => {
  const onRequest = guard.authenticate();
  const preHandler = guard.requireStaff({ permission: 'users:manage' });
  const tags = ['config'];

  app.post(
    '/api/config/invitations',
    {
      onRequest,
      preHandler,
      schema: {
        tags,
        summary:
          'Invite a person by e-mail with a role (users:manage): a single-use link valid 72 hours, e-mailed ' +
          '(or, without SMTP, answered once as `link`). The same answer whether or not the e-mail has an account.',
        body: createInvitationRequestSchema,
        response: { 201: invitationCreatedResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await invitations.invite(staffOf(request).actor, request.body)),
  );

  app.get(
    '/api/config/invitations',
    {
      onRequest,
      preHandler,
      schema: {
        tags,
        summary: "The practice's invitations, newest first (users:manage); `status` filters",
        querystring: listInvitationsQuerySchema,
        response: { 200: invitationsResponseSchema },
      },
    },
    async (request) => ({ items: await invitations.list(staffOf(request).actor, request.query.status) }),
  );

  app.post(
    '/api/config/invitations/:invitationId/resend',
    {
      onRequest,
      preHandler,
      schema: {
        tags,
        summary: 'A new link for an invitation not accepted yet; the old link stops working (users:manage)',
        params: invitationParamsSchema,
        querystring: brandScopeQuerySchema,
        response: { 201: invitationCreatedResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await invitations.resend(staffOf(request).actor, request.params.invitationId)),
  );

  app.delete(
    '/api/config/invitations/:invitationId',
    {
      onRequest,
      preHandler,
      schema: {
        tags,
        summary: 'Revoke an invitation not accepted yet (users:manage)',
        params: invitationParamsSchema,
        querystring: brandScopeQuerySchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await invitations.revoke(staffOf(request).actor, request.params.invitationId);
      return { ok: true as const };
    },
  );

  return Promise.resolve();
};

/** The invitation link: the invited person looks it up and accepts (public; the token is the credential). */
export const invitationLinkRoutes: FastifyPluginAsyncZod<{
  guard: StaffGuard;
  auth: AuthService;
  invitations: InvitationsService;
}> = (app, { guard, auth, invitations }) => {
  const tags = ['config'];
  const linkRateLimit = app.rateLimit({
    ...LINK_RATE_LIMIT,
    keyGenerator: (request) => `staff-invitation-link:${normalizeIP(request.ip)}`,
  });

  app.post(
    '/api/config/invitations/lookup',
    {
      onRequest: linkRateLimit,
      schema: {
        tags,
        summary:
          "What an invitation link is for (the link's holder only): practice, role, e-mail, whether to sign in",
        body: invitationTokenRequestSchema,
        response: { 200: invitationLookupResponseSchema },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await invitations.lookup(request.body.token)),
  );

  app.post(
    '/api/config/invitations/accept',
    {
      onRequest: linkRateLimit,
      schema: {
        tags,
        summary:
          'Accept an invitation: signed in as the invited account (membership added), or with a name and a ' +
          'password for a new account (signed in; cookies set)',
        body: acceptInvitationRequestSchema,
        response: { 200: acceptInvitationResponseSchema },
      },
    },
    async (request, reply) => {
      const session = await guard.optionalSessionForChange(request);
      const { token, displayName, password } = request.body;
      const accepted = await invitations.accept(token, session, { displayName, password }, request.ip);
      void reply.header('cache-control', 'no-store');
      if (session !== undefined) {
        const switched = await auth.switchClient(session, accepted.clientId, request.ip);
        return reply.send({ token: null, expiresAt: null, session: await auth.currentUser(switched) });
      }
      const userAgent = request.headers['user-agent'];
      const opened = await auth.openSessionFor(accepted.userId, {
        ip: request.ip,
        userAgent: typeof userAgent === 'string' ? userAgent : null,
        method: 'cookie',
      });
      guard.cookies.setSessionCookies(reply, opened.token, opened.session);
      return reply.send({
        token: opened.token,
        expiresAt: new Date(opened.session.expiresAt).toISOString(),
        session: await auth.currentUser(opened.session),
      });
    },
  );

  return Promise.resolve();
};
