import type { Db } from '../../platform/db/database.ts';
import type { MembershipRole } from '../../platform/db/schema.ts';
import { inWriteTransaction } from '../../platform/db/transaction.ts';

/** Invitations of a brand (`staff_invitations`, migration 014): only the token's SHA-256 is stored. */

export interface InvitationRecord {
  invitationId: number;
  clientId: number;
  clientName: string;
  email: string;
  role: MembershipRole;
  createdAt: number;
  expiresAt: number;
  acceptedAt: number | null;
  revokedAt: number | null;
  invitedBy: string | null;
}

export interface NewInvitation {
  clientId: number;
  email: string;
  role: MembershipRole;
  tokenHash: string;
  invitedBy: number | null;
  at: number;
  expiresAt: number;
}

export type AcceptOutcome = { ok: true; userId: number } | { ok: false; reason: 'used' | 'email-taken' };

const base = (db: Db) =>
  db
    .selectFrom('staff_invitations')
    .innerJoin('clients', 'clients.id', 'staff_invitations.client_id')
    .leftJoin('users', 'users.id', 'staff_invitations.invited_by_user_id')
    .select([
      'staff_invitations.id',
      'staff_invitations.client_id',
      'clients.name as client_name',
      'staff_invitations.email',
      'staff_invitations.role',
      'staff_invitations.created_at',
      'staff_invitations.expires_at',
      'staff_invitations.accepted_at',
      'staff_invitations.revoked_at',
      'users.display_name as invited_by',
    ]);

type Row = Awaited<ReturnType<ReturnType<typeof base>['executeTakeFirstOrThrow']>>;

const toRecord = (row: Row): InvitationRecord => ({
  invitationId: row.id,
  clientId: row.client_id,
  clientName: row.client_name,
  email: row.email,
  role: row.role,
  createdAt: Number(row.created_at),
  expiresAt: Number(row.expires_at),
  acceptedAt: row.accepted_at === null ? null : Number(row.accepted_at),
  revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
  invitedBy: row.invited_by,
});

/** Marks the invitation accepted unless it was used, revoked or expired meanwhile. */
async function claim(trx: Db, invitationId: number, userId: number, at: number): Promise<boolean> {
  const result = await trx
    .updateTable('staff_invitations')
    .set({ accepted_at: at, accepted_user_id: userId })
    .where('id', '=', invitationId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Adds (or re-enables, with the invitation's role) the membership. */
async function addMembership(trx: Db, userId: number, clientId: number, role: MembershipRole, at: number) {
  const existing = await trx
    .selectFrom('memberships')
    .select(['id', 'disabled_at'])
    .where('user_id', '=', userId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (existing === undefined) {
    await trx
      .insertInto('memberships')
      .values({ user_id: userId, client_id: clientId, role, created_at: at })
      .execute();
  } else if (existing.disabled_at !== null) {
    await trx
      .updateTable('memberships')
      .set({ role, disabled_at: null })
      .where('id', '=', existing.id)
      .execute();
  }
  await trx.updateTable('users').set({ last_client_id: clientId }).where('id', '=', userId).execute();
}

export function createInvitationsRepository(db: Db) {
  return {
    async isMember(clientId: number, email: string): Promise<boolean> {
      const row = await db
        .selectFrom('memberships')
        .innerJoin('users', 'users.id', 'memberships.user_id')
        .select('memberships.id')
        .where('memberships.client_id', '=', clientId)
        .where('users.email', '=', email)
        .where('memberships.disabled_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Inserts the invitation (revoking the brand's earlier live ones to the same e-mail) in `trx`. */
    async insert(trx: Db, invitation: NewInvitation): Promise<number> {
      await trx
        .updateTable('staff_invitations')
        .set({ revoked_at: invitation.at })
        .where('client_id', '=', invitation.clientId)
        .where('email', '=', invitation.email)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .execute();
      const row = await trx
        .insertInto('staff_invitations')
        .values({
          client_id: invitation.clientId,
          email: invitation.email,
          role: invitation.role,
          token_hash: invitation.tokenHash,
          invited_by_user_id: invitation.invitedBy,
          created_at: invitation.at,
          expires_at: invitation.expiresAt,
          accepted_at: null,
          accepted_user_id: null,
          revoked_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async find(clientId: number, invitationId: number): Promise<InvitationRecord | undefined> {
      const row = await base(db)
        .where('staff_invitations.client_id', '=', clientId)
        .where('staff_invitations.id', '=', invitationId)
        .executeTakeFirst();
      return row && toRecord(row);
    },

    async findByTokenHash(tokenHash: string): Promise<InvitationRecord | undefined> {
      const row = await base(db).where('staff_invitations.token_hash', '=', tokenHash).executeTakeFirst();
      return row && toRecord(row);
    },

    async list(clientId: number): Promise<InvitationRecord[]> {
      const rows = await base(db)
        .where('staff_invitations.client_id', '=', clientId)
        .orderBy('staff_invitations.created_at', 'desc')
        .orderBy('staff_invitations.id', 'desc')
        .limit(500)
        .execute();
      return rows.map(toRecord);
    },

    async revoke(clientId: number, invitationId: number, at: number): Promise<boolean> {
      const result = await db
        .updateTable('staff_invitations')
        .set({ revoked_at: at })
        .where('client_id', '=', clientId)
        .where('id', '=', invitationId)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** An existing account accepts (consent: the membership exists only from now on). */
    acceptAsUser(invitation: InvitationRecord, userId: number, at: number): Promise<AcceptOutcome> {
      return inWriteTransaction(db, async (trx) => {
        if (!(await claim(trx, invitation.invitationId, userId, at))) return { ok: false, reason: 'used' };
        await addMembership(trx, userId, invitation.clientId, invitation.role, at);
        return { ok: true, userId };
      });
    },

    /** A new account, made by the person with their own name and password, and its membership. */
    acceptAsNewUser(
      invitation: InvitationRecord,
      account: { displayName: string; passwordHash: string },
      at: number,
    ): Promise<AcceptOutcome> {
      return inWriteTransaction(db, async (trx) => {
        const taken = await trx
          .selectFrom('users')
          .select('id')
          .where('email', '=', invitation.email)
          .executeTakeFirst();
        if (taken !== undefined) return { ok: false, reason: 'email-taken' };
        const user = await trx
          .insertInto('users')
          .values({
            email: invitation.email,
            password_hash: account.passwordHash,
            display_name: account.displayName,
            created_at: at,
            updated_at: at,
            last_login_at: null,
            disabled_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (!(await claim(trx, invitation.invitationId, user.id, at))) {
          throw new InvitationRaceError();
        }
        await addMembership(trx, user.id, invitation.clientId, invitation.role, at);
        return { ok: true, userId: user.id };
      });
    },

    async userIdByEmail(email: string): Promise<number | undefined> {
      const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
      return row?.id;
    },
  };
}

/** Rolls back a new account whose invitation was used by a racing request. */
export class InvitationRaceError extends Error {
  override readonly name = 'InvitationRaceError';
}

export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;
