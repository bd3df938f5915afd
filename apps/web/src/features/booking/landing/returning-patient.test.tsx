// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { configureStore } from '@reduxjs/toolkit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEncryptedStorage, type BackingStorage } from '../../../lib/encrypted-storage';
import {
  readRememberedPatient,
  rememberPatient,
  setRememberedStorageForTests,
  type RememberInput,
} from '../lib/remembered-patient';
import { bookingReducers } from '../state';
import { ReturningPatient, type BookAgainState } from './returning-patient';

configure({ asyncUtilTimeout: 8000 });

class MemoryStorage implements BackingStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

const LOCATION = {
  id: '3',
  slug: 'midtown-manhattan',
  name: 'BrightSmile Midtown Manhattan',
  addressLine1: '350 Fifth Avenue',
  addressLine2: null,
  city: 'New York',
  state: 'NY',
  postalCode: '10118',
  latitude: null,
  longitude: null,
  timeZone: 'America/New_York',
  phone: '2125550142',
  onlineEnabled: true,
  waitlistEnabled: false,
};
const SERVICE = {
  appointmentTypeId: '4',
  name: 'Cleaning',
  description: null,
  durationMinutes: 60,
  onlineEnabled: true,
  callToSchedule: false,
  newPatients: true,
  existingPatients: true,
  locationIds: ['3'],
};
const CONFIG = {
  rulesConfig: [
    {
      clientid: '1',
      clientName: 'Acme Dental',
      schedulerId: '2',
      schedulerName: 'Main',
      phone: '2125550100',
      settings: [],
    },
  ],
  today: '2030-03-01',
};

const REMEMBERED: RememberInput = {
  identity: {
    firstName: 'Zoe',
    lastName: 'Smith',
    dateOfBirth: '1990-04-12',
    phone: '(212) 555-0147',
    email: 'zoe@example.com',
    smsPermission: true,
    emailPermission: true,
  },
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

function mockApi(services: unknown[] = [SERVICE]) {
  const answers: Record<string, unknown> = {
    '/api/scheduler/getConfig': CONFIG,
    '/api/scheduler/getServiceType': { serviceTypes: services },
    '/api/scheduler/getLocation': { locations: [LOCATION] },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string | URL | Request): Promise<Response> => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      const body = answers[url.pathname];
      if (body === undefined) return Promise.reject(new TypeError(`un-mocked call: ${url.pathname}`));
      return Promise.resolve(
        new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }),
      );
    }),
  );
}

function FindAppointment() {
  const state = useLocation().state as BookAgainState | null;
  return <p>Find a time (provider {state?.bookAgain.providerId ?? 'none'})</p>;
}

function renderLanding() {
  const store = configureStore({ reducer: bookingReducers });
  const router = createMemoryRouter(
    [
      { path: ':clientName/:scheduler/:location/landing', element: <ReturningPatient /> },
      { path: ':clientName/:scheduler/:location/findappointment', element: <FindAppointment /> },
    ],
    { initialEntries: ['/acme/main/all/landing'] },
  );
  render(
    <Provider store={store}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Provider>,
  );
  return store;
}

describe('the returning patient on the landing', () => {
  beforeEach(() => {
    const backing = new MemoryStorage();
    setRememberedStorageForTests(createEncryptedStorage(() => backing, 'local'));
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

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
    mockApi([{ ...SERVICE, onlineEnabled: false }]);
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
