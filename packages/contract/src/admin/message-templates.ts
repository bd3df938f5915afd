/**
 * Message templates (issue 17 "Content rules"): what each message says, per practice (brand),
 * kind, channel and language, edited in the admin with a live preview and the list of variables.
 * Templates are LiquidJS text (`{{ practice_name }}`, `{% if manage_link %}…{% endif %}`); only the
 * variables listed by GET …/variables may be used. A brand with no stored template uses the
 * shipped default (`isDefault: true`, `version: 0`).
 *
 *   GET  /api/scheduler/admin/message-templates            list every (kind, channel) of a language (config:read)
 *        (issue 21: `language` 'en' or 'es'; each item says `missingTranslation`)
 *   GET  /api/scheduler/admin/message-templates/one        one template, with the default beside it (config:read)
 *   GET  /api/scheduler/admin/message-templates/variables  the variables a (kind, channel) may use (config:read)
 *   PUT  /api/scheduler/admin/message-templates            save (validated; stale `version` → 409) (config:write)
 *   POST /api/scheduler/admin/message-templates/reset      drop the practice's template: the default applies (config:write)
 *   POST /api/scheduler/admin/message-templates/preview    render a draft or the stored template (config:read)
 *
 * A template that does not parse, uses an unknown variable or filter, lacks a required part, or
 * (SMS) renders to more than 2 segments with the sample values answers 400 VALIDATION with
 * `details.fields` naming `subject`, `bodyHtml` or `bodyText`.
 */
import * as z from 'zod';
import { MESSAGE_CHANNELS, MESSAGE_KINDS, MESSAGE_LANGUAGES } from '@scheduler/domain/messages/kinds';
import { recordIdSchema } from '../admin-auth.ts';
import { brandQuerySchema } from './paging.ts';

export const MESSAGE_SUBJECT_MAX = 200;
export const MESSAGE_HTML_MAX = 20_000;
export const MESSAGE_TEXT_MAX = 10_000;

export const messageKindSchema = z.enum(MESSAGE_KINDS, { error: 'Choose a message kind' });
export const messageChannelSchema = z.enum(MESSAGE_CHANNELS, { error: 'Choose e-mail or SMS' });
export const messageLanguageSchema = z.enum(MESSAGE_LANGUAGES, { error: 'Choose a language' });

/** Which template: kind × channel × language ('en' when absent). */
export const templateKeySchema = z.object({
  kind: messageKindSchema,
  channel: messageChannelSchema,
  language: messageLanguageSchema.default('en'),
});

/** One template as the editor shows it. E-mail has subject + HTML + text; SMS has text only (others null). */
export const messageTemplateSchema = z.object({
  kind: messageKindSchema,
  channel: messageChannelSchema,
  language: messageLanguageSchema,
  /** Human label of the kind, e.g. 'Reminder'. */
  label: z.string(),
  subject: z.string().nullable(),
  bodyHtml: z.string().nullable(),
  bodyText: z.string(),
  /**
   * SMS only: the practice opted in to the service name (`service_name`) in this SMS. Off by
   * default: an SMS carries no health information beyond practice, date, time and place.
   */
  smsServiceNameOptIn: z.boolean(),
  /** True when the practice has no template of its own: the shipped default applies. */
  isDefault: z.boolean(),
  /** The stored template's version (0 for a default); send it back with save. */
  version: z.number().int(),
  /** ISO instant of the last save; null for a default. */
  updatedAt: z.string().nullable(),
  /**
   * Issue 21: true when the practice wrote its own English template for this (kind, channel) but
   * none in this language, so patients of this language get the shipped text, not the practice's
   * wording (the admin shows "not translated"). Always false for English. Sent by every answer;
   * optional only for older clients' fixtures.
   */
  missingTranslation: z.boolean().optional(),
});
export type MessageTemplate = z.output<typeof messageTemplateSchema>;

export const listMessageTemplatesQuerySchema = brandQuerySchema.extend({
  language: messageLanguageSchema.default('en'),
});
export type ListMessageTemplatesQuery = z.output<typeof listMessageTemplatesQuerySchema>;
export const messageTemplatesResponseSchema = z.object({ items: z.array(messageTemplateSchema) });
export type MessageTemplatesResponse = z.output<typeof messageTemplatesResponseSchema>;

export const messageTemplateQuerySchema = brandQuerySchema.extend(templateKeySchema.shape);
export type MessageTemplateQuery = z.output<typeof messageTemplateQuerySchema>;

/** The shipped default's parts, for "reset to default" and a side-by-side view. */
export const defaultTemplatePartsSchema = z.object({
  subject: z.string().nullable(),
  bodyHtml: z.string().nullable(),
  bodyText: z.string(),
});
export const messageTemplateResponseSchema = z.object({
  template: messageTemplateSchema,
  default: defaultTemplatePartsSchema,
});
export type MessageTemplateResponse = z.output<typeof messageTemplateResponseSchema>;

// ---------------------------------------------------------------- variables

export const messageVariableSchema = z.object({
  /** As written in a template: `{{ practice_name }}`. */
  name: z.string(),
  label: z.string(),
  description: z.string(),
  /** The value used by previews and by the 2-segment check at save. */
  sample: z.string(),
  /** May be empty (e.g. `manage_link` until patients can manage appointments): wrap it in `{% if %}`. */
  optional: z.boolean(),
});
export type MessageVariable = z.output<typeof messageVariableSchema>;

export const messageVariablesQuerySchema = brandQuerySchema.extend({
  kind: messageKindSchema,
  channel: messageChannelSchema,
  /** SMS: list `service_name` too (it is usable only when the template opts in). */
  smsServiceNameOptIn: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
export type MessageVariablesQuery = z.output<typeof messageVariablesQuerySchema>;
export const messageVariablesResponseSchema = z.object({
  kind: messageKindSchema,
  channel: messageChannelSchema,
  variables: z.array(messageVariableSchema),
});
export type MessageVariablesResponse = z.output<typeof messageVariablesResponseSchema>;

// ---------------------------------------------------------------- save, reset, preview

const subjectText = z
  .string()
  .max(MESSAGE_SUBJECT_MAX, { error: `Keep the subject to ${MESSAGE_SUBJECT_MAX} characters or fewer` });
const htmlText = z
  .string()
  .max(MESSAGE_HTML_MAX, { error: `Keep the HTML to ${MESSAGE_HTML_MAX} characters or fewer` });
const plainText = z
  .string()
  .max(MESSAGE_TEXT_MAX, { error: `Keep the text to ${MESSAGE_TEXT_MAX} characters or fewer` });

const templatePartsSchema = z.object({
  subject: subjectText.nullish(),
  bodyHtml: htmlText.nullish(),
  bodyText: plainText,
  smsServiceNameOptIn: z.boolean().default(false),
});

/** E-mail needs a subject, an HTML part and a text part; SMS only text (subject/HTML must be absent). */
function checkParts(
  value: {
    channel: string;
    subject?: string | null;
    bodyHtml?: string | null;
    bodyText: string;
    smsServiceNameOptIn: boolean;
  },
  ctx: z.RefinementCtx,
  prefix: string[] = [],
): void {
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [...prefix, path], message });
  if (value.bodyText.trim() === '') issue('bodyText', 'Enter the message text');
  if (value.channel === 'email') {
    if (!value.subject?.trim()) issue('subject', 'Enter a subject');
    if (!value.bodyHtml?.trim()) issue('bodyHtml', 'Enter the HTML part of the e-mail');
    if (value.smsServiceNameOptIn) issue('smsServiceNameOptIn', 'Only an SMS template has this option');
  } else {
    if (value.subject) issue('subject', 'An SMS has no subject');
    if (value.bodyHtml) issue('bodyHtml', 'An SMS has no HTML part');
  }
}

const saveCommonShape = {
  clientId: recordIdSchema.optional(),
  kind: messageKindSchema,
  language: messageLanguageSchema.default('en'),
  /** The version last read (0 when the default applied); a stale one is refused with 409. */
  version: z.number().int().min(0),
};

/**
 * Save: e-mail needs a subject, an HTML part and a text part; SMS only text (subject / HTML may be
 * null or absent) and its service-name opt-in. Discriminated by `channel`.
 */
export const saveMessageTemplateRequestSchema = z.discriminatedUnion('channel', [
  z.object({
    ...saveCommonShape,
    channel: z.literal('email'),
    subject: subjectText.trim().min(1, { error: 'Enter a subject' }),
    bodyHtml: htmlText.trim().min(1, { error: 'Enter the HTML part of the e-mail' }),
    bodyText: plainText.trim().min(1, { error: 'Enter the message text' }),
  }),
  z.object({
    ...saveCommonShape,
    channel: z.literal('sms'),
    subject: z.null({ error: 'An SMS has no subject' }).optional(),
    bodyHtml: z.null({ error: 'An SMS has no HTML part' }).optional(),
    bodyText: plainText.trim().min(1, { error: 'Enter the message text' }),
    smsServiceNameOptIn: z.boolean().default(false),
  }),
]);
export type SaveMessageTemplateRequest = z.output<typeof saveMessageTemplateRequestSchema>;

export const resetMessageTemplateRequestSchema = z.object({
  clientId: recordIdSchema.optional(),
  ...templateKeySchema.shape,
});
export type ResetMessageTemplateRequest = z.output<typeof resetMessageTemplateRequestSchema>;

/** Variable values for a preview; missing ones take their sample value. */
export const previewVariablesSchema = z
  .record(z.string().max(100), z.string().max(1000))
  .refine((record) => Object.keys(record).length <= 50, { error: 'Send at most 50 variables' });

export const previewMessageTemplateRequestSchema = z
  .object({
    clientId: recordIdSchema.optional(),
    ...templateKeySchema.shape,
    /** A draft to render; absent: the stored template (or the default). */
    draft: templatePartsSchema.optional(),
    variables: previewVariablesSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.draft) checkParts({ channel: value.channel, ...value.draft }, ctx, ['draft']);
  });
export type PreviewMessageTemplateRequest = z.output<typeof previewMessageTemplateRequestSchema>;

export const smsSegmentsSchema = z.object({
  encoding: z.enum(['GSM-7', 'UCS-2']),
  /** Characters as the network counts them (GSM-7 extension characters count twice). */
  units: z.number().int(),
  segments: z.number().int(),
  maxSegments: z.number().int(),
});
export type SmsSegments = z.output<typeof smsSegmentsSchema>;

export const messagePreviewResponseSchema = z.object({
  subject: z.string().nullable(),
  html: z.string().nullable(),
  text: z.string(),
  /** SMS only: how the rendered text is split for sending. */
  sms: smsSegmentsSchema.nullable(),
});
export type MessagePreviewResponse = z.output<typeof messagePreviewResponseSchema>;
