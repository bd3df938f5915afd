import { randomBytes } from 'node:crypto';
import { DomainError } from '@scheduler/domain/errors';
import { permissionsOf } from '@scheduler/domain/roles';
import type { Role } from '@scheduler/domain/roles';
import type { ClientsResponse, CurrentUserResponse } from '@scheduler/contract/admin-auth';
import type { AuditLog } from '../audit/audit-log.ts';
import type { AttemptStore, RecentFailures } from './attempt-store.ts';
import { ATTEMPT_WINDOW_MS } from './attempt-store.ts';
import type { AuthRepository, MembershipRecord, UserRecord } from './auth-repository.ts';
import { hashPassword, needsRehash, verifyPassword } from './password.ts';
import {
  csrfTokenFor,
  hashSessionToken,
  looksLikeSessionToken,
  newCsrfSecret,
  newSessionToken,
} from './session-tokens.ts';

/** Absolute life of a session (spec: tokens live 1 hour). */
export const SESSION_LIFETIME_MS = 60 * 60 * 1000;
/** A session unused for this long ends. */
export const SESSION_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
/** `last_seen_at` is written at most this often per session. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;
/** Failed sign-ins per account per hour before it is locked. */
export const ACCOUNT_FAILURE_LIMIT = 10;
/** Failed sign-ins per IP address per hour (any accounts) before the address is refused. */
export const IP_FAILURE_LIMIT = 50;
/** From this many failures on, answers advise an exponentially growing wait. */
export const BACKOFF_AFTER_FAILURES = 3;
export const MAX_BACKOFF_SECONDS = 60;

export type AuthMethod = 'cookie' | 'bearer';

/** A signed-in admin session, as a request sees it. */
export interface AdminSession {
  sessionId: number;
  userId: number;
  email: string;
  displayName: string;
  activeClientId: number | null;
  /** The XSRF-TOKEN value bound to this session. */
  csrfToken: string;
  expiresAt: number;
  method: AuthMethod;
}

export interface LoginInput {
  email: string;
  password: string;
  ip: string | null;
  userAgent: string | null;
  method?: AuthMethod;
}

export interface LoginResult {
  token: string;
  session: AdminSession;
}

export interface AuthService {
  /** Signs in or throws INVALID_CREDENTIALS / RATE_LIMITED (details.retryAfterSeconds). */
  login(input: LoginInput): Promise<LoginResult>;
  /** The live session of a presented token, or undefined (unknown, revoked, expired, idle, disabled). */
  authenticate(token: string, method: AuthMethod): Promise<AdminSession | undefined>;
  roleIn(userId: number, clientId: number): Promise<Role | undefined>;
  currentUser(session: AdminSession): Promise<CurrentUserResponse>;
  clients(session: AdminSession): Promise<ClientsResponse>;
  /** Makes a brand the session's active one; FORBIDDEN when the user is not a member. */
  switchClient(session: AdminSession, clientId: number, ip: string | null): Promise<AdminSession>;
  logout(session: AdminSession, ip: string | null): Promise<void>;
}

export interface AuthServiceDependencies {
  repository: AuthRepository;
  attempts: AttemptStore;
  audit: AuditLog;
  now?: () => number;
}

function minutesUntil(instant: number, now: number): number {
  return Math.max(1, Math.ceil((instant - now) / 60_000));
}

/** When the count drops below `limit` again: the instant the (n − limit + 1)-th oldest failure ages out. */
function lockedUntil(failures: readonly number[], limit: number): number | undefined {
  if (failures.length < limit) return undefined;
  const freeing = failures[failures.length - limit];
  return freeing === undefined ? undefined : freeing + ATTEMPT_WINDOW_MS;
}

export function backoffSecondsAfter(failures: number): number | undefined {
  if (failures < BACKOFF_AFTER_FAILURES) return undefined;
  return Math.min(2 ** (failures - BACKOFF_AFTER_FAILURES), MAX_BACKOFF_SECONDS);
}

function lockOutError(failures: RecentFailures, now: number): DomainError | undefined {
  const account = lockedUntil(failures.account, ACCOUNT_FAILURE_LIMIT);
  if (account !== undefined) {
    const minutes = minutesUntil(account, now);
    return new DomainError(
      'RATE_LIMITED',
      `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      { retryAfterSeconds: Math.ceil((account - now) / 1000) },
    );
  }
  const ip = lockedUntil(failures.ip, IP_FAILURE_LIMIT);
  if (ip !== undefined) {
    const minutes = minutesUntil(ip, now);
    return new DomainError(
      'RATE_LIMITED',
      `Too many failed sign-in attempts from this network. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      { retryAfterSeconds: Math.ceil((ip - now) / 1000) },
    );
  }
  return undefined;
}

const iso = (epochMs: number): string => new Date(epochMs).toISOString();

function activeMembership(
  memberships: readonly MembershipRecord[],
  activeClientId: number | null,
): MembershipRecord | undefined {
  return memberships.find((m) => m.clientId === activeClientId) ?? memberships[0];
}

/** The signed-in user as the config API answers it: memberships, active brand, role and permissions. */
async function currentUserOf(
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

/** A new session of `user` on its first brand, audited; the token is returned once. */
async function openSession(
  repository: AuthRepository,
  audit: AuditLog,
  user: Pick<UserRecord, 'userId' | 'email' | 'displayName'>,
  {
    at,
    ip,
    userAgent,
    method,
  }: { at: number; ip: string | null; userAgent: string | null; method: AuthMethod },
): Promise<LoginResult> {
  const memberships = await repository.membershipsOf(user.userId);
  const token = newSessionToken();
  const csrfSecret = newCsrfSecret();
  const expiresAt = at + SESSION_LIFETIME_MS;
  const activeClientId = memberships[0]?.clientId ?? null;
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
    token,
    session: {
      sessionId,
      userId: user.userId,
      email: user.email,
      displayName: user.displayName,
      activeClientId,
      csrfToken: csrfTokenFor(csrfSecret, sessionId),
      expiresAt,
      method,
    },
  };
}

export function createAuthService({
  repository,
  attempts,
  audit,
  now = Date.now,
}: AuthServiceDependencies): AuthService {
  // Unknown e-mails are checked against this hash, so they cost as much time as a wrong password.
  const dummyHash = hashPassword(randomBytes(16).toString('hex'));
  dummyHash.catch(() => undefined);

  const currentUser = (session: AdminSession) => currentUserOf(repository, session);

  return {
    async login({ email, password, ip, userAgent, method = 'cookie' }) {
      const at = now();
      const before = await attempts.recentFailures(email, ip, at);
      const locked = lockOutError(before, at);
      if (locked !== undefined) throw locked;

      const user = await repository.findUserByEmail(email);
      const matches = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
      if (user === undefined || !matches || user.disabled) {
        const after = await attempts.recordFailure(email, ip, now());
        const backoff = backoffSecondsAfter(after.account.length);
        throw new DomainError(
          'INVALID_CREDENTIALS',
          undefined,
          backoff === undefined ? undefined : { retryAfterSeconds: backoff },
        );
      }

      await attempts.recordSuccess(email, ip, at);
      const rehash = needsRehash(user.passwordHash) ? await hashPassword(password) : null;
      await repository.recordLogin(user.userId, at, rehash);

      return openSession(repository, audit, user, { at, ip, userAgent, method });
    },

    async authenticate(token, method) {
      if (!looksLikeSessionToken(token)) return undefined;
      const record = await repository.findSessionByTokenHash(hashSessionToken(token));
      const at = now();
      if (
        record === undefined ||
        record.revokedAt !== null ||
        record.userDisabled ||
        record.expiresAt <= at ||
        record.lastSeenAt + SESSION_IDLE_TIMEOUT_MS <= at
      ) {
        return undefined;
      }
      if (at - record.lastSeenAt >= SESSION_TOUCH_INTERVAL_MS)
        await repository.touchSession(record.sessionId, at);
      return {
        sessionId: record.sessionId,
        userId: record.userId,
        email: record.email,
        displayName: record.displayName,
        activeClientId: record.activeClientId,
        csrfToken: csrfTokenFor(record.csrfSecret, record.sessionId),
        expiresAt: record.expiresAt,
        method,
      };
    },

    roleIn(userId, clientId) {
      return repository.roleOf(userId, clientId);
    },

    currentUser,

    async clients(session) {
      const memberships = await repository.membershipsOf(session.userId);
      const schedulers = await repository.schedulersOf(memberships.map((m) => m.clientId));
      return {
        clients: memberships.map((m) => ({
          clientId: String(m.clientId),
          name: m.clientName,
          slug: m.clientSlug,
          role: m.role,
          schedulers: schedulers
            .filter((s) => s.clientId === m.clientId)
            .map((s) => ({ schedulerId: String(s.schedulerId), name: s.name, slug: s.slug })),
        })),
      };
    },

    async switchClient(session, clientId, ip) {
      const role = await repository.roleOf(session.userId, clientId);
      if (role === undefined) throw new DomainError('FORBIDDEN', 'You are not a member of this practice.');
      await repository.setActiveClient(session.sessionId, clientId);
      await audit.record({
        userId: session.userId,
        clientId,
        action: 'auth.switch-client',
        recordType: 'client',
        recordId: clientId,
        ip,
      });
      return { ...session, activeClientId: clientId };
    },

    async logout(session, ip) {
      await repository.revokeSession(session.sessionId, now());
      await audit.record({
        userId: session.userId,
        clientId: session.activeClientId,
        action: 'auth.logout',
        recordType: 'user',
        recordId: session.userId,
        ip,
      });
    },
  };
}
