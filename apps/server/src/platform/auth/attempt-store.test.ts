import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../test/test-db.ts';
import { testDatabases } from '../../test/test-db.ts';
import { ATTEMPT_WINDOW_MS, createRedisAttemptStore } from './attempt-store.ts';
import type { AttemptStore } from './attempt-store.ts';
import { createDatabaseAttemptStore } from './login-attempt-repository.ts';

/** Test tooling reads its own variable: the Redis store is tested when TEST_REDIS_URL is set. */
const redisUrl = process.env.TEST_REDIS_URL;

interface StoreHandle {
  store: AttemptStore;
  destroy: () => Promise<void>;
}

interface StoreTarget {
  name: string;
  create: () => Promise<StoreHandle>;
}

const targets: StoreTarget[] = testDatabases().map((target) => ({
  name: `database (${target.name})`,
  async create() {
    const t: TestDatabase = await target.create();
    return { store: createDatabaseAttemptStore(t.db), destroy: () => t.destroy() };
  },
}));
if (redisUrl !== undefined && redisUrl !== '') {
  targets.push({
    name: 'redis',
    create() {
      const redis = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 });
      const prefix = `test-${randomBytes(4).toString('hex')}:`;
      return Promise.resolve({
        store: createRedisAttemptStore(redis, prefix),
        async destroy() {
          const keys = await redis.keys(`${prefix}*`);
          if (keys.length > 0) await redis.del(...keys);
          await redis.quit();
        },
      });
    },
  });
}

describe.each(targets)('failed sign-in counters in $name', (target) => {
  let store: AttemptStore;
  let handle: StoreHandle;
  const now = Date.now();

  beforeAll(async () => {
    handle = await target.create();
    store = handle.store;
  });
  afterAll(async () => {
    await handle.destroy();
  });

  it('counts failures per account and per IP address', async () => {
    await store.recordFailure('a@example.com', '192.0.2.1', now - 3000);
    await store.recordFailure('a@example.com', '192.0.2.2', now - 2000);
    const after = await store.recordFailure('b@example.com', '192.0.2.1', now - 1000);
    expect(after).toEqual({
      account: [now - 1000],
      ip: [now - 3000, now - 1000],
      accountFromIp: [now - 1000],
    });
    expect(await store.recentFailures('a@example.com', '192.0.2.2', now)).toEqual({
      account: [now - 3000, now - 2000],
      ip: [now - 2000],
      accountFromIp: [now - 2000],
    });
    // An address that never failed on this account (it failed on another one).
    expect((await store.recentFailures('a@example.com', '192.0.2.7', now)).accountFromIp).toEqual([]);
  });

  it('forgets failures older than the window', async () => {
    await store.recordFailure('old@example.com', '192.0.2.9', now - ATTEMPT_WINDOW_MS - 1);
    await store.recordFailure('old@example.com', '192.0.2.9', now - 10);
    expect(await store.recentFailures('old@example.com', '192.0.2.9', now)).toEqual({
      account: [now - 10],
      ip: [now - 10],
      accountFromIp: [now - 10],
    });
  });

  it("clears an account's failures on success but keeps the IP's", async () => {
    await store.recordFailure('c@example.com', '192.0.2.3', now - 500);
    await store.recordSuccess('c@example.com', '192.0.2.3', now - 400);
    const counts = await store.recentFailures('c@example.com', '192.0.2.3', now);
    expect(counts.account).toEqual([]);
    expect(counts.ip).toEqual([now - 500]);
    expect(counts.accountFromIp).toEqual([]);
    const next = await store.recordFailure('c@example.com', '192.0.2.3', now - 300);
    expect(next.account).toEqual([now - 300]);
  });

  it("keeps another address's failures on the account when one address signs in", async () => {
    await store.recordFailure('e@example.com', '192.0.2.20', now - 900);
    await store.recordFailure('e@example.com', '192.0.2.21', now - 800);
    await store.recordSuccess('e@example.com', '192.0.2.21', now - 700);
    expect((await store.recentFailures('e@example.com', '192.0.2.21', now)).accountFromIp).toEqual([]);
    expect((await store.recentFailures('e@example.com', '192.0.2.20', now)).accountFromIp).toEqual([
      now - 900,
    ]);
  });

  it('works without an IP address', async () => {
    const counts = await store.recordFailure('d@example.com', null, now);
    expect(counts).toEqual({ account: [now], ip: [], accountFromIp: [] });
  });
});
