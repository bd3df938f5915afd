import { createHmac, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/*
 * Failed sign-in counters. The throttling rules (sign-in-throttle.ts) read how many sign-ins failed
 * in the last hour for an account, for an IP address, and for the account from that address.
 * Counters must be shared by every server instance, so there are two stores: Redis (sorted sets,
 * when REDIS_URL is set) and the database's `login_attempts` table (login-attempt-repository.ts).
 * Neither keeps state in the process.
 */

/** The sliding window of the counters. */
export const ATTEMPT_WINDOW_MS = 60 * 60 * 1000;

/** Failure instants (epoch ms, ascending) inside the window ending now. */
export interface RecentFailures {
  /** The account's failures since its last successful sign-in. */
  account: number[];
  /** The address's failures, on any account. */
  ip: number[];
  /** The account's failures from this address since the account last signed in from it. */
  accountFromIp: number[];
}

export interface AttemptStore {
  /** Failures in the window for the (lower-cased) e-mail since its last success, and for the IP. */
  recentFailures(email: string, ip: string | null, now: number): Promise<RecentFailures>;
  /** Records a failure and answers the counts including it. */
  recordFailure(email: string, ip: string | null, now: number): Promise<RecentFailures>;
  /**
   * Records a success: the account's failures no longer count, nor the account's failures from
   * this address (the address's own count stays).
   */
  recordSuccess(email: string, ip: string | null, now: number): Promise<void>;
}

const KEY_PREFIX = 'scheduler-login:';

/** The key of the hash when `LOGIN_HASH_KEY` is not set (config.ts). */
export const DEFAULT_LOGIN_HASH_KEY = 'scheduler-login-attempts';

/**
 * How both stores name an account: a keyed hash (HMAC-SHA-256 under the server's
 * `LOGIN_HASH_KEY`) of the lower-cased e-mail, so that no typed address, an existing account's or
 * not, sits in Redis or in `login_attempts` in the clear.
 */
export function attemptAccountHash(email: string, key: string = DEFAULT_LOGIN_HASH_KEY): string {
  return createHmac('sha256', key).update(email).digest('hex');
}

function accountKey(email: string, hashKey: string | undefined): string {
  return `${KEY_PREFIX}account:${attemptAccountHash(email, hashKey)}`;
}

function ipKey(ip: string): string {
  return `${KEY_PREFIX}ip:${ip}`;
}

function pairKey(email: string, ip: string, hashKey: string | undefined): string {
  return `${KEY_PREFIX}pair:${attemptAccountHash(email, hashKey)}:${ip}`;
}

function scoresOf(reply: unknown): number[] {
  // ZRANGE … WITHSCORES answers [member, score, member, score, …].
  if (!Array.isArray(reply)) return [];
  const scores: number[] = [];
  for (let index = 1; index < reply.length; index += 2) {
    const score = Number(reply[index]);
    if (Number.isFinite(score)) scores.push(score);
  }
  return scores;
}

/** Counters in Redis sorted sets (score = instant), trimmed to the window and expiring with it. */
export function createRedisAttemptStore(redis: Redis, keyPrefix = '', hashKey?: string): AttemptStore {
  const keys = (email: string, ip: string | null) => ({
    account: keyPrefix + accountKey(email, hashKey),
    ip: ip === null ? null : keyPrefix + ipKey(ip),
    pair: ip === null ? null : keyPrefix + pairKey(email, ip, hashKey),
  });

  async function read(email: string, ip: string | null, now: number): Promise<RecentFailures> {
    const { account, ip: ipKeyName, pair } = keys(email, ip);
    const floor = now - ATTEMPT_WINDOW_MS;
    const pipeline = redis.multi();
    for (const key of [account, ipKeyName, pair]) {
      if (key === null) continue;
      pipeline.zremrangebyscore(key, '-inf', floor);
      pipeline.zrange(key, 0, -1, 'WITHSCORES');
    }
    const results = (await pipeline.exec()) ?? [];
    for (const [error] of results) if (error) throw error;
    return {
      account: scoresOf(results[1]?.[1]),
      ip: ipKeyName === null ? [] : scoresOf(results[3]?.[1]),
      accountFromIp: pair === null ? [] : scoresOf(results[5]?.[1]),
    };
  }

  return {
    recentFailures: read,
    async recordFailure(email, ip, now) {
      const member = `${now}:${randomBytes(6).toString('hex')}`;
      const pipeline = redis.multi();
      for (const key of Object.values(keys(email, ip))) {
        if (key === null) continue;
        pipeline.zadd(key, now, member);
        pipeline.pexpire(key, ATTEMPT_WINDOW_MS);
      }
      const results = (await pipeline.exec()) ?? [];
      for (const [error] of results) if (error) throw error;
      return read(email, ip, now);
    },
    async recordSuccess(email, ip) {
      const { account, pair } = keys(email, ip);
      await redis.del(...(pair === null ? [account] : [account, pair]));
    },
  };
}
