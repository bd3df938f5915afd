import { DomainError } from '@scheduler/domain/errors';
import type { LoginChallengeKind } from '../db/schema.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { AttemptStore } from './attempt-store.ts';
import type { AuthRepository, UserRecord } from './auth-repository.ts';
import type { AuthMethod } from './auth-service.ts';
import type { ChallengeRepository } from './challenge-repository.ts';
import { openSession } from './open-session.ts';
import type { SessionOpened } from './open-session.ts';
import { hashPassword } from './password.ts';
import { assertAcceptablePassword } from './password-policy.ts';
import type { SecretBox } from './secret-box.ts';
import { hashSessionToken, looksLikeSessionToken, newSessionToken } from './session-tokens.ts';
import { verifyTotp } from './totp.ts';

/*
 * The steps of a sign-in after a correct password (issue 15): the TOTP code when the person has
 * two-factor on, then a new password when an owner forced a reset. Each step hands the browser a
 * single-use challenge (32 random bytes; only its SHA-256 is stored) that lives 5 minutes and
 * allows 5 wrong codes; a wrong code also counts as a failed sign-in of the account.
 */

export const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;
export const CHALLENGE_MAX_FAILURES = 5;

export interface StepRequired {
  kind: 'step';
  step: LoginChallengeKind;
  challenge: string;
  expiresAt: number;
}

export type LoginOutcome = SessionOpened | StepRequired;

export interface StepContext {
  ip: string | null;
  userAgent: string | null;
  method: AuthMethod;
}

export interface SignInSteps {
  /** After a correct password: the first step the account needs, or its session. */
  next(user: UserRecord, context: StepContext, after?: LoginChallengeKind): Promise<LoginOutcome>;
  twoFactor(challenge: string, code: string, context: StepContext): Promise<LoginOutcome>;
  passwordChange(challenge: string, newPassword: string, context: StepContext): Promise<LoginOutcome>;
}

const EXPIRED = 'This sign-in has expired. Please sign in again.';

export function createSignInSteps({
  repository,
  challenges,
  attempts,
  audit,
  totpBox,
  now,
}: {
  repository: AuthRepository;
  challenges: ChallengeRepository;
  attempts: AttemptStore;
  audit: AuditLog;
  totpBox: SecretBox;
  now: () => number;
}): SignInSteps {
  async function begin(
    user: UserRecord,
    step: LoginChallengeKind,
    context: StepContext,
  ): Promise<StepRequired> {
    const challenge = newSessionToken();
    const at = now();
    const expiresAt = at + CHALLENGE_LIFETIME_MS;
    await challenges.create({
      userId: user.userId,
      kind: step,
      tokenHash: hashSessionToken(challenge),
      ip: context.ip,
      userAgent: context.userAgent === null ? null : context.userAgent.slice(0, 500),
      at,
      expiresAt,
    });
    return { kind: 'step', step, challenge, expiresAt };
  }

  async function next(
    user: UserRecord,
    context: StepContext,
    after?: LoginChallengeKind,
  ): Promise<LoginOutcome> {
    if (after === undefined && user.totpSecretSealed !== null) return begin(user, 'two-factor', context);
    if (after !== 'password-change' && user.mustResetPassword) return begin(user, 'password-change', context);
    return openSession(repository, audit, user, { at: now(), ...context });
  }

  /** The live challenge of a step and its user, or UNAUTHENTICATED. */
  async function live(challenge: string, kind: LoginChallengeKind) {
    const record = looksLikeSessionToken(challenge)
      ? await challenges.findByTokenHash(hashSessionToken(challenge))
      : undefined;
    const user = record === undefined ? undefined : await repository.findUserById(record.userId);
    if (
      record === undefined ||
      user === undefined ||
      record.kind !== kind ||
      record.usedAt !== null ||
      record.expiresAt <= now() ||
      record.failedAttempts >= CHALLENGE_MAX_FAILURES ||
      user.disabled
    ) {
      throw new DomainError('UNAUTHENTICATED', EXPIRED);
    }
    return { record, user };
  }

  async function used(challengeId: number): Promise<void> {
    if (!(await challenges.use(challengeId, now()))) throw new DomainError('UNAUTHENTICATED', EXPIRED);
  }

  return {
    next,

    async twoFactor(challenge, code, context) {
      const { record, user } = await live(challenge, 'two-factor');
      const secret = user.totpSecretSealed === null ? undefined : totpBox.open(user.totpSecretSealed);
      const step = secret === undefined ? undefined : verifyTotp(secret, code, now(), user.totpLastStep);
      if (step === undefined || !(await repository.acceptTotpStep(user.userId, step))) {
        await challenges.recordFailure(record.challengeId);
        await attempts.recordFailure(user.email, context.ip, now());
        throw new DomainError(
          'INVALID_CREDENTIALS',
          'The code is not correct. Try the newest code from your app.',
          {
            field: 'code',
          },
        );
      }
      await used(record.challengeId);
      return next(user, context, 'two-factor');
    },

    async passwordChange(challenge, newPassword, context) {
      const { record, user } = await live(challenge, 'password-change');
      assertAcceptablePassword(newPassword, 'newPassword', [user.email, user.displayName]);
      await used(record.challengeId);
      const at = now();
      await repository.replacePassword(user.userId, await hashPassword(newPassword), at);
      await audit.record({
        userId: user.userId,
        clientId: null,
        action: 'auth.password-change',
        recordType: 'user',
        recordId: user.userId,
        ip: context.ip,
      });
      return next({ ...user, mustResetPassword: false }, context, 'password-change');
    },
  };
}
