import { dialectOf } from '../../platform/db/database.ts';
import { inWriteTransaction } from '../../platform/db/transaction.ts';
import type { Db } from '../../platform/db/database.ts';
import type { MembershipRole } from '../../platform/db/schema.ts';
import { pagedRows } from '../../platform/db/paging.ts';
import type { ListRequest, ListSpec, PagedRows } from '../../platform/db/paging.ts';

export interface MemberRecord {
  userId: number;
  email: string;
  displayName: string;
  role: MembershipRole;
  lastLoginAt: number | null;
  disabled: boolean;
}

export type MembershipChange = 'ok' | 'not-found' | 'last-owner';

export type MemberSortKey = 'name' | 'email' | 'lastLogin';

const MEMBER_LIST: ListSpec<MemberSortKey> = {
  searchColumns: ['users.display_name', 'users.email'],
  sortColumns: {
    name: [{ text: 'users.display_name' }],
    email: ['users.email'],
    lastLogin: ['users.last_login_at', { text: 'users.display_name' }],
  },
  idColumn: 'users.id',
};

export interface UsersRepository {
  /** One page of the brand's members (search: name or e-mail). */
  listMembers(clientId: number, request: ListRequest<MemberSortKey>): Promise<PagedRows<MemberRecord>>;
  findMember(clientId: number, userId: number): Promise<MemberRecord | undefined>;
  /** Changes a role, refusing to leave the brand without an owner. */
  changeRole(clientId: number, userId: number, role: MembershipRole): Promise<MembershipChange>;
  /** Removes a membership, refusing to remove the last owner. */
  removeMembership(clientId: number, userId: number): Promise<MembershipChange>;
  /**
   * Disables the member in this brand (refusing the last enabled owner) and ends their sessions
   * that are on this brand; or enables them again (`at` null).
   */
  setMemberDisabled(clientId: number, userId: number, at: number | null): Promise<MembershipChange>;
  /** The next sign-in must choose a new password; every session of the person ends. */
  forceReset(userId: number, at: number): Promise<void>;
  ownerTwoFactorRequired(clientId: number): Promise<boolean>;
  setOwnerTwoFactorRequired(clientId: number, required: boolean): Promise<void>;
}

const memberships = (executor: Db) =>
  executor.selectFrom('memberships').innerJoin('users', 'users.id', 'memberships.user_id');
const selectMember = <Q extends ReturnType<typeof memberships>>(query: Q) =>
  query.select([
    'users.id',
    'users.email',
    'users.display_name',
    'users.last_login_at',
    'users.disabled_at',
    'memberships.disabled_at as membership_disabled_at',
    'memberships.role',
  ]);
const members = (executor: Db) => selectMember(memberships(executor));
const toRecord = (row: {
  id: number;
  email: string;
  display_name: string;
  last_login_at: number | null;
  disabled_at: number | null;
  membership_disabled_at: number | null;
  role: MembershipRole;
}): MemberRecord => ({
  userId: row.id,
  email: row.email,
  displayName: row.display_name,
  role: row.role,
  lastLoginAt: row.last_login_at === null ? null : Number(row.last_login_at),
  disabled: row.disabled_at !== null || row.membership_disabled_at !== null,
});

/** A change of a membership that keeps the practice's last owner (the owners locked on PostgreSQL). */
async function guardedChange(
  db: Db,
  clientId: number,
  userId: number,
  change: (trx: Db) => Promise<void>,
  keepsOwner: boolean,
): Promise<MembershipChange> {
  return inWriteTransaction(db, async (trx) => {
    let ownersQuery = trx
      .selectFrom('memberships')
      .select(['user_id'])
      .where('client_id', '=', clientId)
      .where('role', '=', 'owner')
      .where('disabled_at', 'is', null);
    // PostgreSQL: lock the owners so that two removals cannot both pass the check. SQLite
    // transactions are serialised by its write lock.
    if (dialectOf(trx) === 'postgres') ownersQuery = ownersQuery.forUpdate();
    const owners = await ownersQuery.execute();
    const target = await trx
      .selectFrom('memberships')
      .select('role')
      .where('client_id', '=', clientId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (target === undefined) return 'not-found';
    // The last ENABLED owner stays (a disabled owner is not counted and may be removed).
    const targetIsEnabledOwner = owners.some((owner) => owner.user_id === userId);
    if (targetIsEnabledOwner && !keepsOwner && owners.length <= 1) return 'last-owner';
    await change(trx);
    return 'ok';
  });
}

export function createUsersRepository(db: Db): UsersRepository {
  return {
    setMemberDisabled(clientId, userId, at) {
      return guardedChange(
        db,
        clientId,
        userId,
        async (trx) => {
          await trx
            .updateTable('memberships')
            .set({ disabled_at: at })
            .where('client_id', '=', clientId)
            .where('user_id', '=', userId)
            .execute();
          if (at === null) return;
          await trx
            .updateTable('admin_sessions')
            .set({ revoked_at: at })
            .where('user_id', '=', userId)
            .where('active_client_id', '=', clientId)
            .where('revoked_at', 'is', null)
            .execute();
        },
        at === null,
      );
    },

    async forceReset(userId, at) {
      await inWriteTransaction(db, async (trx) => {
        await trx
          .updateTable('users')
          .set({ must_reset_password: 1, updated_at: at })
          .where('id', '=', userId)
          .execute();
        await trx
          .updateTable('admin_sessions')
          .set({ revoked_at: at })
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .execute();
      });
    },

    async ownerTwoFactorRequired(clientId) {
      const row = await db
        .selectFrom('clients')
        .select('require_owner_totp')
        .where('id', '=', clientId)
        .executeTakeFirst();
      return Number(row?.require_owner_totp ?? 0) === 1;
    },

    async setOwnerTwoFactorRequired(clientId, required) {
      await db
        .updateTable('clients')
        .set({ require_owner_totp: required ? 1 : 0 })
        .where('id', '=', clientId)
        .execute();
    },

    async listMembers(clientId, request) {
      const { rows, total } = await pagedRows(
        memberships(db).where('memberships.client_id', '=', clientId),
        MEMBER_LIST,
        request,
        selectMember,
      );
      return { rows: rows.map(toRecord), total };
    },

    async findMember(clientId, userId) {
      const row = await members(db)
        .where('memberships.client_id', '=', clientId)
        .where('users.id', '=', userId)
        .executeTakeFirst();
      return row && toRecord(row);
    },

    changeRole(clientId, userId, role) {
      return guardedChange(
        db,
        clientId,
        userId,
        async (trx) => {
          await trx
            .updateTable('memberships')
            .set({ role })
            .where('client_id', '=', clientId)
            .where('user_id', '=', userId)
            .execute();
        },
        role === 'owner',
      );
    },

    removeMembership(clientId, userId) {
      return guardedChange(
        db,
        clientId,
        userId,
        async (trx) => {
          await trx
            .deleteFrom('memberships')
            .where('client_id', '=', clientId)
            .where('user_id', '=', userId)
            .execute();
        },
        false,
      );
    },
  };
}
