// @vitest-environment jsdom
import { configureStore } from '@reduxjs/toolkit';
import type { GetAppointmentDetailsResponse } from '@scheduler/contract/patient-management/appointments';
import type { AppointmentStatus } from '@scheduler/domain/appointment-status';
import { permissionsOf, type Role } from '@scheduler/domain/roles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nWrapper } from '../../../i18n/test-support';
import { sessionKeys } from '../shared/api/session-api';
import { adminReducer } from '../state/admin-slice';
import { StatusActions } from './status-actions';

// A shared 2-core machine: a first render with Material UI can take over a second.
configure({ asyncUtilTimeout: 8000 });

const CLIENT_ID = '1';
const ZONE = 'America/Chicago';
/** Monday November 30, 2026, 9:00 AM in Chicago (15:00 UTC). */
const NOW = Date.parse('2026-11-30T15:00:00.000Z');
const TODAY_LATER = '2026-11-30T18:00:00.000Z'; // noon in Chicago
const TODAY_EARLIER = '2026-11-30T14:00:00.000Z'; // 8:00 AM in Chicago
const IN_THREE_DAYS = '2026-12-03T15:00:00.000Z';
/** 11:30 PM on the 29th in Chicago: the same UTC date as NOW, the day before at the practice. */
const LAST_NIGHT = '2026-11-30T05:30:00.000Z';

function detailsOf(
  status: AppointmentStatus,
  statusLabel: string,
  version = 3,
): GetAppointmentDetailsResponse {
  return {
    appointment: {
      appointmentId: '300',
      patientId: '9',
      startUtc: TODAY_LATER,
      endUtc: '2026-11-30T18:30:00.000Z',
      timeZone: ZONE,
      status,
      statusLabel,
      location: { locationId: '3', name: 'Loop' },
      provider: { providerId: '7', name: 'Dr. Emily Carter' },
      service: { appointmentTypeId: '4', name: 'Cleaning' },
      isNewPatient: false,
      channel: null,
      cancelReason: null,
      version,
      createdAt: '2026-11-25T15:00:00.000Z',
      schedulerId: null,
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
}

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/**
 * The network: getAppointmentDetails answers `current`; update_appointment_status answers the
 * appointment with the status asked for, or `refusal` (status and error body) when given.
 */
function mockApi(
  current: GetAppointmentDetailsResponse,
  refusal?: { status: number; body: unknown },
): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path: url.pathname, body });
      const json = (status: number, payload: unknown) =>
        Promise.resolve(
          new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } }),
        );
      if (url.pathname === '/api/patient-management/getAppointmentDetails') return json(200, current);
      if (url.pathname === '/api/patient-management/update_appointment_status' && method === 'POST') {
        if (refusal) return json(refusal.status, refusal.body);
        const to = (body as { status: AppointmentStatus }).status;
        return json(200, {
          ...current,
          appointment: { ...current.appointment, status: to, statusLabel: to, version: 4 },
        });
      }
      return Promise.reject(new TypeError(`un-mocked call: ${url.pathname}`));
    }),
  );
  return calls;
}

function renderActions(
  appointment: { status: AppointmentStatus; startUtc: string; version?: number },
  role: Role = 'staff',
) {
  const onChanged = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionKeys.session(CLIENT_ID), {
    user: { userId: '7', email: 'someone@example.com', displayName: 'Someone' },
    memberships: [],
    activeClient: { clientId: CLIENT_ID, name: 'Demo', slug: 'demo' },
    role,
    permissions: permissionsOf(role),
    expiresAt: '2099-01-01T00:00:00.000Z',
    authMethod: 'cookie',
  });
  render(
    <Provider store={configureStore({ reducer: { admin: adminReducer } })}>
      <QueryClientProvider client={queryClient}>
        <StatusActions
          clientId={CLIENT_ID}
          appointment={{ id: '300', timeZone: ZONE, ...appointment }}
          onChanged={onChanged}
        />
      </QueryClientProvider>
    </Provider>,
    { wrapper: I18nWrapper },
  );
  return { onChanged };
}

/** The labels of the buttons the status group offers (none: no group). */
function offered(): string[] {
  const group = screen.queryByRole('group');
  if (group === null) return [];
  return within(group)
    .getAllByRole('button')
    .map((button) => button.textContent);
}

beforeEach(() => {
  // Only Date is faked: timers stay real for React Query and user-event.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('StatusActions', () => {
  it('offers only cancel for an appointment three days away, and says why arrival is not offered', () => {
    mockApi(detailsOf('booked', 'Confirmed'));
    renderActions({ status: 'booked', startUtc: IN_THREE_DAYS });
    expect(offered()).toEqual(['Cancel appointment']);
    expect(
      screen.getByText(
        "Arrived can only be set on the appointment's day, December 3, 2026 (America/Chicago).",
      ),
    ).toBeTruthy();
    expect(
      screen.getByText("No-show can only be set once the appointment's start time has passed."),
    ).toBeTruthy();
  });

  it("offers arrival on the appointment's local day, and no-show once it has started", () => {
    mockApi(detailsOf('booked', 'Confirmed'));
    renderActions({ status: 'booked', startUtc: TODAY_LATER });
    expect(offered()).toEqual(['Mark arrived', 'Check in', 'Cancel appointment']);
    cleanup();
    renderActions({ status: 'booked', startUtc: TODAY_EARLIER });
    expect(offered()).toEqual(['Mark arrived', 'Check in', 'Mark no-show', 'Cancel appointment']);
    cleanup();
    // Yesterday in Chicago, although the same UTC date: too late to arrive.
    renderActions({ status: 'booked', startUtc: LAST_NIGHT });
    expect(offered()).toEqual(['Mark no-show', 'Cancel appointment']);
  });

  it('offers completion after arrival and never cancel; nothing after the end of the workflow', () => {
    mockApi(detailsOf('arrived', 'Arrived'));
    renderActions({ status: 'arrived', startUtc: TODAY_LATER });
    expect(offered()).toEqual(['Check in', 'Complete']);
    cleanup();
    renderActions({ status: 'checked-in', startUtc: TODAY_LATER });
    expect(offered()).toEqual(['Complete']);
    cleanup();
    renderActions({ status: 'fulfilled', startUtc: TODAY_EARLIER });
    expect(offered()).toEqual([]);
    expect(screen.getByText('No status change is possible for this appointment now.')).toBeTruthy();
  });

  it('offers entered in error to admins and owners only, and nothing to a viewer', () => {
    mockApi(detailsOf('pending', 'Pending'));
    renderActions({ status: 'pending', startUtc: IN_THREE_DAYS }, 'admin');
    expect(offered()).toEqual(['Confirm', 'Cancel appointment', 'Mark entered in error']);
    cleanup();
    renderActions({ status: 'pending', startUtc: IN_THREE_DAYS }, 'staff');
    expect(offered()).toEqual(['Confirm', 'Cancel appointment']);
    cleanup();
    renderActions({ status: 'pending', startUtc: IN_THREE_DAYS }, 'viewer');
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('marks arrived with the version it reads, then tells the screen', async () => {
    const user = userEvent.setup();
    const calls = mockApi(detailsOf('booked', 'Confirmed', 3));
    const { onChanged } = renderActions({ status: 'booked', startUtc: TODAY_LATER });
    await user.click(screen.getByRole('button', { name: 'Mark arrived' }));
    await vi.waitFor(() => {
      expect(onChanged).toHaveBeenCalledTimes(1);
    });
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/patient-management/getAppointmentDetails',
      'POST /api/patient-management/update_appointment_status',
    ]);
    expect(calls[1]?.body).toEqual({
      clientId: CLIENT_ID,
      appointmentId: '300',
      status: 'arrived',
      version: 3,
    });
  });

  it('asks for a reason when cancelling, and sends it', async () => {
    const user = userEvent.setup();
    const calls = mockApi(detailsOf('booked', 'Confirmed', 2));
    const { onChanged } = renderActions({ status: 'booked', startUtc: IN_THREE_DAYS, version: 2 });
    await user.click(screen.getByRole('button', { name: 'Cancel appointment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this appointment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
    expect(await within(dialog).findByText('Give a reason for the cancellation')).toBeTruthy();
    expect(calls).toEqual([]);
    await user.type(
      within(dialog).getByRole('textbox', { name: /Reason for cancellation/ }),
      'Patient called',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
    await vi.waitFor(() => {
      expect(onChanged).toHaveBeenCalledTimes(1);
    });
    // The version was given: no read first.
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/patient-management/update_appointment_status',
        body: {
          clientId: CLIENT_ID,
          appointmentId: '300',
          status: 'cancelled',
          version: 2,
          reason: 'Patient called',
        },
      },
    ]);
  });

  it("opens the screen's own cancel dialog when it has one, only while cancelling is allowed", async () => {
    const user = userEvent.setup();
    const calls = mockApi(detailsOf('booked', 'Confirmed'));
    const onCancel = vi.fn();
    const queryClient = new QueryClient();
    queryClient.setQueryData(sessionKeys.session(CLIENT_ID), {
      user: { userId: '7', email: 'someone@example.com', displayName: 'Someone' },
      memberships: [],
      activeClient: { clientId: CLIENT_ID, name: 'Demo', slug: 'demo' },
      role: 'staff',
      permissions: permissionsOf('staff'),
      expiresAt: '2099-01-01T00:00:00.000Z',
      authMethod: 'cookie',
    });
    const view = (status: AppointmentStatus) => (
      <Provider store={configureStore({ reducer: { admin: adminReducer } })}>
        <QueryClientProvider client={queryClient}>
          <StatusActions
            clientId={CLIENT_ID}
            appointment={{ id: '300', timeZone: ZONE, status, startUtc: TODAY_LATER }}
            onChanged={vi.fn()}
            onCancel={onCancel}
          />
        </QueryClientProvider>
      </Provider>
    );
    const { rerender } = render(view('booked'), { wrapper: I18nWrapper });
    await user.click(screen.getByRole('button', { name: 'Cancel appointment' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toEqual([]);
    rerender(view('arrived'));
    expect(offered()).toEqual(['Check in', 'Complete']);
  });

  it("shows the server's refusal, and refuses when the appointment moved on meanwhile", async () => {
    const user = userEvent.setup();
    mockApi(detailsOf('booked', 'Confirmed'), {
      status: 422,
      body: {
        error: {
          code: 'STATUS_CHANGE_NOT_ALLOWED',
          message: "Arrived can only be set on the appointment's day, November 30, 2026 (America/Chicago).",
        },
      },
    });
    renderActions({ status: 'booked', startUtc: TODAY_LATER });
    await user.click(screen.getByRole('button', { name: 'Mark arrived' }));
    expect(
      await screen.findByText(
        "Arrived can only be set on the appointment's day, November 30, 2026 (America/Chicago).",
      ),
    ).toBeTruthy();
    cleanup();

    const calls = mockApi(detailsOf('cancelled', 'Cancelled'));
    const { onChanged } = renderActions({ status: 'booked', startUtc: TODAY_LATER });
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(
      await screen.findByText(
        'This appointment was changed in the meantime: it is now Cancelled. Nothing was changed.',
      ),
    ).toBeTruthy();
    expect(calls.map((call) => call.method)).toEqual(['GET']);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });
});
