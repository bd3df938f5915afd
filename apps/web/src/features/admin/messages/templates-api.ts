import {
  messagePreviewResponseSchema,
  messageTemplateResponseSchema,
  messageTemplatesResponseSchema,
  messageVariablesResponseSchema,
} from '@scheduler/contract/admin/message-templates';
import type { MessageChannel, MessageKind } from '@scheduler/domain/messages/kinds';
import { adminRequest } from '../shared/api/admin-request';

/** The message templates of a brand (config:read to see and preview, config:write to save and reset). */

export interface TemplateKey {
  kind: MessageKind;
  channel: MessageChannel;
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
  list: (clientId: string) => ['admin', clientId, 'message-templates', 'list'] as const,
  one: (clientId: string, key: TemplateKey) => ['admin', clientId, 'message-templates', 'one', key] as const,
  variables: (clientId: string, key: TemplateKey, smsServiceNameOptIn: boolean) =>
    ['admin', clientId, 'message-templates', 'variables', key, smsServiceNameOptIn] as const,
  preview: (clientId: string, key: TemplateKey, draft: TemplateDraft) =>
    ['admin', clientId, 'message-templates', 'preview', key, draft] as const,
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

export function fetchTemplates(clientId: string, signal?: AbortSignal) {
  return adminRequest({
    path: 'admin/message-templates',
    params: { clientId, language: 'en' },
    signal,
    schema: messageTemplatesResponseSchema,
  });
}

export function fetchTemplate(clientId: string, key: TemplateKey, signal?: AbortSignal) {
  return adminRequest({
    path: 'admin/message-templates/one',
    params: { clientId, kind: key.kind, channel: key.channel, language: 'en' },
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

export function saveTemplate(clientId: string, key: TemplateKey, draft: TemplateDraft, version: number) {
  return adminRequest({
    method: 'PUT',
    path: 'admin/message-templates',
    data: { clientId, ...key, language: 'en', ...draftParts(key.channel, draft), version },
    schema: messageTemplateResponseSchema,
  });
}

export function resetTemplate(clientId: string, key: TemplateKey) {
  return adminRequest({
    method: 'POST',
    path: 'admin/message-templates/reset',
    data: { clientId, ...key, language: 'en' },
    schema: messageTemplateResponseSchema,
  });
}

export function previewTemplate(
  clientId: string,
  key: TemplateKey,
  draft: TemplateDraft,
  signal?: AbortSignal,
) {
  return adminRequest({
    method: 'POST',
    path: 'admin/message-templates/preview',
    data: { clientId, ...key, language: 'en', draft: draftParts(key.channel, draft) },
    signal,
    schema: messagePreviewResponseSchema,
  });
}
