/*
 * Message templates (issue 17 "Content rules"), the part of the messages context that says what
 * a message says: the practice's own templates (table message_templates) or the shipped defaults
 * (packages/domain/src/messages), their admin routes, and the render used at send time.
 * Public entry of contexts/messages/templates/ (re-exported by contexts/messages/index.ts).
 */
export { messageTemplateRoutes } from './template-routes.ts';
export { createTemplateLookup, renderMessage, templateSourceFor } from './template-source.ts';
export type {
  RenderMessageInput,
  RenderedMessageParts,
  ResolvedTemplate,
  TemplateLookup,
} from './template-source.ts';
