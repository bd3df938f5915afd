import { DomainError } from '@scheduler/domain/errors';
import { permissionsOf, roleHasPermission } from '@scheduler/domain/roles';
import type { Permission, Role } from '@scheduler/domain/roles';
import { recordIdSchema } from '@scheduler/contract/admin-auth';
import { TWO_FACTOR_REQUIRED_MESSAGE } from '@scheduler/contract/admin/accounts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { AuditActor } from '../audit/audit-log.ts';
import type { AdminSession, AuthService } from './auth-service.ts';
import { safeEqual } from './session-tokens.ts';

/*
 * Staff authentication and authorisation for Fastify routes.
 *
 *  - A request is authenticated by `Authorization: Bearer <token>` (the fallback where cookies are
 *    blocked) or else by the HttpOnly `sid` cookie. A bearer header that does not resolve is a 401:
 *    it never falls back to the cookie.
 *  - Cookie-authenticated requests are ambient, so unsafe methods (POST/PUT/PATCH/DELETE) must
 *    carry `X-XSRF-TOKEN` equal to the session's HMAC-bound value (the `XSRF-TOKEN` cookie), must
 *    not come from another origin (`Origin`) and must not be `Sec-Fetch-Site: cross-site`.
 *    Bearer requests need none of this: a foreign page cannot make the browser send the header.
 *  - `requireStaff({ permission })` then takes the brand from `clientId` (query, else body, else
 *    the session's active brand) and checks membership and the role's permissions (roles.ts).
 */

export const SESSION_COOKIE = 'sid';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface StaffContext {
  session: AdminSession;
  clientId: number;
  role: Role;
  permissions: Permission[];
  /** For audit entries. */
  actor: AuditActor;
}

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * What a guard hook enforces. The hooks made by `authenticate` and `requireStaff` carry it, so the
 * route table can classify every route (apps/server/tools/safety walks it: a route without a guard
 * must be declared public there).
 */
export type GuardMark = { kind: 'session' } | { kind: 'staff'; permission: Permission };

const guardMarks = new WeakMap<object, GuardMark>();

function markGuard(hook: Hook, mark: GuardMark): Hook {
  guardMarks.set(hook, mark);
  return hook;
}

/** The guard a route hook is, or undefined for any other function. */
export function guardMarkOf(hook: unknown): GuardMark | undefined {
  return typeof hook === 'function' ? guardMarks.get(hook) : undefined;
}

const sessions = new WeakMap<FastifyRequest, AdminSession>();
const staffContexts = new WeakMap<FastifyRequest, StaffContext>();

/** The session a guard resolved for this request (throws when the route has no guard). */
export function sessionOf(request: FastifyRequest): AdminSession {
  const session = sessions.get(request);
  if (session === undefined) throw new Error('sessionOf() on a route without authenticate/requireStaff');
  return session;
}

/** The brand, role and actor `requireStaff` resolved for this request. */
export function staffOf(request: FastifyRequest): StaffContext {
  const context = staffContexts.get(request);
  if (context === undefined) throw new Error('staffOf() on a route without requireStaff');
  return context;
}

interface PresentedToken {
  token: string;
  method: 'cookie' | 'bearer';
}

function presentedToken(request: FastifyRequest): PresentedToken | undefined {
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string' && authorization.trim() !== '') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization.trim());
    return { token: match?.[1] ?? '', method: 'bearer' };
  }
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie === undefined || cookie === '' ? undefined : { token: cookie, method: 'cookie' };
}

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Whether the request's `Origin` (when present) is this server's own. Compared by host and port,
 * normalised with the Origin's own scheme, so that a TLS-terminating proxy does not matter.
 */
export function isSameOrigin(request: FastifyRequest): boolean {
  const origin = headerValue(request, 'origin');
  if (origin === undefined) return true;
  let originUrl: URL;
  try {
    originUrl = new URL(origin);
  } catch {
    return false; // includes the opaque origin 'null'
  }
  if (originUrl.protocol !== 'http:' && originUrl.protocol !== 'https:') return false;
  try {
    const own = new URL(`${originUrl.protocol}//${request.host}`);
    return own.host === originUrl.host;
  } catch {
    return false;
  }
}

/** Refuses requests made by another site (login, sign-out and every cookie-authenticated change). */
export function assertNotCrossSite(request: FastifyRequest): void {
  if (headerValue(request, 'sec-fetch-site') === 'cross-site' || !isSameOrigin(request)) {
    throw new DomainError('CSRF_REJECTED');
  }
}

function assertCsrf(request: FastifyRequest, session: AdminSession): void {
  assertNotCrossSite(request);
  const presented = headerValue(request, XSRF_HEADER);
  if (presented === undefined || !safeEqual(presented, session.csrfToken)) {
    throw new DomainError('CSRF_REJECTED');
  }
}

function brandIdIn(source: unknown): unknown {
  return typeof source === 'object' && source !== null && 'clientId' in source ? source.clientId : undefined;
}

export interface AuthCookieWriter {
  setSessionCookies(reply: FastifyReply, token: string, session: AdminSession): void;
  setXsrfCookie(reply: FastifyReply, session: AdminSession): void;
  clearSessionCookies(reply: FastifyReply): void;
}

export function createAuthCookieWriter(config: Pick<Config, 'cookieSecure'>): AuthCookieWriter {
  const base = { sameSite: 'lax' as const, secure: config.cookieSecure, path: '/' };
  const lifetime = (session: AdminSession) => ({
    expires: new Date(session.expiresAt),
    maxAge: Math.max(0, Math.round((session.expiresAt - Date.now()) / 1000)),
  });
  return {
    setSessionCookies(reply, token, session) {
      reply.setCookie(SESSION_COOKIE, token, { ...base, httpOnly: true, ...lifetime(session) });
      reply.setCookie(XSRF_COOKIE, session.csrfToken, { ...base, httpOnly: false, ...lifetime(session) });
    },
    setXsrfCookie(reply, session) {
      reply.setCookie(XSRF_COOKIE, session.csrfToken, { ...base, httpOnly: false, ...lifetime(session) });
    },
    clearSessionCookies(reply) {
      reply.clearCookie(SESSION_COOKIE, { ...base, httpOnly: true });
      reply.clearCookie(XSRF_COOKIE, { ...base, httpOnly: false });
    },
  };
}

export interface StaffGuard {
  /**
   * onRequest/preHandler hook: resolves the session (401 when there is none) and enforces the
   * CSRF rules on unsafe cookie-authenticated requests. `originCheck` also refuses cross-site
   * safe-method requests (for GETs that change session state).
   */
  authenticate(options?: { originCheck?: boolean }): Hook;
  /** preHandler: the session, then brand membership and the permission (401, 403). */
  requireStaff(options: { permission: Permission }): Hook;
  /** The session when one is presented and valid, else undefined (no CSRF check, no 401). */
  optionalSession(request: FastifyRequest): Promise<AdminSession | undefined>;
  /**
   * Like `optionalSession`, for a public change that does something more when signed in (accept
   * an invitation): a valid cookie session must pass the CSRF rules (403 otherwise).
   */
  optionalSessionForChange(request: FastifyRequest): Promise<AdminSession | undefined>;
  cookies: AuthCookieWriter;
}

export function createStaffGuard({
  auth,
  config,
}: {
  auth: AuthService;
  config: Pick<Config, 'cookieSecure'>;
}): StaffGuard {
  const cookies = createAuthCookieWriter(config);

  async function resolve(
    request: FastifyRequest,
    reply: FastifyReply,
    originCheck: boolean,
  ): Promise<AdminSession> {
    const known = sessions.get(request);
    if (known !== undefined) return known;
    const presented = presentedToken(request);
    if (presented === undefined) throw new DomainError('UNAUTHENTICATED');
    const session = await auth.authenticate(presented.token, presented.method);
    if (session === undefined) {
      if (presented.method === 'cookie') cookies.clearSessionCookies(reply);
      throw new DomainError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
    }
    if (session.method === 'cookie') {
      if (!SAFE_METHODS.has(request.method)) assertCsrf(request, session);
      else if (originCheck) assertNotCrossSite(request);
    }
    sessions.set(request, session);
    // Every answer to a signed-in staff member carries staff or patient data: no cache keeps it.
    reply.header('cache-control', 'no-store');
    return session;
  }

  return {
    cookies,

    authenticate(options = {}) {
      return markGuard(
        async (request, reply) => {
          await resolve(request, reply, options.originCheck ?? false);
        },
        { kind: 'session' },
      );
    },

    requireStaff({ permission }) {
      return markGuard(
        async (request, reply) => {
          const session = await resolve(request, reply, false);
          const raw = brandIdIn(request.query) ?? brandIdIn(request.body);
          let clientId: number;
          if (raw === undefined || raw === null || raw === '') {
            if (session.activeClientId === null) {
              throw new DomainError('FORBIDDEN', 'Choose a practice first.');
            }
            clientId = session.activeClientId;
          } else {
            const parsed = recordIdSchema.safeParse(raw);
            if (!parsed.success) {
              throw new DomainError('VALIDATION', undefined, {
                fields: [{ path: 'clientId', message: 'Choose a valid practice' }],
              });
            }
            clientId = parsed.data;
          }
          const role = await auth.roleIn(session.userId, clientId);
          if (role === undefined)
            throw new DomainError('FORBIDDEN', 'You are not a member of this practice.');
          if (!roleHasPermission(role, permission)) throw new DomainError('FORBIDDEN');
          // A brand may require its owners to sign in with two factors (issue 15): until they
          // have set it up, no owner route answers (their own account routes still do).
          if (
            role === 'owner' &&
            !session.twoFactorEnabled &&
            (await auth.ownerTwoFactorRequired(clientId))
          ) {
            throw new DomainError('FORBIDDEN', TWO_FACTOR_REQUIRED_MESSAGE, {
              reason: 'two-factor-required',
            });
          }
          staffContexts.set(request, {
            session,
            clientId,
            role,
            permissions: permissionsOf(role),
            actor: { userId: session.userId, clientId, ip: request.ip },
          });
        },
        { kind: 'staff', permission },
      );
    },

    async optionalSession(request) {
      const presented = presentedToken(request);
      if (presented === undefined) return undefined;
      return auth.authenticate(presented.token, presented.method);
    },

    async optionalSessionForChange(request) {
      assertNotCrossSite(request);
      const presented = presentedToken(request);
      if (presented === undefined) return undefined;
      const session = await auth.authenticate(presented.token, presented.method);
      if (session?.method === 'cookie') assertCsrf(request, session);
      return session;
    },
  };
}
