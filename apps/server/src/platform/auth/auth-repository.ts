import type { Db } from '../db/database.ts';
import type { MembershipRole } from '../db/schema.ts';

export interface UserRecord {
  userId: number;
  email: string;
  passwordHash: string;
  displayName: string;
  disabled: boolean;
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
  /** Every brand the user belongs to, by client id. */
  membershipsOf(userId: number): Promise<MembershipRecord[]>;
  roleOf(userId: number, clientId: number): Promise<MembershipRole | undefined>;
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

/** The accounts: users, their memberships and the brands' schedulers. */
function accountStatements(db: Db): Omit<AuthRepository, keyof SessionStatements> {
  return {
    async findUserByEmail(email) {
      const row = await db
        .selectFrom('users')
        .select(['id', 'email', 'password_hash', 'display_name', 'disabled_at'])
        .where('email', '=', email)
        .executeTakeFirst();
      return (
        row && {
          userId: row.id,
          email: row.email,
          passwordHash: row.password_hash,
          displayName: row.display_name,
          disabled: row.disabled_at !== null,
        }
      );
    },

    async membershipsOf(userId) {
      const rows = await db
        .selectFrom('memberships')
        .innerJoin('clients', 'clients.id', 'memberships.client_id')
        .select(['clients.id as client_id', 'clients.name', 'clients.slug', 'memberships.role'])
        .where('memberships.user_id', '=', userId)
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
