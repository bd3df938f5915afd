import { DomainError } from '@scheduler/domain/errors';
import type { Role } from '@scheduler/domain/roles';
import { ACCEPT_INVITATION_PATH, INVITATION_LIFETIME_HOURS } from '@scheduler/contract/admin/accounts';
import type {
  Invitation,
  InvitationCreatedResponse,
  InvitationLookupResponse,
  InvitationStatus,
} from '@scheduler/contract/admin/accounts';
import type { Db } from '../../platform/db/database.ts';
import { inWriteTransaction } from '../../platform/db/transaction.ts';
import type { AuditActor, AuditLog } from '../../platform/audit/audit-log.ts';
import type { AdminSession } from '../../platform/auth/auth-service.ts';
import { hashPassword } from '../../platform/auth/password.ts';
import { assertAcceptablePassword } from '../../platform/auth/password-policy.ts';
import {
  hashSessionToken,
  looksLikeSessionToken,
  newSessionToken,
} from '../../platform/auth/session-tokens.ts';
import type { AccountMailer } from './account-emails.ts';
import type { InvitationRecord, InvitationsRepository } from './invitations-repository.ts';
import { InvitationRaceError } from './invitations-repository.ts';

/*
 * Adding a person to a brand is an invitation (issue 15, findings 1 and 2): a single-use link
 * (32 random bytes; only the SHA-256 is stored) valid 72 hours, e-mailed through the durable
 * queue — or, with no e-mail transport, shown once to the inviting owner. The answer is the same
 * whether or not the e-mail has an account: nothing about an existing account (name, last
 * sign-in, disabled) leaves, and no membership exists until the person accepts — signed in as
 * that account (consent) or, for a new account, by choosing their own name and password. Nobody
 * ever sees or chooses another person's password.
 */

export const INVITATION_LIFETIME_MS = INVITATION_LIFETIME_HOURS * 60 * 60 * 1000;
export const INVITATION_LINK_INVALID =
  'This invitation has expired or was already used. Ask the practice for a new one.';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const linkError = () =>
  new DomainError('VALIDATION', INVITATION_LINK_INVALID, {
    fields: [{ path: 'token', message: INVITATION_LINK_INVALID, in: 'body' }],
  });

export function statusOf(invitation: InvitationRecord, at: number): InvitationStatus {
  if (invitation.acceptedAt !== null) return 'accepted';
  if (invitation.revokedAt !== null) return 'revoked';
  return invitation.expiresAt <= at ? 'expired' : 'pending';
}

export function toInvitation(invitation: InvitationRecord, at: number): Invitation {
  return {
    invitationId: String(invitation.invitationId),
    email: invitation.email,
    role: invitation.role,
    status: statusOf(invitation, at),
    createdAt: new Date(invitation.createdAt).toISOString(),
    expiresAt: new Date(invitation.expiresAt).toISOString(),
    acceptedAt: iso(invitation.acceptedAt),
    revokedAt: iso(invitation.revokedAt),
    invitedBy: invitation.invitedBy,
  };
}

export type AcceptResult = { userId: number; clientId: number; newAccount: boolean };

/** Acceptance of a live invitation: signed in as the invited account, or as a new account. */
async function acceptInvitation(
  { repository, audit }: { repository: InvitationsRepository; audit: AuditLog },
  invitation: InvitationRecord,
  at: number,
  session: AdminSession | undefined,
  account: { displayName?: string | undefined; password?: string | undefined },
  ip: string | null,
): Promise<AcceptResult> {
  let outcome;
  if (session !== undefined) {
    if (session.email !== invitation.email) {
      throw new DomainError(
        'FORBIDDEN',
        `This invitation is for ${invitation.email}. Sign out, then sign in with that address to accept it.`,
      );
    }
    outcome = await repository.acceptAsUser(invitation, session.userId, at);
  } else {
    if ((await repository.userIdByEmail(invitation.email)) !== undefined) {
      throw new DomainError(
        'CONFLICT',
        `You already have an account as ${invitation.email}. Sign in with it, then open the link again to accept.`,
        { reason: 'sign-in-required' },
      );
    }
    const { displayName, password } = account;
    if (displayName === undefined || password === undefined) {
      const fields = [
        ...(displayName === undefined
          ? [{ path: 'displayName', message: 'Enter your name', in: 'body' as const }]
          : []),
        ...(password === undefined
          ? [{ path: 'password', message: 'Choose a password', in: 'body' as const }]
          : []),
      ];
      throw new DomainError('VALIDATION', undefined, { fields });
    }
    assertAcceptablePassword(password, 'password', [invitation.email, displayName]);
    const passwordHash = await hashPassword(password);
    try {
      outcome = await repository.acceptAsNewUser(invitation, { displayName, passwordHash }, at);
    } catch (error) {
      if (error instanceof InvitationRaceError) throw linkError();
      throw error;
    }
  }
  if (!outcome.ok) {
    if (outcome.reason === 'email-taken') {
      throw new DomainError('CONFLICT', 'An account with this address was just made. Sign in to accept.');
    }
    throw linkError();
  }
  await audit.record({
    userId: outcome.userId,
    clientId: invitation.clientId,
    action: 'membership.create',
    recordType: 'user',
    recordId: outcome.userId,
    ip,
    details: {
      role: invitation.role,
      invitationId: invitation.invitationId,
      created: session === undefined,
    },
  });
  return { userId: outcome.userId, clientId: invitation.clientId, newAccount: session === undefined };
}

export function createInvitationsService({
  db,
  repository,
  audit,
  mailer,
  publicUrl,
  now,
}: {
  db: Db;
  repository: InvitationsRepository;
  audit: AuditLog;
  mailer: AccountMailer;
  publicUrl: string;
  now: () => number;
}) {
  /** A new invitation and its e-mail, in one transaction. */
  async function issue(
    clientId: number,
    invitedBy: number | null,
    { email, role }: { email: string; role: Role },
  ): Promise<{ invitationId: number; delivery: 'email' | 'link'; link: string }> {
    const at = now();
    const token = newSessionToken();
    const link = `${publicUrl}${ACCEPT_INVITATION_PATH}#token=${token}`;
    return inWriteTransaction(db, async (trx) => {
      const invitationId = await repository.insert(trx, {
        clientId,
        email,
        role,
        tokenHash: hashSessionToken(token),
        invitedBy,
        at,
        expiresAt: at + INVITATION_LIFETIME_MS,
      });
      const delivery = await mailer.queue(
        trx,
        { kind: 'staff-invitation', to: email, link, invitationId },
        at,
      );
      return { invitationId, delivery, link };
    });
  }

  async function answer(
    clientId: number,
    issued: { invitationId: number; delivery: 'email' | 'link'; link: string },
  ): Promise<InvitationCreatedResponse> {
    const invitation = await repository.find(clientId, issued.invitationId);
    if (invitation === undefined) throw new DomainError('NOT_FOUND');
    return {
      invitation: toInvitation(invitation, now()),
      delivery: issued.delivery,
      link: issued.delivery === 'link' ? issued.link : null,
    };
  }

  async function live(token: string): Promise<InvitationRecord> {
    const invitation = looksLikeSessionToken(token)
      ? await repository.findByTokenHash(hashSessionToken(token))
      : undefined;
    if (invitation === undefined || statusOf(invitation, now()) !== 'pending') throw linkError();
    return invitation;
  }

  return {
    issue,

    async invite(
      actor: AuditActor,
      request: { email: string; role: Role },
    ): Promise<InvitationCreatedResponse> {
      if (await repository.isMember(actor.clientId, request.email)) {
        throw new DomainError('CONFLICT', 'This person is already a member of this practice.');
      }
      const issued = await issue(actor.clientId, actor.userId, request);
      await audit.recordFor(actor, 'invitation.create', {
        type: 'invitation',
        id: issued.invitationId,
        details: { role: request.role, delivery: issued.delivery },
      });
      return answer(actor.clientId, issued);
    },

    async list(actor: AuditActor, status: InvitationStatus | undefined): Promise<Invitation[]> {
      const at = now();
      const all = (await repository.list(actor.clientId)).map((invitation) => toInvitation(invitation, at));
      return status === undefined ? all : all.filter((invitation) => invitation.status === status);
    },

    /** A new link for an invitation not accepted yet (the old link stops working). */
    async resend(actor: AuditActor, invitationId: number): Promise<InvitationCreatedResponse> {
      const invitation = await repository.find(actor.clientId, invitationId);
      if (invitation === undefined || invitation.acceptedAt !== null) throw new DomainError('NOT_FOUND');
      const issued = await issue(actor.clientId, actor.userId, invitation);
      await audit.recordFor(actor, 'invitation.resend', { type: 'invitation', id: issued.invitationId });
      return answer(actor.clientId, issued);
    },

    async revoke(actor: AuditActor, invitationId: number): Promise<void> {
      if (!(await repository.revoke(actor.clientId, invitationId, now()))) throw new DomainError('NOT_FOUND');
      await audit.recordFor(actor, 'invitation.revoke', { type: 'invitation', id: invitationId });
    },

    /** What the link's holder may see before accepting. */
    async lookup(token: string): Promise<InvitationLookupResponse> {
      const invitation = await live(token);
      return {
        email: invitation.email,
        clientName: invitation.clientName,
        role: invitation.role,
        expiresAt: new Date(invitation.expiresAt).toISOString(),
        accountExists: (await repository.userIdByEmail(invitation.email)) !== undefined,
      };
    },

    async accept(
      token: string,
      session: AdminSession | undefined,
      account: { displayName?: string | undefined; password?: string | undefined },
      ip: string | null,
    ): Promise<AcceptResult> {
      return acceptInvitation({ repository, audit }, await live(token), now(), session, account, ip);
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
