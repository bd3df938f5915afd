// @vitest-environment jsdom
import type { MessageDetail, MessageSummary } from '@scheduler/contract/admin/messages';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessageDetailDialog } from '../shared/messages/message-detail-dialog';
import { PatientMessagesSection } from '../shared/messages/patient-messages-section';
import { MessagesScreen } from './messages-screen';
import { mockApi, renderAdmin } from './test-harness';

const LIST = 'GET /api/scheduler/admin/messages';

function summary(overrides: Partial<MessageSummary>): MessageSummary {
  return {
    messageId: '11',
    appointmentId: '21',
    patientId: '31',
    patientName: 'Rivera, Ana',
    kind: 'confirmation',
    channel: 'email',
    status: 'sent',
    statusReason: null,
    toAddress: 'ana@example.com',
    scheduledAt: '2026-11-10T15:31:00.000Z',
    appointmentStartUtc: '2026-11-12T14:30:00.000Z',
    timeZone: 'America/New_York',
    sentAt: '2026-11-10T15:31:02.000Z',
    deliveredAt: null,
    attempts: 1,
    createdAt: '2026-11-10T15:31:00.000Z',
    updatedAt: '2026-11-10T15:31:02.000Z',
    canResend: false,
    ...overrides,
  };
}

const SENT = summary({});
const FAILED = summary({
  messageId: '12',
  kind: 'reminder',
  status: 'failed',
  statusReason: '550 mailbox unavailable',
  canResend: true,
  sentAt: null,
});
const SKIPPED = summary({
  messageId: '13',
  channel: 'sms',
  status: 'skipped',
  statusReason: 'not sent: no SMS transport configured',
  toAddress: null,
  sentAt: null,
  timeZone: 'America/Denver',
});

const page = (items: MessageSummary[]) => ({ items, page: 1, pageSize: 25, total: items.length });

function detail(message: MessageSummary, extra: Partial<MessageDetail>) {
  return {
    message: {
      ...message,
      subject: 'Your appointment',
      body: 'Hello Ana,\nsee you on Thursday.',
      bodyHtml: null,
      providerId: null,
      lastError: null,
      ...extra,
    },
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Messages screen', () => {
  it('lists messages with their zone-named times and why they were not sent, and filters on the server', async () => {
    const { calls } = mockApi({
      [LIST]: (call) => ({
        body: page(call.query.get('status') === 'failed' ? [FAILED] : [SENT, FAILED, SKIPPED]),
      }),
    });
    renderAdmin(<MessagesScreen />);

    const table = await screen.findByRole('table', { name: 'Messages' });
    await within(table).findByText('not sent: no SMS transport configured');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    // The appointment time names the location's zone (New York in November: EST; Denver: MST).
    expect(within(rows[1] as HTMLElement).getByRole('rowheader').textContent).toBe(
      'Thu, Nov 12, 2026, 9:30 AM EST',
    );
    expect(within(rows[3] as HTMLElement).getByRole('rowheader').textContent).toBe(
      'Thu, Nov 12, 2026, 7:30 AM MST',
    );
    expect(within(rows[2] as HTMLElement).getByText('Failed')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('550 mailbox unavailable')).toBeTruthy();
    expect(within(rows[3] as HTMLElement).getByText('Not sent')).toBeTruthy();
    expect(
      within(rows[1] as HTMLElement)
        .getByRole('link', { name: 'Rivera, Ana' })
        .getAttribute('href'),
    ).toBe('/admin/1/2/patientdetails/31/21');

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    const last = calls.at(-1);
    expect(last?.query.get('status')).toBe('failed');
    expect(last?.query.get('page')).toBe('1');
    expect(last?.query.get('clientId')).toBe('1');
    expect(last?.query.get('sort')).toBe('-scheduledAt');
  });

  it('shows an e-mail as plain text and as HTML in a frame that may run nothing', async () => {
    const html = '<p>Hello <b>Ana</b></p><script>window.parent.__ran = true</script>';
    mockApi({
      [LIST]: { body: page([SENT]) },
      'GET /api/scheduler/admin/messages/11': { body: detail(SENT, { bodyHtml: html }) },
    });
    renderAdmin(<MessagesScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Open Booking confirmation E-mail/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Booking confirmation by E-mail' });
    expect(await within(dialog).findByLabelText('Plain-text part')).toHaveProperty(
      'textContent',
      'Hello Ana,\nsee you on Thursday.',
    );
    const frame = within(dialog).getByTitle('HTML part of the e-mail');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(html);
    // The HTML is never put into the page itself.
    expect(document.body.innerHTML).not.toContain('<b>Ana</b>');
    expect(within(dialog).queryByRole('button', { name: 'Resend' })).toBeNull();
  });

  it('resends a failed message and shows it queued again', async () => {
    const queued = detail({ ...FAILED, status: 'queued', statusReason: null, canResend: false }, {});
    let resent = false;
    const { calls } = mockApi({
      [LIST]: { body: page([FAILED]) },
      'GET /api/scheduler/admin/messages/12': () => ({
        body: resent ? queued : detail(FAILED, { lastError: '550' }),
      }),
      'POST /api/scheduler/admin/messages/12/resend': () => {
        resent = true;
        return { body: queued };
      },
    });
    renderAdmin(<MessagesScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Open Reminder/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Resend' }));

    await within(dialog).findByText('Queued');
    expect(within(dialog).queryByRole('button', { name: 'Resend' })).toBeNull();
    const resend = calls.find((call) => call.method === 'POST');
    expect(resend?.body).toEqual({ clientId: '1' });
  });

  it('offers no Resend to someone who may not change patients', async () => {
    mockApi({ 'GET /api/scheduler/admin/messages/12': { body: detail(FAILED, {}) } });
    renderAdmin(
      <MessageDetailDialog clientId="1" messageId="12" canWrite={false} onClose={() => undefined} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reminder by E-mail' });
    await within(dialog).findByText('550 mailbox unavailable');
    expect(within(dialog).queryByRole('button', { name: 'Resend' })).toBeNull();
  });
});

describe('the patient page messages', () => {
  it("asks only for this patient's messages and shows no patient column", async () => {
    const { calls } = mockApi({ [LIST]: { body: page([SENT]) } });
    renderAdmin(<PatientMessagesSection patientId="31" />, { segment: 'patientdetails/31/21' });
    const table = await screen.findByRole('table', { name: 'Messages to this patient' });
    await within(table).findByText('Sent');
    expect(calls[0]?.query.get('patientId')).toBe('31');
    expect(within(table).queryByRole('columnheader', { name: 'Patient' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Messages' })).toBeTruthy();
  });
});
