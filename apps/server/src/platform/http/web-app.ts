import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendApiNotFound } from './errors.ts';

const ONE_YEAR_SECONDS = 31_536_000;

const notBuiltPage = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Scheduler</title><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body>
<main>
<h1>The web app is not built</h1>
<p>The API is running (see <a href="/api/health">/api/health</a> and <a href="/api/docs">/api/docs</a>),
but there is no build of the web app to serve.</p>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds what is missing), then restart the server.</p>
</main>
</body>
</html>
`;

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function wantsHtml(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') || accept.includes('application/xhtml+xml');
}

/** `.vite/booking-preload.json` of the web build (apps/web/vite-plugins/booking-preload.ts). */
interface BookingPreloadManifest {
  schedulerApiUrl: string;
  steps: Record<string, string[]>;
  /** Per language and part ('start', 'booking'): the files of its compiled catalog (issue 21). */
  catalogs?: Record<string, Record<string, string[]>>;
}

/** First path segments that are not a practice (the web app's own routes win over the booking one). */
const NOT_A_PRACTICE = new Set(['admin', '404']);

/** The practice, scheduler and step of a booking URL (/:clientName/:scheduler/:location[/widget][/step]). */
export function bookingPageOf(url: string): { clientName: string; scheduler: string; step: string } | null {
  const pathname = url.split(/[?#]/, 1)[0] ?? '';
  const segments = pathname.split('/').filter((segment) => segment !== '');
  if (segments[3] === 'widget') segments.splice(3, 1);
  if (segments.length < 3 || segments.length > 4) return null;
  const [clientName = '', scheduler = '', , step = 'landing'] = segments.map((segment) => {
    try {
      return decodeURIComponent(segment).toLowerCase();
    } catch {
      return '';
    }
  });
  if (clientName === '' || scheduler === '' || NOT_A_PRACTICE.has(clientName)) return null;
  return { clientName, scheduler, step };
}

const escapeAttribute = (value: string): string =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * The language a booking page will most likely be shown in, as far as the server can tell (the web's
 * locale gate decides, src/i18n/locales.ts): `?lang=` when it names a language the build has
 * catalogs for, else the first such language of Accept-Language (by its q order), else English. The
 * patient's stored choice is in the browser's encrypted state: when it differs, the page loads its
 * own catalog and the preloaded one is unused.
 */
export function likelyLanguageOf(
  url: string,
  acceptLanguage: string | undefined,
  languages: readonly string[],
): string {
  const known = (tag: string | null | undefined): string | null => {
    const primary = tag?.trim().toLowerCase().split('-', 1)[0] ?? '';
    return languages.includes(primary) ? primary : null;
  };
  const search = url.includes('?') ? url.slice(url.indexOf('?') + 1).split('#', 1)[0] : '';
  const fromQuery = known(new URLSearchParams(search).get('lang'));
  if (fromQuery !== null) return fromQuery;
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params
        .map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1])
        .find((value) => value !== undefined);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of wanted) {
    const language = known(entry.tag);
    if (language !== null) return language;
  }
  return 'en';
}

/**
 * The links a booking page's HTML gets in its head: the step's code (`modulepreload`, from the
 * build's booking-preload.json), the likely language's catalogs (`start`, and `booking` for the
 * steps after the landing: issue 21) and the step's first API answers (`preload` as fetch, the exact
 * URLs the app asks for), so the browser fetches them with the entry script instead of after it ran.
 */
export function bookingPreloadLinks(
  url: string,
  manifest: BookingPreloadManifest | null,
  acceptLanguage?: string,
): string {
  const page = bookingPageOf(url);
  if (page === null) return '';
  const links: string[] = [];
  const catalogs = manifest?.catalogs ?? {};
  const language = likelyLanguageOf(url, acceptLanguage, Object.keys(catalogs));
  const parts = page.step === 'landing' ? ['start'] : ['start', 'booking'];
  const catalogFiles = parts.flatMap((part) => catalogs[language]?.[part] ?? []);
  for (const file of [...(manifest?.steps[page.step] ?? []), ...catalogFiles]) {
    links.push(`<link rel="modulepreload" crossorigin href="${escapeAttribute(file)}">`);
  }
  const apiBase = (manifest?.schedulerApiUrl ?? '/api/scheduler').replace(/\/+$/, '');
  const query = new URLSearchParams({ clientName: page.clientName, scheduler: page.scheduler }).toString();
  const reads = ['getConfig'];
  if (page.step === 'landing' || page.step === 'findappointment') reads.push('getServiceType', 'getLocation');
  for (const read of reads) {
    const href = escapeAttribute(`${apiBase}/${read}?${query}`);
    links.push(`<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href}">`);
  }
  return links.join('');
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/**
 * Serves the built SPA from `webDist`: hashed files under /assets/ cached for a year as
 * immutable, everything else revalidated (`no-cache`), precompressed .br/.gz variants used
 * when present. Unknown non-API GETs that accept HTML get index.html so that deep links
 * work (a booking page's with its preload links, see bookingPreloadLinks); unknown /api/* paths get the JSON 404. Without a build, a short HTML page says so.
 *
 * Returns the not-found handler to install on the app.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
): Promise<(request: FastifyRequest, reply: FastifyReply) => Promise<void>> {
  const root = path.resolve(webDist);
  const assetsDir = path.join(root, 'assets') + path.sep;
  const built = existsSync(path.join(root, 'index.html'));
  const preloadManifest = readJson<BookingPreloadManifest>(path.join(root, '.vite', 'booking-preload.json'));

  if (built) {
    await app.register(fastifyStatic, {
      root,
      preCompressed: true,
      cacheControl: false,
      dotfiles: 'ignore',
      index: 'index.html',
      setHeaders(reply, filePath) {
        const original = filePath.replace(/\.(br|gz)$/, '');
        if (original.startsWith(assetsDir)) {
          reply.header('cache-control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`);
        } else {
          reply.header('cache-control', 'no-cache');
        }
        // The widget loader is included by practices' own sites with <script src>.
        if (path.relative(root, original) === 'embed.js') {
          reply.header('cross-origin-resource-policy', 'cross-origin');
        }
      },
    });
  }

  // A request that already fell back to index.html and still found nothing (the build was
  // removed while running) must not loop.
  const fellBack = new WeakSet<FastifyRequest['raw']>();

  return async (request, reply) => {
    if (isApiPath(request.url) || !wantsHtml(request)) {
      await sendApiNotFound(reply);
      return;
    }
    if (!built || fellBack.has(request.raw)) {
      await reply
        .status(503)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(notBuiltPage);
      return;
    }
    const links = bookingPreloadLinks(request.url, preloadManifest, request.headers['accept-language']);
    const indexHtml =
      links === '' ? '' : await readFile(path.join(root, 'index.html'), 'utf8').catch(() => '');
    if (links !== '' && indexHtml.includes('</head>')) {
      await reply
        .header('cache-control', 'no-cache')
        // The preloaded catalogs follow the browser's languages.
        .header('vary', 'Accept-Language')
        .type('text/html; charset=utf-8')
        .send(indexHtml.replace('</head>', `${links}</head>`));
      return;
    }
    fellBack.add(request.raw);
    await reply.sendFile('index.html');
  };
}
