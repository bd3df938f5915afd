// @vitest-environment jsdom
import type { ManageAppointmentResponse } from '@scheduler/contract/manage';
import { MANAGE_LINK_INVALID_MESSAGE } from '@scheduler/contract/manage';
import type { GetProvidersResponse } from '@scheduler/contract/scheduler-api';
import { cleanup, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MIDTOWN,
  mockFetch,
  renderBooking,
  resetBookingTest,
  withConfig,
  type Answer,
  type ApiCall,
} from '../booking-test-harness';
import { ManageScreen } from './manage-screen';

// A shared 2-core machine: a first render with Material UI can take over a second.
configure({ asyncUtilTimeout: 8000 });

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
const OFFICE_PHONE = '2125550100';
const SLOT_TAKEN_TEXT =
  'The appointment slot you have selected is no longer available. Please call our office (212) 555-0100 or click the button below to select a new appointment time';

const allowed = (cutoffHours: number, deadlineUtc: string) => ({
  allowed: true,
  reason: null,
  message: null,
  cutoffHours,
  deadlineUtc,
});

const APPOINTMENT: ManageAppointmentResponse = {
  clientName: 'acme',
  scheduler: 'main',
  confirmationNumber: 'K7M-4QXD',
  status: 'booked',
  patientFirstName: 'Ana',
  isExistingPatient: true,
  startUtc: '2030-03-05T14:30:00.000Z',
  endUtc: '2030-03-05T15:00:00.000Z',
  dateLocal: 'March 5, 2030',
  timeLocal: '09:30 AM',
  timeZone: 'America/New_York',
  provider: { providerId: '7', name: 'Dr. Emily Carter', credentials: 'DDS' },
  location: MIDTOWN,
  service: { appointmentTypeId: '4', name: 'Emergency Dental Visit', durationMinutes: 30 },
  officePhone: OFFICE_PHONE,
  cancel: allowed(24, '2030-03-04T14:30:00.000Z'),
  reschedule: { ...allowed(24, '2030-03-04T14:30:00.000Z'), limit: 2, used: 0, anyProvider: false },
  rescheduledFromUtc: null,
};

/** 2030-03-07 10:00 in New York (EST, before the DST change of March 10). */
const NEW_START = '2030-03-07T15:00:00.000Z';

function providersAnswer(
  slots: { startUtc: string; dateLocal: string; timeLocal: string }[],
): GetProvidersResponse {
  return {
    window: {
      earliest: '2030-03-04T00:00:00.000Z',
      latestDate: '2030-03-20',
      latestExclusive: '2030-03-21T04:00:00.000Z',
    },
    availableDates: ['2030-03-07', '2030-03-08'],
    providers: [
      {
        providerId: '7',
        name: 'Dr. Emily Carter',
        firstName: 'Emily',
        lastName: 'Carter',
        credentials: 'DDS',
        gender: 'F',
        bio: null,
        photoUrl: null,
        acceptingNewPatients: true,
        distanceMiles: null,
        locationIds: ['3'],
        nextAvailable: null,
        slots: slots.map((slot) => ({ ...slot, locationId: '3' })),
        noCapacity: false,
        message: null,
        waitlistAllowed: false,
      },
    ],
    timeGroups: [],
    groupBy: 'provider',
    locations: [{ locationId: '3', noCapacity: false, message: null, waitlistAllowed: false }],
  };
}

type Call = ApiCall;
type Handler = (call: Call) => Answer | undefined;

/** The network: getConfig always answers; `handler` answers the rest (anything else is refused). */
const mockApi = (handler: Handler): Call[] => mockFetch(withConfig(handler));

function renderManage(token = TOKEN) {
  renderBooking(
    [
      { path: ':clientName/:scheduler/manage/:token', element: <ManageScreen /> },
      { path: ':clientName/:scheduler/:location/landing', element: <p>Landing</p> },
    ],
    `/acme/main/manage/${token}`,
  );
}

/** axe-core's rules on the page as rendered (contrast needs a layout engine: the e2e run checks it). */
async function axeViolations(): Promise<string[]> {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((violation) => `${violation.id}: ${violation.help}`);
}

const changes = (calls: Call[]) => calls.filter((call) => call.method !== 'GET');

afterEach(resetBookingTest);

describe('the manage page', () => {
  it('shows the appointment (zone named, map, phone, number) and changes nothing when opened', async () => {
    const calls = mockApi((call) =>
      call.method === 'GET' && call.path === '/api/scheduler/manage'
        ? { status: 200, body: APPOINTMENT }
        : undefined,
    );
    renderManage();

    const heading = await screen.findByRole('heading', { level: 1, name: 'Your appointment, Ana' });
    expect(heading).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Emergency Dental Visit' })).toBeTruthy();
    expect(screen.getByText('Tuesday, March 5, 2030')).toBeTruthy();
    expect(screen.getByText(/^9:30 AM ET/)).toBeTruthy();
    expect(screen.getByText('Dr. Emily Carter, DDS')).toBeTruthy();
    expect(screen.getByText('350 Fifth Avenue, New York, NY 10118')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Open in Google Maps/ }).getAttribute('href')).toContain(
      'google.com/maps',
    );
    expect(screen.getByRole('link', { name: '(212) 555-0142' }).getAttribute('href')).toBe(
      'tel:+12125550142',
    );
    expect(screen.getByText('K7M-4QXD')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reschedule' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel appointment' })).toBeTruthy();
    expect(await axeViolations()).toEqual([]);

    // Only reads; the token went in the header, never in the API address.
    expect(changes(calls)).toEqual([]);
    const read = calls.find((call) => call.path === '/api/scheduler/manage');
    expect(read?.token).toBe(TOKEN);
    expect(calls.every((call) => !call.path.includes(TOKEN) && !call.search.toString().includes(TOKEN))).toBe(
      true,
    );
  });

  it('cancels only after a reason is chosen and the cancellation confirmed', async () => {
    const user = userEvent.setup();
    const calls = mockApi((call) => {
      if (call.method === 'GET' && call.path === '/api/scheduler/manage')
        return { status: 200, body: APPOINTMENT };
      if (call.method === 'POST' && call.path === '/api/scheduler/manage/cancel')
        return {
          status: 200,
          body: {
            status: 'cancelled',
            confirmationNumber: 'K7M-4QXD',
            startUtc: APPOINTMENT.startUtc,
            timeZone: APPOINTMENT.timeZone,
            clientName: 'acme',
            scheduler: 'main',
            officePhone: OFFICE_PHONE,
          },
        };
      return undefined;
    });
    renderManage();

    await user.click(await screen.findByRole('button', { name: 'Cancel appointment' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Cancel this appointment' })).toBeTruthy();
    expect(screen.getByText(/until 24 hours before/)).toBeTruthy();

    // No reason: nothing is sent, the group says why and takes the focus.
    await user.click(screen.getByRole('button', { name: 'Confirm cancellation' }));
    expect(await screen.findByText('Choose a reason')).toBeTruthy();
    expect(changes(calls)).toEqual([]);
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'I have a schedule conflict' }));
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('radio', { name: 'I am feeling better' }));
    await user.type(
      screen.getByRole('textbox', { name: /Anything you would like to tell us/ }),
      ' Much better ',
    );
    await user.click(screen.getByRole('button', { name: 'Confirm cancellation' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your appointment is cancelled' }),
    ).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Tuesday, March 5, 2030 at 9:30 AM ET');
    expect(screen.getByRole('link', { name: 'Book a new appointment' }).getAttribute('href')).toBe(
      '/acme/main/all/landing',
    );
    const posts = changes(calls);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      path: '/api/scheduler/manage/cancel',
      token: TOKEN,
      body: { reason: 'feeling-better', note: 'Much better' },
    });
  });

  it('past the cut-off offers no cancel button: it says why and shows the phone', async () => {
    const message =
      'Online cancellation closes 24 hours before the appointment. Please call our office (212) 555-0100 to cancel.';
    const calls = mockApi((call) =>
      call.method === 'GET' && call.path === '/api/scheduler/manage'
        ? {
            status: 200,
            body: {
              ...APPOINTMENT,
              cancel: { ...APPOINTMENT.cancel, allowed: false, reason: 'cutoff-passed', message },
              reschedule: {
                ...APPOINTMENT.reschedule,
                allowed: false,
                reason: 'cutoff-passed',
                message:
                  'Online rescheduling closes 24 hours before the appointment. Please call our office (212) 555-0100 to change it.',
              },
            },
          }
        : undefined,
    );
    renderManage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Your appointment, Ana' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel appointment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reschedule' })).toBeNull();
    const alerts = screen.getAllByRole('alert');
    const cancelAlert = alerts.find((alert) => alert.textContent?.includes('Online cancellation closes'));
    expect(cancelAlert?.textContent).toContain(message);
    const phone = within(cancelAlert as HTMLElement).getByRole('link', { name: '(212) 555-0100' });
    expect(phone.getAttribute('href')).toBe('tel:+12125550100');
    expect(changes(calls)).toEqual([]);
  });

  it('reschedules to a time of the slot search for the same service, location and provider', async () => {
    const user = userEvent.setup();
    const moved: ManageAppointmentResponse = {
      ...APPOINTMENT,
      startUtc: NEW_START,
      endUtc: '2030-03-07T15:30:00.000Z',
      reschedule: { ...APPOINTMENT.reschedule, used: 1 },
      rescheduledFromUtc: APPOINTMENT.startUtc,
    };
    const calls = mockApi((call) => {
      if (call.method === 'GET' && call.path === '/api/scheduler/manage')
        return { status: 200, body: APPOINTMENT };
      if (call.method === 'GET' && call.path === '/api/scheduler/getProviders')
        return {
          status: 200,
          body: providersAnswer(
            call.search.get('fromDate') === '2030-03-07'
              ? [
                  { startUtc: NEW_START, dateLocal: '2030-03-07', timeLocal: '10:00' },
                  { startUtc: '2030-03-07T16:00:00.000Z', dateLocal: '2030-03-07', timeLocal: '11:00' },
                ]
              : [],
          ),
        };
      if (call.method === 'POST' && call.path === '/api/scheduler/manage/reschedule')
        return { status: 200, body: moved };
      return undefined;
    });
    renderManage();

    await user.click(await screen.findByRole('button', { name: 'Reschedule' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Choose a new time' })).toBeTruthy();
    expect(await screen.findByRole('combobox', { name: 'Day' })).toBeTruthy();
    await user.click(await screen.findByRole('radio', { name: '10:00 AM ET' }));
    await user.click(screen.getByRole('button', { name: 'Confirm new time' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your appointment has been moved' }),
    ).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Thursday, March 7, 2030 at 10:00 AM ET');
    expect(screen.getByText('Tuesday, March 5, 2030 at 9:30 AM ET')).toBeTruthy(); // "Moved from"

    const searches = calls.filter((call) => call.path === '/api/scheduler/getProviders');
    expect(searches.length).toBeGreaterThan(0);
    for (const search of searches) {
      expect(search.search.get('appointmentTypeId')).toBe('4');
      expect(search.search.get('locationId')).toBe('3');
      expect(search.search.get('providerId')).toBe('7');
    }
    expect(changes(calls)).toEqual([
      expect.objectContaining({
        path: '/api/scheduler/manage/reschedule',
        token: TOKEN,
        body: { startUtc: NEW_START, providerId: null },
      }),
    ]);
  });

  it('keeps the old time and shows the slot-taken message when the new time was taken meanwhile', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const calls = mockApi((call) => {
      if (call.method === 'GET' && call.path === '/api/scheduler/manage')
        return { status: 200, body: APPOINTMENT };
      if (call.method === 'GET' && call.path === '/api/scheduler/getProviders')
        return {
          status: 200,
          body: providersAnswer([{ startUtc: NEW_START, dateLocal: '2030-03-07', timeLocal: '10:00' }]),
        };
      if (call.method === 'POST' && call.path === '/api/scheduler/manage/reschedule')
        return {
          status: 409,
          body: {
            error: {
              code: 'SLOT_TAKEN',
              message:
                'The appointment slot you have selected is no longer available. Please call our office or click the button below to select a new appointment time',
            },
          },
        };
      return undefined;
    });
    renderManage();

    await user.click(await screen.findByRole('button', { name: 'Reschedule' }));
    await user.click(await screen.findByRole('radio', { name: '10:00 AM ET' }));
    await user.click(screen.getByRole('button', { name: 'Confirm new time' }));

    // Spec section 8, word for word, with the office phone as a link (and announced: role alert).
    const slotTaken = (_: string, element: Element | null) =>
      element?.tagName === 'P' && element.textContent === SLOT_TAKEN_TEXT;
    const message = await screen.findByText(slotTaken);
    expect(message.closest('[role="alert"]')).toBeTruthy();
    expect(within(message).getByRole('link', { name: '(212) 555-0100' })).toBeTruthy();
    // The appointment is unchanged on the page.
    expect(screen.getByRole('heading', { level: 1, name: 'Your appointment, Ana' })).toBeTruthy();
    expect(screen.getByText('Tuesday, March 5, 2030')).toBeTruthy();
    expect(screen.queryByText('Moved from')).toBeNull();
    const searchesBefore = calls.filter((call) => call.path === '/api/scheduler/getProviders').length;
    await user.click(screen.getByRole('button', { name: 'Choose a new time' }));
    expect(screen.queryByText(slotTaken)).toBeNull();
    await vi.waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/scheduler/getProviders').length).toBeGreaterThan(
        searchesBefore,
      ),
    );
    expect(changes(calls)).toHaveLength(1);
  });

  it('a wrong or expired link says so plainly, with the booking page and the phone', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const calls = mockApi((call) =>
      call.path === '/api/scheduler/manage'
        ? {
            status: 404,
            body: { error: { code: 'MANAGE_LINK_INVALID', message: MANAGE_LINK_INVALID_MESSAGE } },
          }
        : undefined,
    );
    renderManage();

    expect(await screen.findByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeTruthy();
    expect(screen.getByText(MANAGE_LINK_INVALID_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the booking page' }).getAttribute('href')).toBe(
      '/acme/main/all/landing',
    );
    expect((await screen.findByRole('link', { name: '(212) 555-0100' })).getAttribute('href')).toBe(
      'tel:+12125550100',
    );
    expect(screen.queryByText(/Emergency Dental Visit|K7M-4QXD/)).toBeNull();
    expect(changes(calls)).toEqual([]);
    cleanup();

    // A malformed token is not even sent.
    const second = mockApi(() => undefined);
    renderManage('not-a-token');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeTruthy();
    expect(second.filter((call) => call.path.startsWith('/api/scheduler/manage'))).toEqual([]);
  });
});
