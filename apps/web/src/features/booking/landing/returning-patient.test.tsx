// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readRememberedPatient, rememberPatient, type RememberInput } from '../lib/remembered-patient';
import {
  ACME_CONFIG,
  byPath,
  CLEANING,
  MIDTOWN,
  mockFetch,
  rememberInMemory,
  renderBooking,
  resetBookingTest,
  ZOE,
} from '../booking-test-harness';
import { ReturningPatient, type BookAgainState } from './returning-patient';

configure({ asyncUtilTimeout: 8000 });

const REMEMBERED: RememberInput = {
  identity: ZOE,
  insurance: {
    selfPay: false,
    carrierId: '9',
    planId: '11',
    memberId: 'ABC-123',
    relationship: 'self',
    carrierName: 'Aetna',
    planName: 'Aetna PPO',
  },
  lastBooking: {
    service: { appointmentTypeId: '4', name: 'Cleaning', durationMinutes: 60 },
    location: {
      LocationId: '3',
      name: 'BrightSmile Midtown Manhattan',
      slug: 'midtown-manhattan',
      phone: null,
    },
    provider: { providerId: '7', name: 'Dr. Emily Carter', credentials: 'DDS', photoUrl: null },
  },
};

function FindAppointment() {
  const state = useLocation().state as BookAgainState | null;
  return <p>Find a time (provider {state?.bookAgain.providerId ?? 'none'})</p>;
}

function mockApi(services: unknown[] = [CLEANING]) {
  mockFetch(
    byPath({
      '/api/scheduler/getConfig': ACME_CONFIG,
      '/api/scheduler/getServiceType': { serviceTypes: services },
      '/api/scheduler/getLocation': { locations: [MIDTOWN] },
    }),
  );
}

function renderLanding() {
  return renderBooking(
    [
      { path: ':clientName/:scheduler/:location/landing', element: <ReturningPatient /> },
      { path: ':clientName/:scheduler/:location/findappointment', element: <FindAppointment /> },
    ],
    '/acme/main/all/landing',
  ).store;
}

describe('the returning patient on the landing', () => {
  beforeEach(() => {
    rememberInMemory();
  });
  afterEach(resetBookingTest);

  it('shows nothing to a browser that remembers nobody', async () => {
    mockApi();
    renderLanding();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Welcome back/)).toBeNull();
  });

  it('greets by first name, pre-fills identity and insurance, and books again in one tap', async () => {
    mockApi();
    await rememberPatient('acme', REMEMBERED);
    const user = userEvent.setup();
    const store = renderLanding();
    expect(await screen.findByRole('heading', { name: 'Welcome back, Zoe' })).toBeTruthy();
    await waitFor(() =>
      expect(store.getState().patientdetails.patientdetail).toMatchObject(REMEMBERED.identity),
    );
    expect(store.getState().patientdetails.insurancePolicy).toMatchObject({
      planId: '11',
      memberId: 'ABC-123',
    });

    await user.click(
      await screen.findByRole('button', {
        name: 'Book again: Cleaning with Dr. Emily Carter, DDS at BrightSmile Midtown Manhattan',
      }),
    );
    expect(await screen.findByText('Find a time (provider 7)')).toBeTruthy();
    const state = store.getState();
    expect(state.servicetype.servicetype).toMatchObject({ appointmentTypeId: '4', name: 'Cleaning' });
    expect(state.servicetype.location).toMatchObject({ LocationId: '3', slug: 'midtown-manhattan' });
    expect(state.servicetype.insurance).toEqual({ planId: '11', carrierId: '9', name: 'Aetna PPO' });
    expect(state.patientdetails.isExistingPatient).toBe(true);
    expect(state.stepper.stepper).toBe(1);
  });

  it('offers no "Book again" when the service is no longer booked online', async () => {
    mockApi([{ ...CLEANING, onlineEnabled: false }]);
    await rememberPatient('acme', REMEMBERED);
    renderLanding();
    expect(await screen.findByRole('heading', { name: 'Welcome back, Zoe' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: /Book again/ })).toBeNull();
  });

  it('forgets with one click: greeting gone, storage and pre-fill cleared', async () => {
    mockApi();
    await rememberPatient('acme', REMEMBERED);
    const user = userEvent.setup();
    const store = renderLanding();
    await user.click(await screen.findByRole('button', { name: 'Not you? Forget me' }));
    await waitFor(() => expect(screen.queryByText(/Welcome back/)).toBeNull());
    expect(await readRememberedPatient('acme')).toBeNull();
    expect(store.getState().patientdetails.patientdetail).toBeNull();
    expect(store.getState().patientdetails.insurancePolicy).toBeNull();
    expect(store.getState().servicetype.insurance).toBeNull();
  });
});
