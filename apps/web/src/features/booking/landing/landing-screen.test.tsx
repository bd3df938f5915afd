// @vitest-environment jsdom
import { configureStore } from '@reduxjs/toolkit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nWrapper } from '../../../i18n/test-support';
import { bookingReducers } from '../state';
import { shortLabels } from './landing-fields';
import { LandingScreen } from './landing-screen';

configure({ asyncUtilTimeout: 8000 });

const location = (id: string, name: string, onlineEnabled = true, phone = '2125550142') => ({
  id,
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  name,
  addressLine1: '350 Fifth Avenue',
  addressLine2: null,
  city: 'New York',
  state: 'NY',
  postalCode: '10118',
  latitude: null,
  longitude: null,
  timeZone: 'America/New_York',
  phone,
  onlineEnabled,
  waitlistEnabled: false,
});

const service = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  appointmentTypeId: id,
  name,
  description: null,
  durationMinutes: 30,
  onlineEnabled: true,
  callToSchedule: false,
  newPatients: true,
  existingPatients: true,
  locationIds: ['3', '4'],
  ...extra,
});

function config(settings: { group: string; order: number; value: string }[] = []) {
  return {
    rulesConfig: [
      {
        clientid: '1',
        clientName: 'Acme Dental',
        schedulerId: '2',
        schedulerName: 'Main',
        phone: '2125550100',
        settings,
      },
    ],
    today: '2030-03-01',
  };
}

const ANSWERS: Record<string, unknown> = {
  'GET /api/scheduler/getServiceType': {
    serviceTypes: [
      service('4', 'Emergency Dental Visit'),
      service('5', 'Orthodontic Consultation', { callToSchedule: true }),
    ],
  },
  'GET /api/scheduler/getLocation': {
    locations: [location('3', 'Acme Midtown'), location('4', 'Acme Harbor', false, '2125550199')],
  },
  'GET /api/scheduler/getInsurance': {
    carriers: [
      {
        carrierId: '10',
        name: 'Delta Dental',
        plans: [
          { planId: '100', name: 'Delta Dental PPO', insuranceTypeId: null, topRank: 1 },
          { planId: '101', name: 'DeltaCare USA', insuranceTypeId: null, topRank: null },
        ],
      },
      {
        carrierId: '11',
        name: 'Guardian',
        plans: [{ planId: '110', name: 'Guardian DentalGuard Preferred', insuranceTypeId: null, topRank: 2 }],
      },
    ],
  },
  'GET /api/scheduler/insurance/topInsurancePackage': {
    packages: [
      { planId: '100', carrierId: '10', name: 'Delta Dental PPO', rank: 1 },
      { planId: '110', carrierId: '11', name: 'Guardian DentalGuard Preferred', rank: 2 },
    ],
  },
};

function mockApi(settings: { group: string; order: number; value: string }[] = []) {
  const answers: Record<string, unknown> = { ...ANSWERS, 'GET /api/scheduler/getConfig': config(settings) };
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      const answer = answers[`${init?.method ?? 'GET'} ${url.pathname}`];
      if (answer === undefined) return Promise.reject(new TypeError(`un-mocked call: ${url.pathname}`));
      return Promise.resolve(
        new Response(JSON.stringify(answer), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    }),
  );
}

function renderLanding() {
  const store = configureStore({ reducer: bookingReducers });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: ':clientName/:scheduler/:location/landing', element: <LandingScreen /> },
      { path: ':clientName/:scheduler/:location/findappointment', element: <p>Find a time page</p> },
    ],
    { initialEntries: ['/acme/main/all/landing'] },
  );
  render(
    <Provider store={store}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Provider>,
    { wrapper: I18nWrapper },
  );
  return store;
}

async function chooseServiceAndPlace(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('radio', { name: "No, I'm a new patient" }));
  await user.click(screen.getByRole('radio', { name: /^Emergency Dental Visit/ }));
  await user.click(screen.getByRole('radio', { name: /^Acme Midtown/ }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the landing: how the patient pays, up front', () => {
  it('continues with "I don\'t have insurance" although self-pay is not offered', async () => {
    const user = userEvent.setup();
    mockApi();
    const store = renderLanding();
    await chooseServiceAndPlace(user);

    const payment = screen.getByRole('group', { name: 'How will you pay? (optional)' });
    // insurance 3 No: no explicit self-pay choice, but no insurance is always allowed.
    expect(within(payment).queryByRole('radio', { name: "I'll pay myself" })).toBeNull();
    await user.click(within(payment).getByRole('radio', { name: "I don't have insurance" }));
    expect(screen.queryByRole('group', { name: 'Popular plans' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Find a time' }));
    expect(await screen.findByText('Find a time page')).toBeTruthy();
    expect(store.getState().servicetype.insurance).toEqual({ payment: 'none' });
    expect(store.getState().patientdetails.insurancePolicy).toBeNull();
  });

  it('continues without answering the payment question at all', async () => {
    const user = userEvent.setup();
    mockApi();
    const store = renderLanding();
    await chooseServiceAndPlace(user);
    await user.click(screen.getByRole('button', { name: 'Find a time' }));
    expect(await screen.findByText('Find a time page')).toBeTruthy();
    expect(store.getState().servicetype.insurance).toBeNull();
  });

  it('offers self-pay when insurance 3 is Yes', async () => {
    const user = userEvent.setup();
    mockApi([{ group: 'insurance', order: 3, value: 'Yes' }]);
    const store = renderLanding();
    await chooseServiceAndPlace(user);
    await user.click(screen.getByRole('radio', { name: "I'll pay myself" }));
    await user.click(screen.getByRole('button', { name: 'Find a time' }));
    expect(await screen.findByText('Find a time page')).toBeTruthy();
    expect(store.getState().servicetype.insurance).toEqual({ payment: 'selfPay' });
  });

  it('picks a popular plan with a chip, which becomes the find-a-time plan filter', async () => {
    const user = userEvent.setup();
    mockApi();
    const store = renderLanding();
    await chooseServiceAndPlace(user);
    await user.click(screen.getByRole('radio', { name: 'With my insurance' }));

    const chips = await screen.findByRole('group', { name: 'Popular plans' });
    const delta = within(chips).getByRole('button', { name: 'Delta Dental PPO' });
    expect(delta.getAttribute('aria-pressed')).toBe('false');
    await user.click(delta);
    expect(delta.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByLabelText<HTMLSelectElement>('Your plan').value).toBe('100');
    expect(screen.getByText('We will show only providers in network with Delta Dental PPO.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Find a time' }));
    expect(await screen.findByText('Find a time page')).toBeTruthy();
    expect(store.getState().servicetype.insurance).toEqual({
      payment: 'plan',
      planId: '100',
      carrierId: '10',
      name: 'Delta Dental PPO',
    });
  });

  it('finds any plan in the searchable list', async () => {
    const user = userEvent.setup();
    mockApi();
    renderLanding();
    await chooseServiceAndPlace(user);
    await user.click(screen.getByRole('radio', { name: 'With my insurance' }));
    await user.type(await screen.findByLabelText('Search all plans'), 'deltacare');
    expect(screen.getByRole('status').textContent).toBe('1 plan found');
    const list = screen.getByLabelText('Your plan');
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose your plan', 'DeltaCare USA']);
    await user.selectOptions(list, 'DeltaCare USA');
    expect((list as HTMLSelectElement).value).toBe('101');
  });

  it('marks call-only services and locations in the list itself, with the phone', async () => {
    mockApi();
    renderLanding();
    const orthodontic = await screen.findByRole('radio', { name: /^Orthodontic Consultation/ });
    expect(orthodontic.closest('label')?.textContent).toContain('Call to book · (212) 555-0100');
    const emergency = screen.getByRole('radio', { name: /^Emergency Dental Visit/ });
    expect(emergency.closest('label')?.textContent).not.toContain('Call to book');
    const harbor = screen.getByRole('radio', { name: /^Acme Harbor/ });
    expect(harbor.closest('label')?.textContent).toContain('Call to book · (212) 555-0199');
  });

  it('keeps the compact layout: duration and call-only mark with each service, the primary action in its bar', async () => {
    mockApi();
    renderLanding();
    const call = await screen.findByRole('radio', { name: /^Orthodontic Consultation/ });
    // The mark with the phone stays in the list itself (inside the radio's name).
    expect(call.closest('label')?.textContent).toBe(
      'Orthodontic Consultation30 minutesCall to book · (212) 555-0100',
    );
    const services = screen.getByRole('group', { name: 'What would you like to book?' });
    // The long names here keep one service per row on a phone.
    expect(services.closest('.landing-services')?.classList.contains('landing-services--short')).toBe(false);
    // landing.css keeps this bar at the bottom of a phone's screen.
    expect(screen.getByRole('button', { name: 'Find a time' }).parentElement?.className).toBe(
      'landing-actions',
    );
  });

  it('puts services two to a row on a phone only when every name is short', () => {
    const named = (...names: string[]) =>
      names.map(
        (name, index) => service(String(index), name) as unknown as Parameters<typeof shortLabels>[0][number],
      );
    expect(shortLabels(named('Cleaning', 'Whitening', 'Sick visit'))).toBe(true);
    expect(shortLabels(named('Cleaning', 'Teeth Whitening Consultation'))).toBe(false);
    expect(shortLabels(named('Cleaning'))).toBe(false);
  });
});
