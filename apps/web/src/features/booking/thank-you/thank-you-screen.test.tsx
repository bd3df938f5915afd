// @vitest-environment jsdom
import type { BookAppointmentBodyInput, BookAppointmentResponse } from '@scheduler/contract/scheduler-api';
import { cleanup, configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookAppointment } from '../api/booking-calls';
import {
  ACME_CONFIG,
  byRoute,
  MIDTOWN,
  mockFetch,
  renderBooking,
  resetBookingTest,
  type ApiCall,
} from '../booking-test-harness';
import { ThankYouScreen } from './thank-you-screen';
import type { ThankYouState } from './thank-you-state';

// A shared 2-core machine: a first render with Material UI can take over a second.
configure({ asyncUtilTimeout: 8000 });

const PRIMARY = 'Your appointment has been scheduled!';
const SECONDARY = 'Call our office if you have any questions.';

/** The server's answer to PUT bookAppointment (appointment 12: 'K7M-4QXD' stands for any number). */
const ANSWER: BookAppointmentResponse = {
  appointmentId: '12',
  confirmationNumber: 'K7M-4QXD',
  status: 'booked',
  startUtc: '2030-03-05T14:30:00.000Z',
  endUtc: '2030-03-05T15:00:00.000Z',
  dateLocal: '2030-03-05',
  timeLocal: '09:30',
  timeZone: 'America/New_York',
  provider: { providerId: '7', name: 'Dr. Emily Carter', credentials: 'DDS' },
  location: MIDTOWN,
  service: { appointmentTypeId: '4', name: 'Emergency Dental Visit', durationMinutes: 30 },
  thankYou: { primary: PRIMARY, secondary: SECONDARY },
  manageUrl: null,
};

/** The spec's default primary message (thankYouScreen 1). */
const DEFAULT_PRIMARY =
  'Your appointment has been scheduled! If you need to reschedule, please contact us at least 48 hours in advance.';
const HOUR = 3_600_000;

/** The answer for an appointment starting `hours` from now. */
function startingIn(hours: number): Pick<BookAppointmentResponse, 'startUtc' | 'endUtc'> {
  const start = Date.now() + hours * HOUR;
  return { startUtc: new Date(start).toISOString(), endUtc: new Date(start + HOUR / 2).toISOString() };
}

/** The network: getConfig and bookAppointment answer; anything else is refused (and recorded). */
function mockApi(booking: unknown): ApiCall[] {
  return mockFetch(
    byRoute({
      'GET /api/scheduler/getConfig': { status: 200, body: ACME_CONFIG },
      'PUT /api/scheduler/bookAppointment': { status: 201, body: booking },
    }),
  );
}

/** What the identity step sends (the thank-you page only sees the answer). */
const REQUEST = {
  clientSlug: 'acme',
  schedulerSlug: 'main',
  locationId: '3',
  providerId: '7',
  appointmentTypeId: '4',
  startUtc: ANSWER.startUtc,
  isExistingPatient: false,
  insurance: null,
  sessionId: 'session-1',
  idempotencyKey: '0b9f3a52-3c1e-4a8e-9a57-2f8f0d3c1a11',
} as unknown as BookAppointmentBodyInput;

/** The thank-you step as the identity step opens it: the booking answer in the history state. */
function renderThankYou(state: unknown) {
  renderBooking(
    [
      { path: ':clientName/:scheduler/:location/thankyou', element: <ThankYouScreen /> },
      { path: ':clientName/:scheduler/:location/landing', element: <p>Landing</p> },
    ],
    { pathname: '/acme/main/all/thankyou', state },
  );
}

afterEach(resetBookingTest);

describe('the thank-you page', () => {
  it('shows the confirmation number of the booking answer, as text, and copies it', async () => {
    const user = userEvent.setup();
    const calls = mockApi(ANSWER);
    const booking = await bookAppointment(REQUEST);
    expect(booking.confirmationNumber).toBe('K7M-4QXD');
    const state: ThankYouState = { booking };
    renderThankYou(state);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you, your appointment is booked' }),
    ).toBeTruthy();
    // Read as one sentence (a screen reader reads it the same way), not only set apart by style.
    const line = screen.getByText(
      (_, element) => element?.tagName === 'P' && element.textContent === 'Confirmation number: K7M-4QXD',
    );
    expect(line).toBeTruthy();
    expect(screen.getByText(PRIMARY)).toBeTruthy();
    expect(screen.getByText(SECONDARY)).toBeTruthy();
    expect(screen.getByText('Dr. Emily Carter, DDS')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Copy confirmation number' }));
    expect(await navigator.clipboard.readText()).toBe('K7M-4QXD');
    expect(await screen.findByText('Confirmation number copied')).toBeTruthy();
    expect(screen.getByText('Confirmation number copied').getAttribute('role')).toBe('status');

    expect(
      calls.filter((call) => call.method === 'PUT').map(({ method, path }) => ({ method, path })),
    ).toEqual([{ method: 'PUT', path: '/api/scheduler/bookAppointment' }]);
  });

  it('refuses a booking answer without a well-formed confirmation number (the contract check)', async () => {
    mockApi({ ...ANSWER, confirmationNumber: 'not-a-number' });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(bookAppointment(REQUEST)).rejects.toBeTruthy();
  });

  it('shows the booking without a number when the kept state has none or a tampered one', async () => {
    mockApi(ANSWER);
    const { confirmationNumber: _dropped, ...older } = ANSWER;
    renderThankYou({ booking: older });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you, your appointment is booked' }),
    ).toBeTruthy();
    expect(screen.getByText('Emergency Dental Visit')).toBeTruthy();
    expect(screen.queryByText(/Confirmation number/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy confirmation number' })).toBeNull();
    cleanup();

    renderThankYou({ booking: { ...ANSWER, confirmationNumber: '<img src=x>' } });
    expect(await screen.findByText('Emergency Dental Visit')).toBeTruthy();
    expect(screen.queryByText(/Confirmation number/)).toBeNull();
  });

  it('says "booked" when the booking is booked, and "request received" with the office note when pending', async () => {
    mockApi(ANSWER);
    renderThankYou({ booking: ANSWER });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you, your appointment is booked' }),
    ).toBeTruthy();
    expect(screen.queryByText('The office will confirm your appointment shortly.')).toBeNull();
    cleanup();

    renderThankYou({ booking: { ...ANSWER, status: 'pending' } });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Thank you, your appointment request is received',
      }),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /is booked/ })).toBeNull();
    expect(screen.getByText('The office will confirm your appointment shortly.')).toBeTruthy();
    // The practice's message itself is unchanged.
    expect(screen.getByText(PRIMARY)).toBeTruthy();
  });

  it('shows the default 48-hour line only when the appointment is more than 48 hours away', async () => {
    mockApi(ANSWER);
    const withDefault = { ...ANSWER, thankYou: { primary: DEFAULT_PRIMARY, secondary: SECONDARY } };
    renderThankYou({ booking: { ...withDefault, ...startingIn(72) } });
    expect(await screen.findByText(DEFAULT_PRIMARY)).toBeTruthy();
    cleanup();

    renderThankYou({ booking: { ...withDefault, ...startingIn(20) } });
    expect(await screen.findByText('Your appointment has been scheduled!')).toBeTruthy();
    expect(screen.queryByText(/48 hours/)).toBeNull();
    cleanup();

    // A message the practice wrote is shown as written, whatever the time.
    const edited = 'See you soon! Please contact us at least 48 hours in advance to reschedule.';
    renderThankYou({
      booking: { ...ANSWER, ...startingIn(20), thankYou: { primary: edited, secondary: '' } },
    });
    expect(await screen.findByText(edited)).toBeTruthy();
  });

  it('names the masked e-mail and phone the details went to, and nothing when no message goes out', async () => {
    mockApi(ANSWER);
    renderThankYou({
      booking: { ...ANSWER, notifiedBy: { email: 'z…@example.com', sms: '(212) …-0147' } },
    });
    expect(await screen.findByText('We sent the details to z…@example.com and (212) …-0147.')).toBeTruthy();
    cleanup();

    renderThankYou({ booking: { ...ANSWER, notifiedBy: { email: 'z…@example.com' } } });
    expect(await screen.findByText('We sent the details to z…@example.com.')).toBeTruthy();
    cleanup();

    renderThankYou({ booking: { ...ANSWER, notifiedBy: {} } });
    expect(await screen.findByText('Emergency Dental Visit')).toBeTruthy();
    expect(screen.queryByText(/We sent the details/)).toBeNull();
  });

  it('links to the manage page when the answer has one (an http(s) URL only)', async () => {
    mockApi(ANSWER);
    const manageUrl = 'http://localhost/acme/main/manage/tok_abc123';
    renderThankYou({ booking: { ...ANSWER, manageUrl } });
    const link = await screen.findByRole('link', { name: 'Manage your appointment' });
    expect(link.getAttribute('href')).toBe(manageUrl);
    cleanup();

    renderThankYou({ booking: { ...ANSWER, manageUrl: 'javascript:alert(1)' } });
    expect(await screen.findByText('Emergency Dental Visit')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Manage your appointment' })).toBeNull();
    cleanup();

    renderThankYou({ booking: ANSWER });
    expect(await screen.findByText('Emergency Dental Visit')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Manage your appointment' })).toBeNull();
  });
});
