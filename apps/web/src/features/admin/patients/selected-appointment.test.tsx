// @vitest-environment jsdom
import { configureStore } from '@reduxjs/toolkit';
import type { GetAppointmentDetailsResponse } from '@scheduler/contract/patient-management/appointments';
import { confirmationNumberOf } from '@scheduler/domain/messages/format';
import { permissionsOf } from '@scheduler/domain/roles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nWrapper } from '../../../i18n/test-support';
import { sessionKeys } from '../shared/api/session-api';
import { adminReducer } from '../state/admin-slice';
import { SelectedAppointment } from './selected-appointment';

// A shared 2-core machine: a first render with Material UI can take over a second.
configure({ asyncUtilTimeout: 8000 });

const CLIENT_ID = '1';

const DETAILS: GetAppointmentDetailsResponse = {
  appointment: {
    appointmentId: '300',
    patientId: '9',
    startUtc: '2026-12-02T14:30:00.000Z',
    endUtc: '2026-12-02T15:00:00.000Z',
    timeZone: 'America/New_York',
    status: 'booked',
    statusLabel: 'Confirmed',
    location: { locationId: '3', name: 'Midtown' },
    provider: { providerId: '7', name: 'Dr. Emily Carter' },
    service: { appointmentTypeId: '4', name: 'Emergency Dental Visit' },
    isNewPatient: true,
    channel: 'website',
    cancelReason: null,
    version: 1,
    createdAt: '2026-11-25T15:00:00.000Z',
    schedulerId: '2',
    reasonForVisit: null,
    patientNotes: null,
    insurancePolicyId: null,
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    updatedAt: '2026-11-25T15:00:00.000Z',
  },
  patient: {
    patientId: '9',
    firstName: 'Zelda',
    lastName: 'Quill',
    dateOfBirth: '1979-03-14',
    gender: null,
    phone: null,
    email: null,
    smsPermission: false,
    emailPermission: false,
    createdAt: '2026-11-25T15:00:00.000Z',
    updatedAt: '2026-11-25T15:00:00.000Z',
  },
  statusHistory: [],
  notes: [],
  allowedStatuses: [],
  selfService: {
    cancelledBy: null,
    cancelReason: null,
    cancelNote: null,
    rescheduleCount: 0,
    rescheduledFromUtc: null,
  },
};

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The network: getAppointmentDetails answers `details`, resendManageLink answers queued. */
function mockApi(details: GetAppointmentDetailsResponse): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({
        method,
        path: url.pathname,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      });
      const body =
        url.pathname === '/api/patient-management/getAppointmentDetails'
          ? details
          : url.pathname === '/api/patient-management/resendManageLink' && method === 'POST'
            ? { queued: true }
            : undefined;
      if (body === undefined) return Promise.reject(new TypeError(`un-mocked call: ${url.pathname}`));
      return Promise.resolve(
        new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }),
      );
    }),
  );
  return calls;
}

function renderSelected() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionKeys.session(CLIENT_ID), {
    user: { userId: '7', email: 'staff@example.com', displayName: 'Staff' },
    memberships: [],
    activeClient: { clientId: CLIENT_ID, name: 'Demo', slug: 'demo' },
    role: 'staff',
    permissions: permissionsOf('staff'),
    expiresAt: '2099-01-01T00:00:00.000Z',
    authMethod: 'cookie',
  });
  const router = createMemoryRouter(
    [
      {
        path: 'admin/:ClientId/:ruleId/*',
        element: <SelectedAppointment patientId="9" appointmentId="300" />,
      },
    ],
    { initialEntries: [`/admin/${CLIENT_ID}/2/patientdetails/9/300`] },
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

describe('the selected appointment on the patient page', () => {
  it('names the confirmation number the patient was given, for the front desk', async () => {
    mockApi(DETAILS);
    renderSelected();

    const label = await screen.findByText('Confirmation number');
    expect(label.tagName).toBe('DT');
    expect(label.nextElementSibling?.textContent).toBe(confirmationNumberOf('300'));
  });

  it("shows every time on the location's clock with its zone named, whatever the browser's zone", async () => {
    mockApi({
      ...DETAILS,
      statusHistory: [
        {
          fromStatus: null,
          toStatus: 'booked',
          toLabel: 'Confirmed',
          reason: null,
          changedBy: null,
          at: '2026-11-25T15:00:00.000Z',
        },
      ],
    });
    renderSelected();

    // The tests run in UTC; the appointment is in New York.
    expect(await screen.findByRole('heading', { name: 'Wed, Dec 2, 2026, 9:30 AM ET' })).toBeTruthy();
    const time = screen.getByText('Time');
    expect(time.nextElementSibling?.textContent).toBe('9:30 AM ET – 10:00 AM ET (America/New_York)');
    expect(screen.getByText('Booked').nextElementSibling?.textContent).toBe('Nov 25, 2026, 10:00 AM ET');
    const history = screen.getByRole('table', { name: 'Status history' });
    expect(within(history).getByText('Nov 25, 2026, 10:00 AM ET')).toBeTruthy();
  });

  it('offers Reschedule and Cancel appointment while the workflow allows them, opening the front desk dialogs', async () => {
    const user = userEvent.setup();
    mockApi({ ...DETAILS, allowedStatuses: ['cancelled'] });
    renderSelected();

    await user.click(await screen.findByRole('button', { name: 'Cancel appointment' }));
    expect(await screen.findByRole('dialog', { name: 'Cancel appointment' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Keep appointment' }));
    await vi.waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(screen.getByRole('button', { name: 'Reschedule' })).toBeTruthy();
    cleanup();

    // Arrived: neither moved nor cancelled any more.
    mockApi({
      ...DETAILS,
      appointment: { ...DETAILS.appointment, status: 'arrived', statusLabel: 'Arrived' },
      allowedStatuses: ['checked-in', 'fulfilled'],
    });
    renderSelected();
    expect(await screen.findByText('Confirmation number')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reschedule' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel appointment' })).toBeNull();
  });

  it('says what the patient did online: rescheduled from the old time, then cancelled with a reason', async () => {
    mockApi({
      ...DETAILS,
      appointment: { ...DETAILS.appointment, status: 'cancelled', statusLabel: 'Cancelled' },
      selfService: {
        cancelledBy: 'patient',
        cancelReason: 'feeling-better',
        cancelNote: 'Much better now',
        rescheduleCount: 1,
        rescheduledFromUtc: '2026-11-30T15:00:00.000Z',
      },
    });
    renderSelected();

    const rescheduled = await screen.findByText(/^Rescheduled by patient from /);
    expect(rescheduled.textContent).toBe('Rescheduled by patient from Mon, Nov 30, 2026, 10:00 AM ET');
    expect(screen.getByText('Cancelled by patient online: I am feeling better')).toBeTruthy();
    expect(screen.getByText('Much better now')).toBeTruthy();
    // A cancelled appointment gets no new link.
    expect(screen.queryByRole('button', { name: 'Resend manage link' })).toBeNull();
  });

  it('resends the manage link of an upcoming appointment', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      ...DETAILS,
      appointment: {
        ...DETAILS.appointment,
        startUtc: '2099-03-02T14:30:00.000Z',
        endUtc: '2099-03-02T15:00:00.000Z',
      },
    });
    renderSelected();

    expect(screen.queryByText(/by patient/)).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Resend manage link' }));
    expect(await screen.findByText(/A new manage link is on its way to the patient/)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/patient-management/resendManageLink',
        body: { clientId: CLIENT_ID, appointmentId: '300' },
      },
    ]);
  });
});
