// @vitest-environment jsdom
import type { ServiceAdmin } from '@scheduler/contract/admin/services';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nWrapper } from '../../../i18n/test-support';
import { ServiceDialog } from './service-dialog';

// A shared 2-core machine: a first render with Material UI can take over a second.
configure({ asyncUtilTimeout: 8000 });

const CLIENT_ID = '1';

const SAVED: ServiceAdmin = {
  appointmentTypeId: '4',
  name: 'Cleaning',
  description: null,
  durationMinutes: 30,
  onlineEnabled: true,
  callToSchedule: false,
  newPatients: true,
  existingPatients: true,
  sortOrder: 0,
  locationIds: [],
  version: 1,
  locationsVersion: 1,
  patientCancelCutoffHours: 24,
  patientRescheduleCutoffHours: 24,
  patientRescheduleLimit: 2,
};

interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
}

function mockApi(): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({
        method,
        path: url.pathname,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
      });
      if (!/\/admin\/services(\/4)?$/.test(url.pathname))
        return Promise.reject(new TypeError(`un-mocked call: ${method} ${url.pathname}`));
      return Promise.resolve(
        new Response(JSON.stringify({ service: SAVED }), {
          status: method === 'POST' ? 201 : 200,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    }),
  );
  return calls;
}

function renderDialog(service: ServiceAdmin | null, onClose = vi.fn()) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      {
        path: 'admin/:ClientId/:ruleId/configservices',
        element: <ServiceDialog service={service} locations={[]} onClose={onClose} onReload={vi.fn()} />,
      },
    ],
    { initialEntries: [`/admin/${CLIENT_ID}/2/configservices`] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
    { wrapper: I18nWrapper },
  );
  return onClose;
}

const CANCEL_LABEL = /Patients may cancel online until \(hours before\)/;
const RESCHEDULE_LABEL = /Patients may reschedule online until \(hours before\)/;
const LIMIT_LABEL = /Online reschedules per appointment/;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the service dialog: patient self-service rules', () => {
  it('offers the defaults (24 h, 24 h, 2) and refuses values out of range before saving', async () => {
    const user = userEvent.setup();
    const calls = mockApi();
    renderDialog(null);

    const cancelField = await screen.findByRole('spinbutton', { name: CANCEL_LABEL });
    const rescheduleField = screen.getByRole('spinbutton', { name: RESCHEDULE_LABEL });
    const limitField = screen.getByRole('spinbutton', { name: LIMIT_LABEL });
    expect((cancelField as HTMLInputElement).value).toBe('24');
    expect((rescheduleField as HTMLInputElement).value).toBe('24');
    expect((limitField as HTMLInputElement).value).toBe('2');

    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Cleaning');
    await user.clear(cancelField);
    await user.type(cancelField, '1000');
    await user.clear(rescheduleField);
    await user.clear(limitField);
    await user.type(limitField, '21');
    await user.click(screen.getByRole('button', { name: 'Add service' }));

    expect(await screen.findByText('Use at most 720 hours (30 days)')).toBeTruthy();
    expect(screen.getByText('Enter a number of hours')).toBeTruthy();
    expect(screen.getByText('Use at most 20')).toBeTruthy();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('saves the rules with the service, as numbers', async () => {
    const user = userEvent.setup();
    const calls = mockApi();
    const onClose = renderDialog({ ...SAVED, patientCancelCutoffHours: 48 });

    const cancelField = await screen.findByRole('spinbutton', { name: CANCEL_LABEL });
    // The service's own rules are shown.
    expect((cancelField as HTMLInputElement).value).toBe('48');
    await user.clear(cancelField);
    await user.type(cancelField, '12');
    const limitField = screen.getByRole('spinbutton', { name: LIMIT_LABEL });
    await user.clear(limitField);
    await user.type(limitField, '0');
    await user.click(screen.getByRole('button', { name: 'Save service' }));

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const saves = calls.filter((call) => call.method === 'PATCH');
    expect(saves).toHaveLength(1);
    expect(saves[0]?.body).toMatchObject({
      patientCancelCutoffHours: 12,
      patientRescheduleCutoffHours: 24,
      patientRescheduleLimit: 0,
      version: 1,
    });
  });
});
