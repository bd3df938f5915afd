import { permissionsOf } from '@scheduler/domain/roles';
import type { CurrentUserResponse } from '@scheduler/contract/admin-auth';
import type { AuditLog } from '../audit/audit-log.ts';
import type { AuthRepository, MembershipRecord, UserRecord } from './auth-repository.ts';
import type { AdminSession, AuthMethod } from './auth-service.ts';
import { csrfTokenFor, hashSessionToken, newCsrfSecret, newSessionToken } from './session-tokens.ts';

/** Absolute life of a session (spec: tokens live 1 hour). */
export const SESSION_LIFETIME_MS = 60 * 60 * 1000;

export interface SessionOpened {
  kind: 'session';
  token: string;
  session: AdminSession;
}

const iso = (epochMs: number): string => new Date(epochMs).toISOString();

export function activeMembership(
  memberships: readonly MembershipRecord[],
  activeClientId: number | null,
): MembershipRecord | undefined {
  return memberships.find((m) => m.clientId === activeClientId) ?? memberships[0];
}

/** The signed-in user as the config API answers it: memberships, active brand, role and permissions. */
export async function currentUserOf(
  repository: AuthRepository,
  session: AdminSession,
): Promise<CurrentUserResponse> {
  const memberships = await repository.membershipsOf(session.userId);
  const active = activeMembership(memberships, session.activeClientId);
  return {
    user: { userId: String(session.userId), email: session.email, displayName: session.displayName },
    memberships: memberships.map((m) => ({
      clientId: String(m.clientId),
      clientName: m.clientName,
      clientSlug: m.clientSlug,
      role: m.role,
    })),
    activeClient:
      active === undefined
        ? null
        : { clientId: String(active.clientId), name: active.clientName, slug: active.clientSlug },
    role: active?.role ?? null,
    permissions: permissionsOf(active?.role),
    expiresAt: iso(session.expiresAt),
    authMethod: session.method,
  };
}

/**
 * A new session of `user`, audited; the token is returned once. Its active brand is the one the
 * person chose last (`users.last_client_id`) while they are still a member there, else their
 * first brand (issue 15: never the lowest-numbered brand that someone else attached them to).
 */
export async function openSession(
  repository: AuthRepository,
  audit: AuditLog,
  user: Pick<UserRecord, 'userId' | 'email' | 'displayName' | 'lastClientId' | 'totpSecretSealed'>,
  {
    at,
    ip,
    userAgent,
    method,
  }: { at: number; ip: string | null; userAgent: string | null; method: AuthMethod },
): Promise<SessionOpened> {
  const memberships = await repository.membershipsOf(user.userId);
  const token = newSessionToken();
  const csrfSecret = newCsrfSecret();
  const expiresAt = at + SESSION_LIFETIME_MS;
  const activeClientId = activeMembership(memberships, user.lastClientId)?.clientId ?? null;
  const sessionId = await repository.createSession({
    tokenHash: hashSessionToken(token),
    userId: user.userId,
    activeClientId,
    csrfSecret,
    createdAt: at,
    expiresAt,
    ip,
    userAgent: userAgent === null ? null : userAgent.slice(0, 500),
  });
  await audit.record({
    userId: user.userId,
    clientId: activeClientId,
    action: 'auth.login',
    recordType: 'user',
    recordId: user.userId,
    ip,
  });
  return {
    kind: 'session',
    token,
    session: {
      sessionId,
      userId: user.userId,
      email: user.email,
      displayName: user.displayName,
      activeClientId,
      twoFactorEnabled: user.totpSecretSealed !== null,
      csrfToken: csrfTokenFor(csrfSecret, sessionId),
      expiresAt,
      method,
    },
  };
}
