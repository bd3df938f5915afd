import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { seedIfEmpty } from '../../platform/db/seed/seed.ts';
import { DEMO_PASSWORDS, loginAsDemo, nextTestIp } from '../../test/staff-login.ts';
import type { StaffLogin } from '../../test/staff-login.ts';
import type { TestDatabase } from '../../test/test-db.ts';
import { createTestApp, testDatabases } from '../../test/test-db.ts';
import { hashSessionToken } from '../../platform/auth/session-tokens.ts';
import { attemptAccountHash } from '../../platform/auth/attempt-store.ts';

const INCORRECT = { error: { code: 'INVALID_CREDENTIALS', message: 'E-mail or password is incorrect.' } };

describe.each(testDatabases())('staff sign-in and sessions on $name', (target) => {
  let t: TestDatabase;
  let app: App;
  let brightsmileId: number;
  let northsideId: number;

  beforeAll(async () => {
    t = await target.create();
    await seedIfEmpty(t.db, Date.now());
    app = await createTestApp(t);
    await app.ready();
    const clients = await t.db.selectFrom('clients').select(['id', 'slug']).execute();
    brightsmileId = clients.find((c) => c.slug === 'brightsmile')!.id;
    northsideId = clients.find((c) => c.slug === 'northside')!.id;
  });
  afterAll(async () => {
    await app?.close();
    await t?.destroy();
  });

  const sessionRow = (token: string) =>
    t.db
      .selectFrom('admin_sessions')
      .selectAll()
      .where('token_hash', '=', hashSessionToken(token))
      .executeTakeFirstOrThrow();

  describe('POST /api/config/login', () => {
    it('signs in with the right password and answers the token, its expiry and the session', async () => {
      const before = Date.now();
      const response = await app.inject({
        method: 'POST',
        url: '/api/config/login',
        payload: { email: 'Owner@Demo.Health ', password: DEMO_PASSWORDS.owner },
        remoteAddress: nextTestIp(),
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ token: string; expiresAt: string; session: Record<string, unknown> }>();
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const expiresAt = Date.parse(body.expiresAt);
      expect(expiresAt - before).toBeGreaterThanOrEqual(60 * 60 * 1000 - 1000);
      expect(expiresAt - before).toBeLessThanOrEqual(60 * 60 * 1000 + 5000);
      expect(body.session).toMatchObject({
        user: { email: 'owner@demo.health' },
        role: 'owner',
        authMethod: 'cookie',
        activeClient: { clientId: String(brightsmileId), slug: 'brightsmile' },
      });
      expect(response.headers['cache-control']).toBe('no-store');
      // Only the hash of the token is stored.
      const row = await sessionRow(body.token);
      expect(row.token_hash).not.toContain(body.token);
      expect(Number(row.expires_at)).toBe(expiresAt);
    });

    it('sets an HttpOnly, SameSite=Lax sid cookie and a script-readable XSRF-TOKEN cookie', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/config/login',
        payload: { email: 'admin@demo.health', password: DEMO_PASSWORDS.admin },
        remoteAddress: nextTestIp(),
      });
      const sid = response.cookies.find((c) => c.name === 'sid');
      const xsrf = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
      expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(sid?.maxAge).toBeGreaterThanOrEqual(3595);
      expect(sid?.maxAge).toBeLessThanOrEqual(3600);
      expect(sid?.secure).toBeFalsy();
      expect(sid?.value).toBe(response.json<{ token: string }>().token);
      expect(xsrf?.httpOnly).toBeFalsy();
      expect(xsrf).toMatchObject({ sameSite: 'Lax', path: '/' });
      expect(xsrf?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('marks the cookies Secure when the config asks for it', async () => {
      const secureApp = await createTestApp(t, { config: { cookieSecure: true } });
      try {
        const response = await secureApp.inject({
          method: 'POST',
          url: '/api/config/login',
          payload: { email: 'staff@demo.health', password: DEMO_PASSWORDS.staff },
          remoteAddress: nextTestIp(),
        });
        expect(response.statusCode).toBe(200);
        for (const name of ['sid', 'XSRF-TOKEN']) {
          expect(response.cookies.find((c) => c.name === name)?.secure).toBe(true);
        }
      } finally {
        await secureApp.close();
      }
    });

    it('is also reachable as POST /api/scheduler/adminLogin', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/scheduler/adminLogin',
        payload: { email: 'viewer@demo.health', password: DEMO_PASSWORDS.viewer },
        remoteAddress: nextTestIp(),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ session: { role: 'viewer', permissions: ['reports:read'] } });
    });

    it('answers a wrong password and an unknown e-mail identically', async () => {
      const wrong = await app.inject({
        method: 'POST',
        url: '/api/config/login',
        payload: { email: 'staff@demo.health', password: 'not-the-password' },
        remoteAddress: nextTestIp(),
      });
      const unknown = await app.inject({
        method: 'POST',
        url: '/api/config/login',
        payload: { email: 'nobody@demo.health', password: 'not-the-password' },
        remoteAddress: nextTestIp(),
      });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(INCORRECT);
      expect(unknown.json()).toEqual(INCORRECT);
      expect(wrong.cookies).toEqual([]);
    });

    it('refuses a sign-in posted from another site', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/config/login',
        payload: { email: 'owner@demo.health', password: DEMO_PASSWORDS.owner },
        headers: { origin: 'https://evil.example' },
        remoteAddress: nextTestIp(),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: { code: 'CSRF_REJECTED' } });
    });

    it('limits sign-in requests per IP address', async () => {
      const ip = nextTestIp();
      const responses = await Promise.all(
        Array.from({ length: 21 }, () =>
          app.inject({
            method: 'POST',
            url: '/api/config/login',
            payload: { email: 'someone@demo.health', password: '' },
            remoteAddress: ip,
          }),
        ),
      );
      const limited = responses.filter((r) => r.statusCode === 429);
      expect(limited.length).toBeGreaterThanOrEqual(1);
      expect(limited[0]?.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    });

    it('counts both sign-in routes against one per-IP limit of 20 a minute', async () => {
      const ip = nextTestIp();
      const routes = ['/api/config/login', '/api/scheduler/adminLogin'];
      const attempt = (url: string, index: number) =>
        app.inject({
          method: 'POST',
          url,
          payload: { email: `shared.limit.${index}@demo.health`, password: 'not-the-password' },
          remoteAddress: ip,
        });
      const statuses: number[] = [];
      for (let index = 0; index < 20; index++)
        statuses.push((await attempt(routes[index % 2] ?? '', index)).statusCode);
      expect(statuses.every((status) => status === 401)).toBe(true);
      for (const [index, url] of routes.entries()) {
        const limited = await attempt(url, 20 + index);
        expect(limited.statusCode, `${url}: ${limited.body}`).toBe(429);
        expect(limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
      }
      // Another address is not limited.
      const other = await app.inject({
        method: 'POST',
        url: routes[1] ?? '',
        payload: { email: 'shared.limit.other@demo.health', password: 'not-the-password' },
        remoteAddress: nextTestIp(),
      });
      expect(other.statusCode).toBe(401);
    });
  });

  describe('login_attempts', () => {
    it('keeps no typed e-mail in the clear, only a keyed hash of it', async () => {
      const email = 'plain.text.probe@demo.health';
      const response = await app.inject({
        method: 'POST',
        url: '/api/config/login',
        payload: { email: 'Plain.Text.Probe@Demo.Health', password: 'wrong-password' },
        remoteAddress: nextTestIp(),
      });
      expect(response.statusCode).toBe(401);
      const rows = await t.db.selectFrom('login_attempts').selectAll().execute();
      expect(rows.length).toBeGreaterThan(0);
      const stored = JSON.stringify(rows).toLowerCase();
      expect(stored).not.toContain(email);
      expect(stored).not.toContain('plain.text.probe');
      expect(rows.map((row) => row.email)).toContain(attemptAccountHash(email));
    });
  });

  // The sign-in throttle (per account and per address) is tested in platform/auth/sign-in-throttle.test.ts.

  describe('authenticated requests', () => {
    let admin: StaffLogin;
    beforeAll(async () => {
      admin = await loginAsDemo(app, 'admin');
    });

    it('answers the user, memberships, role and permissions by cookie and refreshes XSRF-TOKEN', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/config/user',
        headers: { cookie: `sid=${admin.token}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        user: {
          userId: expect.any(String) as string,
          email: 'admin@demo.health',
          displayName: expect.any(String) as string,
        },
        memberships: [
          {
            clientId: String(brightsmileId),
            clientName: expect.any(String) as string,
            clientSlug: 'brightsmile',
            role: 'admin',
          },
        ],
        activeClient: {
          clientId: String(brightsmileId),
          name: expect.any(String) as string,
          slug: 'brightsmile',
        },
        role: 'admin',
        permissions: [
          'config:read',
          'config:write',
          'patients:read',
          'patients:write',
          'waitlist:read',
          'waitlist:write',
          'reports:read',
          'audit:read',
        ],
        expiresAt: expect.any(String) as string,
        authMethod: 'cookie',
      });
      expect(response.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value).toBe(admin.xsrf);
    });

    it('accepts the bearer fallback, which needs no XSRF header', async () => {
      const user = await app.inject({ method: 'GET', url: '/api/config/user', headers: admin.bearerHeaders });
      expect(user.statusCode).toBe(200);
      expect(user.json()).toMatchObject({ authMethod: 'bearer' });
      expect(user.cookies).toEqual([]);
    });

    it('answers 401 without a session, with a malformed or unknown token', async () => {
      for (const headers of [
        {},
        { authorization: 'Bearer not-a-token' },
        { authorization: `Bearer ${'A'.repeat(43)}` },
        { cookie: `sid=${'B'.repeat(43)}` },
      ]) {
        const response = await app.inject({ method: 'GET', url: '/api/config/user', headers });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
      }
    });

    it('never falls back to the cookie when a bearer header is present but wrong', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/config/user',
        headers: { cookie: `sid=${admin.token}`, authorization: `Bearer ${'C'.repeat(43)}` },
      });
      expect(response.statusCode).toBe(401);
    });

    it('lists only the brands the user belongs to, with their schedulers', async () => {
      const mine = await app.inject({
        method: 'GET',
        url: '/api/config/clients',
        headers: admin.bearerHeaders,
      });
      expect(mine.json<{ clients: { slug: string }[] }>().clients.map((c) => c.slug)).toEqual([
        'brightsmile',
      ]);
      const owner = await loginAsDemo(app, 'owner');
      const all = await app.inject({
        method: 'GET',
        url: '/api/config/clients',
        headers: owner.bearerHeaders,
      });
      const clients = all.json<{
        clients: { slug: string; role: string; schedulers: { slug: string }[] }[];
      }>().clients;
      expect(clients.map((c) => [c.slug, c.role])).toEqual([
        ['brightsmile', 'owner'],
        ['northside', 'owner'],
      ]);
      for (const client of clients) expect(client.schedulers.map((s) => s.slug)).toEqual(['main']);
    });

    it('switches the active brand of a member and refuses a brand the user does not belong to', async () => {
      const owner = await loginAsDemo(app, 'owner');
      const switched = await app.inject({
        method: 'GET',
        url: `/api/config/switch/clients?clientId=${northsideId}`,
        headers: owner.cookieHeaders,
      });
      expect(switched.statusCode).toBe(200);
      expect(switched.json()).toMatchObject({ activeClient: { slug: 'northside' }, role: 'owner' });
      const user = await app.inject({ method: 'GET', url: '/api/config/user', headers: owner.bearerHeaders });
      expect(user.json()).toMatchObject({ activeClient: { slug: 'northside' } });

      const refused = await app.inject({
        method: 'GET',
        url: `/api/config/switch/clients?clientId=${northsideId}`,
        headers: admin.bearerHeaders,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });

      const crossSite = await app.inject({
        method: 'GET',
        url: `/api/config/switch/clients?clientId=${brightsmileId}`,
        headers: { cookie: `sid=${owner.token}`, 'sec-fetch-site': 'cross-site' },
      });
      expect(crossSite.statusCode).toBe(403);
    });
  });

  describe('CSRF protection of cookie-authenticated changes', () => {
    let owner: StaffLogin;
    let schedulerId: number;
    beforeAll(async () => {
      owner = await loginAsDemo(app, 'owner');
      schedulerId = (
        await t.db
          .selectFrom('schedulers')
          .select('id')
          .where('client_id', '=', brightsmileId)
          .executeTakeFirstOrThrow()
      ).id;
    });
    const update = async (headers: Record<string, string>) =>
      app.inject({
        method: 'PATCH',
        url: '/api/scheduler/updateConfig',
        headers,
        payload: {
          clientId: brightsmileId,
          ruleId: schedulerId,
          // The settings' current version (updateConfig refuses a stale one with 409).
          version: (
            await t.db
              .selectFrom('schedulers')
              .select('settings_version')
              .where('id', '=', schedulerId)
              .executeTakeFirstOrThrow()
          ).settings_version,
          settings: [{ group: 'appointment', order: 1, value: 12 }],
        },
      });

    it('refuses a change without the X-XSRF-TOKEN header', async () => {
      const response = await update({ cookie: `sid=${owner.token}; XSRF-TOKEN=${owner.xsrf}` });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: { code: 'CSRF_REJECTED' } });
    });

    it('refuses a wrong X-XSRF-TOKEN, even one equal to a forged cookie', async () => {
      const forged = 'x'.repeat(43);
      const response = await update({
        cookie: `sid=${owner.token}; XSRF-TOKEN=${forged}`,
        'x-xsrf-token': forged,
      });
      expect(response.statusCode).toBe(403);
    });

    it("refuses another session's XSRF token", async () => {
      const other = await loginAsDemo(app, 'owner');
      const response = await update({ cookie: `sid=${owner.token}`, 'x-xsrf-token': other.xsrf });
      expect(response.statusCode).toBe(403);
    });

    it('accepts the right header from the same origin', async () => {
      expect((await update(owner.cookieHeaders)).statusCode).toBe(200);
      expect((await update({ ...owner.cookieHeaders, origin: 'http://localhost:80' })).statusCode).toBe(200);
      expect((await update({ ...owner.cookieHeaders, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(
        200,
      );
    });

    it('refuses a cross-site Origin or Sec-Fetch-Site even with the right header', async () => {
      const foreign = await update({ ...owner.cookieHeaders, origin: 'https://evil.example' });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toMatchObject({ error: { code: 'CSRF_REJECTED' } });
      expect((await update({ ...owner.cookieHeaders, origin: 'null' })).statusCode).toBe(403);
      expect((await update({ ...owner.cookieHeaders, 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    });

    it('needs no XSRF header under bearer authentication', async () => {
      expect((await update(owner.bearerHeaders)).statusCode).toBe(200);
    });
  });

  describe('session end', () => {
    it('revokes the session on logout (the token no longer works) and clears the cookies', async () => {
      const staff = await loginAsDemo(app, 'staff');
      const withoutCsrf = await app.inject({
        method: 'POST',
        url: '/api/config/logout',
        headers: { cookie: `sid=${staff.token}` },
      });
      expect(withoutCsrf.statusCode).toBe(403);

      const response = await app.inject({
        method: 'POST',
        url: '/api/config/logout',
        headers: staff.cookieHeaders,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
      const cleared = response.cookies.find((c) => c.name === 'sid');
      expect(cleared?.value).toBe('');
      expect((await sessionRow(staff.token)).revoked_at).not.toBeNull();
      const after = await app.inject({
        method: 'GET',
        url: '/api/config/user',
        headers: staff.bearerHeaders,
      });
      expect(after.statusCode).toBe(401);
    });

    it('ends a session after its absolute hour', async () => {
      const staff = await loginAsDemo(app, 'staff');
      await t.db
        .updateTable('admin_sessions')
        .set({ expires_at: Date.now() - 1 })
        .where('token_hash', '=', hashSessionToken(staff.token))
        .execute();
      const response = await app.inject({
        method: 'GET',
        url: '/api/config/user',
        headers: { cookie: `sid=${staff.token}` },
      });
      expect(response.statusCode).toBe(401);
      expect(response.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    });

    it('ends a session unused for 30 minutes', async () => {
      const staff = await loginAsDemo(app, 'staff');
      await t.db
        .updateTable('admin_sessions')
        .set({ last_seen_at: Date.now() - 31 * 60 * 1000 })
        .where('token_hash', '=', hashSessionToken(staff.token))
        .execute();
      const response = await app.inject({
        method: 'GET',
        url: '/api/config/user',
        headers: staff.bearerHeaders,
      });
      expect(response.statusCode).toBe(401);
    });

    it('records activity at most once a minute', async () => {
      const staff = await loginAsDemo(app, 'staff');
      const hash = hashSessionToken(staff.token);
      const recent = Date.now() - 10_000;
      await t.db
        .updateTable('admin_sessions')
        .set({ last_seen_at: recent })
        .where('token_hash', '=', hash)
        .execute();
      await app.inject({ method: 'GET', url: '/api/config/user', headers: staff.bearerHeaders });
      expect(Number((await sessionRow(staff.token)).last_seen_at)).toBe(recent);

      const older = Date.now() - 5 * 60 * 1000;
      await t.db
        .updateTable('admin_sessions')
        .set({ last_seen_at: older })
        .where('token_hash', '=', hash)
        .execute();
      const before = Date.now();
      await app.inject({ method: 'GET', url: '/api/config/user', headers: staff.bearerHeaders });
      expect(Number((await sessionRow(staff.token)).last_seen_at)).toBeGreaterThanOrEqual(before);
    });
  });

  describe('GET/POST /api/config/users (owners only)', () => {
    it('lists the members of the brand for an owner and refuses other roles', async () => {
      const owner = await loginAsDemo(app, 'owner');
      const list = await app.inject({
        method: 'GET',
        url: `/api/config/users?clientId=${brightsmileId}`,
        headers: owner.bearerHeaders,
      });
      expect(list.statusCode).toBe(200);
      // Staff data: never kept by a browser or a shared cache.
      expect(list.headers['cache-control']).toBe('no-store');
      const emails = list.json<{ items: { email: string }[] }>().items.map((u) => u.email);
      expect(emails).toEqual(
        expect.arrayContaining(['owner@demo.health', 'admin@demo.health', 'staff@demo.health']),
      );
      const northside = await app.inject({
        method: 'GET',
        url: `/api/config/users?clientId=${northsideId}`,
        headers: owner.bearerHeaders,
      });
      expect(northside.json<{ items: { email: string }[] }>().items.map((u) => u.email)).toEqual([
        'owner@demo.health',
      ]);

      const admin = await loginAsDemo(app, 'admin');
      const refused = await app.inject({
        method: 'GET',
        url: '/api/config/users',
        headers: admin.bearerHeaders,
      });
      expect(refused.statusCode).toBe(403);
      const anonymous = await app.inject({ method: 'GET', url: '/api/config/users' });
      expect(anonymous.statusCode).toBe(401);
    });

    it('adds a person by invitation (no password shown), changes the role and removes the user', async () => {
      const owner = await loginAsDemo(app, 'owner');
      const added = await app.inject({
        method: 'POST',
        url: '/api/config/users',
        headers: owner.cookieHeaders,
        payload: {
          clientId: northsideId,
          email: 'New.Person@Demo.Health',
          displayName: 'New Person',
          role: 'viewer',
        },
      });
      expect(added.statusCode).toBe(201);
      const body = added.json<{
        invitation: { email: string; role: string };
        delivery: string;
        link: string;
      }>();
      expect(body).toMatchObject({
        delivery: 'link',
        invitation: { email: 'new.person@demo.health', role: 'viewer' },
      });
      expect(added.body).not.toMatch(/password/i);
      const token = /#token=([A-Za-z0-9_-]{43})$/.exec(body.link)?.[1] ?? '';

      // An existing account is not added (and nothing about it is answered) until it accepts.
      const existing = await app.inject({
        method: 'POST',
        url: '/api/config/users',
        headers: owner.bearerHeaders,
        payload: { clientId: northsideId, email: 'staff@demo.health', displayName: 'ignored', role: 'staff' },
      });
      expect(existing.statusCode).toBe(201);
      expect(existing.body).not.toMatch(/Sam Patel|lastLogin|disabled/);
      const staffBrands = await t.db
        .selectFrom('memberships')
        .innerJoin('users', 'users.id', 'memberships.user_id')
        .select('memberships.client_id')
        .where('users.email', '=', 'staff@demo.health')
        .execute();
      expect(staffBrands.map((row) => row.client_id)).toEqual([brightsmileId]);

      const accepted = await app.inject({
        method: 'POST',
        url: '/api/config/invitations/accept',
        payload: { token, displayName: 'New Person', password: 'plum-orchard-velvet-31' },
        remoteAddress: nextTestIp(),
      });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toMatchObject({
        session: { role: 'viewer', activeClient: { slug: 'northside' } },
      });
      const userId = accepted.json<{ session: { user: { userId: string } } }>().session.user.userId;

      const again = await app.inject({
        method: 'POST',
        url: '/api/config/users',
        headers: owner.bearerHeaders,
        payload: {
          clientId: northsideId,
          email: 'new.person@demo.health',
          displayName: 'New Person',
          role: 'viewer',
        },
      });
      expect(again.statusCode).toBe(409);

      const changed = await app.inject({
        method: 'PATCH',
        url: `/api/config/users/${userId}`,
        headers: owner.bearerHeaders,
        payload: { clientId: northsideId, role: 'admin' },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({ user: { role: 'admin' } });

      const removed = await app.inject({
        method: 'DELETE',
        url: `/api/config/users/${userId}?clientId=${northsideId}`,
        headers: owner.bearerHeaders,
      });
      expect(removed.statusCode).toBe(200);
      const audit = await t.db
        .selectFrom('audit_log')
        .select('action')
        .where('client_id', '=', northsideId)
        .where('record_id', '=', userId)
        .where('action', 'like', 'membership.%')
        .orderBy('id')
        .execute();
      expect(audit.map((row) => row.action)).toEqual([
        'membership.create',
        'membership.update',
        'membership.delete',
      ]);
    });

    it('keeps at least one owner in a brand', async () => {
      const owner = await loginAsDemo(app, 'owner');
      const me = (
        await t.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'owner@demo.health')
          .executeTakeFirstOrThrow()
      ).id;
      const demote = await app.inject({
        method: 'PATCH',
        url: `/api/config/users/${me}`,
        headers: owner.bearerHeaders,
        payload: { clientId: brightsmileId, role: 'admin' },
      });
      expect(demote.statusCode).toBe(409);
      const remove = await app.inject({
        method: 'DELETE',
        url: `/api/config/users/${me}?clientId=${brightsmileId}`,
        headers: owner.bearerHeaders,
      });
      expect(remove.statusCode).toBe(409);
      expect(remove.json()).toMatchObject({ error: { code: 'CONFLICT' } });
    });
  });
});
