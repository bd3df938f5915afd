import { describe, expect, it } from 'vitest';
import {
  messageVariablesQuerySchema,
  previewMessageTemplateRequestSchema,
  saveMessageTemplateRequestSchema,
} from './message-templates.ts';

const pathsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((issue) => issue.path.join('.'));

describe('saveMessageTemplateRequestSchema', () => {
  it('needs subject, HTML and text for an e-mail', () => {
    const result = saveMessageTemplateRequestSchema.safeParse({
      kind: 'reminder',
      channel: 'email',
      subject: ' ',
      bodyText: 'x',
      version: 0,
    });
    expect(pathsOf(result)).toEqual(expect.arrayContaining(['subject', 'bodyHtml']));
  });

  it('takes an SMS as text only (null subject and HTML allowed), defaulting language and opt-in', () => {
    const result = saveMessageTemplateRequestSchema.parse({
      clientId: '3',
      kind: 'reminder',
      channel: 'sms',
      subject: null,
      bodyHtml: null,
      bodyText: '{{ date }}',
      version: 2,
    });
    expect(result).toMatchObject({ clientId: 3, language: 'en', smsServiceNameOptIn: false });
    expect(
      pathsOf(
        saveMessageTemplateRequestSchema.safeParse({
          kind: 'reminder',
          channel: 'sms',
          subject: 'Hi',
          bodyText: 'x',
          version: 0,
        }),
      ),
    ).toEqual(['subject']);
  });
});

describe('previewMessageTemplateRequestSchema', () => {
  it('names the draft fields under draft.', () => {
    const result = previewMessageTemplateRequestSchema.safeParse({
      kind: 'confirmation',
      channel: 'email',
      draft: { bodyText: 'x' },
    });
    expect(pathsOf(result)).toEqual(['draft.subject', 'draft.bodyHtml']);
    expect(
      previewMessageTemplateRequestSchema.safeParse({ kind: 'confirmation', channel: 'email' }).success,
    ).toBe(true);
  });
});

it('reads the SMS opt-in of the variables query from a query string', () => {
  expect(
    messageVariablesQuerySchema.parse({ kind: 'reminder', channel: 'sms', smsServiceNameOptIn: 'true' }),
  ).toMatchObject({
    smsServiceNameOptIn: true,
  });
});
