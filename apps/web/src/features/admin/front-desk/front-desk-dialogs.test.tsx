// @vitest-environment jsdom
import type { FreeTimesResponse, FrontDeskAppointment } from '@scheduler/contract/admin/front-desk';
import type { GetFiltersResponse } from '@scheduler/contract/patient-management/patients';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nWrapper } from '../../../i18n/test-support';
import { CLIENT_ID, mockApi, validationError, type Call } from '../shared/test-harness';
import { CancelAppointmentDialog } from './cancel-dialog';
import { useMoveAppointment } from './front-desk-api';
import { NewAppointmentDialog } from './new-appointment-dialog';
import { RescheduleDialog } from './reschedule-dialog';

const FILTERS: GetFiltersResponse = {
  locations: [{ locationId: '5', name: 'Lakeview', timeZone: 'America/Chicago' }],
  providers: [
    { providerId: '8', name: 'Dr. Emily Carter' },
    { providerId: '9', name: 'Dr. Sam Ortiz' },
  ],
  services: [{ appointmentTypeId: '3', name: 'Cleaning' }],
  statuses: [],
  defaultTimeZone: 'America/Chicago',
};

/* 2026-12-01 at Lakeview (Chicago, UTC−6): 8:00 and 9:00 AM with Carter; 8:30 AM with Ortiz needs a reason. */
const TIMES: FreeTimesResponse = {
  date: '2026-12-01',
  timeZone: 'America/Chicago',
  location: { locationId: '5', name: 'Lakeview' },
  providers: [
    {
      providerId: '8',
      name: 'Dr. Emily Carter',
      onlineBookable: true,
      times: [
        {
          startUtc: '2026-12-01T14:00:00.000Z',
          endUtc: '2026-12-01T15:00:00.000Z',
          timeLocal: '08:00',
          overrides: [],
        },
        {
          startUtc: '2026-12-01T15:00:00.000Z',
          endUtc: '2026-12-01T16:00:00.000Z',
          timeLocal: '09:00',
          overrides: [],
        },
      ],
    },
    {
      providerId: '9',
      name: 'Dr. Sam Ortiz',
      onlineBookable: false,
      times: [
        {
          startUtc: '2026-12-01T14:30:00.000Z',
          endUtc: '2026-12-01T15:30:00.000Z',
          timeLocal: '08:30',
          overrides: ['minimum-notice'],
        },
      ],
    },
  ],
};

const APPOINTMENT: FrontDeskAppointment = {
  appointmentId: '300',
  confirmationNumber: 'K7M-4QXD',
  status: 'booked',
  startUtc: '2026-12-01T16:00:00.000Z',
  endUtc: '2026-12-01T17:00:00.000Z',
  timeZone: 'America/Chicago',
  patient: { patientId: '77', name: 'Zoë O’Brien' },
  provider: { providerId: '8', name: 'Dr. Emily Carter' },
  location: { locationId: '5', name: 'Lakeview' },
  service: { appointmentTypeId: '3', name: 'Cleaning' },
};

const PATIENTS = {
  items: [
    {
      patientId: '77',
      firstName: 'Zoë',
      lastName: 'O’Brien',
      dateOfBirth: '1980-02-03',
      gender: null,
      phone: '5550101234',
      email: 'zoe@example.org',
      createdAt: '2026-01-01T00:00:00.000Z',
      appointmentCount: 1,
      lastAppointmentUtc: null,
      nextAppointmentUtc: null,
    },
  ],
  page: 1,
  pageSize: 10,
  total: 1,
};

const BOOKING = {
  ...APPOINTMENT,
  appointmentId: '301',
  startUtc: '2026-12-01T14:00:00.000Z',
  channel: 'front-desk',
  newPatient: false,
  overrides: [],
};

const BASE = '/api/scheduler/admin/front-desk';
const COMMON = {
  'GET /api/patient-management/get_filters': { body: FILTERS },
  [`GET ${BASE}/free-times`]: { body: TIMES },
  'GET /api/scheduler/getPatients': { body: PATIENTS },
  [`GET ${BASE}/appointment`]: { body: APPOINTMENT },
  [`GET ${BASE}/message-language`]: { body: { language: 'en', source: 'practice' } },
};

function renderWithQuery(element: ReactElement) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(<QueryClientProvider client={queryClient}>{element}</QueryClientProvider>, {
    wrapper: I18nWrapper,
  });
}

const posts = (calls: Call[], path: string) =>
  calls.filter((c) => c.method === 'POST' && c.path === `${BASE}/${path}`);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function toTimeStepWithPatientOnFile(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Find the patient' }), 'zoe');
  await user.click(await screen.findByRole('button', { name: /Zoë O’Brien/ }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  // Focus follows the step: its heading, for keyboard and screen-reader users.
  const heading = await screen.findByText('Step 2 of 4: Time');
  await waitFor(() => expect(document.activeElement).toBe(heading));
}

describe('NewAppointmentDialog', () => {
  it('books a patient on file: search, a free time on the location’s clock, insurance skipped, review, Book', async () => {
    const { calls } = mockApi({ ...COMMON, [`POST ${BASE}/book`]: { status: 201, body: BOOKING } });
    const onBooked = vi.fn();
    const user = userEvent.setup();
    renderWithQuery(
      <NewAppointmentDialog open clientId={CLIENT_ID} onClose={vi.fn()} onBooked={onBooked} locationId="5" />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'New appointment' });
    // Focus moves into the dialog: the search box of the first step.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Find the patient' })),
    );
    await toTimeStepWithPatientOnFile(user);
    // Times are Chicago's, with the zone named, whatever the browser's zone.
    await user.click(await screen.findByRole('button', { name: '8:00 AM CT with Dr. Emily Carter' }));
    expect(
      screen.getByRole('button', { name: '8:00 AM CT with Dr. Emily Carter' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(screen.getByText(/Dr. Sam Ortiz \(not bookable online\)/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: 'No insurance given' }).checked).toBe(
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(/Tue, Dec 1, 2026, 8:00 AM CT/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Reason for booking/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(onBooked).toHaveBeenCalledWith('301'));
    const [book] = posts(calls, 'book');
    expect(book?.body).toMatchObject({
      clientId: CLIENT_ID,
      patient: { patientId: '77' },
      appointmentTypeId: '3',
      providerId: '8',
      locationId: '5',
      startUtc: '2026-12-01T14:00:00.000Z',
      insurance: null,
    });
    expect(book?.body).not.toHaveProperty('overrideReason');
    const search = calls.filter((c) => c.path === '/api/scheduler/getPatients').at(-1);
    expect(search?.query.get('search')).toBe('zoe');
  });

  it('sends the "Messages in" language: the patient’s last one by default, changed from the keyboard', async () => {
    const { calls } = mockApi({
      ...COMMON,
      [`GET ${BASE}/message-language`]: (call) =>
        call.query.get('patientId') === '77'
          ? { body: { language: 'es', source: 'patient' } }
          : { body: { language: 'en', source: 'practice' } },
      [`POST ${BASE}/book`]: { status: 201, body: BOOKING },
    });
    const onBooked = vi.fn();
    const user = userEvent.setup();
    renderWithQuery(
      <NewAppointmentDialog open clientId={CLIENT_ID} onClose={vi.fn()} onBooked={onBooked} locationId="5" />,
    );
    await screen.findByText('Step 1 of 4: Patient');
    await toTimeStepWithPatientOnFile(user);
    await user.click(await screen.findByRole('button', { name: '8:00 AM CT with Dr. Emily Carter' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const heading = await screen.findByText('Step 4 of 4: Review');
    await waitFor(() => expect(document.activeElement).toBe(heading));

    // A labelled group of two radios, each language named in itself; the patient's last language chosen.
    const group = screen.getByRole('radiogroup', { name: 'Messages in' });
    const english = within(group).getByRole<HTMLInputElement>('radio', { name: 'English' });
    const spanish = within(group).getByRole<HTMLInputElement>('radio', { name: 'Español' });
    await waitFor(() => expect(spanish.checked).toBe(true));
    expect(english.checked).toBe(false);
    expect(spanish.closest('label')?.getAttribute('lang')).toBe('es');
    expect(group.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText("The language of the patient's last booking.")).toBeTruthy();
    const lookup = calls.find((c) => c.path === `${BASE}/message-language`);
    expect(lookup?.query.get('patientId')).toBe('77');

    // Keyboard: Tab from the step's heading reaches the chosen language; the arrow keys change it.
    // (user-event walks a radio group with CSS.escape, which jsdom lacks.)
    vi.stubGlobal('CSS', { escape: (value: string) => value.replace(/["\\]/g, '\\$&') });
    await user.tab();
    expect(document.activeElement).toBe(spanish);
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(english.checked).toBe(true));
    expect(spanish.checked).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(onBooked).toHaveBeenCalledWith('301'));
    expect(posts(calls, 'book')[0]?.body).toMatchObject({ patient: { patientId: '77' }, language: 'en' });
  });

  it('offers the practice’s default language for a new patient and sends it as shown', async () => {
    const { calls } = mockApi({
      ...COMMON,
      [`GET ${BASE}/message-language`]: { body: { language: 'es', source: 'practice' } },
      [`POST ${BASE}/book`]: { status: 201, body: { ...BOOKING, newPatient: true } },
    });
    const onBooked = vi.fn();
    const user = userEvent.setup();
    renderWithQuery(
      <NewAppointmentDialog open clientId={CLIENT_ID} onClose={vi.fn()} onBooked={onBooked} locationId="5" />,
    );
    await screen.findByText('Step 1 of 4: Patient');
    await user.click(screen.getByRole('radio', { name: 'New patient' }));
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Lucía');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Ramos');
    await user.type(screen.getByLabelText(/Date of birth/), '1990-05-06');
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '(312) 555-0100');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'lucia@example.org');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: '8:00 AM CT with Dr. Emily Carter' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const dialog = await screen.findByRole('dialog', { name: 'New appointment' });
    const group = await within(dialog).findByRole('radiogroup', { name: 'Messages in' });
    await waitFor(() =>
      expect(within(group).getByRole<HTMLInputElement>('radio', { name: 'Español' }).checked).toBe(true),
    );
    expect(screen.getByText("The practice's default language.")).toBeTruthy();
    expect(calls.find((c) => c.path === `${BASE}/message-language`)?.query.has('patientId')).toBe(false);
    const result = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((violation) => violation.id)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(onBooked).toHaveBeenCalled());
    expect(posts(calls, 'book')[0]?.body).toMatchObject({ language: 'es' });
  });

  it('checks a new patient with the public identity rules before going on', async () => {
    mockApi(COMMON);
    const user = userEvent.setup();
    renderWithQuery(<NewAppointmentDialog open clientId={CLIENT_ID} onClose={vi.fn()} onBooked={vi.fn()} />);
    await screen.findByText('Step 1 of 4: Patient');
    await user.click(screen.getByRole('radio', { name: 'New patient' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(/^Enter your first name/)).toBeTruthy();
    expect(screen.getByText('Step 1 of 4: Patient')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Dana');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Lee');
    await user.type(screen.getByLabelText(/Date of birth/), '1990-05-06');
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '(312) 555-0100');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Step 1 of 4: Patient')).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: 'E-mail' }));
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'dana@example.org');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Step 2 of 4: Time')).toBeTruthy();
  });

  it('asks for a reason for a time sooner than the minimum notice, and sends it', async () => {
    const { calls } = mockApi({
      ...COMMON,
      [`POST ${BASE}/book`]: { status: 201, body: { ...BOOKING, overrides: ['minimum-notice'] } },
    });
    const onBooked = vi.fn();
    const user = userEvent.setup();
    renderWithQuery(
      <NewAppointmentDialog open clientId={CLIENT_ID} onClose={vi.fn()} onBooked={onBooked} locationId="5" />,
    );
    await screen.findByText('Step 1 of 4: Patient');
    await toTimeStepWithPatientOnFile(user);
    await user.click(
      await screen.findByRole('button', { name: /8:30 AM CT with Dr. Sam Ortiz, needs a reason/ }),
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Book' }));
    expect(await screen.findByText(/^Give the reason for booking this time/)).toBeTruthy();
    expect(posts(calls, 'book')).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: /Reason for booking this time/ }), 'Severe pain');
    await user.click(screen.getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(onBooked).toHaveBeenCalled());
    expect(posts(calls, 'book')[0]?.body).toMatchObject({ providerId: '9', overrideReason: 'Severe pain' });
  });

  it('opens on a clicked free time with it chosen, and shows a refusal from the server', async () => {
    mockApi({
      ...COMMON,
      [`POST ${BASE}/book`]: {
        status: 409,
        body: {
          error: {
            code: 'CONFLICT',
            message: 'The provider is on time off at that time. Choose another time.',
            details: { reason: 'time-off' },
          },
        },
      },
    });
    const user = userEvent.setup();
    renderWithQuery(
      <NewAppointmentDialog
        open
        clientId={CLIENT_ID}
        onClose={vi.fn()}
        onBooked={vi.fn()}
        locationId="5"
        providerId="8"
        start={new Date('2026-12-01T15:00:00.000Z')}
        patientId="77"
      />,
    );
    await screen.findByText('Step 1 of 4: Patient');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const clicked = await screen.findByRole('button', { name: '9:00 AM CT with Dr. Emily Carter' });
    expect(clicked.getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Book' }));
    expect((await screen.findByRole('alert')).textContent).toContain('on time off');
  });

  it('pre-fills the first service the clicked provider has free at the clicked time', async () => {
    const twoServices = {
      ...FILTERS,
      services: [...FILTERS.services, { appointmentTypeId: '4', name: 'Emergency Dental Visit' }],
    };
    const onlyEight = { ...TIMES, providers: TIMES.providers.slice(0, 1) };
    mockApi({
      ...COMMON,
      'GET /api/patient-management/get_filters': { body: twoServices },
      [`GET ${BASE}/free-times`]: (call) =>
        call.query.get('appointmentTypeId') === '4'
          ? { body: onlyEight }
          : { body: { ...onlyEight, providers: [{ ...onlyEight.providers[0]!, times: [] }] } },
    });
    const user = userEvent.setup();
    renderWithQuery(
      <NewAppointmentDialog
        open
        clientId={CLIENT_ID}
        onClose={vi.fn()}
        onBooked={vi.fn()}
        locationId="5"
        providerId="8"
        start={new Date('2026-12-01T15:00:00.000Z')}
        patientId="77"
      />,
    );
    await screen.findByText('Step 1 of 4: Patient');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Service' }).textContent).toBe('Emergency Dental Visit'),
    );
    const clicked = await screen.findByRole('button', { name: '9:00 AM CT with Dr. Emily Carter' });
    expect(clicked.getAttribute('aria-pressed')).toBe('true');
  });

  it('has no axe violations on its first step', async () => {
    mockApi(COMMON);
    renderWithQuery(<NewAppointmentDialog open clientId={CLIENT_ID} onClose={vi.fn()} onBooked={vi.fn()} />);
    const dialog = await screen.findByRole('dialog');
    await screen.findByText('Step 1 of 4: Patient');
    const result = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((violation) => violation.id)).toEqual([]);
  });
});

describe('RescheduleDialog', () => {
  it('shows the appointment on its location’s clock and moves it to a chosen time', async () => {
    const { calls } = mockApi({
      ...COMMON,
      [`POST ${BASE}/reschedule`]: { body: { appointment: APPOINTMENT, overrides: [] } },
    });
    const onDone = vi.fn();
    const user = userEvent.setup();
    renderWithQuery(
      <RescheduleDialog open clientId={CLIENT_ID} appointmentId="300" onClose={vi.fn()} onDone={onDone} />,
    );
    expect(await screen.findByText(/Tue, Dec 1, 2026, 10:00 AM CT/)).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: '9:00 AM CT with Dr. Emily Carter' }));
    await user.click(screen.getByRole('button', { name: 'Move appointment' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(posts(calls, 'reschedule')[0]?.body).toMatchObject({
      appointmentId: '300',
      providerId: '8',
      locationId: '5',
      startUtc: '2026-12-01T15:00:00.000Z',
    });
    const freeTimes = calls.find((c) => c.path === `${BASE}/free-times`);
    expect(freeTimes?.query.get('appointmentId')).toBe('300');
  });
});

describe('CancelAppointmentDialog', () => {
  it('needs a reason, then cancels', async () => {
    const { calls } = mockApi({
      ...COMMON,
      [`POST ${BASE}/cancel`]: {
        body: { appointment: { ...APPOINTMENT, status: 'cancelled' }, overrides: [] },
      },
    });
    const onDone = vi.fn();
    const user = userEvent.setup();
    renderWithQuery(
      <CancelAppointmentDialog
        open
        clientId={CLIENT_ID}
        appointmentId="300"
        onClose={vi.fn()}
        onDone={onDone}
      />,
    );
    await screen.findByText(/Confirmation number K7M-4QXD/);
    await user.click(screen.getByRole('button', { name: 'Cancel appointment' }));
    expect(await screen.findByText(/^Give a reason for cancelling the appointment/)).toBeTruthy();
    expect(posts(calls, 'cancel')).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: /Reason for cancelling/ }), 'Patient is ill');
    await user.click(screen.getByRole('button', { name: 'Cancel appointment' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(posts(calls, 'cancel')[0]?.body).toMatchObject({ appointmentId: '300', reason: 'Patient is ill' });
  });
});

function MoveHarness({ onMoved }: { onMoved: (result: unknown) => void }) {
  const move = useMoveAppointment(CLIENT_ID);
  return (
    <>
      <button
        type="button"
        onClick={() =>
          void move
            .mutateAsync({
              appointmentId: '300',
              providerId: '8',
              locationId: '5',
              startUtc: '2026-11-26T15:00:00.000Z',
            })
            .then(onMoved, onMoved)
        }
      >
        Drop
      </button>
      {move.prompt}
    </>
  );
}

describe('useMoveAppointment', () => {
  it('asks for an override reason when the server needs one, then moves with it', async () => {
    const { calls } = mockApi({
      [`POST ${BASE}/reschedule`]: (call) =>
        (call.body as { overrideReason?: string }).overrideReason
          ? { body: { appointment: APPOINTMENT, overrides: ['minimum-notice'] } }
          : validationError([{ path: 'overrideReason', message: 'Give a reason to book it anyway.' }]),
    });
    const onMoved = vi.fn();
    const user = userEvent.setup();
    renderWithQuery(<MoveHarness onMoved={onMoved} />);
    await user.click(screen.getByRole('button', { name: 'Drop' }));
    const prompt = await screen.findByRole('dialog', { name: 'Give a reason to book this time' });
    await user.click(within(prompt).getByRole('button', { name: 'Move anyway' }));
    expect(await within(prompt).findByText(/^Give the reason for booking this time anyway/)).toBeTruthy();
    await user.type(within(prompt).getByRole('textbox', { name: /Reason/ }), 'Patient asked');
    await user.click(within(prompt).getByRole('button', { name: 'Move anyway' }));
    await waitFor(() =>
      expect(onMoved).toHaveBeenCalledWith(expect.objectContaining({ overrides: ['minimum-notice'] })),
    );
    expect(
      posts(calls, 'reschedule').map((c) => (c.body as { overrideReason?: string }).overrideReason),
    ).toEqual([undefined, 'Patient asked']);
  });
});
