import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { seedIfEmpty } from '../../platform/db/seed/seed.ts';
import { loginAsDemo } from '../../test/staff-login.ts';
import type { StaffLogin } from '../../test/staff-login.ts';
import type { TestDatabase } from '../../test/test-db.ts';
import { createTestApp, testDatabases } from '../../test/test-db.ts';
import { createStaffAuth } from '../../platform/auth/staff-auth.ts';
import { createEmbedScriptSource } from './embed-script.ts';
import { widgetRoutes } from './routes.ts';
import { createWidgetService } from './service.ts';
import { createWidgetRepository } from './widget-repository.ts';

const html = { accept: 'text/html,application/xhtml+xml' };

function frameAncestorsOf(headers: Record<string, unknown>): string | undefined {
  const value = headers['content-security-policy'];
  const csp = typeof value === 'string' ? value : '';
  return csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('frame-ancestors'));
}

describe.each(testDatabases())('the widget on $name', (target) => {
  let t: TestDatabase;
  let app: App;
  let brightsmileId: number;
  let northsideId: number;
  let schedulerId: number;
  let northsideSchedulerId: number;
  let owner: StaffLogin;
  let admin: StaffLogin;
  let staff: StaffLogin;

  beforeAll(async () => {
    t = await target.create();
    await seedIfEmpty(t.db, Date.UTC(2026, 10, 25, 15, 0));
    app = await createTestApp(t);
    await app.ready();
    const clients = await t.db.selectFrom('clients').select(['id', 'slug']).execute();
    brightsmileId = clients.find((c) => c.slug === 'brightsmile')!.id;
    northsideId = clients.find((c) => c.slug === 'northside')!.id;
    const schedulers = await t.db.selectFrom('schedulers').select(['id', 'client_id']).execute();
    schedulerId = schedulers.find((s) => s.client_id === brightsmileId)!.id;
    northsideSchedulerId = schedulers.find((s) => s.client_id === northsideId)!.id;
    [owner, admin, staff] = await Promise.all([
      loginAsDemo(app, 'owner'),
      loginAsDemo(app, 'admin'),
      loginAsDemo(app, 'staff'),
    ]);
  });
  afterAll(async () => {
    await app?.close();
    await t?.destroy();
  });

  describe('framing', () => {
    it("lets the client's sites (and the product) frame the widget's pages", async () => {
      for (const url of [
        '/brightsmile/main/all/widget',
        '/brightsmile/main/midtown-manhattan/widget/findappointment?embedId=w1',
      ]) {
        const response = await app.inject({ method: 'GET', url, headers: html });
        expect(response.headers['content-type']).toContain('text/html');
        expect(frameAncestorsOf(response.headers)).toBe(
          "frame-ancestors 'self' https://www.brightsmile.example http://localhost:* http://127.0.0.1:*",
        );
        expect(response.headers['x-frame-options']).toBeUndefined();
        // The rest of the policy is unchanged.
        expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      }
    });

    it('keeps every other page unframeable', async () => {
      for (const url of [
        '/brightsmile/main/all/landing',
        `/admin/${brightsmileId}/${schedulerId}/widget`,
        '/nosuchclient/main/all/widget',
        '/adminlogin',
      ]) {
        const response = await app.inject({ method: 'GET', url, headers: html });
        expect(frameAncestorsOf(response.headers), url).toBe("frame-ancestors 'none'");
        expect(response.headers['x-frame-options'], url).toBe('DENY');
      }
      const api = await app.inject({ method: 'GET', url: '/brightsmile/main/all/widget' });
      expect(api.headers['content-type']).toContain('application/json');
      expect(frameAncestorsOf(api.headers)).toBe("frame-ancestors 'none'");
    });
  });

  describe('GET /api/scheduler/admin/widget/setup', () => {
    it('answers the setup to staff who may read the configuration', async () => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/scheduler/admin/widget/setup?clientId=${brightsmileId}&ruleId=${schedulerId}`,
        headers: admin.bearerHeaders,
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ locations: { slug: string }[] }>();
      expect(body).toMatchObject({
        clientId: String(brightsmileId),
        clientSlug: 'brightsmile',
        schedulerSlug: 'main',
        widgetColor: '#024E94',
        widgetColorIsDefault: true,
        defaultWidgetColor: '#024E94',
        frameAncestors: ['https://www.brightsmile.example', 'http://localhost:*', 'http://127.0.0.1:*'],
        frameAncestorsVersion: 1,
      });
      expect(body.locations.map((location) => location.slug)).toContain('midtown-manhattan');
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('refuses the anonymous, the roles without configuration and other practices', async () => {
      const url = `/api/scheduler/admin/widget/setup?clientId=${brightsmileId}&ruleId=${schedulerId}`;
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url, headers: staff.bearerHeaders })).statusCode).toBe(403);
      const foreign = await app.inject({
        method: 'GET',
        url: `/api/scheduler/admin/widget/setup?clientId=${northsideId}&ruleId=${northsideSchedulerId}`,
        headers: admin.bearerHeaders,
      });
      expect(foreign.statusCode).toBe(403);
      // A scheduler of another practice named under one's own practice is not found.
      const mixed = await app.inject({
        method: 'GET',
        url: `/api/scheduler/admin/widget/setup?clientId=${brightsmileId}&ruleId=${northsideSchedulerId}`,
        headers: owner.bearerHeaders,
      });
      expect(mixed.statusCode).toBe(404);
    });
  });

  describe('the allow-list, as the admin API changes it', () => {
    it('is what the widget pages send from the next request on', async () => {
      const current = await app.inject({
        method: 'GET',
        url: `/api/scheduler/admin/widget?clientId=${northsideId}`,
        headers: owner.bearerHeaders,
      });
      const response = await app.inject({
        method: 'PUT',
        url: '/api/scheduler/admin/widget',
        headers: owner.bearerHeaders,
        payload: {
          clientId: northsideId,
          version: current.json<{ version: number }>().version,
          frameAncestors: [
            'https://www.northsidefamily.example',
            'https://*.northside.example',
            'http://localhost:3101',
          ],
        },
      });
      expect(response.statusCode).toBe(200);
      const page = await app.inject({ method: 'GET', url: '/northside/main/all/widget', headers: html });
      expect(frameAncestorsOf(page.headers)).toBe(
        "frame-ancestors 'self' https://www.northsidefamily.example https://*.northside.example http://localhost:3101",
      );
      const setup = await app.inject({
        method: 'GET',
        url: `/api/scheduler/admin/widget/setup?clientId=${northsideId}&ruleId=${northsideSchedulerId}`,
        headers: owner.bearerHeaders,
      });
      expect(setup.json()).toMatchObject({
        frameAncestors: [
          'https://www.northsidefamily.example',
          'https://*.northside.example',
          'http://localhost:3101',
        ],
      });
    });

    it('never lets a stored entry that is not a plain site address into the header', async () => {
      await t.db
        .updateTable('clients')
        .set({
          frame_ancestors: JSON.stringify([
            "https://ok.example; script-src 'unsafe-inline'",
            'https://good.example',
          ]),
        })
        .where('id', '=', northsideId)
        .execute();
      const page = await app.inject({ method: 'GET', url: '/northside/main/all/widget', headers: html });
      expect(frameAncestorsOf(page.headers)).toBe("frame-ancestors 'self' https://good.example");
      expect(String(page.headers['content-security-policy'])).not.toMatch(/script-src[^;]*unsafe-inline/);
    });
  });

  describe('the colour, as updateConfig changes it', () => {
    it("is the setup's colour (appointment setting 20)", async () => {
      const current = await app.inject({
        method: 'GET',
        url: `/api/scheduler/getAssignConfig?clientId=${brightsmileId}&ruleId=${schedulerId}`,
        headers: admin.bearerHeaders,
      });
      expect(current.statusCode).toBe(200);
      const saved = await app.inject({
        method: 'PATCH',
        url: '/api/scheduler/updateConfig',
        headers: admin.bearerHeaders,
        payload: {
          clientId: brightsmileId,
          ruleId: schedulerId,
          version: current.json<{ version: number }>().version,
          settings: [{ group: 'appointment', order: 20, value: '#0a7b3e' }],
        },
      });
      expect(saved.statusCode).toBe(200);
      const setup = await app.inject({
        method: 'GET',
        url: `/api/scheduler/admin/widget/setup?clientId=${brightsmileId}&ruleId=${schedulerId}`,
        headers: admin.bearerHeaders,
      });
      expect(setup.json()).toMatchObject({ widgetColor: '#0A7B3E', widgetColorIsDefault: false });
    });
  });
});

describe('GET /embed.js', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'embed-route-'));
  const file = path.join(dir, 'embed.js');
  const source = '(()=>{console.info("embed")})();';
  let t: TestDatabase;
  let app: Awaited<ReturnType<typeof build>>;

  async function build() {
    const instance = Fastify().withTypeProvider<ZodTypeProvider>();
    instance.setValidatorCompiler(validatorCompiler);
    instance.setSerializerCompiler(serializerCompiler);
    const { guard } = createStaffAuth({ config: { cookieSecure: false }, db: t.db });
    await instance.register(widgetRoutes, {
      service: createWidgetService(createWidgetRepository(t.db)),
      guard,
      embedScript: createEmbedScriptSource(file),
    });
    return instance;
  }

  beforeAll(async () => {
    t = await testDatabases()[0]!.create();
    app = await build();
  });
  afterAll(async () => {
    await app.close();
    await t.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('says so, uncached, while the loader is not built', async () => {
    const response = await app.inject({ method: 'GET', url: '/embed.js' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('not built');
  });

  it('serves the loader to other sites: cacheable, cross-origin readable, compressed, revalidated', async () => {
    writeFileSync(file, source);
    const response = await app.inject({
      method: 'GET',
      url: '/embed.js',
      headers: { 'accept-encoding': 'gzip, deflate' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600, stale-while-revalidate=86400');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toBe('accept-encoding');
    expect(gunzipSync(response.rawPayload).toString()).toBe(source);

    const again = await app.inject({
      method: 'GET',
      url: '/embed.js',
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const plain = await app.inject({ method: 'GET', url: '/embed.js' });
    expect(plain.body).toBe(source);
  });
});
