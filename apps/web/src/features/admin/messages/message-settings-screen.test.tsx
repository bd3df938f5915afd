// @vitest-environment jsdom
import type { MessagePreviewResponse, MessageTemplate } from '@scheduler/contract/admin/message-templates';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessageSettingsScreen } from './message-settings-screen';
import type { ListedTemplate } from './templates-api';
import { mockApi, renderAdmin, validationError, type Call } from './test-harness';

const TEMPLATES = '/api/scheduler/admin/message-templates';

function template(overrides: Partial<MessageTemplate>): MessageTemplate {
  return {
    kind: 'reminder',
    channel: 'sms',
    language: 'en',
    label: 'Reminder',
    subject: null,
    bodyHtml: null,
    bodyText: '{{ practice_name }}: see you {{ appointment_time }}. Reply C to confirm.',
    smsServiceNameOptIn: false,
    isDefault: true,
    version: 0,
    updatedAt: null,
    ...overrides,
  };
}

const SMS = template({});
const EMAIL = template({
  kind: 'confirmation',
  channel: 'email',
  label: 'Booking confirmation',
  subject: 'Your appointment at {{ practice_name }}',
  bodyHtml: '<p>See you {{ appointment_time }}</p>',
  bodyText: 'See you {{ appointment_time }}',
});

const VARIABLES = {
  kind: 'reminder',
  channel: 'sms',
  variables: [
    {
      name: 'practice_name',
      label: 'Practice name',
      description: 'The brand.',
      sample: 'BrightSmile',
      optional: false,
    },
    {
      name: 'appointment_time',
      label: 'Date and time',
      description: 'In the location zone.',
      sample: 'Thu, Nov 12, 9:30 AM EST',
      optional: false,
    },
  ],
};

function previewOf(call: Call): { status?: number; body: unknown } {
  const text = (call.body as { draft: { bodyText: string } }).draft.bodyText;
  if (text.includes('{{ nope }}'))
    return validationError([{ path: 'draft.bodyText', message: 'Unknown variable: nope' }]);
  const rendered = text.replaceAll('{{ practice_name }}', 'BrightSmile');
  const answer: MessagePreviewResponse = {
    subject: null,
    html: null,
    text: rendered,
    sms: {
      encoding: 'GSM-7',
      units: rendered.length,
      segments: rendered.length > 160 ? 2 : 1,
      maxSegments: 2,
    },
  };
  return { body: answer };
}

function templateApi(overrides: Record<string, Parameters<typeof mockApi>[0][string]> = {}) {
  return mockApi({
    [`GET ${TEMPLATES}`]: { body: { items: [SMS, EMAIL] } },
    [`GET ${TEMPLATES}/one`]: (call) => ({
      body: {
        template: call.query.get('channel') === 'email' ? EMAIL : SMS,
        default: { subject: null, bodyHtml: null, bodyText: SMS.bodyText },
      },
    }),
    [`GET ${TEMPLATES}/variables`]: { body: VARIABLES },
    [`POST ${TEMPLATES}/preview`]: previewOf,
    ...overrides,
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the templates editor', () => {
  it('lists the variables and previews the draft live, with the SMS segment count announced', async () => {
    const { calls } = templateApi();
    renderAdmin(<MessageSettingsScreen />, { segment: 'messagesettings' });

    const text = await screen.findByRole('textbox', { name: 'Text message' });
    expect(await screen.findByText('{{ practice_name }}')).toBeTruthy();
    const status = screen.getByRole('status');
    await waitFor(() =>
      expect(status.textContent).toMatch(
        /^Preview updated: 1 segment of 2 allowed \(GSM-7, \d+ characters\)\.$/,
      ),
    );

    fireEvent.change(text, { target: { value: '{{ practice_name }} here. '.repeat(10) } });
    await waitFor(() => expect(status.textContent).toMatch(/^Preview updated: 2 segments of 2 allowed/));
    expect(screen.getByLabelText('Text message preview').textContent).toContain('BrightSmile here.');
    // Typing is debounced: one preview for the new text, not one per keystroke.
    const previews = calls.filter((call) => call.path.endsWith('/preview'));
    expect(previews).toHaveLength(2);
    expect(previews[1]?.body).toMatchObject({
      kind: 'reminder',
      channel: 'sms',
      draft: { subject: null, bodyHtml: null },
    });
  });

  it('shows what the server refuses at the field, from the preview and from a save', async () => {
    templateApi({
      [`PUT ${TEMPLATES}`]: validationError([
        { path: 'bodyText', message: 'Keep the text message to 2 segments' },
      ]),
    });
    renderAdmin(<MessageSettingsScreen />, { segment: 'messagesettings' });
    const text = await screen.findByRole('textbox', { name: 'Text message' });

    fireEvent.change(text, { target: { value: 'Hi {{ nope }}' } });
    await waitFor(() => expect(text.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Unknown variable: nope')).toBeTruthy();

    fireEvent.change(text, { target: { value: 'A long one' } });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText('Keep the text message to 2 segments')).toBeTruthy();
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(text.getAttribute('aria-describedby')).toBeTruthy();
  });

  it('saves with the version read, inserts a variable at the cursor and resets to the default', async () => {
    const saved = template({
      isDefault: false,
      version: 1,
      updatedAt: '2026-11-10T15:00:00.000Z',
      bodyText: 'x',
    });
    const { calls } = templateApi({
      [`PUT ${TEMPLATES}`]: (call) => ({
        body: {
          template: { ...saved, bodyText: (call.body as { bodyText: string }).bodyText },
          default: SMS,
        },
      }),
      [`POST ${TEMPLATES}/reset`]: { body: { template: SMS, default: SMS } },
    });
    renderAdmin(<MessageSettingsScreen />, { segment: 'messagesettings' });
    const user = userEvent.setup();
    const text = await screen.findByRole('textbox', { name: 'Text message' });
    fireEvent.change(text, { target: { value: 'Hello  today' } });
    (text as HTMLTextAreaElement).setSelectionRange(6, 6);
    fireEvent.focus(text);
    await user.click(screen.getByRole('button', { name: 'Insert Practice name' }));
    expect((text as HTMLTextAreaElement).value).toBe('Hello {{ practice_name }} today');

    await user.click(screen.getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      clientId: '1',
      kind: 'reminder',
      channel: 'sms',
      language: 'en',
      subject: null,
      bodyHtml: null,
      bodyText: 'Hello {{ practice_name }} today',
      smsServiceNameOptIn: false,
      version: 0,
    });
    await screen.findByText('The practice’s own wording is in use.');

    await user.click(screen.getByRole('button', { name: 'Reset to default' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset to the default?' });
    await user.click(within(confirm).getByRole('button', { name: 'Reset' }));
    await screen.findByText('The shipped default is in use.');
    expect(calls.find((call) => call.path.endsWith('/reset'))?.body).toEqual({
      clientId: '1',
      kind: 'reminder',
      channel: 'sms',
      language: 'en',
    });
  });

  it('edits an e-mail: subject, HTML and text, the HTML previewed in a sandboxed frame', async () => {
    templateApi({
      [`POST ${TEMPLATES}/preview`]: {
        body: { subject: 'Your appointment at BrightSmile', html: '<p>Hi</p>', text: 'Hi', sms: null },
      },
    });
    renderAdmin(<MessageSettingsScreen />, { segment: 'messagesettings' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Booking confirmation · E-mail/ }));
    expect(await screen.findByRole('textbox', { name: 'Subject' })).toHaveProperty('value', EMAIL.subject);
    expect(screen.getByRole('textbox', { name: 'HTML part' })).toHaveProperty('value', EMAIL.bodyHtml);
    const frame = await screen.findByTitle('HTML part preview');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe('<p>Hi</p>');
  });

  it('is read-only for a role that may not change configuration', async () => {
    templateApi();
    renderAdmin(<MessageSettingsScreen />, { segment: 'messagesettings', role: 'staff' });
    await screen.findByText('Your role may read templates but not change them.');
    expect(screen.queryByRole('button', { name: 'Save template' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Text message' }).hasAttribute('readonly')).toBe(true);
  });
});

describe('the templates per language (issue 21)', () => {
  // The practice changed its English SMS reminder but not the Spanish one: the Spanish is missing.
  const SMS_ES: ListedTemplate = {
    ...SMS,
    language: 'es',
    bodyText: '{{ practice_name }}: le esperamos {{ appointment_time }}. Responda C para confirmar.',
    missingTranslation: true,
  };
  const EMAIL_ES: ListedTemplate = { ...EMAIL, language: 'es', missingTranslation: false };

  function languageApi(overrides: Record<string, Parameters<typeof mockApi>[0][string]> = {}) {
    return templateApi({
      [`GET ${TEMPLATES}`]: (call) => ({
        body: {
          items:
            call.query.get('language') === 'es'
              ? [SMS_ES, EMAIL_ES]
              : [{ ...SMS, isDefault: false, version: 2 }, EMAIL],
        },
      }),
      [`GET ${TEMPLATES}/one`]: (call) => {
        const spanish = call.query.get('language') === 'es';
        const email = call.query.get('channel') === 'email';
        const one = spanish ? (email ? EMAIL_ES : SMS_ES) : email ? EMAIL : SMS;
        return {
          body: { template: one, default: { subject: null, bodyHtml: null, bodyText: one.bodyText } },
        };
      },
      ...overrides,
    });
  }

  it('offers English and Español, tells how many Spanish texts are missing and marks each', async () => {
    const { calls } = languageApi();
    renderAdmin(<MessageSettingsScreen />, { segment: 'messagesettings' });
    const user = userEvent.setup();
    const languages = await screen.findByRole('group', { name: 'Template language' });
    const english = within(languages).getByRole('button', { name: 'English' });
    expect(english.getAttribute('aria-pressed')).toBe('true');
    const spanish = await within(languages).findByRole('button', { name: /^Español\s*\(1 missing\)$/ });

    await user.click(spanish);
    expect(spanish.getAttribute('aria-pressed')).toBe('true');
    // The count in words (not by colour only), and a mark on the template whose Spanish is missing.
    expect((await screen.findByRole('note')).textContent).toContain('1 Spanish text missing.');
    const nav = screen.getByRole('navigation', { name: 'Templates' });
    const reminder = within(nav).getByRole('button', { name: /Reminder · SMS/ });
    expect(reminder.textContent).toContain('Spanish missing');
    expect(
      within(nav).getByRole('button', { name: /Booking confirmation · E-mail/ }).textContent,
    ).not.toContain('Spanish missing');
    // The editor shows and previews the Spanish text, and says it is missing.
    const text = await screen.findByRole('textbox', { name: 'Text message' });
    expect((text as HTMLTextAreaElement).value).toBe(SMS_ES.bodyText);
    expect(await screen.findByText(/^Spanish missing: the practice changed the English/)).toBeTruthy();
    await waitFor(() =>
      expect(calls.some((call) => call.path.endsWith('/one') && call.query.get('language') === 'es')).toBe(
        true,
      ),
    );
    await waitFor(() =>
      expect(
        calls.some(
          (call) => call.path.endsWith('/preview') && (call.body as { language?: string }).language === 'es',
        ),
      ).toBe(true),
    );
  });

  it('saves and resets the Spanish text in Spanish', async () => {
    const { calls } = languageApi({
      [`PUT ${TEMPLATES}`]: (call) => ({
        body: {
          template: {
            ...SMS_ES,
            isDefault: false,
            version: 1,
            updatedAt: '2026-11-27T15:00:00.000Z',
            bodyText: (call.body as { bodyText: string }).bodyText,
          },
          default: SMS_ES,
        },
      }),
    });
    renderAdmin(<MessageSettingsScreen />, { segment: 'messagesettings' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Español/ }));
    const text = await screen.findByRole('textbox', { name: 'Text message' });
    await waitFor(() => expect((text as HTMLTextAreaElement).value).toBe(SMS_ES.bodyText));
    fireEvent.change(text, { target: { value: 'Hola de {{ practice_name }}' } });
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      kind: 'reminder',
      channel: 'sms',
      language: 'es',
      bodyText: 'Hola de {{ practice_name }}',
      version: 0,
    });
  });
});
