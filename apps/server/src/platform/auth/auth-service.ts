import { randomBytes } from 'node:crypto';
import { DomainError } from '@scheduler/domain/errors';
import type { Role } from '@scheduler/domain/roles';
import type { ClientsResponse, CurrentUserResponse } from '@scheduler/contract/admin-auth';
import type { AuditLog } from '../audit/audit-log.ts';
import type { AttemptStore } from './attempt-store.ts';
import { accountDelaySeconds, throttleRefusal } from './sign-in-throttle.ts';
import type { AuthRepository } from './auth-repository.ts';
import type { ChallengeRepository } from './challenge-repository.ts';
import { currentUserOf, openSession } from './open-session.ts';
import type { SessionOpened } from './open-session.ts';
import { hashPassword, needsRehash, verifyPassword } from './password.ts';
import type { SecretBox } from './secret-box.ts';
import { csrfTokenFor, hashSessionToken, looksLikeSessionToken } from './session-tokens.ts';
import { createSignInSteps } from './sign-in-steps.ts';
import type { LoginOutcome, StepContext } from './sign-in-steps.ts';

export { SESSION_LIFETIME_MS } from './open-session.ts';
export type { LoginOutcome } from './sign-in-steps.ts';
/** A session unused for this long ends. */
export const SESSION_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
/** `last_seen_at` is written at most this often per session. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;
// Sign-in throttling (issue 15 #4: a progressive delay per account that an address which has not
// failed skips, a limit per address) lives in sign-in-throttle.ts (helper G).
export { ACCOUNT_DELAY_AFTER, IP_FAILURE_LIMIT, MAX_ACCOUNT_DELAY_SECONDS } from './sign-in-throttle.ts';

export type AuthMethod = 'cookie' | 'bearer';

/** A signed-in admin session, as a request sees it. */
export interface AdminSession {
  sessionId: number;
  userId: number;
  email: string;
  displayName: string;
  activeClientId: number | null;
  /** The person has TOTP two-factor sign-in on. */
  twoFactorEnabled: boolean;
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

export type LoginResult = SessionOpened;

export interface AuthService {
  /**
   * Signs in (a session, or the next step: TOTP code, forced new password) or throws
   * INVALID_CREDENTIALS / RATE_LIMITED (details.retryAfterSeconds).
   */
  login(input: LoginInput): Promise<LoginOutcome>;
  /** The TOTP step of a sign-in. */
  loginTwoFactor(challenge: string, code: string, context: StepContext): Promise<LoginOutcome>;
  /** The forced new password of a sign-in (an owner forced a reset). */
  loginPasswordChange(challenge: string, newPassword: string, context: StepContext): Promise<LoginOutcome>;
  /** A new session for a person just made or verified another way (an accepted invitation). */
  openSessionFor(userId: number, context: StepContext): Promise<SessionOpened>;
  /** Whether a brand requires its owners to use two-factor sign-in. */
  ownerTwoFactorRequired(clientId: number): Promise<boolean>;
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
  challenges: ChallengeRepository;
  attempts: AttemptStore;
  audit: AuditLog;
  /** Seals TOTP secrets (secret-box.ts, purpose 'totp-secret'). */
  totpBox: SecretBox;
  now?: () => number;
}

/** The wait (seconds) an answer advises after the account's n-th failure (sign-in-throttle.ts). */
export const backoffSecondsAfter = accountDelaySeconds;
/** 429 before the password is checked: the address's limit, or the account's delay (sign-in-throttle.ts). */
const lockOutError = throttleRefusal;

export function createAuthService({
  repository,
  challenges,
  attempts,
  audit,
  totpBox,
  now = Date.now,
}: AuthServiceDependencies): AuthService {
  const steps = createSignInSteps({ repository, challenges, attempts, audit, totpBox, now });
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

      return steps.next(user, { ip, userAgent, method });
    },

    loginTwoFactor: (challenge, code, context) => steps.twoFactor(challenge, code, context),
    loginPasswordChange: (challenge, newPassword, context) =>
      steps.passwordChange(challenge, newPassword, context),

    async openSessionFor(userId, context) {
      const user = await repository.findUserById(userId);
      if (user === undefined || user.disabled) throw new DomainError('UNAUTHENTICATED');
      return openSession(repository, audit, user, { at: now(), ...context });
    },

    ownerTwoFactorRequired: (clientId) => repository.ownerTwoFactorRequired(clientId),

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
        twoFactorEnabled: record.userTwoFactor,
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
      // The brand chosen last is the active brand of the next sign-in.
      await repository.setLastClient(session.userId, clientId);
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
