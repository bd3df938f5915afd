import { DomainError } from '@scheduler/domain/errors';
import type { Role } from '@scheduler/domain/roles';
import type { AddUserRequest, AddUserResponse, PracticeUser } from '@scheduler/contract/admin-auth';
import type { ListUsersQuery } from '@scheduler/contract/admin/users';
import { pageOf } from '../../platform/db/paging.ts';
import type { AuditActor, AuditLog } from '../../platform/audit/audit-log.ts';
import { hashPassword } from '../../platform/auth/password.ts';
import { newTemporaryPassword } from '../../platform/auth/session-tokens.ts';
import type { MemberRecord, MembershipChange, UsersRepository } from './users-repository.ts';
import { LAST_OWNER_MESSAGE } from '@scheduler/domain/messages';

/** Owners manage who belongs to their practice and with which role. */
export interface UsersService {
  list(
    actor: AuditActor,
    query: ListUsersQuery,
  ): Promise<{ items: PracticeUser[]; page: number; pageSize: number; total: number }>;
  add(actor: AuditActor, request: AddUserRequest): Promise<AddUserResponse>;
  changeRole(actor: AuditActor, userId: number, role: Role): Promise<PracticeUser>;
  remove(actor: AuditActor, userId: number): Promise<void>;
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

export function createUsersService({
  repository,
  audit,
  now = Date.now,
  hash = hashPassword,
}: {
  repository: UsersRepository;
  audit: AuditLog;
  now?: () => number;
  /** Test seam; production hashes with the full scrypt cost. */
  hash?: (password: string) => Promise<string>;
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

    async add(actor, { email, displayName, role }) {
      const at = now();
      const existingId = await repository.findUserIdByEmail(email);
      let userId = existingId;
      let temporaryPassword: string | null = null;
      if (existingId === undefined) {
        temporaryPassword = newTemporaryPassword();
        userId = await repository.createUserWithMembership({
          email,
          displayName,
          passwordHash: await hash(temporaryPassword),
          clientId: actor.clientId,
          role,
          at,
        });
        if (userId === undefined)
          throw new DomainError('CONFLICT', 'This e-mail address was just added. Reload the list.');
      } else if (!(await repository.addMembership(actor.clientId, existingId, role, at))) {
        throw new DomainError('CONFLICT', 'This person is already a member of this practice.');
      }
      const member = await memberOrThrow(actor.clientId, userId ?? 0);
      await audit.recordFor(actor, 'membership.create', {
        type: 'user',
        id: member.userId,
        details: { role, created: existingId === undefined },
      });
      return { user: toPracticeUser(member), created: existingId === undefined, temporaryPassword };
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
  };
}
