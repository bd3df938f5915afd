/*
 * A scheduler's settings (spec section 7): GET getAssignConfig (config:read) and PATCH
 * updateConfig (config:write; a stale `version` answers 409).
 */
import { schedulerQuerySchema } from '@scheduler/contract/admin/paging';
import { assignConfigResponseSchema, updateConfigRequestSchema } from '@scheduler/contract/admin/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../platform/db/database.ts';
import { staffRouteKit } from '../../../platform/http/staff-route-kit.ts';
import { createSettingsRepository } from './settings-repository.ts';
import { createSettingsService } from './settings-service.ts';

export const settingsRoutes: FastifyPluginAsyncZod<{ db: Db; now?: () => number }> = (
  app,
  { db, now = Date.now },
) => {
  const { audit, guard } = app.staffAuth;
  const settings = createSettingsService({ settings: createSettingsRepository(db), audit, now });
  const kit = staffRouteKit(app, guard, ['scheduler-admin']);

  kit.get('/api/scheduler/getAssignConfig', {
    summary: "A scheduler's stored settings and every definition with its value in effect (config:read)",
    querystring: schedulerQuerySchema,
    response: assignConfigResponseSchema,
    handle: (actor, query) => settings.getAssignConfig(actor, query.ruleId),
  });
  kit.write('patch', '/api/scheduler/updateConfig', {
    summary:
      "Change a scheduler's settings; each {group, order, value} row is validated and upserted. A stale `version` answers 409 (config:write)",
    body: updateConfigRequestSchema,
    response: assignConfigResponseSchema,
    handle: (actor, body) => settings.updateConfig(actor, body.ruleId, body.version, body.settings),
  });
  return Promise.resolve();
};
