// @vitest-environment jsdom
import type { MessageRules } from '@scheduler/contract/admin/messages';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReminderRulesEditor } from './reminder-rules-editor';
import { mockApi, renderAdmin, validationError } from './test-harness';

const RULES = '/api/scheduler/admin/message-rules';

const DEFAULTS: MessageRules = {
  schedulerId: '2',
  reminders: [
    { channel: 'email', offsetMinutes: 2880 },
    { channel: 'sms', offsetMinutes: 120 },
  ],
  quietHours: { start: '21:00', end: '08:00' },
  isDefault: true,
  version: 0,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const editor = (canWrite = true) => <ReminderRulesEditor clientId="1" ruleId="2" canWrite={canWrite} />;

describe('the reminder rules editor', () => {
  it('shows the rules as rows, adds and removes one, and saves minutes with the version read', async () => {
    const { calls } = mockApi({
      [`GET ${RULES}`]: { body: { rules: DEFAULTS } },
      [`PUT ${RULES}`]: (call) => ({
        body: {
          rules: { ...DEFAULTS, ...(call.body as object), schedulerId: '2', isDefault: false, version: 1 },
        },
      }),
    });
    renderAdmin(editor(), { segment: 'messagesettings' });
    const user = userEvent.setup();

    const first = await screen.findByRole('group', { name: 'Reminder 1' });
    expect(within(first).getByLabelText('Channel')).toHaveProperty('value', 'email');
    expect(within(first).getByLabelText('How long before')).toHaveProperty('value', '2');
    expect(within(first).getByLabelText('Unit')).toHaveProperty('value', 'days');
    const second = screen.getByRole('group', { name: 'Reminder 2' });
    expect(within(second).getByLabelText('How long before')).toHaveProperty('value', '2');
    expect(within(second).getByLabelText('Unit')).toHaveProperty('value', 'hours');

    await user.click(screen.getByRole('button', { name: 'Remove reminder 1' }));
    await user.click(screen.getByRole('button', { name: 'Add reminder' }));
    const added = screen.getByRole('group', { name: 'Reminder 2' });
    await user.selectOptions(within(added).getByLabelText('Channel'), 'sms');
    await user.clear(within(added).getByLabelText('How long before'));
    await user.type(within(added).getByLabelText('How long before'), '45');
    await user.selectOptions(within(added).getByLabelText('Unit'), 'minutes');
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '20:30');
    await user.click(screen.getByRole('button', { name: 'Save reminders' }));

    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      clientId: '1',
      ruleId: '2',
      reminders: [
        { channel: 'sms', offsetMinutes: 120 },
        { channel: 'sms', offsetMinutes: 45 },
      ],
      quietHours: { start: '20:30', end: '08:00' },
      version: 0,
    });
  });

  it('checks the rows before saving and shows the server refusal at the row', async () => {
    const { calls } = mockApi({
      [`GET ${RULES}`]: { body: { rules: DEFAULTS } },
      [`PUT ${RULES}`]: validationError([
        { path: 'reminders.1.offsetMinutes', message: 'Send at most 14 days before' },
      ]),
    });
    renderAdmin(editor(), { segment: 'messagesettings' });
    const user = userEvent.setup();
    const first = await screen.findByRole('group', { name: 'Reminder 1' });
    const amount = within(first).getByLabelText('How long before');
    await user.clear(amount);
    await user.type(amount, '3');
    await user.selectOptions(within(first).getByLabelText('Unit'), 'minutes');
    await user.click(screen.getByRole('button', { name: 'Save reminders' }));
    expect(await screen.findByText('Send at least 5 minutes before')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.selectOptions(within(first).getByLabelText('Unit'), 'hours');
    await user.click(screen.getByRole('button', { name: 'Save reminders' }));
    const second = screen.getByRole('group', { name: 'Reminder 2' });
    expect(await within(second).findByText('Send at most 14 days before')).toBeTruthy();
  });

  it('is read-only without config:write', async () => {
    mockApi({ [`GET ${RULES}`]: { body: { rules: DEFAULTS } } });
    renderAdmin(editor(false), { segment: 'messagesettings' });
    await screen.findByText('Your role may read the reminders but not change them.');
    expect(screen.queryByRole('button', { name: 'Save reminders' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add reminder' })).toBeNull();
  });
});
