/*
 * Issue 8, item 7: the credential policy floors, session tokens (≥ 128 random bits, only a hash
 * stored), and — when TEST_REDIS_URL is set — failed sign-in and request counters
 * shared through Redis by two server instances. The behaviour of each rule (the per-account delay
 * and per-address limit in platform/auth/sign-in-throttle.test.ts; idle timeout, XSRF… in
 * contexts/staff/auth-routes.test.ts) is tested there; security headers on
 * every route are checked in route-guards.test.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../src/app.ts';
import { ATTEMPT_WINDOW_MS, attemptAccountHash } from '../../src/platform/auth/attempt-store.ts';
import { SCRYPT_PARAMS, hashPassword } from '../../src/platform/auth/password.ts';
import { LOGIN_RATE_LIMIT } from '../../src/contexts/staff/index.ts';
import { SESSION_IDLE_TIMEOUT_MS, SESSION_LIFETIME_MS } from '../../src/platform/auth/auth-service.ts';
import { IP_FAILURE_LIMIT, accountDelaySeconds } from '../../src/platform/auth/sign-in-throttle.ts';
import { createTestApp, sqliteOnly, testDatabases } from '../../src/test/test-db.ts';
import type { TestDatabase } from '../../src/test/test-db.ts';
import { decodeJwt } from 'jose';
import type { CreatePartnerResponse, PartnerTokenResponse } from '@scheduler/contract/admin/partners';
import type { RotateCalendarFeedResponse } from '@scheduler/contract/admin/calendar-feeds';
import { seedIfEmpty } from '../../src/platform/db/seed/seed.ts';
import { NOW } from '../../src/test/public-api-fixture.ts';
import { loginAsDemo } from '../../src/test/staff-login.ts';
import { basicAuthorization } from './open-availability-overrides.ts';
import { insertUser, loginAttemptsOf, sessionRowsOf } from './db/credentials.ts';

// Sign-ins here test tokens and counters, not hashing (platform/auth/password.test.ts does): skip scrypt.
vi.mock(import('../../src/platform/auth/password.ts'), async (original) =>
  (await import('../../src/test/fast-passwords.ts')).fastPasswords(original),
);

/** Test tooling reads its own variables (as test/test-db.ts does). */
const redisUrl = process.env.TEST_REDIS_URL || undefined;

const MINUTE = 60_000;

describe('the credential policy', () => {
  it('hashes passwords with scrypt at N ≥ 2^17, r ≥ 8', () => {
    expect(2 ** SCRYPT_PARAMS.log2N).toBeGreaterThanOrEqual(2 ** 17);
    expect(SCRYPT_PARAMS.r).toBeGreaterThanOrEqual(8);
    expect(SCRYPT_PARAMS.p).toBeGreaterThanOrEqual(1);
  });

  it('ends sessions after at most an hour, and after at most 30 idle minutes', () => {
    expect(SESSION_LIFETIME_MS).toBeLessThanOrEqual(60 * MINUTE);
    expect(SESSION_IDLE_TIMEOUT_MS).toBeLessThanOrEqual(30 * MINUTE);
  });

  it('slows a failing address to one try per 2 minutes or less after 10 failures an hour, and limits sign-in requests per IP', () => {
    // Issue 15 #4: a progressive delay per account (for addresses that failed on it), no hard lock.
    expect(accountDelaySeconds(10)).toBeGreaterThanOrEqual(120);
    expect(IP_FAILURE_LIMIT).toBeLessThanOrEqual(50);
    expect(ATTEMPT_WINDOW_MS).toBeGreaterThanOrEqual(60 * MINUTE);
    expect(LOGIN_RATE_LIMIT.max).toBeLessThanOrEqual(20);
    expect(LOGIN_RATE_LIMIT.timeWindow).toBeGreaterThanOrEqual(MINUTE);
  });
});

describe.each(testDatabases())('session tokens on $name', (target) => {
  let t: TestDatabase;
  let app: App;
  let userId: number;
  const email = `tokens.${randomBytes(4).toString('hex')}@safety.test`;
  const password = 'Safety-tokens-2026!';

  beforeAll(async () => {
    t = await target.create();
    userId = await insertUser(t.db, email, await hashPassword(password), Date.now());
    app = await createTestApp(t);
  });
  afterAll(async () => {
    await app?.close();
    await t?.destroy();
  });

  it('are at least 128 random bits, and the database keeps only their SHA-256', async () => {
    const tokens: string[] = [];
    for (let index = 0; index < 2; index++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/config/login',
        payload: { email, password },
      });
      expect(response.statusCode, response.body).toBe(200);
      tokens.push(response.json<{ token: string }>().token);
    }
    const [first, second] = tokens as [string, string];
    expect(first).not.toBe(second);
    expect(Buffer.from(first, 'base64url').length * 8).toBeGreaterThanOrEqual(128);

    const rows = await sessionRowsOf(t.db, userId);
    expect(rows).toHaveLength(2);
    const stored = rows.flatMap((row) => Object.values(row)).join('\n');
    for (const token of tokens) {
      expect(stored).not.toContain(token);
      expect(rows.map((row) => row.token_hash)).toContain(createHash('sha256').update(token).digest('hex'));
    }
    // The session cookie carries the token; the XSRF cookie is not the token.
    const login = await app.inject({
      method: 'POST',
      url: '/api/config/login',
      payload: { email, password },
    });
    const cookies = Object.fromEntries(login.cookies.map((c) => [c.name, c]));
    expect(cookies.sid?.httpOnly).toBe(true);
    expect(cookies['XSRF-TOKEN']?.value).not.toBe(cookies.sid?.value);
  });
});

/*
 * Issue 20's credentials: a partner client's secret (its access tokens last 15 minutes at most) and a
 * provider calendar feed's token. Each at least 128 random bits, the database keeping only SHA-256.
 */
describe.each(testDatabases())('partner secrets and calendar feed tokens on $name', (target) => {
  let t: TestDatabase;
  let app: App;
  let headers: Record<string, string>;
  let clientId: number;

  beforeAll(async () => {
    t = await target.create();
    await seedIfEmpty(t.db, NOW);
    app = await createTestApp(t, { now: () => NOW });
    headers = (await loginAsDemo(app, 'owner')).bearerHeaders;
    ({ id: clientId } = await t.db
      .selectFrom('clients')
      .select('id')
      .where('slug', '=', 'brightsmile')
      .executeTakeFirstOrThrow());
  });
  afterAll(async () => {
    await app?.close();
    await t?.destroy();
  });

  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

  it('partner secrets: at least 128 random bits, only their SHA-256 stored; access tokens of 15 minutes at most', async () => {
    const created: CreatePartnerResponse[] = [];
    for (const name of ['Credentials partner A', 'Credentials partner B']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/scheduler/admin/partners',
        headers,
        payload: { clientId, name },
      });
      expect(response.statusCode, response.body).toBe(201);
      created.push(response.json<CreatePartnerResponse>());
    }
    const [a, b] = created as [CreatePartnerResponse, CreatePartnerResponse];
    expect(a.clientSecret).not.toBe(b.clientSecret);
    expect(Buffer.from(a.clientSecret, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    const rows = await t.db.selectFrom('partner_clients').selectAll().execute();
    const stored = JSON.stringify(rows);
    for (const partner of created) {
      expect(stored).not.toContain(partner.clientSecret);
      expect(rows.map((row) => row.secret_hash)).toContain(sha256(partner.clientSecret));
    }
    const token = await app.inject({
      method: 'POST',
      url: '/fhir/brightsmile/auth/token',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basicAuthorization(a.partner.clientIdentifier, a.clientSecret),
      },
      payload: 'grant_type=client_credentials',
    });
    expect(token.statusCode, token.body).toBe(200);
    const { access_token: accessToken, expires_in: expiresIn } = token.json<PartnerTokenResponse>();
    const claims = decodeJwt(accessToken);
    expect(expiresIn).toBeLessThanOrEqual(15 * 60);
    expect((claims.exp ?? Infinity) - (claims.iat ?? 0)).toBeLessThanOrEqual(15 * 60);
    expect(JSON.stringify(await t.db.selectFrom('partner_clients').selectAll().execute())).not.toContain(
      accessToken,
    );
  });

  it('calendar feed tokens: at least 128 random bits, only their SHA-256 stored; a rotation ends the old one', async () => {
    const provider = await t.db
      .selectFrom('providers')
      .select('id')
      .where('client_id', '=', clientId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const tokens: string[] = [];
    for (let index = 0; index < 2; index++) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/scheduler/admin/providers/${String(provider.id)}/calendar-feed/rotate`,
        headers,
        payload: { clientId },
      });
      expect(response.statusCode, response.body).toBe(200);
      const url = response.json<RotateCalendarFeedResponse>().feed.url;
      tokens.push(/\/api\/calendar\/([^/]+)\.ics$/.exec(url)?.[1] ?? '');
    }
    const [old, current] = tokens as [string, string];
    expect(old).not.toBe(current);
    expect(Buffer.from(current, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    const rows = await t.db
      .selectFrom('provider_calendar_feeds')
      .selectAll()
      .where('provider_id', '=', provider.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(sha256(current));
    expect(Buffer.from(rows[0]?.nonce ?? '', 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    expect(JSON.stringify(rows)).not.toContain(current);
    expect((await app.inject({ method: 'GET', url: `/api/calendar/${current}.ics` })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/calendar/${old}.ics` })).statusCode).toBe(404);
  });
});

describe.skipIf(redisUrl === undefined)('counters shared through Redis by two instances', () => {
  let t: TestDatabase;
  let apps: [App, App];
  let redis: Redis;
  /** The per-IP limit's address; the lock-out test spreads its failures over two others (not this one). */
  const ip = `10.${randomBytes(3).join('.')}`;
  const spreadIps = [`172.16.${randomBytes(2).join('.')}`, `172.17.${randomBytes(2).join('.')}`];
  const email = `redis.${randomBytes(4).toString('hex')}@safety.test`;

  beforeAll(async () => {
    t = await sqliteOnly().create();
    const config = { redisUrl };
    // One pinned clock (Date only): the per-account delay (seconds) must not run out between two
    // requests, whether or not the apps hand their \`now\` to staff authentication.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T15:00:00Z'));
    const now = () => new Date();
    apps = [await createTestApp(t, { config, now }), await createTestApp(t, { config, now })];
    redis = new Redis(redisUrl ?? '', { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    const keys = [
      ...(await redis.keys(`*${ip}*`)),
      ...(await redis.keys(`*${spreadIps[0]}*`)),
      ...(await redis.keys(`*${spreadIps[1]}*`)),
      ...(await redis.keys(`*${attemptAccountHash(email)}*`)),
    ];
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    for (const app of apps ?? []) await app.close();
    await t?.destroy();
    vi.useRealTimers();
  });

  const login = (app: App, address: string, as = email, url = '/api/config/login') =>
    app.inject({
      method: 'POST',
      url,
      payload: { email: as, password: 'wrong-password' },
      remoteAddress: address,
    });

  it('delays an account after 10 failures spread over both instances, counting in Redis only', async () => {
    for (let index = 0; index < 10; index++) {
      // (Was `${ip.slice(0, -1)}${index % 2}`: the same address as `ip` when it ended in 0 or 1, so
      // these failures counted against the per-IP limit of the next test, which then failed.)
      const response = await login(apps[index % 2] as App, spreadIps[index % 2] ?? ip);
      // From the third failure on, a failing address waits (2^k s): the two addresses alternate.
      expect([401, 429]).toContain(response.statusCode);
    }
    // Both instances make either failing address wait (the counters are shared)…
    for (const [index, app] of apps.entries()) {
      const waiting = await login(app, spreadIps[(index + 1) % 2] ?? ip);
      expect(waiting.statusCode).toBe(429);
      expect(waiting.json<{ error: { code: string } }>().error.code).toBe('RATE_LIMITED');
    }
    // …while an address that never failed still gets its password checked.
    expect((await login(apps[1], `192.0.2.${randomBytes(1)[0] ?? 1}`)).statusCode).toBe(401);
    expect(await loginAttemptsOf(t.db, email)).toBe(0);
  });

  it('shares the per-IP sign-in request limit, across both instances and both sign-in routes', async () => {
    const statuses: number[] = [];
    for (let index = 0; index <= LOGIN_RATE_LIMIT.max; index++) {
      const url = index % 3 === 0 ? '/api/scheduler/adminLogin' : '/api/config/login';
      const response = await login(apps[index % 2] as App, ip, `someone.${index}.${email}`, url);
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, LOGIN_RATE_LIMIT.max).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
