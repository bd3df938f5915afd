// @vitest-environment jsdom
import { configureStore } from '@reduxjs/toolkit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nWrapper } from '../../../i18n/test-support';
import { bookingReducers } from '../state';
import { setSelectedProvider, setSelectedTime } from '../state/patientdetails-slice';
import { setInsurance } from '../state/servicetype-slice';
import { setStepper } from '../state/stepper-slice';
import { InsuranceScreen } from './insurance-screen';

configure({ asyncUtilTimeout: 8000 });

const NOT_IN_NETWORK = 'Insurance not in-network';

const ANSWERS: Record<string, unknown> = {
  'GET /api/scheduler/getConfig': {
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
  },
  'GET /api/scheduler/getLocation': { locations: [] },
  'GET /api/scheduler/getInsurance': {
    carriers: [
      {
        carrierId: '10',
        name: 'Delta Dental',
        plans: [{ planId: '100', name: 'Delta Dental PPO', insuranceTypeId: null, topRank: 1 }],
      },
    ],
  },
  'GET /api/scheduler/insurance/topInsurancePackage': { packages: [] },
  'GET /api/scheduler/insurance/getRelationshipToPatient': {
    relationships: [{ value: 'self', label: 'Self' }],
  },
};

interface Call {
  path: string;
  query: string;
  body: unknown;
}

function mockApi(postAnswer: unknown): Call[] {
  const calls: Call[] = [];
  const answers: Record<string, unknown> = {
    ...ANSWERS,
    'POST /api/scheduler/insurance/postInsurance': postAnswer,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
      calls.push({ path: url.pathname, query: url.search, body });
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
  return calls;
}

function renderInsurance(landing: Record<string, unknown> | null) {
  const store = configureStore({ reducer: bookingReducers });
  store.dispatch(setStepper(4));
  store.dispatch(setSelectedProvider({ providerId: '7', name: 'Dr. Emily Carter', credentials: 'DDS' }));
  store.dispatch(
    setSelectedTime({
      startUtc: '2030-03-05T14:30:00.000Z',
      dateLocal: '2030-03-05',
      timeLocal: '09:30',
      locationId: '3',
      idempotencyKey: '0b9f3a52-3c1e-4a8e-9a57-2f8f0d3c1a11',
    }),
  );
  store.dispatch(setInsurance(landing));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: ':clientName/:scheduler/:location/insurance', element: <InsuranceScreen /> },
      { path: ':clientName/:scheduler/:location/identity', element: <p>Identity page</p> },
    ],
    { initialEntries: ['/acme/main/all/insurance'] },
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

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the insurance step', () => {
  it('takes the landing\'s "no insurance" and posts it through insurance/postInsurance', async () => {
    const user = userEvent.setup();
    const calls = mockApi({ policy: null, inNetwork: null, message: null });
    const store = renderInsurance({ payment: 'none' });

    const none = await screen.findByRole('radio', { name: /I don't have insurance/ });
    expect((none as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText(/Member ID/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Identity page')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/scheduler/insurance/postInsurance')?.body).toEqual({
      clientName: 'acme',
      scheduler: 'main',
      providerId: '7',
      insurance: null,
    });
    expect(store.getState().patientdetails.insurancePolicy).toBeNull();
  });

  it("asks for the popular plans the chosen provider accepts, and shows the server's refusal", async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      policy: {
        selfPay: false,
        carrierId: '10',
        carrierName: 'Delta Dental',
        planId: '100',
        planName: 'Delta Dental PPO',
        memberId: 'AB 12',
        relationship: 'self',
        relationshipLabel: 'Self',
      },
      inNetwork: false,
      message: NOT_IN_NETWORK,
    });
    const store = renderInsurance({
      payment: 'plan',
      planId: '100',
      carrierId: '10',
      name: 'Delta Dental PPO',
    });

    await user.type(await screen.findByLabelText(/Member ID/), 'AB 12');
    await user.selectOptions(screen.getByLabelText(/Relationship to the policy holder/), 'self');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText(NOT_IN_NETWORK)).toBeTruthy();
    expect(screen.queryByText('Identity page')).toBeNull();
    expect(store.getState().patientdetails.insurancePolicy).toBeNull();
    const top = calls.find((call) => call.path === '/api/scheduler/insurance/topInsurancePackage');
    expect(new URLSearchParams(top?.query).get('providerId')).toBe('7');
    expect(calls.find((call) => call.path === '/api/scheduler/insurance/postInsurance')?.body).toMatchObject({
      providerId: '7',
      insurance: { selfPay: false, carrierId: '10', planId: '100', memberId: 'AB 12', relationship: 'self' },
    });
  });
});
