// @vitest-environment jsdom
import type { WaitlistOffersReport } from '@scheduler/contract/waitlist-offers';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nWrapper } from '../../../i18n/test-support';
import { WaitlistOffersSection } from './waitlist-offers-section';

// A shared 2-core machine: a first render with Material UI can take over a second.
configure({ asyncUtilTimeout: 8000 });

const CLIENT_ID = '1';

const REPORT: WaitlistOffersReport = {
  from: '2026-10-27',
  to: '2026-11-25',
  offersSent: 12,
  offersClaimed: 3,
  acceptanceRate: 0.25,
  timesOffered: 4,
  timesFilled: 3,
  daysGainedTotal: 31,
  daysGainedMedian: 9.5,
};

/** The network: each path answers its body; every call is kept. */
function mockApi(bodies: Record<string, unknown>): URL[] {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string | URL | Request) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      calls.push(url);
      const body = bodies[url.pathname];
      if (body === undefined) return Promise.reject(new TypeError(`un-mocked call: ${url.pathname}`));
      return Promise.resolve(
        new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }),
      );
    }),
  );
  return calls;
}

function renderInAdmin(element: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: 'admin/:ClientId/:ruleId/*', element }], {
    initialEntries: [`/admin/${CLIENT_ID}/2/reports`],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
    { wrapper: I18nWrapper },
  );
}

async function axeViolations(): Promise<string[]> {
  // axe-core's rules (contrast needs a layout engine: the e2e run checks it).
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((violation) => `${violation.id}: ${violation.help}`);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the "Waitlist offers" card of the reports', () => {
  it('shows offers sent, claimed and the days gained for the chosen dates', async () => {
    const calls = mockApi({ '/api/scheduler/getWaitlistOffersReport': REPORT });
    renderInAdmin(<WaitlistOffersSection filters={{ from: '2026-10-27', to: '2026-11-25' }} enabled />);

    expect(screen.getByRole('heading', { level: 2, name: 'Waitlist offers' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Waitlist offers' });
    expect(calls[0]?.searchParams.get('from')).toBe('2026-10-27');
    expect(calls[0]?.searchParams.get('to')).toBe('2026-11-25');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Offers sent', '12'],
      ['Offers claimed', '3'],
      ['Claimed of sent', '25%'],
      ['Freed times offered', '4'],
      ['Freed times filled', '3'],
      ['Days gained (total)', '31'],
      ['Days gained (median per claim)', '9.5'],
    ]);
    expect(await axeViolations()).toEqual([]);
  });
});
