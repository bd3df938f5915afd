/*
 * The admin use cases of message templates: list (every kind × channel, defaults marked), one
 * with its default, the variables of a (kind, channel), save (validated: Liquid parses, only
 * whitelisted variables, SMS within 2 segments with sample values), reset to the default, and a
 * preview. Saves and resets are audited like every configuration change.
 */
import type {
  MessagePreviewResponse,
  MessageTemplate,
  MessageTemplateResponse,
  MessageVariablesResponse,
  PreviewMessageTemplateRequest,
  SaveMessageTemplateRequest,
} from '@scheduler/contract/admin/message-templates';
import { DomainError } from '@scheduler/domain/errors';
import { STALE_RECORD_MESSAGE } from '@scheduler/domain/messages';
import { defaultTemplate } from '@scheduler/domain/messages/defaults';
import {
  DEFAULT_MESSAGE_LANGUAGE,
  MAX_SMS_SEGMENTS,
  MESSAGE_KIND_LABELS,
  TEMPLATE_SLOTS,
  kindHasChannel,
} from '@scheduler/domain/messages/kinds';
import type { MessageChannel, MessageKind, MessageLanguage } from '@scheduler/domain/messages/kinds';
import { TemplateValidationError, renderTemplate, validateTemplate } from '@scheduler/domain/messages/render';
import type { TemplateParts, TemplateProblem } from '@scheduler/domain/messages/render';
import { sampleVariables, variablesFor } from '@scheduler/domain/messages/variables';
import type { VariableScope } from '@scheduler/domain/messages/variables';
import type { AuditActor, AuditLog } from '../../../platform/audit/audit-log.ts';
import type { StoredTemplate, TemplateKey, TemplateRepository } from './template-repository.ts';

export interface TemplateService {
  list(actor: AuditActor, language: MessageLanguage): Promise<{ items: MessageTemplate[] }>;
  get(actor: AuditActor, key: TemplateKey): Promise<MessageTemplateResponse>;
  variables(
    kind: MessageKind,
    channel: MessageChannel,
    smsServiceNameOptIn: boolean,
  ): MessageVariablesResponse;
  save(actor: AuditActor, request: SaveMessageTemplateRequest): Promise<MessageTemplateResponse>;
  reset(actor: AuditActor, key: TemplateKey): Promise<MessageTemplateResponse>;
  preview(actor: AuditActor, request: PreviewMessageTemplateRequest): Promise<MessagePreviewResponse>;
}

function assertSlot(kind: MessageKind, channel: MessageChannel): void {
  if (!kindHasChannel(kind, channel)) {
    throw new DomainError('VALIDATION', `${MESSAGE_KIND_LABELS[kind]} is sent by e-mail only`, {
      fields: [{ path: 'channel', message: `${MESSAGE_KIND_LABELS[kind]} is sent by e-mail only` }],
    });
  }
}

function refuse(problems: readonly TemplateProblem[], prefix = ''): never {
  const first = problems[0]?.message ?? 'Check the template';
  throw new DomainError('VALIDATION', `The template cannot be used: ${first}`, {
    fields: problems.map((problem) => ({ path: `${prefix}${problem.part}`, message: problem.message })),
  });
}

/**
 * `english`: the practice's English template of the same (kind, channel), for a template of
 * another language: when there is one and no template of this language, `missingTranslation`.
 */
function templateOf(
  key: TemplateKey,
  stored: StoredTemplate | undefined,
  english?: StoredTemplate,
): MessageTemplate {
  const label = MESSAGE_KIND_LABELS[key.kind];
  const missingTranslation =
    key.language !== DEFAULT_MESSAGE_LANGUAGE && stored === undefined && english !== undefined;
  if (stored) {
    return {
      ...key,
      label,
      subject: stored.subject,
      bodyHtml: stored.bodyHtml,
      bodyText: stored.bodyText,
      smsServiceNameOptIn: stored.smsServiceNameOptIn,
      isDefault: false,
      version: stored.version,
      updatedAt: new Date(stored.updatedAt).toISOString(),
      missingTranslation,
    };
  }
  return {
    ...key,
    label,
    ...defaultTemplate(key.kind, key.channel, key.language),
    smsServiceNameOptIn: false,
    isDefault: true,
    version: 0,
    updatedAt: null,
    missingTranslation,
  };
}

/** Only the parts of the channel: an SMS has no subject or HTML. */
function partsFor(
  channel: MessageChannel,
  parts: { subject?: string | null; bodyHtml?: string | null; bodyText: string },
) {
  return channel === 'sms'
    ? { subject: null, bodyHtml: null, bodyText: parts.bodyText }
    : { subject: parts.subject ?? null, bodyHtml: parts.bodyHtml ?? null, bodyText: parts.bodyText };
}

export function createTemplateService({
  templates,
  audit,
  now = Date.now,
}: {
  templates: TemplateRepository;
  audit: AuditLog;
  now?: () => number;
}): TemplateService {
  async function one(clientId: number, key: TemplateKey): Promise<MessageTemplateResponse> {
    assertSlot(key.kind, key.channel);
    const stored = await templates.find(clientId, key);
    const english =
      key.language === DEFAULT_MESSAGE_LANGUAGE || stored !== undefined
        ? undefined
        : await templates.find(clientId, { ...key, language: DEFAULT_MESSAGE_LANGUAGE });
    return {
      template: templateOf(key, stored, english),
      default: defaultTemplate(key.kind, key.channel, key.language),
    };
  }

  const bySlot = (records: readonly StoredTemplate[]) =>
    new Map(records.map((record) => [`${record.kind}/${record.channel}`, record]));

  return {
    async list(actor, language) {
      const byKey = bySlot(await templates.list(actor.clientId, language));
      const english =
        language === DEFAULT_MESSAGE_LANGUAGE
          ? new Map<string, StoredTemplate>()
          : bySlot(await templates.list(actor.clientId, DEFAULT_MESSAGE_LANGUAGE));
      return {
        items: TEMPLATE_SLOTS.map(({ kind, channel }) =>
          templateOf(
            { kind, channel, language },
            byKey.get(`${kind}/${channel}`),
            english.get(`${kind}/${channel}`),
          ),
        ),
      };
    },

    get: (actor, key) => one(actor.clientId, key),

    variables(kind, channel, smsServiceNameOptIn) {
      assertSlot(kind, channel);
      return { kind, channel, variables: variablesFor({ kind, channel, smsServiceNameOptIn }) };
    },

    async save(actor, request) {
      const key: TemplateKey = { kind: request.kind, channel: request.channel, language: request.language };
      assertSlot(key.kind, key.channel);
      const parts = partsFor(key.channel, request);
      const smsServiceNameOptIn = request.channel === 'sms' && request.smsServiceNameOptIn;
      const problems = validateTemplate(
        { kind: key.kind, channel: key.channel, smsServiceNameOptIn, language: key.language },
        parts,
      );
      if (problems.length > 0) refuse(problems);
      const saved = await templates.save(
        actor.clientId,
        key,
        request.version,
        { ...parts, smsServiceNameOptIn },
        now(),
        actor.userId,
      );
      if (saved.outcome === 'stale') throw new DomainError('CONFLICT', STALE_RECORD_MESSAGE);
      await audit.recordFor(actor, 'message-template.save', {
        type: 'message_template',
        id: `${key.kind}/${key.channel}/${key.language}`,
        details: { ...key, version: saved.version, smsServiceNameOptIn },
      });
      return one(actor.clientId, key);
    },

    async reset(actor, key) {
      assertSlot(key.kind, key.channel);
      const removed = await templates.remove(actor.clientId, key);
      if (removed) {
        await audit.recordFor(actor, 'message-template.reset', {
          type: 'message_template',
          id: `${key.kind}/${key.channel}/${key.language}`,
          details: { ...key },
        });
      }
      return one(actor.clientId, key);
    },

    async preview(actor, request) {
      const key: TemplateKey = { kind: request.kind, channel: request.channel, language: request.language };
      assertSlot(key.kind, key.channel);
      let parts: TemplateParts;
      let scope: VariableScope;
      if (request.draft) {
        parts = partsFor(key.channel, request.draft);
        scope = { ...key, smsServiceNameOptIn: key.channel === 'sms' && request.draft.smsServiceNameOptIn };
        const problems = validateTemplate(scope, parts);
        if (problems.length > 0) refuse(problems, 'draft.');
      } else {
        const template = templateOf(key, await templates.find(actor.clientId, key));
        parts = template;
        scope = { ...key, smsServiceNameOptIn: template.smsServiceNameOptIn };
      }
      const practiceName = await templates.practiceName(actor.clientId);
      const values = {
        ...sampleVariables(scope),
        ...(practiceName ? { practice_name: practiceName } : {}),
        ...request.variables,
      };
      try {
        const rendered = renderTemplate(scope, parts, values, { smsOverflow: 'truncate' });
        return {
          subject: rendered.subject,
          html: rendered.html,
          text: rendered.text,
          sms: rendered.sms && { ...rendered.sms, maxSegments: MAX_SMS_SEGMENTS },
        };
      } catch (error) {
        if (error instanceof TemplateValidationError) refuse(error.problems, request.draft ? 'draft.' : '');
        throw error;
      }
    },
  };
}
