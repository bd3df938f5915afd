// @vitest-environment jsdom
import type { WaitlistEntry } from '@scheduler/contract/admin/waitlist';
import type { WaitlistOfferRow } from '@scheduler/contract/waitlist-offers';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nWrapper } from '../../../i18n/test-support';
import { waitlistColumns } from './waitlist-columns';
import { EntryOffersDialog, offersSummary } from './waitlist-offers';

// A shared 2-core machine: a first render with Material UI can take over a second.
configure({ asyncUtilTimeout: 8000 });

const CLIENT_ID = '1';

const ENTRY: WaitlistEntry = {
  waitlistEntryId: '41',
  status: 'booked',
  firstName: 'Wanda',
  lastName: 'Waits',
  dateOfBirth: '1975-05-05',
  age: 51,
  phone: null,
  email: 'wanda@example.org',
  preferredTimes: null,
  notes: null,
  patientId: null,
  location: null,
  provider: null,
  service: null,
  createdAt: '2026-11-20T15:00:00.000Z',
};

const OFFER: WaitlistOfferRow = {
  offerId: '7',
  waitlistEntryId: '41',
  startUtc: '2026-11-27T14:00:00.000Z',
  endUtc: '2026-11-27T15:00:00.000Z',
  dateLocal: '2026-11-27',
  timeLocal: '08:00',
  timeZone: 'America/Chicago',
  providerName: 'Dr. Emily Carter',
  locationName: 'Lakeview',
  serviceName: 'Emergency Dental Visit',
  wave: 2,
  sentAt: '2026-11-25T15:15:00.000Z',
  outcome: 'claimed',
  outcomeAt: '2026-11-25T15:20:00.000Z',
  channel: 'email',
  isMove: false,
  appointmentId: '300',
};

const EARLIER: WaitlistOfferRow = {
  ...OFFER,
  offerId: '3',
  startUtc: '2026-11-26T20:00:00.000Z',
  endUtc: '2026-11-26T21:00:00.000Z',
  timeZone: 'America/New_York',
  wave: 1,
  sentAt: '2026-11-25T15:00:00.000Z',
  outcome: 'gone',
  channel: 'sms',
  appointmentId: null,
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
    initialEntries: [`/admin/${CLIENT_ID}/2/waitlist`],
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

describe('waitlist offers on the staff Waitlist screen', () => {
  it("lists an entry's offers: time offered with its zone, wave, sent, outcome", async () => {
    const calls = mockApi({ '/api/scheduler/getWaitlistOffers': { items: [OFFER, EARLIER] } });
    renderInAdmin(<EntryOffersDialog clientId={CLIENT_ID} entry={ENTRY} onClose={() => undefined} />);

    const table = await screen.findByRole('table', { name: 'Waitlist offers to Wanda Waits' });
    expect(calls[0]?.searchParams.get('waitlistEntryId')).toBe('41');
    expect(calls[0]?.searchParams.get('clientId')).toBe(CLIENT_ID);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Time offered', 'With', 'Wave', 'Sent', 'Outcome']);

    const [claimed, gone] = within(table).getAllByRole('row').slice(1);
    if (claimed === undefined || gone === undefined) throw new Error('two rows expected');
    // 14:00 UTC is 8:00 AM in Chicago: the location's zone, named.
    const time = within(claimed).getByRole('rowheader');
    expect(time.textContent).toBe('Fri, Nov 27, 8:00 AM CT');
    expect(within(time).getByTitle('Central Time').textContent).toBe('CT');
    const cells = within(claimed)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      'Dr. Emily CarterEmergency Dental Visit, Lakeview',
      '2',
      'Wed, Nov 25, 9:15 AM CTby e-mail',
      'ClaimedWed, Nov 25, 9:20 AM CT',
    ]);
    expect(within(gone).getByRole('rowheader').textContent).toBe('Thu, Nov 26, 3:00 PM ET');
    expect(within(gone).getByText('Gone (claimed by another patient)')).toBeTruthy();
    expect(within(gone).getByText('by text message')).toBeTruthy();
    // The table scrolls inside its own region (no page overflow at 1280 px), reachable by keyboard.
    const region = screen.getByRole('region', { name: 'Waitlist offers to Wanda Waits (scrollable)' });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(await axeViolations()).toEqual([]);
  });

  it('says so when an entry has had no offer, and shows an open offer as Open', async () => {
    mockApi({ '/api/scheduler/getWaitlistOffers': { items: [] } });
    renderInAdmin(<EntryOffersDialog clientId={CLIENT_ID} entry={ENTRY} onClose={() => undefined} />);
    expect(await screen.findByText('No time has been offered to Wanda Waits yet.')).toBeTruthy();

    expect(offersSummary([])).toBe('None');
    expect(offersSummary([{ ...OFFER, outcome: 'sent', outcomeAt: null }])).toBe('1 offer, last Open');
    expect(offersSummary([EARLIER, OFFER])).toBe('2 offers, last Claimed');
  });

  it('puts a summary and a button per entry in the waitlist table', () => {
    const onShow = vi.fn();
    const columns = waitlistColumns(Date.parse('2026-11-25T15:00:00.000Z'), null, {
      byEntry: new Map([['41', [EARLIER, OFFER]]]),
      onShow,
    });
    const column = columns.find((candidate) => candidate.key === 'offers');
    expect(column?.label).toBe('Offers');
    render(<div>{column?.render(ENTRY)}</div>, { wrapper: I18nWrapper });
    expect(screen.getByText('2 offers, last Claimed')).toBeTruthy();
    screen.getByRole('button', { name: 'Offers to Wanda Waits' }).click();
    expect(onShow).toHaveBeenCalledWith(ENTRY);
  });
});
