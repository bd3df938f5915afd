import fastifyPlugin from 'fastify-plugin';
import type { Db } from '../../platform/db/database.ts';
import { createEmbedScriptSource } from './embed-script.ts';
import { DEFAULT_EMBED_SCRIPT_PATH, installWidgetFraming, widgetRoutes } from './routes.ts';
import { createWidgetService } from './service.ts';
import { createWidgetRepository } from './widget-repository.ts';

export interface WidgetPluginOptions {
  db: Db;
  /** The built loader; default `packages/embed/dist/embed.js`. */
  embedScriptPath?: string;
}

/**
 * The embeddable widget's server side: the frame-ancestors of its pages (a hook on the root
 * instance — `fastify-plugin` keeps it there —, so register this before the web app), `/embed.js`,
 * and what the admin widget screen reads. Needs `app.staffAuth` (platform/auth).
 */
export const widgetPlugin = fastifyPlugin<WidgetPluginOptions>(
  async (app, options) => {
    const { guard } = app.staffAuth;
    const service = createWidgetService(createWidgetRepository(options.db));
    installWidgetFraming(app, service);
    await app.register(widgetRoutes, {
      service,
      guard,
      embedScript: createEmbedScriptSource(options.embedScriptPath ?? DEFAULT_EMBED_SCRIPT_PATH),
    });
  },
  { name: 'widget', fastify: '5.x' },
);
