/*
 * Message templates in the admin (issue 17): list, one, variables and preview (config:read), save
 * and reset (config:write); the brand is checked by the staff guard (another brand's templates:
 * 403). The contract is packages/contract/src/admin/message-templates.ts.
 */
import {
  listMessageTemplatesQuerySchema,
  messagePreviewResponseSchema,
  messageTemplateQuerySchema,
  messageTemplateResponseSchema,
  messageTemplatesResponseSchema,
  messageVariablesQuerySchema,
  messageVariablesResponseSchema,
  previewMessageTemplateRequestSchema,
  resetMessageTemplateRequestSchema,
  saveMessageTemplateRequestSchema,
} from '@scheduler/contract/admin/message-templates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../platform/db/database.ts';
import { staffRouteKit } from '../../../platform/http/staff-route-kit.ts';
import { createTemplateRepository } from './template-repository.ts';
import { createTemplateService } from './template-service.ts';

const URL = '/api/scheduler/admin/message-templates';

export const messageTemplateRoutes: FastifyPluginAsyncZod<{ db: Db; now?: () => Date }> = (
  app,
  { db, now },
) => {
  const { audit, guard } = app.staffAuth;
  const templates = createTemplateService({
    templates: createTemplateRepository(db),
    audit,
    now: now ? () => now().getTime() : Date.now,
  });
  const kit = staffRouteKit(app, guard, ['message-templates']);

  kit.get(URL, {
    summary: 'Every message template (kind × channel) of a language; defaults marked (config:read)',
    querystring: listMessageTemplatesQuerySchema,
    response: messageTemplatesResponseSchema,
    handle: (actor, query) => templates.list(actor, query.language),
  });
  kit.get(`${URL}/one`, {
    summary: 'One message template with the shipped default beside it (config:read)',
    querystring: messageTemplateQuerySchema,
    response: messageTemplateResponseSchema,
    handle: (actor, query) =>
      templates.get(actor, { kind: query.kind, channel: query.channel, language: query.language }),
  });
  kit.get(`${URL}/variables`, {
    summary: 'The variables a message template may use, with descriptions and sample values (config:read)',
    querystring: messageVariablesQuerySchema,
    response: messageVariablesResponseSchema,
    handle: (_actor, query) =>
      Promise.resolve(templates.variables(query.kind, query.channel, query.smsServiceNameOptIn)),
  });
  kit.write('put', URL, {
    summary:
      "Save a practice's message template: it must parse, use only listed variables and (SMS) fit in 2 segments with sample values; a stale `version` answers 409 (config:write)",
    body: saveMessageTemplateRequestSchema,
    response: messageTemplateResponseSchema,
    handle: (actor, body) => templates.save(actor, body),
  });
  kit.write('post', `${URL}/reset`, {
    summary: "Drop the practice's template: the shipped default applies again (config:write)",
    body: resetMessageTemplateRequestSchema,
    response: messageTemplateResponseSchema,
    handle: (actor, body) =>
      templates.reset(actor, { kind: body.kind, channel: body.channel, language: body.language }),
  });
  kit.write('post', `${URL}/preview`, {
    summary:
      'Render a draft (or the stored template) with sample or given values; nothing is saved (config:read)',
    permission: 'config:read',
    body: previewMessageTemplateRequestSchema,
    response: messagePreviewResponseSchema,
    handle: (actor, body) => templates.preview(actor, body),
  });
  return Promise.resolve();
};
