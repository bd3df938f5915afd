import type { Redis } from 'ioredis';
import type { App } from '../../app.ts';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/database.ts';
import { createStaffAuth } from '../auth/staff-auth.ts';
import { createEmbedScriptSource } from './embed-script.ts';
import { DEFAULT_EMBED_SCRIPT_PATH, installWidgetFraming, widgetRoutes } from './routes.ts';
import { createWidgetService } from './service.ts';
import { createWidgetRepository } from './widget-repository.ts';

export interface RegisterWidgetOptions {
  config: Pick<Config, 'cookieSecure'>;
  db: Db;
  redis?: Redis | undefined;
  /** The built loader; default `packages/embed/dist/embed.js`. */
  embedScriptPath?: string;
}

/**
 * The embeddable widget's server side: the frame-ancestors of its pages (a hook on the root
 * instance, so call this before the web app is registered), `/embed.js`, and what the admin widget
 * screen reads.
 */
export async function registerWidget(app: App, options: RegisterWidgetOptions): Promise<void> {
  const { guard } = createStaffAuth(options);
  const service = createWidgetService(createWidgetRepository(options.db));
  installWidgetFraming(app, service);
  await app.register(widgetRoutes, {
    service,
    guard,
    embedScript: createEmbedScriptSource(options.embedScriptPath ?? DEFAULT_EMBED_SCRIPT_PATH),
  });
}
