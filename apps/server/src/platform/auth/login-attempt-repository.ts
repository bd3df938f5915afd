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
  /** The latest success of the account (from `ip` when given) in the window, else the window's start. */
  async function since(email: string, floor: number, ip?: string): Promise<number> {
    let query = db
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.max('created_at').as('at'))
      .where('email', '=', email)
      .where('succeeded', '=', 1)
      .where('created_at', '>', floor);
    if (ip !== undefined) query = query.where('ip', '=', ip);
    const lastSuccess = await query.executeTakeFirst();
    return Math.max(floor, Number(lastSuccess?.at ?? floor));
  }

  async function failures(filter: { email?: string; ip?: string }, after: number): Promise<number[]> {
    let query = db
      .selectFrom('login_attempts')
      .select('created_at')
      .where('succeeded', '=', 0)
      .where('created_at', '>', after);
    if (filter.email !== undefined) query = query.where('email', '=', filter.email);
    if (filter.ip !== undefined) query = query.where('ip', '=', filter.ip);
    // The newest READ_CAP, ascending (the rules read the latest and the n-th newest).
    const rows = await query.orderBy('created_at', 'desc').limit(READ_CAP).execute();
    return rows.map((row) => Number(row.created_at)).reverse();
  }

  async function read(typedEmail: string, ip: string | null, now: number): Promise<RecentFailures> {
    const email = attemptAccountHash(typedEmail, hashKey);
    const floor = now - ATTEMPT_WINDOW_MS;
    const account = await failures({ email }, await since(email, floor));
    if (ip === null) return { account, ip: [], accountFromIp: [] };
    return {
      account,
      ip: await failures({ ip }, floor),
      accountFromIp: await failures({ email, ip }, await since(email, floor, ip)),
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
