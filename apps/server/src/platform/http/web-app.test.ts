import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { TestDatabase } from '../../test/test-db.ts';
import { createTestApp, sqliteOnly } from '../../test/test-db.ts';

const indexHtml =
  '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';
const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;

describe('serving the built web app', () => {
  let t: TestDatabase;
  let app: App;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'scheduler-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), indexHtml);
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(dist, 'embed.js'), 'void 0;');
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(
      path.join(dist, '.vite', 'booking-preload.json'),
      JSON.stringify({
        schedulerApiUrl: '/api/scheduler',
        steps: { landing: ['/assets/landing-screen-abc.js'], findappointment: ['/assets/find-def.js'] },
        catalogs: {
          en: { start: ['/assets/start-en1.js'], booking: ['/assets/booking-en2.js'] },
          es: { start: ['/assets/start-es1.js'], booking: ['/assets/booking-es2.js'] },
        },
      }),
    );
    t = await sqliteOnly().create();
    app = await createTestApp(t, { config: { webDist: dist } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.destroy();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html at / without caching', async () => {
    const response = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(indexHtml);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets as immutable for a year, precompressed when accepted', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    const plain = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.body).toBe(script);
  });

  it('falls back to index.html for deep links that accept HTML', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/adminlogin',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(indexHtml);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('announces a booking step’s code and first answers in its HTML (issue 9)', async () => {
    const landing = await app.inject({
      method: 'GET',
      url: '/BrightSmile/main/midtown-manhattan/landing?utm_source=x',
      headers: { accept: 'text/html' },
    });
    expect(landing.statusCode).toBe(200);
    expect(landing.headers['cache-control']).toBe('no-cache');
    const links =
      '<link rel="modulepreload" crossorigin href="/assets/landing-screen-abc.js">' +
      '<link rel="modulepreload" crossorigin href="/assets/start-en1.js">' +
      ['getConfig', 'getServiceType', 'getLocation']
        .map(
          (read) =>
            `<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/scheduler/${read}?clientName=brightsmile&amp;scheduler=main">`,
        )
        .join('');
    expect(landing.body).toBe(indexHtml.replace('</head>', `${links}</head>`));

    const widget = await app.inject({
      method: 'GET',
      url: '/acme/main/all/widget/findappointment',
      headers: { accept: 'text/html' },
    });
    expect(widget.body).toContain('href="/assets/find-def.js"');
    expect(widget.body).toContain('/api/scheduler/getLocation?clientName=acme&amp;scheduler=main');

    const later = await app.inject({
      method: 'GET',
      url: '/acme/main/all/identity',
      headers: { accept: 'text/html' },
    });
    expect(later.body).toContain('/api/scheduler/getConfig?clientName=acme&amp;scheduler=main');
    expect(later.body).not.toContain('getServiceType');
    // No code of its own to announce: only the language's catalogs.
    expect(
      [...later.body.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]),
    ).toEqual(['/assets/start-en1.js', '/assets/booking-en2.js']);
  });

  it('preloads the catalogs of the language the page will likely be in (issue 21)', async () => {
    const preloaded = async (url: string, acceptLanguage?: string): Promise<string[]> => {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: {
          accept: 'text/html',
          ...(acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage }),
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers.vary).toContain('Accept-Language');
      return [...response.body.matchAll(/href="\/assets\/((?:start|booking)-[^"]+)"/g)].map(
        (m) => m[1] ?? '',
      );
    };
    const findTime = '/brightsmile/main/midtown-manhattan/findappointment';
    expect(await preloaded(`${findTime}?lang=es`)).toEqual(['start-es1.js', 'booking-es2.js']);
    expect(await preloaded(findTime, 'es-MX,es;q=0.9,en;q=0.8')).toEqual(['start-es1.js', 'booking-es2.js']);
    // ?lang= wins over the browser; an unknown one is ignored.
    expect(await preloaded(`${findTime}?lang=en`, 'es-MX')).toEqual(['start-en1.js', 'booking-en2.js']);
    expect(await preloaded(`${findTime}?lang=fr`, 'es')).toEqual(['start-es1.js', 'booking-es2.js']);
    // Accept-Language by its q order; a language without catalogs is passed over; q=0 is "not this one".
    expect(await preloaded(findTime, 'fr-CA, en;q=0.5, es;q=0.8')).toEqual([
      'start-es1.js',
      'booking-es2.js',
    ]);
    expect(await preloaded(findTime, 'es;q=0, en-GB')).toEqual(['start-en1.js', 'booking-en2.js']);
    expect(await preloaded(findTime, 'de')).toEqual(['start-en1.js', 'booking-en2.js']);
    // The landing needs only its first catalog; the widget's steps are the same steps.
    expect(await preloaded('/brightsmile/main/midtown-manhattan/landing?lang=es')).toEqual(['start-es1.js']);
    expect(await preloaded('/brightsmile/main/midtown-manhattan/widget/landing?lang=es&x=1')).toEqual([
      'start-es1.js',
    ]);
  });

  it('does not answer missing assets or API paths with the SPA', async () => {
    const asset = await app.inject({
      method: 'GET',
      url: '/assets/missing-000.js',
      headers: { accept: '*/*' },
    });
    expect(asset.statusCode).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/api/missing', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('lets other sites include the widget loader', async () => {
    const response = await app.inject({ method: 'GET', url: '/embed.js' });
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});

describe('without a web build', () => {
  it('says so in a small HTML page', async () => {
    const t = await sqliteOnly().create();
    const app = await createTestApp(t, { config: { webDist: path.join(tmpdir(), 'does-not-exist-web') } });
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/adminlogin',
        headers: { accept: 'text/html' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('The web app is not built');
    } finally {
      await app.close();
      await t.destroy();
    }
  });
});
