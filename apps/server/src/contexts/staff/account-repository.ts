import type { Db } from '../../platform/db/database.ts';
import { inWriteTransaction } from '../../platform/db/transaction.ts';

/** The person's own account: password resets, sessions, TOTP (migration 014 columns). */

export interface AccountUser {
  userId: number;
  email: string;
  displayName: string;
  passwordHash: string;
  disabled: boolean;
  totpEnabled: boolean;
  totpPendingSealed: string | null;
  totpSecretSealed: string | null;
}

export interface SessionRow {
  sessionId: number;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  ip: string | null;
  userAgent: string | null;
}

export interface ResetRecord {
  resetId: number;
  userId: number;
  expiresAt: number;
  usedAt: number | null;
}

const USER_COLUMNS = [
  'id',
  'email',
  'display_name',
  'password_hash',
  'disabled_at',
  'totp_enabled_at',
  'totp_pending_encrypted',
  'totp_secret_encrypted',
] as const;

function userStatements(db: Db) {
  const user = async (where: { id: number } | { email: string }): Promise<AccountUser | undefined> => {
    let query = db.selectFrom('users').select(USER_COLUMNS);
    query = 'id' in where ? query.where('id', '=', where.id) : query.where('email', '=', where.email);
    const row = await query.executeTakeFirst();
    return (
      row && {
        userId: row.id,
        email: row.email,
        displayName: row.display_name,
        passwordHash: row.password_hash,
        disabled: row.disabled_at !== null,
        totpEnabled: row.totp_enabled_at !== null,
        totpPendingSealed: row.totp_pending_encrypted,
        totpSecretSealed: row.totp_enabled_at === null ? null : row.totp_secret_encrypted,
      }
    );
  };

  return {
    userById: (userId: number) => user({ id: userId }),
    userByEmail: (email: string) => user({ email }),
  };
}

function resetStatements(db: Db) {
  return {
    /** Resets asked for the user since `since` (a cap on e-mails per hour). */
    async resetsSince(userId: number, since: number): Promise<number> {
      const row = await db
        .selectFrom('password_resets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('created_at', '>', since)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async insertReset(trx: Db, reset: { userId: number; tokenHash: string; at: number; expiresAt: number }) {
      await trx
        .insertInto('password_resets')
        .values({
          user_id: reset.userId,
          token_hash: reset.tokenHash,
          created_at: reset.at,
          expires_at: reset.expiresAt,
          used_at: null,
        })
        .execute();
    },

    async findReset(tokenHash: string): Promise<ResetRecord | undefined> {
      const row = await db
        .selectFrom('password_resets')
        .select(['id', 'user_id', 'expires_at', 'used_at'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return (
        row && {
          resetId: row.id,
          userId: row.user_id,
          expiresAt: Number(row.expires_at),
          usedAt: row.used_at === null ? null : Number(row.used_at),
        }
      );
    },

    /** Uses the reset (and every other open reset of the user); false when it was used meanwhile. */
    useReset(reset: ResetRecord, at: number): Promise<boolean> {
      return inWriteTransaction(db, async (trx) => {
        const result = await trx
          .updateTable('password_resets')
          .set({ used_at: at })
          .where('id', '=', reset.resetId)
          .where('used_at', 'is', null)
          .where('expires_at', '>', at)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await trx
          .updateTable('password_resets')
          .set({ used_at: at })
          .where('user_id', '=', reset.userId)
          .where('used_at', 'is', null)
          .execute();
        return true;
      });
    },
  };
}

function sessionAndTotpStatements(db: Db) {
  return {
    async liveSessions(userId: number, at: number): Promise<SessionRow[]> {
      const rows = await db
        .selectFrom('admin_sessions')
        .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'ip', 'user_agent'])
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', at)
        .orderBy('last_seen_at', 'desc')
        .limit(200)
        .execute();
      return rows.map((row) => ({
        sessionId: row.id,
        createdAt: Number(row.created_at),
        lastSeenAt: Number(row.last_seen_at),
        expiresAt: Number(row.expires_at),
        ip: row.ip,
        userAgent: row.user_agent,
      }));
    },

    /** Revokes the user's sessions: one (`only`), or all but one (`except`); answers how many. */
    async revokeSessions(userId: number, at: number, which: { only: number } | { except: number }) {
      let query = db
        .updateTable('admin_sessions')
        .set({ revoked_at: at })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null);
      query = 'only' in which ? query.where('id', '=', which.only) : query.where('id', '<>', which.except);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async setTotpPending(userId: number, sealed: string | null, at: number) {
      await db
        .updateTable('users')
        .set({ totp_pending_encrypted: sealed, updated_at: at })
        .where('id', '=', userId)
        .execute();
    },

    async enableTotp(userId: number, sealed: string, step: number, at: number) {
      await db
        .updateTable('users')
        .set({
          totp_secret_encrypted: sealed,
          totp_pending_encrypted: null,
          totp_enabled_at: at,
          totp_last_step: step,
          updated_at: at,
        })
        .where('id', '=', userId)
        .execute();
    },

    async disableTotp(userId: number, at: number) {
      await db
        .updateTable('users')
        .set({
          totp_secret_encrypted: null,
          totp_pending_encrypted: null,
          totp_enabled_at: null,
          totp_last_step: null,
          updated_at: at,
        })
        .where('id', '=', userId)
        .execute();
    },
  };
}

export function createAccountRepository(db: Db) {
  return { ...userStatements(db), ...resetStatements(db), ...sessionAndTotpStatements(db) };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
