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
  findUserIdByEmail(email: string): Promise<number | undefined>;
  /** Creates the account and its membership together; undefined when the e-mail was taken meanwhile. */
  createUserWithMembership(input: {
    email: string;
    displayName: string;
    passwordHash: string;
    clientId: number;
    role: MembershipRole;
    at: number;
  }): Promise<number | undefined>;
  /** False when the user already belongs to the brand. */
  addMembership(clientId: number, userId: number, role: MembershipRole, at: number): Promise<boolean>;
  /** Changes a role, refusing to leave the brand without an owner. */
  changeRole(clientId: number, userId: number, role: MembershipRole): Promise<MembershipChange>;
  /** Removes a membership, refusing to remove the last owner. */
  removeMembership(clientId: number, userId: number): Promise<MembershipChange>;
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
    'memberships.role',
  ]);
const members = (executor: Db) => selectMember(memberships(executor));
const toRecord = (row: {
  id: number;
  email: string;
  display_name: string;
  last_login_at: number | null;
  disabled_at: number | null;
  role: MembershipRole;
}): MemberRecord => ({
  userId: row.id,
  email: row.email,
  displayName: row.display_name,
  role: row.role,
  lastLoginAt: row.last_login_at === null ? null : Number(row.last_login_at),
  disabled: row.disabled_at !== null,
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
      .where('role', '=', 'owner');
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
    if (target.role === 'owner' && !keepsOwner && owners.length <= 1) return 'last-owner';
    await change(trx);
    return 'ok';
  });
}

/** A new user and their membership, unless the e-mail is taken (undefined then). */
async function insertUserWithMembership(
  db: Db,
  {
    email,
    displayName,
    passwordHash,
    clientId,
    role,
    at,
  }: Parameters<UsersRepository['createUserWithMembership']>[0],
): Promise<number | undefined> {
  return inWriteTransaction(db, async (trx) => {
    const taken = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    if (taken !== undefined) return undefined;
    const user = await trx
      .insertInto('users')
      .values({
        email,
        password_hash: passwordHash,
        display_name: displayName,
        created_at: at,
        updated_at: at,
        last_login_at: null,
        disabled_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('memberships')
      .values({ user_id: user.id, client_id: clientId, role, created_at: at })
      .execute();
    return user.id;
  });
}

export function createUsersRepository(db: Db): UsersRepository {
  return {
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

    async findUserIdByEmail(email) {
      const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
      return row?.id;
    },

    createUserWithMembership: (user) => insertUserWithMembership(db, user),

    async addMembership(clientId, userId, role, at) {
      return inWriteTransaction(db, async (trx) => {
        const existing = await trx
          .selectFrom('memberships')
          .select('id')
          .where('client_id', '=', clientId)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (existing !== undefined) return false;
        await trx
          .insertInto('memberships')
          .values({ user_id: userId, client_id: clientId, role, created_at: at })
          .execute();
        return true;
      });
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
