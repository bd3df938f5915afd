// @vitest-environment jsdom
import { configureStore } from '@reduxjs/toolkit';
import type { GetPatientPendingChangesResponse } from '@scheduler/contract/admin/patient-pending-changes';
import { permissionsOf, type Role } from '@scheduler/domain/roles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nWrapper } from '../../../i18n/test-support';
import { sessionKeys } from '../shared/api/session-api';
import { adminReducer } from '../state/admin-slice';
import { PendingChangesSection } from './pending-changes-section';

// A shared 2-core machine: a first render with Material UI can take over a second.
configure({ asyncUtilTimeout: 8000 });

const CLIENT_ID = '1';

const ANSWER: GetPatientPendingChangesResponse = {
  current: { phone: '2125550199', email: 'on.file@example.org', smsPermission: true, emailPermission: false },
  pendingChanges: [
    {
      changeId: '41',
      patientId: '9',
      appointmentId: '300',
      source: 'booking',
      phone: '6465550177',
      email: null,
      smsPermission: null,
      emailPermission: true,
      status: 'pending',
      createdAt: '2026-11-25T15:00:00.000Z',
      decidedAt: null,
    },
  ],
};

interface Call {
  method: string;
  path: string;
  body: unknown;
}

function mockApi(answers: Record<string, () => unknown>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({
        method,
        path: url.pathname,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      const answer = answers[`${method} ${url.pathname}`];
      if (!answer) return Promise.reject(new TypeError(`un-mocked call: ${method} ${url.pathname}`));
      return Promise.resolve(
        new Response(JSON.stringify(answer()), { headers: { 'Content-Type': 'application/json' } }),
      );
    }),
  );
  return calls;
}

function renderSection(role: Role) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(sessionKeys.session(CLIENT_ID), {
    user: { userId: '7', email: 'staff@example.com', displayName: 'Staff' },
    memberships: [],
    activeClient: { clientId: CLIENT_ID, name: 'Demo', slug: 'demo' },
    role,
    permissions: permissionsOf(role),
    expiresAt: '2099-01-01T00:00:00.000Z',
    authMethod: 'cookie',
  });
  const router = createMemoryRouter(
    [{ path: 'admin/:ClientId/:ruleId/*', element: <PendingChangesSection patientId="9" /> }],
    { initialEntries: [`/admin/${CLIENT_ID}/2/patientdetails/9`] },
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

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the contact changes to review on the patient page', () => {
  it('shows what is on file beside what a booking proposed, and accepts a change', async () => {
    let pending = ANSWER;
    const calls = mockApi({
      'GET /api/patient-management/getPatientPendingChanges': () => pending,
      'POST /api/patient-management/acceptPatientPendingChange': () => {
        pending = { ...ANSWER, pendingChanges: [] };
        return {
          change: { ...ANSWER.pendingChanges[0], status: 'accepted', decidedAt: '2026-11-25T15:05:00.000Z' },
          current: { ...ANSWER.current, phone: '6465550177', emailPermission: true },
        };
      },
    });
    renderSection('staff');
    const heading = await screen.findByRole('heading', { name: 'Contact changes to review' });
    const section = heading.closest('section')!;
    const row = (name: string) => within(section).getByRole('rowheader', { name }).closest('tr')?.textContent;
    expect(row('Phone')).toBe('Phone(212) 555-0199(646) 555-0177');
    expect(row('E-mails')).toBe('E-mailsNoYes');
    expect(within(section).queryByRole('rowheader', { name: 'E-mail' })).toBeNull();

    fireEvent.click(within(section).getByRole('button', { name: 'Accept change' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Contact changes to review' })).toBeNull(),
    );
    const accept = calls.find((call) => call.method === 'POST');
    expect(accept).toMatchObject({
      path: '/api/patient-management/acceptPatientPendingChange',
      body: { clientId: CLIENT_ID, changeId: '41' },
    });
  });

  it('lets a user who may not edit patients see the change, without the buttons', async () => {
    mockApi({ 'GET /api/patient-management/getPatientPendingChanges': () => ANSWER });
    renderSection('viewer');
    await screen.findByRole('heading', { name: 'Contact changes to review' });
    expect(screen.queryByRole('button', { name: 'Accept change' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject change' })).toBeNull();
  });

  it('shows nothing when no change waits', async () => {
    const calls = mockApi({
      'GET /api/patient-management/getPatientPendingChanges': () => ({ ...ANSWER, pendingChanges: [] }),
    });
    renderSection('staff');
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Contact changes to review' })).toBeNull();
  });
});
