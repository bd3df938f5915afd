import path from 'node:path';
import { widgetSetupQuerySchema, widgetSetupResponseSchema } from '@scheduler/contract/widget';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { repoRoot } from '../../platform/config.ts';
import { pickEncoding } from '../../platform/http/content-encoding.ts';
import { staffOf } from '../../platform/auth/request-guard.ts';
import type { StaffGuard } from '../../platform/auth/request-guard.ts';
import type { EmbedScriptSource } from './embed-script.ts';
import type { WidgetService } from './service.ts';
import { frameAncestorsDirective, widgetClientSlugOf, withFrameAncestors } from './widget-framing.ts';

/** Where `npm run build` puts the loader (`packages/embed/build.mjs`). */
export const DEFAULT_EMBED_SCRIPT_PATH = path.join(repoRoot, 'packages', 'embed', 'dist', 'embed.js');

/** Practices paste a stable URL, so no `immutable`: an hour fresh, then revalidated by ETag. */
const EMBED_CACHE_CONTROL = 'public, max-age=3600, stale-while-revalidate=86400';

const notBuiltScript =
  "console.error('[scheduler embed] The widget loader is not built on this server (npm run build).');\n";

export interface WidgetRoutesOptions {
  service: WidgetService;
  guard: StaffGuard;
  embedScript: EmbedScriptSource;
}

/**
 * The loader script and what the admin widget screen reads in one call. The screen's changes go
 * through the calls that own them: PUT /api/scheduler/admin/widget (the allow-list, admin-config)
 * and PATCH /api/scheduler/updateConfig (the colour, appointment setting 20).
 */
export const widgetRoutes: FastifyPluginAsyncZod<WidgetRoutesOptions> = (
  app,
  { service, guard, embedScript },
) => {
  app.get(
    '/embed.js',
    { schema: { tags: ['widget'], summary: 'The widget loader that practices include on their sites' } },
    async (request, reply) => {
      // Included by other sites with <script src>: readable cross-origin (CORP), CORS for SRI.
      void reply
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('access-control-allow-origin', '*')
        .type('text/javascript; charset=utf-8');
      const script = embedScript.load();
      if (script === undefined) {
        return reply.status(503).header('cache-control', 'no-store').send(notBuiltScript);
      }
      void reply
        .header('cache-control', EMBED_CACHE_CONTROL)
        .header('etag', script.etag)
        .header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === script.etag) return reply.status(304).send();
      const encoding = pickEncoding(request.headers['accept-encoding']);
      if (encoding === 'br') return reply.header('content-encoding', 'br').send(script.brotli);
      if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(script.gzip);
      return reply.send(script.body);
    },
  );

  app.get(
    '/api/scheduler/admin/widget/setup',
    {
      preHandler: guard.requireStaff({ permission: 'config:read' }),
      schema: {
        tags: ['widget'],
        summary:
          'What the admin widget screen shows: locations, widget colour, the sites allowed to frame it',
        querystring: widgetSetupQuerySchema,
        response: { 200: widgetSetupResponseSchema },
      },
    },
    async (request, reply) => {
      const setup = await service.getSetup(staffOf(request).clientId, request.query.ruleId);
      return reply.header('cache-control', 'no-store').send(setup);
    },
  );

  return Promise.resolve();
};

/**
 * Lets the client's allowed sites frame the HTML of its widget pages: replaces the default
 * `frame-ancestors 'none'` with `'self'` plus the client's list and drops X-Frame-Options. Any
 * other response, an unknown client or a failed lookup keeps the default (not frameable).
 * Call on the root instance, before the routes are registered.
 */
export function installWidgetFraming(app: FastifyInstance, service: WidgetService): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    const clientSlug = widgetClientSlugOf(request.url);
    if (clientSlug === undefined) return payload;
    const contentType = reply.getHeader('content-type');
    if (typeof contentType !== 'string' || !contentType.startsWith('text/html')) return payload;
    let sources: string[] | undefined;
    try {
      sources = await service.frameAncestorsOf(clientSlug);
    } catch (error) {
      request.log.warn({ err: error }, 'widget frame-ancestors lookup failed; the page stays unframeable');
      return payload;
    }
    if (sources === undefined) return payload;
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp !== 'string') return payload;
    void reply.header('content-security-policy', withFrameAncestors(csp, frameAncestorsDirective(sources)));
    // frame-ancestors supersedes X-Frame-Options, but DENY must not be sent beside it.
    void reply.removeHeader('x-frame-options');
    reply.raw.removeHeader('x-frame-options');
    return payload;
  });
}
