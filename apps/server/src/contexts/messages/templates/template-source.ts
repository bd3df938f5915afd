/*
 * Which template a message is rendered with: the practice's own (message_templates) or the
 * shipped default, and `renderMessage`, the one call that turns (client, kind, channel, language,
 * variables) into subject / HTML / text. Used at send time by the messages dispatcher (C2) and by
 * the staff e-mails of the staff context (invitations, password resets).
 */
import { defaultTemplate } from '@scheduler/domain/messages/defaults';
import { DEFAULT_MESSAGE_LANGUAGE } from '@scheduler/domain/messages/kinds';
import type { MessageChannel, MessageKind, MessageLanguage } from '@scheduler/domain/messages/kinds';
import { renderTemplate } from '@scheduler/domain/messages/render';
import type { RenderOptions, TemplateParts } from '@scheduler/domain/messages/render';
import type { SmsSegmentCount } from '@scheduler/domain/messages/sms';
import type { Db } from '../../../platform/db/database.ts';
import { createTemplateRepository } from './template-repository.ts';
import type { TemplateRepository } from './template-repository.ts';

/** A template ready to render. */
export interface ResolvedTemplate extends TemplateParts {
  subject: string | null;
  bodyHtml: string | null;
  bodyText: string;
  smsServiceNameOptIn: boolean;
  /** True when the shipped default is used. */
  isDefault: boolean;
}

/** The practice's template for (kind, channel, language), or the shipped default of that language (issue 21). */
export type TemplateLookup = (
  clientId: number,
  kind: MessageKind,
  channel: MessageChannel,
  language?: MessageLanguage,
) => Promise<ResolvedTemplate>;

export function createTemplateLookup(repository: TemplateRepository): TemplateLookup {
  return async (clientId, kind, channel, language = DEFAULT_MESSAGE_LANGUAGE) => {
    const stored = await repository.find(clientId, { kind, channel, language });
    if (stored) {
      return {
        subject: stored.subject,
        bodyHtml: stored.bodyHtml,
        bodyText: stored.bodyText,
        smsServiceNameOptIn: stored.smsServiceNameOptIn,
        isDefault: false,
      };
    }
    return { ...defaultTemplate(kind, channel, language), smsServiceNameOptIn: false, isDefault: true };
  };
}

/** `createTemplateLookup` over the database (the form C2's dispatcher takes as `templates`). */
export function templateSourceFor(db: Db): TemplateLookup {
  return createTemplateLookup(createTemplateRepository(db));
}

export interface RenderMessageInput {
  clientId: number;
  kind: MessageKind;
  channel: MessageChannel;
  language?: MessageLanguage;
  /** Formatted values (e.g. `appointmentVariables(…)`); only the (kind, channel)'s whitelist is used. */
  variables: Readonly<Record<string, unknown>>;
}

export interface RenderedMessageParts {
  subject: string | null;
  html: string | null;
  text: string;
  sms: SmsSegmentCount | null;
}

/**
 * Renders a message with the practice's template or the default. An SMS longer than 2 segments
 * is cut (a saved template fits with sample values; real ones can be longer). Throws
 * TemplateValidationError only if a stored template no longer validates (e.g. a variable was
 * withdrawn from the whitelist); `fallBackToDefault` then renders the default instead.
 */
export async function renderMessage(
  db: Db,
  input: RenderMessageInput,
  options: RenderOptions & { fallBackToDefault?: boolean } = {},
): Promise<RenderedMessageParts> {
  const template = await templateSourceFor(db)(input.clientId, input.kind, input.channel, input.language);
  const scope = {
    kind: input.kind,
    channel: input.channel,
    smsServiceNameOptIn: template.smsServiceNameOptIn,
  };
  const renderOptions: RenderOptions = { smsOverflow: options.smsOverflow ?? 'truncate' };
  try {
    return renderTemplate(scope, template, input.variables, renderOptions);
  } catch (error) {
    if (!options.fallBackToDefault || template.isDefault) throw error;
    return renderTemplate(
      { kind: input.kind, channel: input.channel },
      defaultTemplate(input.kind, input.channel, input.language),
      input.variables,
      renderOptions,
    );
  }
}
