import { existsSync } from 'node:fs';
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

/**
 * Serves the built SPA from `webDist`: hashed files under /assets/ cached for a year as
 * immutable, everything else revalidated (`no-cache`), precompressed .br/.gz variants used
 * when present. Unknown non-API GETs that accept HTML get index.html so that deep links
 * work; unknown /api/* paths get the JSON 404. Without a build, a short HTML page says so.
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
    fellBack.add(request.raw);
    await reply.sendFile('index.html');
  };
}
