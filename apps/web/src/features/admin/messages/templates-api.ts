import {
  messagePreviewResponseSchema,
  messageTemplateResponseSchema,
  messageTemplatesResponseSchema,
  messageVariablesResponseSchema,
  type MessageTemplate,
} from '@scheduler/contract/admin/message-templates';
import type { MessageChannel, MessageKind } from '@scheduler/domain/messages/kinds';
import { adminRequest } from '../shared/api/admin-request';

/** The message templates of a brand (config:read to see and preview, config:write to save and reset). */

/** The languages a practice writes its messages in (issue 21): English, and Spanish beside it. */
export const TEMPLATE_LANGUAGES = ['en', 'es'] as const;
export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number];

export interface TemplateKey {
  kind: MessageKind;
  channel: MessageChannel;
}

/**
 * A template as listed, with the server's flag (issue 21, `missingTranslation`) that the practice
 * changed the English of this message but has not written the Spanish (Spanish patients get the
 * shipped Spanish).
 */
export type ListedTemplate = MessageTemplate;

/** True when the listed template is a Spanish text the practice still has to write. */
export function isMissingTranslation(template: ListedTemplate): boolean {
  return template.missingTranslation === true;
}

/** What the editor holds of a template (subject and HTML are '' for SMS). */
export interface TemplateDraft {
  subject: string;
  bodyHtml: string;
  bodyText: string;
  smsServiceNameOptIn: boolean;
}

export const templateKeys = {
  all: (clientId: string) => ['admin', clientId, 'message-templates'] as const,
  /** Every language's list (a save in one language can change the other's missing marks). */
  lists: (clientId: string) => ['admin', clientId, 'message-templates', 'list'] as const,
  list: (clientId: string, language: TemplateLanguage) =>
    ['admin', clientId, 'message-templates', 'list', language] as const,
  one: (clientId: string, key: TemplateKey, language: TemplateLanguage) =>
    ['admin', clientId, 'message-templates', 'one', key, language] as const,
  variables: (clientId: string, key: TemplateKey, smsServiceNameOptIn: boolean) =>
    ['admin', clientId, 'message-templates', 'variables', key, smsServiceNameOptIn] as const,
  preview: (clientId: string, key: TemplateKey, language: TemplateLanguage, draft: TemplateDraft) =>
    ['admin', clientId, 'message-templates', 'preview', key, language, draft] as const,
};

/** The wire parts of a draft: an SMS sends no subject and no HTML. */
export function draftParts(channel: MessageChannel, draft: TemplateDraft) {
  return channel === 'email'
    ? {
        subject: draft.subject,
        bodyHtml: draft.bodyHtml,
        bodyText: draft.bodyText,
        smsServiceNameOptIn: false,
      }
    : {
        subject: null,
        bodyHtml: null,
        bodyText: draft.bodyText,
        smsServiceNameOptIn: draft.smsServiceNameOptIn,
      };
}

export function fetchTemplates(clientId: string, language: TemplateLanguage, signal?: AbortSignal) {
  return adminRequest({
    path: 'admin/message-templates',
    params: { clientId, language },
    signal,
    schema: messageTemplatesResponseSchema,
  });
}

export function fetchTemplate(
  clientId: string,
  key: TemplateKey,
  language: TemplateLanguage,
  signal?: AbortSignal,
) {
  return adminRequest({
    path: 'admin/message-templates/one',
    params: { clientId, kind: key.kind, channel: key.channel, language },
    signal,
    schema: messageTemplateResponseSchema,
  });
}

export function fetchVariables(
  clientId: string,
  key: TemplateKey,
  smsServiceNameOptIn: boolean,
  signal?: AbortSignal,
) {
  return adminRequest({
    path: 'admin/message-templates/variables',
    params: {
      clientId,
      kind: key.kind,
      channel: key.channel,
      smsServiceNameOptIn: String(smsServiceNameOptIn),
    },
    signal,
    schema: messageVariablesResponseSchema,
  });
}

export function saveTemplate(
  clientId: string,
  key: TemplateKey,
  language: TemplateLanguage,
  draft: TemplateDraft,
  version: number,
) {
  return adminRequest({
    method: 'PUT',
    path: 'admin/message-templates',
    data: { clientId, ...key, language, ...draftParts(key.channel, draft), version },
    schema: messageTemplateResponseSchema,
  });
}

export function resetTemplate(clientId: string, key: TemplateKey, language: TemplateLanguage) {
  return adminRequest({
    method: 'POST',
    path: 'admin/message-templates/reset',
    data: { clientId, ...key, language },
    schema: messageTemplateResponseSchema,
  });
}

export function previewTemplate(
  clientId: string,
  key: TemplateKey,
  language: TemplateLanguage,
  draft: TemplateDraft,
  signal?: AbortSignal,
) {
  return adminRequest({
    method: 'POST',
    path: 'admin/message-templates/preview',
    data: { clientId, ...key, language, draft: draftParts(key.channel, draft) },
    signal,
    schema: messagePreviewResponseSchema,
  });
}
