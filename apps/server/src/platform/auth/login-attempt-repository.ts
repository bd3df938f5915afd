import type { Db } from '../db/database.ts';
import { ATTEMPT_WINDOW_MS, attemptAccountHash } from './attempt-store.ts';
import type { AttemptStore, RecentFailures } from './attempt-store.ts';

/** At most this many instants are read per counter (the limits are far below it). */
const READ_CAP = 500;

/**
 * The attempt store kept in the `login_attempts` table: shared by every instance on one
 * database, used when Redis is not configured. Rows stay as a record of sign-in activity. The
 * `email` column holds the account's keyed hash (`attemptAccountHash`), never the typed address.
 */
export function createDatabaseAttemptStore(db: Db, hashKey?: string): AttemptStore {
  async function read(typedEmail: string, ip: string | null, now: number): Promise<RecentFailures> {
    const email = attemptAccountHash(typedEmail, hashKey);
    const floor = now - ATTEMPT_WINDOW_MS;
    const lastSuccess = await db
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.max('created_at').as('at'))
      .where('email', '=', email)
      .where('succeeded', '=', 1)
      .where('created_at', '>', floor)
      .executeTakeFirst();
    const since = Math.max(floor, Number(lastSuccess?.at ?? floor));
    const account = await db
      .selectFrom('login_attempts')
      .select('created_at')
      .where('email', '=', email)
      .where('succeeded', '=', 0)
      .where('created_at', '>', since)
      .orderBy('created_at')
      .limit(READ_CAP)
      .execute();
    const byIp =
      ip === null
        ? []
        : await db
            .selectFrom('login_attempts')
            .select('created_at')
            .where('ip', '=', ip)
            .where('succeeded', '=', 0)
            .where('created_at', '>', floor)
            .orderBy('created_at')
            .limit(READ_CAP)
            .execute();
    return {
      account: account.map((row) => Number(row.created_at)),
      ip: byIp.map((row) => Number(row.created_at)),
    };
  }

  return {
    recentFailures: read,
    async recordFailure(typedEmail, ip, now) {
      const email = attemptAccountHash(typedEmail, hashKey);
      await db.insertInto('login_attempts').values({ email, ip, succeeded: 0, created_at: now }).execute();
      return read(typedEmail, ip, now);
    },
    async recordSuccess(typedEmail, ip, now) {
      const email = attemptAccountHash(typedEmail, hashKey);
      await db.insertInto('login_attempts').values({ email, ip, succeeded: 1, created_at: now }).execute();
    },
  };
}
