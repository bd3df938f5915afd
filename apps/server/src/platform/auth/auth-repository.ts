import type { Db } from '../db/database.ts';
import { inWriteTransaction } from '../db/transaction.ts';
import type { MembershipRole } from '../db/schema.ts';

export interface UserRecord {
  userId: number;
  email: string;
  passwordHash: string;
  displayName: string;
  disabled: boolean;
  /** An owner forced a reset: the next sign-in must choose a new password. */
  mustResetPassword: boolean;
  /** The sealed TOTP secret (secret-box.ts) when two-factor is on, else null. */
  totpSecretSealed: string | null;
  totpLastStep: number | null;
  /** The brand chosen last (the next session's active brand when still a member). */
  lastClientId: number | null;
}

export interface MembershipRecord {
  clientId: number;
  clientName: string;
  clientSlug: string;
  role: MembershipRole;
}

export interface SessionRecord {
  sessionId: number;
  userId: number;
  email: string;
  displayName: string;
  userDisabled: boolean;
  userTwoFactor: boolean;
  activeClientId: number | null;
  csrfSecret: string;
  createdAt: number;
  expiresAt: number;
  lastSeenAt: number;
  revokedAt: number | null;
}

export interface NewSession {
  tokenHash: string;
  userId: number;
  activeClientId: number | null;
  csrfSecret: string;
  createdAt: number;
  expiresAt: number;
  ip: string | null;
  userAgent: string | null;
}

export interface SchedulerRecord {
  clientId: number;
  schedulerId: number;
  name: string;
  slug: string;
}

export interface AuthRepository {
  findUserByEmail(email: string): Promise<UserRecord | undefined>;
  findUserById(userId: number): Promise<UserRecord | undefined>;
  /** Every brand the user belongs to (memberships an owner disabled aside), by client id. */
  membershipsOf(userId: number): Promise<MembershipRecord[]>;
  /** The role in a brand; undefined when not a member or the membership is disabled. */
  roleOf(userId: number, clientId: number): Promise<MembershipRole | undefined>;
  /** Whether the brand requires owners to use two-factor sign-in. */
  ownerTwoFactorRequired(clientId: number): Promise<boolean>;
  /** Remembers the brand the person chose (the active brand of their next sign-in). */
  setLastClient(userId: number, clientId: number): Promise<void>;
  /** Accepts a TOTP step: false when a step at or after it was accepted already (replay). */
  acceptTotpStep(userId: number, step: number): Promise<boolean>;
  /** A new password: clears a forced reset and revokes every session of the user but `keepSessionId`. */
  replacePassword(userId: number, passwordHash: string, at: number, keepSessionId?: number): Promise<number>;
  schedulersOf(clientIds: readonly number[]): Promise<SchedulerRecord[]>;
  recordLogin(userId: number, at: number, newPasswordHash: string | null): Promise<void>;
  createSession(session: NewSession): Promise<number>;
  findSessionByTokenHash(tokenHash: string): Promise<SessionRecord | undefined>;
  touchSession(sessionId: number, at: number): Promise<void>;
  setActiveClient(sessionId: number, clientId: number): Promise<void>;
  revokeSession(sessionId: number, at: number): Promise<void>;
}

type SessionStatements = Pick<
  AuthRepository,
  'createSession' | 'findSessionByTokenHash' | 'touchSession' | 'setActiveClient' | 'revokeSession'
>;

const USER_COLUMNS = [
  'id',
  'email',
  'password_hash',
  'display_name',
  'disabled_at',
  'must_reset_password',
  'totp_secret_encrypted',
  'totp_enabled_at',
  'totp_last_step',
  'last_client_id',
] as const;

function toUserRecord(row: {
  id: number;
  email: string;
  password_hash: string;
  display_name: string;
  disabled_at: number | null;
  must_reset_password: number;
  totp_secret_encrypted: string | null;
  totp_enabled_at: number | null;
  totp_last_step: number | null;
  last_client_id: number | null;
}): UserRecord {
  return {
    userId: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    displayName: row.display_name,
    disabled: row.disabled_at !== null,
    mustResetPassword: Number(row.must_reset_password) === 1,
    totpSecretSealed: row.totp_enabled_at === null ? null : row.totp_secret_encrypted,
    totpLastStep: row.totp_last_step === null ? null : Number(row.totp_last_step),
    lastClientId: row.last_client_id,
  };
}

/** The accounts: users, their memberships and the brands' schedulers. */
function accountStatements(db: Db): Omit<AuthRepository, keyof SessionStatements> {
  return {
    async findUserByEmail(email) {
      const row = await db
        .selectFrom('users')
        .select(USER_COLUMNS)
        .where('email', '=', email)
        .executeTakeFirst();
      return row && toUserRecord(row);
    },

    async findUserById(userId) {
      const row = await db
        .selectFrom('users')
        .select(USER_COLUMNS)
        .where('id', '=', userId)
        .executeTakeFirst();
      return row && toUserRecord(row);
    },

    async ownerTwoFactorRequired(clientId) {
      const row = await db
        .selectFrom('clients')
        .select('require_owner_totp')
        .where('id', '=', clientId)
        .executeTakeFirst();
      return Number(row?.require_owner_totp ?? 0) === 1;
    },

    async setLastClient(userId, clientId) {
      await db.updateTable('users').set({ last_client_id: clientId }).where('id', '=', userId).execute();
    },

    async acceptTotpStep(userId, step) {
      const result = await db
        .updateTable('users')
        .set({ totp_last_step: step })
        .where('id', '=', userId)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async replacePassword(userId, passwordHash, at, keepSessionId) {
      return inWriteTransaction(db, async (trx) => {
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, must_reset_password: 0, updated_at: at })
          .where('id', '=', userId)
          .execute();
        let revoke = trx
          .updateTable('admin_sessions')
          .set({ revoked_at: at })
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null);
        if (keepSessionId !== undefined) revoke = revoke.where('id', '<>', keepSessionId);
        const result = await revoke.executeTakeFirst();
        return Number(result.numUpdatedRows);
      });
    },

    async membershipsOf(userId) {
      const rows = await db
        .selectFrom('memberships')
        .innerJoin('clients', 'clients.id', 'memberships.client_id')
        .select(['clients.id as client_id', 'clients.name', 'clients.slug', 'memberships.role'])
        .where('memberships.user_id', '=', userId)
        .where('memberships.disabled_at', 'is', null)
        .orderBy('clients.id')
        .execute();
      return rows.map((row) => ({
        clientId: row.client_id,
        clientName: row.name,
        clientSlug: row.slug,
        role: row.role,
      }));
    },

    async roleOf(userId, clientId) {
      const row = await db
        .selectFrom('memberships')
        .select('role')
        .where('user_id', '=', userId)
        .where('client_id', '=', clientId)
        .where('disabled_at', 'is', null)
        .executeTakeFirst();
      return row?.role;
    },

    async schedulersOf(clientIds) {
      if (clientIds.length === 0) return [];
      const rows = await db
        .selectFrom('schedulers')
        .select(['id', 'client_id', 'name', 'slug'])
        .where('client_id', 'in', [...clientIds])
        .orderBy('client_id')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        clientId: row.client_id,
        schedulerId: row.id,
        name: row.name,
        slug: row.slug,
      }));
    },

    async recordLogin(userId, at, newPasswordHash) {
      await db
        .updateTable('users')
        .set(
          newPasswordHash === null
            ? { last_login_at: at }
            : { last_login_at: at, password_hash: newPasswordHash, updated_at: at },
        )
        .where('id', '=', userId)
        .execute();
    },
  };
}

/** The sessions (`admin_sessions`). */
function sessionStatements(db: Db): SessionStatements {
  return {
    async createSession(session) {
      const row = await db
        .insertInto('admin_sessions')
        .values({
          token_hash: session.tokenHash,
          user_id: session.userId,
          active_client_id: session.activeClientId,
          csrf_secret: session.csrfSecret,
          created_at: session.createdAt,
          expires_at: session.expiresAt,
          last_seen_at: session.createdAt,
          revoked_at: null,
          ip: session.ip,
          user_agent: session.userAgent,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async findSessionByTokenHash(tokenHash) {
      const row = await db
        .selectFrom('admin_sessions')
        .innerJoin('users', 'users.id', 'admin_sessions.user_id')
        .select([
          'admin_sessions.id',
          'admin_sessions.user_id',
          'admin_sessions.active_client_id',
          'admin_sessions.csrf_secret',
          'admin_sessions.created_at',
          'admin_sessions.expires_at',
          'admin_sessions.last_seen_at',
          'admin_sessions.revoked_at',
          'users.email',
          'users.display_name',
          'users.disabled_at',
          'users.totp_enabled_at',
        ])
        .where('admin_sessions.token_hash', '=', tokenHash)
        .executeTakeFirst();
      return (
        row && {
          sessionId: row.id,
          userId: row.user_id,
          email: row.email,
          displayName: row.display_name,
          userDisabled: row.disabled_at !== null,
          userTwoFactor: row.totp_enabled_at !== null,
          activeClientId: row.active_client_id,
          csrfSecret: row.csrf_secret,
          createdAt: Number(row.created_at),
          expiresAt: Number(row.expires_at),
          lastSeenAt: Number(row.last_seen_at),
          revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
        }
      );
    },

    async touchSession(sessionId, at) {
      await db
        .updateTable('admin_sessions')
        .set({ last_seen_at: at })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .where('last_seen_at', '<', at)
        .execute();
    },

    async setActiveClient(sessionId, clientId) {
      await db
        .updateTable('admin_sessions')
        .set({ active_client_id: clientId })
        .where('id', '=', sessionId)
        .execute();
    },

    async revokeSession(sessionId, at) {
      await db
        .updateTable('admin_sessions')
        .set({ revoked_at: at })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}

export function createAuthRepository(db: Db): AuthRepository {
  return { ...accountStatements(db), ...sessionStatements(db) };
}
