import { configureStore } from '@reduxjs/toolkit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type InitialEntry, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { I18nWrapper } from '../../i18n/test-support';
import { createEncryptedStorage, type BackingStorage } from '../../lib/encrypted-storage';
import { setRememberedStorageForTests } from './lib/remembered-storage';
import { bookingReducers } from './state';

/*
 * Test seam of the booking screens (landing, find-a-time, thank-you, manage, claim, remember me):
 * the demo practice's config and catalogue, a screen rendered at a URL with the booking store,
 * the router and a query client, `fetch` replaced by a function of the call (every call is
 * recorded; a call nobody answers fails), and the remembered patient's storage in memory.
 */

/** getConfig's answer for the practice 'acme' (Acme Dental, scheduler 'main'). */
export const ACME_CONFIG = {
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

/** Location 3 of the catalogue (and of booking answers). */
export const MIDTOWN = {
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

/** Service 4 of the catalogue, bookable online by everyone at Midtown. */
export const CLEANING = {
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

/** The identity of the remembered patient of these tests. */
export const ZOE = {
  firstName: 'Zoe',
  lastName: 'Smith',
  dateOfBirth: '1990-04-12',
  phone: '(212) 555-0147',
  email: 'zoe@example.com',
  smsPermission: true,
  emailPermission: true,
};

/** A browser storage in memory. */
export class MemoryStorage implements BackingStorage {
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

/** The remembered patient kept (encrypted) in memory; the storage's console notes silenced. */
export function rememberInMemory(): MemoryStorage {
  const backing = new MemoryStorage();
  setRememberedStorageForTests(createEncryptedStorage(() => backing, 'local'));
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  return backing;
}

export interface ApiCall {
  method: string;
  path: string;
  search: URLSearchParams;
  /** The link's token header sent (X-Manage-Token or X-Claim-Token: never in the path). */
  token: string | null;
  body: unknown;
}

export interface Answer {
  status: number;
  body: unknown;
}

/** `fetch` answered by `answer` (undefined: refused as un-mocked); returns the calls made. */
export function mockFetch(answer: (call: ApiCall) => Answer | undefined): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      const headers = new Headers(init?.headers);
      const call: ApiCall = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        search: url.searchParams,
        token: headers.get('x-manage-token') ?? headers.get('x-claim-token'),
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      const reply = answer(call);
      if (!reply) return Promise.reject(new TypeError(`un-mocked call: ${call.method} ${call.path}`));
      return Promise.resolve(
        new Response(JSON.stringify(reply.body), {
          status: reply.status,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    }),
  );
  return calls;
}

/** Answers 200 with `bodies[path]`, whatever the method. */
export const byPath =
  (bodies: Record<string, unknown>) =>
  (call: ApiCall): Answer | undefined =>
    bodies[call.path] === undefined ? undefined : { status: 200, body: bodies[call.path] };

/** Answers `answers['METHOD /path']`. */
export const byRoute =
  (answers: Record<string, Answer>) =>
  (call: ApiCall): Answer | undefined =>
    answers[`${call.method} ${call.path}`];

/** getConfig answered with ACME_CONFIG, the rest by `answer`. */
export const withConfig =
  (answer: (call: ApiCall) => Answer | undefined) =>
  (call: ApiCall): Answer | undefined =>
    call.path === '/api/scheduler/getConfig' ? { status: 200, body: ACME_CONFIG } : answer(call);

/** The catalogue and config of the practice (Cleaning at Midtown), and no insurance carriers. */
export const CATALOGUE: Record<string, unknown> = {
  '/api/scheduler/getConfig': ACME_CONFIG,
  '/api/scheduler/getServiceType': { serviceTypes: [CLEANING] },
  '/api/scheduler/getLocation': { locations: [MIDTOWN] },
  '/api/scheduler/getInsurance': { carriers: [] },
};

export function newBookingStore() {
  return configureStore({ reducer: bookingReducers });
}
export type BookingStore = ReturnType<typeof newBookingStore>;

export function newQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/**
 * `routes` rendered at `initial` with the booking store, a memory router, a query client and
 * Lingui's context (English unless a test activates another language).
 */
export function renderBooking(
  routes: RouteObject[],
  initial: InitialEntry,
  {
    store = newBookingStore(),
    queryClient = newQueryClient(),
  }: { store?: BookingStore; queryClient?: QueryClient } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [initial] });
  const view = render(
    <Provider store={store}>
      <QueryClientProvider client={queryClient}>
        <I18nWrapper>
          <RouterProvider router={router} />
        </I18nWrapper>
      </QueryClientProvider>
    </Provider>,
  );
  return { ...view, router, queryClient, store };
}

/** What every booking test undoes after each test. */
export function resetBookingTest() {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
}
