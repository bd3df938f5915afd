import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/database.ts';
import { createAuthRepository } from '../../platform/auth/auth-repository.ts';
import { createSecretBox } from '../../platform/auth/secret-box.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { EmailTransport } from '../../platform/outbound/transports.ts';
import { ACCOUNT_EMAIL_QUEUE, createAccountMailer } from './account-emails.ts';
import { createAccountRepository } from './account-repository.ts';
import { accountRoutes, sessionsAndTwoFactorRoutes } from './account-routes.ts';
import { createAccountService } from './account-service.ts';
import { createInvitationsRepository } from './invitations-repository.ts';
import { memberSecurityRoutes } from './member-security-routes.ts';
import { invitationLinkRoutes, invitationsRoutes } from './invitations-routes.ts';
import { createInvitationsService } from './invitations-service.ts';
import { authRoutes } from './session-routes.ts';
import { createUsersRepository } from './users-repository.ts';
import { usersRoutes } from './users-routes.ts';
import { createUsersService } from './users-service.ts';

export { LOGIN_RATE_LIMIT } from './session-routes.ts';
export { ACCOUNT_EMAIL_QUEUE } from './account-emails.ts';
export { createOwner, inviteOwner, slugOf } from './owner-bootstrap.ts';
export type { CreateOwnerInput, InviteOwnerInput, OwnerResult } from './owner-bootstrap.ts';

export interface StaffRoutesOptions {
  db: Db;
  /** The clock of staff accounts (links, codes, sessions; tests pin it): app.ts's staffClock. */
  now?: () => Date;
  /** The queue's clock (the app's `now`) when it differs from `now`: account e-mails are due at once on it. */
  queueNow?: () => Date;
  /** The durable queue (issue 17): invitation and reset e-mails are queued in the change's transaction. */
  jobs?: JobQueue;
  /** The e-mail transport; without one (or unconfigured), invitation links are shown to the owner. */
  email?: EmailTransport;
  config?: Partial<Pick<Config, 'publicUrl' | 'loginHashKey' | 'port'>>;
}

/**
 * Staff accounts: the config/auth API (sign-in at `/api/config/login` and
 * `/api/scheduler/adminLogin` and its steps, the signed-in user, brands, switching brand,
 * sign-out), the practice's users and invitations, and the person's own account (password,
 * reset, sessions, two-factor). Sessions and the guard are platform/auth's (`app.staffAuth`).
 */
export const staffRoutes: FastifyPluginAsyncZod<StaffRoutesOptions> = async (
  app,
  { db, now: clock, queueNow, jobs, email, config },
) => {
  const { auth, guard, audit } = app.staffAuth;
  const now = clock === undefined ? Date.now : () => clock().getTime();
  const publicUrl = (config?.publicUrl ?? `http://localhost:${config?.port ?? 3000}`).replace(/\/+$/, '');
  const mailer = createAccountMailer({
    db,
    jobs,
    email,
    linkBox: createSecretBox('account-email-link', config?.loginHashKey),
    publicUrl,
    now,
    ...(queueNow === undefined ? {} : { queueNow: () => queueNow().getTime() }),
  });
  jobs?.handle(ACCOUNT_EMAIL_QUEUE, (job) => mailer.handle(job));
  const users = createUsersService({ repository: createUsersRepository(db), audit, now });
  const invitations = createInvitationsService({
    db,
    repository: createInvitationsRepository(db),
    audit,
    mailer,
    publicUrl,
    now,
  });
  const account = createAccountService({
    db,
    repository: createAccountRepository(db),
    authRepository: createAuthRepository(db),
    auth,
    audit,
    mailer,
    totpBox: createSecretBox('totp-secret', config?.loginHashKey),
    publicUrl,
    now,
  });

  await app.register(authRoutes, { auth, guard });
  await app.register(usersRoutes, { guard, users, invitations });
  await app.register(memberSecurityRoutes, { guard, users });
  await app.register(invitationsRoutes, { guard, invitations });
  await app.register(invitationLinkRoutes, { guard, auth, invitations });
  await app.register(accountRoutes, { guard, account });
  await app.register(sessionsAndTwoFactorRoutes, { guard, account });
};
