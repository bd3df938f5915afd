// @vitest-environment jsdom
import { configureStore } from '@reduxjs/toolkit';
import type { CalendarFeed } from '@scheduler/contract/admin/calendar-feeds';
import type { ProviderDetail } from '@scheduler/contract/admin/providers';
import { permissionsOf, type Role } from '@scheduler/domain/roles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nWrapper } from '../../../i18n/test-support';
import { sessionKeys } from '../shared/api/session-api';
import { CLIENT_ID, RULE_ID, mockApi } from '../shared/test-harness';
import { adminReducer } from '../state/admin-slice';
import { ProviderCalendarFeedSection } from './provider-calendar-feed-section';

const PROVIDER: ProviderDetail = {
  providerId: '3',
  name: 'Dr. Emily Carter',
  prefix: 'Dr.',
  firstName: 'Emily',
  lastName: 'Carter',
  credentials: 'DDS',
  specialty: null,
  gender: 'F',
  photoUrl: null,
  onlineBookable: true,
  acceptingNewPatients: true,
  sortOrder: 0,
  locationIds: ['5'],
  version: 4,
  updatedAt: '2027-03-01T15:00:00.000Z',
  retiredAt: null,
  locationsVersion: 1,
  servicesVersion: 1,
  plansVersion: 1,
  middleName: null,
  bio: null,
  locations: [{ locationId: '5', name: 'Downtown', timeZone: 'America/Chicago' }],
  services: [],
  insurancePlans: [],
  workingHours: [],
  timeOff: [],
};

const FEED_PATH = '/api/scheduler/admin/providers/3/calendar-feed';
const feedOf = (token: string, rotatedAt: string | null = null): CalendarFeed => ({
  url: `https://scheduler.example.com/api/calendar/${token}.ics`,
  webcalUrl: `webcal://scheduler.example.com/api/calendar/${token}.ics`,
  createdAt: '2027-03-01T15:00:00.000Z',
  rotatedAt,
});
const FIRST = feedOf('A'.repeat(43));
const SECOND = feedOf('B'.repeat(43), '2027-03-02T15:00:00.000Z');

function renderAs(role: Role) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(sessionKeys.session(CLIENT_ID), {
    user: { userId: '7', email: 'someone@example.com', displayName: 'Someone' },
    memberships: [],
    activeClient: { clientId: CLIENT_ID, name: 'Demo', slug: 'demo' },
    role,
    permissions: permissionsOf(role),
    expiresAt: '2099-01-01T00:00:00.000Z',
    authMethod: 'cookie',
  });
  const router = createMemoryRouter(
    [
      {
        path: 'admin/:ClientId/:ruleId/*',
        // In the page, the section sits in the admin shell's main landmark.
        element: (
          <main>
            <ProviderCalendarFeedSection provider={PROVIDER} />
          </main>
        ),
      },
    ],
    { initialEntries: [`/admin/${CLIENT_ID}/${RULE_ID}/providercontroleditprovider?providerId=3`] },
  );
  render(
    <Provider store={configureStore({ reducer: { admin: adminReducer } })}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Provider>,
    { wrapper: I18nWrapper },
  );
}

async function axeViolations(): Promise<string[]> {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

afterEach(() => {
  cleanup();
});

describe('Provider calendar feed', () => {
  it('shows the address read-only with Copy and a webcal Subscribe link, and says what the feed holds', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ [`GET ${FEED_PATH}`]: { body: { feed: FIRST } } });
    renderAs('admin');

    const field = await screen.findByRole('textbox', { name: 'Calendar feed address' });
    expect(field).toHaveProperty('value', FIRST.url);
    expect(field).toHaveProperty('readOnly', true);
    expect(calls[0]?.query.get('clientId')).toBe(CLIENT_ID);
    expect(screen.getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe(FIRST.webcalUrl);
    const text = document.body.textContent ?? '';
    expect(text).toContain('time and location');
    expect(text).toContain('no patient details');
    expect(text).toContain('refresh subscribed calendars on their own schedule');
    expect(field.getAttribute('aria-describedby')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(await navigator.clipboard.readText()).toBe(FIRST.url);
    expect(await screen.findByText('Address copied')).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
  });

  it('creates the first address on request (no confirmation: nothing stops working)', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      [`GET ${FEED_PATH}`]: { body: { feed: null } },
      [`POST ${FEED_PATH}/rotate`]: { body: { feed: FIRST } },
    });
    renderAs('admin');
    expect(await screen.findByText(/has no calendar address yet/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Calendar feed address' })).toBeNull();
    expect(await axeViolations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Create calendar address' }));
    const field = await screen.findByRole('textbox', { name: 'Calendar feed address' });
    expect(field).toHaveProperty('value', FIRST.url);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('replaces the address only after confirming that the old link stops working (keyboard)', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      [`GET ${FEED_PATH}`]: { body: { feed: FIRST } },
      [`POST ${FEED_PATH}/rotate`]: { body: { feed: SECOND } },
    });
    renderAs('admin');
    await screen.findByRole('textbox', { name: 'Calendar feed address' });

    const open = screen.getByRole('button', { name: 'Get a new address' });
    open.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', {
      name: /Replace Dr\. Emily Carter’s calendar address/,
    });
    expect(dialog.textContent).toContain('The old link stops working');
    expect(await axeViolations()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Get a new address' }));
    const again = await screen.findByRole('dialog');
    await user.click(within(again).getByRole('button', { name: 'Replace address' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Calendar feed address' })).toHaveProperty(
        'value',
        SECOND.url,
      ),
    );
    expect(screen.getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe(SECOND.webcalUrl);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ clientId: CLIENT_ID });
  });

  it('shows the server’s message when replacing fails, and keeps the address', async () => {
    const user = userEvent.setup();
    mockApi({
      [`GET ${FEED_PATH}`]: { body: { feed: FIRST } },
      [`POST ${FEED_PATH}/rotate`]: {
        status: 403,
        body: { error: { code: 'FORBIDDEN', message: 'You do not have permission to do this.' } },
      },
    });
    renderAs('admin');
    await screen.findByRole('textbox', { name: 'Calendar feed address' });
    await user.click(screen.getByRole('button', { name: 'Get a new address' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Replace address' }));
    expect(await within(dialog).findByText('You do not have permission to do this.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Calendar feed address', hidden: true })).toHaveProperty(
      'value',
      FIRST.url,
    );
  });
});
