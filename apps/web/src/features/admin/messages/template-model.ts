import type { MessageTemplate } from '@scheduler/contract/admin/message-templates';
import { isApiError } from '../../../lib/api-client';
import { fieldErrorsOf } from '../../../lib/api-errors';
import type { TemplateDraft } from './templates-api';

/** The fields of the template editor (the server's VALIDATION paths name the same ones). */
export const TEMPLATE_FIELDS = ['subject', 'bodyHtml', 'bodyText', 'smsServiceNameOptIn'] as const;
export type TemplateField = (typeof TEMPLATE_FIELDS)[number];
export type TemplateFieldErrors = Partial<Record<TemplateField, string>>;

export function draftOf(
  template: Pick<MessageTemplate, 'subject' | 'bodyHtml' | 'bodyText' | 'smsServiceNameOptIn'>,
): TemplateDraft {
  return {
    subject: template.subject ?? '',
    bodyHtml: template.bodyHtml ?? '',
    bodyText: template.bodyText,
    smsServiceNameOptIn: template.smsServiceNameOptIn,
  };
}

export function sameDraft(a: TemplateDraft, b: TemplateDraft): boolean {
  return (
    a.subject === b.subject &&
    a.bodyHtml === b.bodyHtml &&
    a.bodyText === b.bodyText &&
    a.smsServiceNameOptIn === b.smsServiceNameOptIn
  );
}

function asField(path: string): TemplateField | undefined {
  const last = path.replace(/^draft\./, '');
  return (TEMPLATE_FIELDS as readonly string[]).includes(last) ? (last as TemplateField) : undefined;
}

/**
 * The server's per-field messages of a refused save or preview (`details.fields`; a preview names
 * them `draft.bodyText` …), by editor field; messages of other paths go to `other`.
 */
export function templateFieldErrors(error: unknown): { fields: TemplateFieldErrors; other: string[] } {
  const fields: TemplateFieldErrors = {};
  const other: string[] = [];
  if (!isApiError(error)) return { fields, other };
  for (const { path, message } of fieldErrorsOf(error.body)) {
    const field = asField(path);
    if (field && fields[field] === undefined) fields[field] = message;
    else if (!field) other.push(message);
  }
  return { fields, other };
}

/** `text` with `insert` replacing the selection [start, end) (clamped to the text). */
export function insertAt(
  text: string,
  start: number,
  end: number,
  insert: string,
): { text: string; caret: number } {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: `${text.slice(0, from)}${insert}${text.slice(to)}`, caret: from + insert.length };
}
