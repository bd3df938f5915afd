// @vitest-environment jsdom
import type { MessageReport } from '@scheduler/contract/admin/messages';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReminderFiguresSection } from '../shared/messages/reminder-figures-section';
import { mockApi, renderAdmin } from './test-harness';

const REPORT: MessageReport = {
  from: '2026-11-01',
  to: '2026-11-30',
  timeZone: 'America/New_York',
  reminders: { sent: 40, delivered: 31, failed: 2, skipped: 5, queued: 9 },
  confirmedByReply: 12,
  reminded: { appointments: 50, noShows: 2, noShowRate: 0.04 },
  notReminded: { appointments: 8, noShows: 2, noShowRate: 0.25 },
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the reminder figures of the reports', () => {
  it('asks for the chosen dates and shows the counts and the no-show rates, reminded or not', async () => {
    const { calls } = mockApi({ 'GET /api/scheduler/admin/message-report': { body: { report: REPORT } } });
    renderAdmin(<ReminderFiguresSection filters={{ from: '2026-11-01', to: '2026-11-30' }} enabled />, {
      segment: 'reports',
      role: 'viewer',
    });
    const counts = await screen.findByRole('table', { name: 'Reminders' });
    const row = (table: HTMLElement, name: string) =>
      within(table).getByRole('rowheader', { name }).closest('tr')?.textContent;
    expect(row(counts, 'Delivered')).toBe('Delivered31');
    expect(row(counts, 'Confirmed by reply')).toBe('Confirmed by reply12');
    const rates = screen.getByRole('table', { name: 'No-show rate, reminded or not' });
    expect(row(rates, 'Reminded')).toBe('Reminded5024 %');
    expect(row(rates, 'Not reminded')).toBe('Not reminded8225 %');
    expect(calls[0]?.query.get('from')).toBe('2026-11-01');
    expect(calls[0]?.query.get('to')).toBe('2026-11-30');
  });

  it('waits while the date range is invalid', () => {
    const { calls } = mockApi({});
    renderAdmin(
      <ReminderFiguresSection filters={{ from: '2026-12-01', to: '2026-11-30' }} enabled={false} />,
      {
        segment: 'reports',
      },
    );
    expect(screen.getByRole('heading', { name: 'Reminders' })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
