/*
 * `/api/scheduler/admin/widget`: the sites allowed to frame the brand's widget (CSP
 * frame-ancestors). Reads need config:read, writes config:write; every change is audited.
 */
import { brandQuerySchema } from '@scheduler/contract/admin/paging';
import {
  updateWidgetSettingsRequestSchema,
  widgetSettingsResponseSchema,
} from '@scheduler/contract/admin/widget';
import { DomainError } from '@scheduler/domain/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditActor } from '../../../platform/audit/audit-log.ts';
import type { Db } from '../../../platform/db/database.ts';
import { assertUpdated } from '../../../platform/db/versioned-update.ts';
import { staffRouteKit } from '../../../platform/http/staff-route-kit.ts';
import { createAllowListRepository } from './allowlist-repository.ts';

export const widgetAllowListRoutes: FastifyPluginAsyncZod<{ db: Db; now?: () => number }> = (
  app,
  { db, now = Date.now },
) => {
  const repository = createAllowListRepository(db);
  const { audit, guard } = app.staffAuth;
  const kit = staffRouteKit(app, guard, ['scheduler-admin']);

  async function view(clientId: number) {
    const widget = await repository.find(clientId);
    if (widget === undefined) throw new DomainError('NOT_FOUND');
    return {
      clientId: String(clientId),
      clientSlug: widget.slug,
      frameAncestors: widget.frameAncestors,
      version: widget.version,
    };
  }

  async function replace(actor: AuditActor, frameAncestors: string[], version: number) {
    assertUpdated(await repository.replace(actor.clientId, frameAncestors, version, now()));
    await audit.recordFor(actor, 'widget.frame-ancestors.update', {
      type: 'client',
      id: actor.clientId,
      details: { count: frameAncestors.length },
    });
    return view(actor.clientId);
  }

  kit.get('/api/scheduler/admin/widget', {
    summary:
      "The sites allowed to frame the brand's widget (CSP frame-ancestors) and the list's version (config:read)",
    querystring: brandQuerySchema,
    response: widgetSettingsResponseSchema,
    handle: (actor) => view(actor.clientId),
  });
  kit.write('put', '/api/scheduler/admin/widget', {
    summary:
      'Replace the sites allowed to frame the widget. A stale `version` answers 409 and changes nothing (config:write)',
    body: updateWidgetSettingsRequestSchema,
    response: widgetSettingsResponseSchema,
    handle: (actor, body) => replace(actor, body.frameAncestors, body.version),
  });
  return Promise.resolve();
};
