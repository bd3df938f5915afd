import { DomainError } from '@scheduler/domain/errors';
import type { Role } from '@scheduler/domain/roles';
import type { PracticeUser } from '@scheduler/contract/admin-auth';
import type { ListUsersQuery } from '@scheduler/contract/admin/users';
import { pageOf } from '../../platform/db/paging.ts';
import type { AuditActor, AuditLog } from '../../platform/audit/audit-log.ts';
import type { MemberRecord, MembershipChange, UsersRepository } from './users-repository.ts';
import { LAST_OWNER_MESSAGE } from '@scheduler/domain/messages';

/**
 * Owners manage who belongs to their practice and with which role. People join by invitation
 * (invitations-service.ts). An owner may disable a member in this practice or force a password
 * reset — never see or set a password.
 */
export interface UsersService {
  list(
    actor: AuditActor,
    query: ListUsersQuery,
  ): Promise<{ items: PracticeUser[]; page: number; pageSize: number; total: number }>;
  changeRole(actor: AuditActor, userId: number, role: Role): Promise<PracticeUser>;
  remove(actor: AuditActor, userId: number): Promise<void>;
  /** Disables (or enables) the member in this practice; their sessions on it end. */
  setDisabled(actor: AuditActor, userId: number, disabled: boolean): Promise<PracticeUser>;
  /** Every session of the member ends; their next sign-in must choose a new password. */
  forceReset(actor: AuditActor, userId: number): Promise<void>;
  ownerTwoFactorRequired(actor: AuditActor): Promise<boolean>;
  setOwnerTwoFactorRequired(
    actor: AuditActor,
    required: boolean,
    actorHasTwoFactor: boolean,
  ): Promise<boolean>;
}

function toPracticeUser(member: MemberRecord): PracticeUser {
  return {
    userId: String(member.userId),
    email: member.email,
    displayName: member.displayName,
    role: member.role,
    lastLoginAt: member.lastLoginAt === null ? null : new Date(member.lastLoginAt).toISOString(),
    disabled: member.disabled,
  };
}

function assertChanged(outcome: MembershipChange): void {
  if (outcome === 'not-found') throw new DomainError('NOT_FOUND');
  if (outcome === 'last-owner') throw new DomainError('CONFLICT', LAST_OWNER_MESSAGE);
}

function assertNotSelf(actor: AuditActor, userId: number, message: string): void {
  if (actor.userId === userId) throw new DomainError('CONFLICT', message);
}

export function createUsersService({
  repository,
  audit,
  now = Date.now,
}: {
  repository: UsersRepository;
  audit: AuditLog;
  now?: () => number;
}): UsersService {
  async function memberOrThrow(clientId: number, userId: number): Promise<MemberRecord> {
    const member = await repository.findMember(clientId, userId);
    if (member === undefined) throw new DomainError('NOT_FOUND');
    return member;
  }

  return {
    async list(actor, query) {
      const { rows, total } = await repository.listMembers(actor.clientId, query);
      return pageOf(query, rows.map(toPracticeUser), total);
    },

    async changeRole(actor, userId, role) {
      assertChanged(await repository.changeRole(actor.clientId, userId, role));
      await audit.recordFor(actor, 'membership.update', { type: 'user', id: userId, details: { role } });
      return toPracticeUser(await memberOrThrow(actor.clientId, userId));
    },

    async remove(actor, userId) {
      assertChanged(await repository.removeMembership(actor.clientId, userId));
      await audit.recordFor(actor, 'membership.delete', { type: 'user', id: userId });
    },

    async setDisabled(actor, userId, disabled) {
      if (disabled) assertNotSelf(actor, userId, 'You cannot disable yourself.');
      assertChanged(await repository.setMemberDisabled(actor.clientId, userId, disabled ? now() : null));
      await audit.recordFor(actor, disabled ? 'membership.disable' : 'membership.enable', {
        type: 'user',
        id: userId,
      });
      return toPracticeUser(await memberOrThrow(actor.clientId, userId));
    },

    async forceReset(actor, userId) {
      assertNotSelf(actor, userId, 'Change your own password under Account.');
      await memberOrThrow(actor.clientId, userId);
      await repository.forceReset(userId, now());
      await audit.recordFor(actor, 'user.force-reset', { type: 'user', id: userId });
    },

    ownerTwoFactorRequired: (actor) => repository.ownerTwoFactorRequired(actor.clientId),

    async setOwnerTwoFactorRequired(actor, required, actorHasTwoFactor) {
      if (required && !actorHasTwoFactor) {
        throw new DomainError('CONFLICT', 'Set up two-factor sign-in for yourself first (under Account).');
      }
      await repository.setOwnerTwoFactorRequired(actor.clientId, required);
      await audit.recordFor(actor, 'client.security-update', {
        type: 'client',
        id: actor.clientId,
        details: { requireOwnerTwoFactor: required },
      });
      return required;
    },
  };
}
