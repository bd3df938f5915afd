import { DomainError } from '@scheduler/domain/errors';
import {
  FORGOT_PASSWORD_MESSAGE,
  RESET_PASSWORD_PATH,
  PASSWORD_RESET_LIFETIME_MINUTES,
} from '@scheduler/contract/admin/accounts';
import type {
  AccountResponse,
  StaffSession,
  TwoFactorEnrolResponse,
} from '@scheduler/contract/admin/accounts';
import type { Db } from '../../platform/db/database.ts';
import { inWriteTransaction } from '../../platform/db/transaction.ts';
import type { AuditLog } from '../../platform/audit/audit-log.ts';
import type { AdminSession, AuthService } from '../../platform/auth/auth-service.ts';
import type { AuthRepository } from '../../platform/auth/auth-repository.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/password.ts';
import { assertAcceptablePassword } from '../../platform/auth/password-policy.ts';
import type { SecretBox } from '../../platform/auth/secret-box.ts';
import {
  hashSessionToken,
  looksLikeSessionToken,
  newSessionToken,
} from '../../platform/auth/session-tokens.ts';
import { newTotpSecret, totpUri, verifyTotp } from '../../platform/auth/totp.ts';
import type { AccountMailer } from './account-emails.ts';
import type { AccountRepository } from './account-repository.ts';

/*
 * The person's own account (issue 15): password change (current one required; every other
 * session ends), reset by e-mail link (single-use, 1 hour, hashed; the request answers the same,
 * doing the same work, whether or not the account exists), sessions, TOTP two-factor.
 * Wrong current passwords and codes answer 400 on their field (a 401 would end the screen's session).
 */

export const PASSWORD_RESET_LIFETIME_MS = PASSWORD_RESET_LIFETIME_MINUTES * 60 * 1000;
/** At most this many reset e-mails per account per hour (more requests answer the same, send nothing). */
export const RESETS_PER_HOUR = 3;

export const LINK_INVALID_MESSAGE = 'This link has expired or was already used. Ask for a new one.';

const fieldError = (path: string, message: string) =>
  new DomainError('VALIDATION', message, { fields: [{ path, message, in: 'body' }] });

/** The address a session signed in from, shortened: IPv4 /24, IPv6 /48. */
export function ipHint(ip: string | null): string | null {
  if (ip === null || ip === '') return null;
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/.exec(ip);
  if (v4 !== null) return `${v4[1]}.${v4[2]}.${v4[3]}.x`;
  const groups = ip.split(':').filter((g) => g !== '');
  return groups.length === 0 ? null : `${groups.slice(0, 3).join(':')}:…`;
}

export interface AccountDependencies {
  db: Db;
  repository: AccountRepository;
  authRepository: AuthRepository;
  auth: AuthService;
  audit: AuditLog;
  mailer: AccountMailer;
  totpBox: SecretBox;
  publicUrl: string;
  now: () => number;
}

function helpers({ repository, audit }: AccountDependencies) {
  async function me(session: AdminSession) {
    const user = await repository.userById(session.userId);
    if (user === undefined) throw new DomainError('UNAUTHENTICATED');
    return user;
  }

  async function assertCurrentPassword(passwordHash: string, currentPassword: string): Promise<void> {
    if (!(await verifyPassword(currentPassword, passwordHash))) {
      throw fieldError('currentPassword', 'The current password is not correct.');
    }
  }

  const record = (session: AdminSession, action: string, ip: string | null) =>
    audit.record({
      userId: session.userId,
      clientId: session.activeClientId,
      action,
      recordType: 'user',
      recordId: session.userId,
      ip,
    });

  return { me, assertCurrentPassword, record };
}

function passwordUseCases(deps: AccountDependencies) {
  const { db, repository, authRepository, audit, mailer, publicUrl, now } = deps;
  const { me, assertCurrentPassword, record } = helpers(deps);
  return {
    async changePassword(
      session: AdminSession,
      { currentPassword, newPassword }: { currentPassword: string; newPassword: string },
      ip: string | null,
    ): Promise<void> {
      const user = await me(session);
      await assertCurrentPassword(user.passwordHash, currentPassword);
      assertAcceptablePassword(newPassword, 'newPassword', [user.email, user.displayName]);
      await authRepository.replacePassword(
        user.userId,
        await hashPassword(newPassword),
        now(),
        session.sessionId,
      );
      await record(session, 'auth.password-change', ip);
    },

    /** The same answer, after the same work, whether or not `email` has an account. */
    async forgotPassword(email: string): Promise<{ ok: true; message: string }> {
      const at = now();
      const token = newSessionToken();
      const tokenHash = hashSessionToken(token);
      const user = await repository.userByEmail(email);
      const sends =
        user !== undefined &&
        !user.disabled &&
        (await repository.resetsSince(user.userId, at - 60 * 60 * 1000)) < RESETS_PER_HOUR;
      await inWriteTransaction(db, async (trx) => {
        if (!sends || user === undefined) {
          // No account (or the hourly cap): a transaction of the same shape that writes nothing.
          await trx.selectFrom('password_resets').select('id').where('token_hash', '=', tokenHash).execute();
          return;
        }
        await repository.insertReset(trx, {
          userId: user.userId,
          tokenHash,
          at,
          expiresAt: at + PASSWORD_RESET_LIFETIME_MS,
        });
        await mailer.queue(
          trx,
          {
            kind: 'password-reset',
            to: user.email,
            link: `${publicUrl}${RESET_PASSWORD_PATH}#token=${token}`,
          },
          at,
        );
      });
      return { ok: true, message: FORGOT_PASSWORD_MESSAGE };
    },

    async resetPassword(token: string, newPassword: string, ip: string | null): Promise<void> {
      const reset = looksLikeSessionToken(token)
        ? await repository.findReset(hashSessionToken(token))
        : undefined;
      const at = now();
      if (reset === undefined || reset.usedAt !== null || reset.expiresAt <= at) {
        throw fieldError('token', LINK_INVALID_MESSAGE);
      }
      const user = await repository.userById(reset.userId);
      if (user === undefined || user.disabled) throw fieldError('token', LINK_INVALID_MESSAGE);
      assertAcceptablePassword(newPassword, 'newPassword', [user.email, user.displayName]);
      const passwordHash = await hashPassword(newPassword);
      if (!(await repository.useReset(reset, now()))) throw fieldError('token', LINK_INVALID_MESSAGE);
      // Every session ends (whoever knew the old password is out), and a forced reset is done.
      await authRepository.replacePassword(user.userId, passwordHash, now());
      await audit.record({
        userId: user.userId,
        clientId: null,
        action: 'auth.password-reset',
        recordType: 'user',
        recordId: user.userId,
        ip,
      });
    },
  };
}

function sessionUseCases(deps: AccountDependencies) {
  const { repository, auth, now } = deps;
  const { me, record } = helpers(deps);
  return {
    async account(session: AdminSession): Promise<AccountResponse> {
      const user = await me(session);
      const clientId = session.activeClientId;
      const isOwner = clientId !== null && (await auth.roleIn(session.userId, clientId)) === 'owner';
      const required = isOwner && !user.totpEnabled && (await auth.ownerTwoFactorRequired(clientId));
      return {
        email: user.email,
        displayName: user.displayName,
        twoFactorEnabled: user.totpEnabled,
        twoFactorRequired: required,
      };
    },

    async sessions(session: AdminSession): Promise<StaffSession[]> {
      const rows = await repository.liveSessions(session.userId, now());
      return rows.map((row) => ({
        sessionId: String(row.sessionId),
        createdAt: new Date(row.createdAt).toISOString(),
        lastSeenAt: new Date(row.lastSeenAt).toISOString(),
        expiresAt: new Date(row.expiresAt).toISOString(),
        ipHint: ipHint(row.ip),
        userAgent: row.userAgent,
        current: row.sessionId === session.sessionId,
      }));
    },

    async endSession(session: AdminSession, sessionId: number, ip: string | null): Promise<void> {
      if ((await repository.revokeSessions(session.userId, now(), { only: sessionId })) === 0) {
        throw new DomainError('NOT_FOUND');
      }
      await record(session, 'auth.session-end', ip);
    },

    async endOtherSessions(session: AdminSession, ip: string | null): Promise<number> {
      const ended = await repository.revokeSessions(session.userId, now(), { except: session.sessionId });
      await record(session, 'auth.sessions-end-others', ip);
      return ended;
    },
  };
}

function twoFactorUseCases(deps: AccountDependencies) {
  const { repository, totpBox, now } = deps;
  const { me, assertCurrentPassword, record } = helpers(deps);
  return {
    async enrolTwoFactor(session: AdminSession, currentPassword: string): Promise<TwoFactorEnrolResponse> {
      const user = await me(session);
      await assertCurrentPassword(user.passwordHash, currentPassword);
      if (user.totpEnabled) throw new DomainError('CONFLICT', 'Two-factor sign-in is already on.');
      const secret = newTotpSecret();
      await repository.setTotpPending(user.userId, totpBox.seal(secret), now());
      return { secret, otpauthUri: totpUri(secret, user.email) };
    },

    async confirmTwoFactor(session: AdminSession, code: string, ip: string | null): Promise<void> {
      const user = await me(session);
      const secret = user.totpPendingSealed === null ? undefined : totpBox.open(user.totpPendingSealed);
      if (secret === undefined) throw new DomainError('CONFLICT', 'Start the set-up again.');
      const step = verifyTotp(secret, code, now(), null);
      if (step === undefined)
        throw fieldError('code', 'The code is not correct. Try the newest code from your app.');
      await repository.enableTotp(user.userId, totpBox.seal(secret), step, now());
      await record(session, 'auth.two-factor-on', ip);
    },

    async disableTwoFactor(
      session: AdminSession,
      { currentPassword, code }: { currentPassword: string; code: string },
      ip: string | null,
    ): Promise<void> {
      const user = await me(session);
      await assertCurrentPassword(user.passwordHash, currentPassword);
      const secret = user.totpSecretSealed === null ? undefined : totpBox.open(user.totpSecretSealed);
      if (secret === undefined) throw new DomainError('CONFLICT', 'Two-factor sign-in is not on.');
      if (verifyTotp(secret, code, now(), null) === undefined) {
        throw fieldError('code', 'The code is not correct. Try the newest code from your app.');
      }
      await repository.disableTotp(user.userId, now());
      await record(session, 'auth.two-factor-off', ip);
    },
  };
}

export function createAccountService(deps: AccountDependencies) {
  return { ...passwordUseCases(deps), ...sessionUseCases(deps), ...twoFactorUseCases(deps) };
}

export type AccountService = ReturnType<typeof createAccountService>;
