/*
 * Issue 15 #4 over HTTP: the client address behind proxies (TRUST_PROXY forms), and sign-in
 * throttling keyed on the account and on the address separately — a progressive delay per
 * account that an address which has not failed skips, a limit per address — with the database
 * store (SQLite, PostgreSQL when TEST_DATABASE_URL is set) and the Redis store (TEST_REDIS_URL).
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app.ts';
import type { Config } from '../config.ts';
import { createTestApp, sqliteOnly, testDatabases } from '../../test/test-db.ts';
import type { TestDatabase, TestDatabaseTarget } from '../../test/test-db.ts';
import { attemptAccountHash, createRedisAttemptStore } from './attempt-store.ts';
import type { AttemptStore } from './attempt-store.ts';
import { createDatabaseAttemptStore } from './login-attempt-repository.ts';
import { hashPassword } from './password.ts';
import { ACCOUNT_DELAY_AFTER, IP_FAILURE_LIMIT, MAX_ACCOUNT_DELAY_SECONDS } from './sign-in-throttle.ts';

vi.mock(import('./password.ts'), async (original) =>
  (await import('../../test/fast-passwords.ts')).fastPasswords(original),
);

/** Test tooling reads its own variable (as test/test-db.ts does). */
const redisUrl = process.env.TEST_REDIS_URL || undefined;
const START = Date.UTC(2026, 10, 25, 15, 0);
const PASSWORD = 'Correct-horse-battery-2026';
/** contexts/staff's LOGIN_RATE_LIMIT (platform/ may not import it): sign-in requests per address a minute. */
const LOGIN_RATE_LIMIT = { max: 20 };

const rand = (): number => randomBytes(1)[0] ?? 7;
const freshIp = (): string => `198.18.${rand()}.${rand()}`;

interface Target {
  name: string;
  db: TestDatabaseTarget;
  redis: boolean;
}
const targets: Target[] = testDatabases().map((db) => ({
  name: `${db.name}, database store`,
  db,
  redis: false,
}));
if (redisUrl !== undefined) targets.push({ name: 'sqlite, Redis store', db: sqliteOnly(), redis: true });

async function insertUser(t: TestDatabase, email: string): Promise<number> {
  const row = await t.db
    .insertInto('users')
    .values({
      email,
      password_hash: await hashPassword(PASSWORD),
      display_name: 'Throttle Probe',
      created_at: START,
      updated_at: START,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function signIn(app: App, email: string, password: string, remoteAddress: string, headers = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/config/login',
    payload: { email, password },
    remoteAddress,
    headers,
  });
}

interface ErrorBody {
  error: { code: string; message: string; details?: { retryAfterSeconds?: number } };
}

describe.each(targets)('sign-in throttling on $name', (target) => {
  let t: TestDatabase;
  let app: App;
  let redis: Redis | undefined;
  let store: AttemptStore;
  // The clock: Date only is faked (timers, sockets and Redis run as usual), so the service's time
  // moves with the test whether or not the app hands its \`now\` to staff authentication.
  const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);
  const emails: string[] = [];
  const ips: string[] = [];
  const newEmail = (): string => {
    const email = `probe.${randomBytes(5).toString('hex')}@throttle.test`;
    emails.push(email);
    return email;
  };
  const newIp = (): string => {
    const ip = freshIp();
    ips.push(ip);
    return ip;
  };

  beforeAll(async () => {
    t = await target.db.create();
    const config: Partial<Config> = target.redis ? { redisUrl } : {};
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(START);
    app = await createTestApp(t, { config, now: () => new Date() });
    await app.ready();
    if (target.redis) {
      redis = new Redis(redisUrl ?? '', { maxRetriesPerRequest: 1 });
      store = createRedisAttemptStore(redis);
    } else {
      store = createDatabaseAttemptStore(t.db);
    }
  });
  afterAll(async () => {
    if (redis !== undefined) {
      const keys: string[] = [];
      for (const email of emails) keys.push(...(await redis.keys(`*${attemptAccountHash(email)}*`)));
      for (const ip of ips) keys.push(...(await redis.keys(`*:ip:${ip}`)));
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
    await app?.close();
    await t?.destroy();
    vi.useRealTimers();
  });

  it('makes an address that failed wait 2^k seconds per further attempt (429 + Retry-After)', async () => {
    const email = newEmail();
    await insertUser(t, email);
    const ip = newIp();
    for (let failure = 1; failure <= ACCOUNT_DELAY_AFTER; failure++) {
      const response = await signIn(app, email, 'wrong-password-123', ip);
      expect(response.statusCode).toBe(401);
    }
    // The third failure asks for a 1-second wait; an attempt within it is refused unchecked.
    const early = await signIn(app, email, 'wrong-password-123', ip);
    expect(early.statusCode, early.body).toBe(429);
    expect(early.headers['retry-after']).toBe('1');
    expect(early.json<ErrorBody>().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many failed sign-in attempts. Try again in 1 second.',
    });
    advance(1000);
    const fourth = await signIn(app, email, 'wrong-password-123', ip);
    expect(fourth.statusCode).toBe(401);
    expect(fourth.headers['retry-after']).toBe('2');
    // Even the right password waits, from this address.
    const waiting = await signIn(app, email, PASSWORD, ip);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('2');
    advance(2000);
    expect((await signIn(app, email, PASSWORD, ip)).statusCode).toBe(200);
  });

  it('never stops a correct password from an address that has not failed', async () => {
    const email = newEmail();
    await insertUser(t, email);
    // An attacker who knows the e-mail: 30 wrong passwords, one from each of 30 addresses.
    const attackers = Array.from({ length: 30 }, newIp);
    for (const ip of attackers)
      expect((await signIn(app, email, 'guess-guess-guess', ip)).statusCode).toBe(401);
    // Any of their addresses now waits the longest delay…
    const again = await signIn(app, email, 'guess-guess-guess', attackers[0] ?? '');
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBe(MAX_ACCOUNT_DELAY_SECONDS);
    // …but the person signs in from their own network.
    const owner = await signIn(app, email, PASSWORD, newIp());
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('limits one address after 50 failures without locking anyone else out', async () => {
    const victim = newEmail();
    await insertUser(t, victim);
    const noisy = newIp();
    // 19 over HTTP (the per-address request limit allows 20 a minute; the 20th is the check below),
    // the rest straight into the shared store, against the victim's account and others.
    const overHttp = LOGIN_RATE_LIMIT.max - 1;
    for (let index = 0; index < overHttp; index++) {
      const as = index < 2 ? victim : `nobody.${index}.${victim}`;
      expect((await signIn(app, as, 'wrong-password-123', noisy)).statusCode).toBe(401);
    }
    for (let index = overHttp; index < IP_FAILURE_LIMIT; index++)
      await store.recordFailure(victim, noisy, Date.now());
    advance(60_000);
    // That address is refused for every account…
    const refused = await signIn(app, newEmail(), 'whatever-whatever', noisy);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ErrorBody>().error.message).toMatch(/from this network/);
    // …the victim signs in from elsewhere, and someone else's typo is an ordinary 401.
    expect((await signIn(app, victim, PASSWORD, newIp())).statusCode).toBe(200);
    const other = newEmail();
    await insertUser(t, other);
    expect((await signIn(app, other, 'typo-typo-typo', newIp())).statusCode).toBe(401);
    expect((await signIn(app, other, PASSWORD, newIp())).statusCode).toBe(200);
  });
});

describe('the client address behind proxies (TRUST_PROXY)', () => {
  let t: TestDatabase;
  const apps: App[] = [];

  beforeAll(async () => {
    t = await sqliteOnly().create();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await t?.destroy();
  });

  async function appWith(trustProxy: Config['trustProxy']): Promise<App> {
    const app = await createTestApp(t, { config: { trustProxy } });
    await app.ready();
    apps.push(app);
    return app;
  }

  async function lastLoginIp(userId: number): Promise<string | null> {
    const row = await t.db
      .selectFrom('audit_log')
      .select('ip')
      .where('user_id', '=', userId)
      .where('action', '=', 'auth.login')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return row.ip;
  }

  /** 21 wrong sign-ins, each with a different forged X-Forwarded-For; the statuses. */
  async function rotating(app: App, peer: string, suffix = ''): Promise<number[]> {
    const statuses: number[] = [];
    for (let index = 0; index <= LOGIN_RATE_LIMIT.max; index++) {
      const forged = `203.0.113.${index + 1}`;
      const response = await signIn(app, `rotating.${index}@throttle.test`, 'wrong-password-123', peer, {
        'x-forwarded-for': `${forged}${suffix}`,
      });
      statuses.push(response.statusCode);
    }
    return statuses;
  }

  it('TRUST_PROXY=1: a direct client from a public address cannot rotate X-Forwarded-For past the limit', async () => {
    const app = await appWith(1);
    const statuses = await rotating(app, `192.0.2.${rand()}`);
    expect(statuses.slice(0, LOGIN_RATE_LIMIT.max).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // And its sign-in is audited under its own address, not the forged one.
    const email = `direct.${randomBytes(4).toString('hex')}@throttle.test`;
    const userId = await insertUser(t, email);
    const ok = await signIn(app, email, PASSWORD, '192.0.2.200', { 'x-forwarded-for': '203.0.113.77' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await lastLoginIp(userId)).toBe('192.0.2.200');
  });

  it('TRUST_PROXY=1 behind a load balancer: the address it saw is used, limited and audited', async () => {
    const app = await appWith(1);
    const client = `198.51.100.${rand()}`;
    // The balancer (a private address) appends what it saw; the client forged the rest.
    const statuses = await rotating(app, '10.0.0.7', `, ${client}`);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, LOGIN_RATE_LIMIT.max).every((status) => status === 401)).toBe(true);
    const email = `behind.${randomBytes(4).toString('hex')}@throttle.test`;
    const userId = await insertUser(t, email);
    const ok = await signIn(app, email, PASSWORD, '10.0.0.7', {
      'x-forwarded-for': '203.0.113.9, 198.51.100.250',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await lastLoginIp(userId)).toBe('198.51.100.250');
  });

  it('a list of proxy addresses: only their entries are skipped', async () => {
    const app = await appWith(['10.0.0.0/8']);
    const email = `listed.${randomBytes(4).toString('hex')}@throttle.test`;
    const userId = await insertUser(t, email);
    const viaProxy = await signIn(app, email, PASSWORD, '10.1.2.3', {
      'x-forwarded-for': '203.0.113.9, 198.51.100.251, 10.0.0.5',
    });
    expect(viaProxy.statusCode).toBe(200);
    expect(await lastLoginIp(userId)).toBe('198.51.100.251');
    const direct = await signIn(app, email, PASSWORD, '192.0.2.201', { 'x-forwarded-for': '198.51.100.252' });
    expect(direct.statusCode).toBe(200);
    expect(await lastLoginIp(userId)).toBe('192.0.2.201');
    // Rotating forged entries from an untrusted peer: all counted on the peer.
    const statuses = await rotating(app, `192.0.2.${rand()}`);
    expect(statuses.at(-1)).toBe(429);
  });
});
