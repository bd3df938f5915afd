import type { Db } from '../db/database.ts';
import type { LoginChallengeKind } from '../db/schema.ts';

/** The second steps of sign-ins (`login_challenges`, migration 014): only token hashes are stored. */

export interface ChallengeRecord {
  challengeId: number;
  userId: number;
  kind: LoginChallengeKind;
  expiresAt: number;
  usedAt: number | null;
  failedAttempts: number;
}

export interface ChallengeRepository {
  create(input: {
    userId: number;
    kind: LoginChallengeKind;
    tokenHash: string;
    ip: string | null;
    userAgent: string | null;
    at: number;
    expiresAt: number;
  }): Promise<void>;
  findByTokenHash(tokenHash: string): Promise<ChallengeRecord | undefined>;
  /** Marks it used; false when it was used already (a second, racing use). */
  use(challengeId: number, at: number): Promise<boolean>;
  /** Counts a wrong answer; answers the count. */
  recordFailure(challengeId: number): Promise<number>;
}

export function createChallengeRepository(db: Db): ChallengeRepository {
  return {
    async create(input) {
      await db
        .insertInto('login_challenges')
        .values({
          user_id: input.userId,
          kind: input.kind,
          token_hash: input.tokenHash,
          ip: input.ip,
          user_agent: input.userAgent,
          created_at: input.at,
          expires_at: input.expiresAt,
          used_at: null,
        })
        .execute();
    },

    async findByTokenHash(tokenHash) {
      const row = await db
        .selectFrom('login_challenges')
        .select(['id', 'user_id', 'kind', 'expires_at', 'used_at', 'failed_attempts'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return (
        row && {
          challengeId: row.id,
          userId: row.user_id,
          kind: row.kind,
          expiresAt: Number(row.expires_at),
          usedAt: row.used_at === null ? null : Number(row.used_at),
          failedAttempts: Number(row.failed_attempts),
        }
      );
    },

    async use(challengeId, at) {
      const result = await db
        .updateTable('login_challenges')
        .set({ used_at: at })
        .where('id', '=', challengeId)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async recordFailure(challengeId) {
      await db
        .updateTable('login_challenges')
        .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
        .where('id', '=', challengeId)
        .execute();
      const row = await db
        .selectFrom('login_challenges')
        .select('failed_attempts')
        .where('id', '=', challengeId)
        .executeTakeFirst();
      return Number(row?.failed_attempts ?? 0);
    },
  };
}
