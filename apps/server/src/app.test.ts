import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { App } from './app.ts';
import { routeTableOf } from './app.ts';
import { seedIfEmpty } from './platform/db/seed/seed.ts';
import type { TestDatabase } from './test/test-db.ts';
import { createTestApp, testDatabases } from './test/test-db.ts';

describe.each(testDatabases())('the app on $name', (target) => {
  let t: TestDatabase;
  let app: App;

  beforeAll(async () => {
    t = await target.create();
    await seedIfEmpty(t.db, Date.UTC(2026, 10, 25, 15, 0));
    app = await createTestApp(t);
    // Routes that exercise the error handler the way real modules will.
    app.post(
      '/api/test/patients',
      {
        schema: {
          body: z.object({
            firstName: z.string().min(1),
            dateOfBirth: z.iso.date(),
            contact: z.object({ email: z.email() }),
          }),
        },
      },
      (request) => ({ ok: request.body.firstName }),
    );
    app.get('/api/test/limited', { config: { rateLimit: { max: 1, timeWindow: 60_000 } } }, () => ({
      ok: true,
    }));
    app.get('/api/test/crash', () => {
      throw new Error('connection string postgres://secret@db/internal failed');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.destroy();
  });

  describe('GET /api/health', () => {
    it('reports the database as reachable', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', database: t.name, reachable: true });
      expect(response.headers['cache-control']).toBe('no-store');
    });
  });

  describe('errors', () => {
    it('answers an unknown API route with a JSON 404', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    });

    it('answers an unknown API route with a JSON 404 for any method', async () => {
      const response = await app.inject({
        method: 'DELETE',
        url: '/api/no-such-thing',
        headers: { accept: 'text/html' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    });

    it('answers malformed JSON with a 400 in the error shape', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/patients',
        headers: { 'content-type': 'application/json' },
        payload: '{"firstName": "Ann",',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'MALFORMED_JSON', message: 'The request body is not valid JSON' },
      });
    });

    it('answers invalid fields with VALIDATION and the path of each field', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/patients',
        payload: { firstName: '', dateOfBirth: '03/02/1980', contact: { email: 'nope' } },
      });
      expect(response.statusCode).toBe(400);
      const body = response.json<{
        error: { code: string; details: { fields: { in: string; path: string }[] } };
      }>();
      expect(body.error.code).toBe('VALIDATION');
      expect(body.error.details.fields.map((d) => `${d.in}:${d.path}`).sort()).toEqual([
        'body:contact.email',
        'body:dateOfBirth',
        'body:firstName',
      ]);
    });

    it('answers a body over the limit with 413', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/patients',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ firstName: 'x'.repeat(1_100_000) }),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
    });

    it('answers a rate-limited route with 429 RATE_LIMITED', async () => {
      expect((await app.inject({ method: 'GET', url: '/api/test/limited' })).statusCode).toBe(200);
      const response = await app.inject({ method: 'GET', url: '/api/test/limited' });
      expect(response.statusCode).toBe(429);
      expect(response.json()).toMatchObject({
        error: { code: 'RATE_LIMITED', details: { retryAfterSeconds: 60 } },
      });
    });

    it('hides the detail of unexpected failures', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/test/crash' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: { code: 'INTERNAL', message: 'Something went wrong' } });
      expect(response.body).not.toContain('secret');
    });
  });

  describe('security headers', () => {
    it('sends a strict CSP, HSTS, Referrer-Policy and frame denial', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
      expect(response.headers['referrer-policy']).toBe('same-origin');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
    });

    it('sends the headers on error responses too', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/nothing' });
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    });
  });

  describe('GET /api/docs', () => {
    it('serves the OpenAPI document generated from the zod schemas', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(response.statusCode).toBe(200);
      const document = response.json<{ openapi: string; paths: Record<string, unknown> }>();
      expect(document.openapi).toMatch(/^3\./);
      expect(Object.keys(document.paths)).toContain('/api/health');
    });

    it('serves a browsable API reference page over the same document', async () => {
      const page = await app.inject({ method: 'GET', url: '/api/docs' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain('swagger-ui');
      const initializer = await app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
      expect(initializer.statusCode).toBe(200);
      expect(initializer.body).toContain('./json');
    });

    it('lists every API route of the route table, with its method', async () => {
      const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
        paths: Record<string, Record<string, unknown>>;
      }>();
      const listed = new Set(
        Object.entries(document.paths).flatMap(([path, operations]) =>
          Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
        ),
      );
      const routes = routeTableOf(app)
        .filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'))
        .filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS')
        .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
      expect(routes.length).toBeGreaterThan(50);
      expect(routes.filter((route) => !listed.has(route))).toEqual([]);
    });
  });

  describe('GET /api/avatars/:clientSlug/:providerId.svg', () => {
    it("draws a seeded provider's initials", async () => {
      const provider = await t.db
        .selectFrom('providers as p')
        .innerJoin('clients as c', 'c.id', 'p.client_id')
        .select(['p.id', 'p.first_name', 'p.last_name', 'p.photo_url', 'c.slug'])
        .where('p.online_bookable', '=', 1)
        .orderBy('p.id')
        .executeTakeFirstOrThrow();
      expect(provider.photo_url).toBe(`/api/avatars/${provider.slug}/${provider.id}.svg`);
      const response = await app.inject({ method: 'GET', url: provider.photo_url ?? '' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('image/svg+xml');
      expect(response.body).toContain(`>${provider.first_name[0]}${provider.last_name[0]}</text>`);
    });

    it('answers 404 for an unknown provider and 400 for a bad id', async () => {
      expect(
        (await app.inject({ method: 'GET', url: '/api/avatars/brightsmile/999999.svg' })).statusCode,
      ).toBe(404);
      const bad = await app.inject({ method: 'GET', url: '/api/avatars/brightsmile/abc.svg' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ error: { code: 'VALIDATION' } });
    });
  });
});

describe.each(testDatabases())('health when the database is gone ($name)', (target) => {
  it('answers 503 with reachable false', async () => {
    const t = await target.create();
    const app = await createTestApp(t);
    try {
      await t.db.destroy();
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', database: t.name, reachable: false });
    } finally {
      await app.close();
      await t.destroy();
    }
  });
});
