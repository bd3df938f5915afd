// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { configureStore } from '@reduxjs/toolkit';
import type { GetProvidersResponse, ProviderCard } from '@scheduler/contract/scheduler-api';
import { QueryClient } from '@tanstack/react-query';
import {
  act,
  cleanup,
  configure,
  render as renderBare,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactElement } from 'react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  byPath,
  CATALOGUE,
  MIDTOWN,
  mockFetch,
  newBookingStore,
  newQueryClient,
  rememberInMemory,
  ZOE,
  renderBooking,
  type BookingStore,
} from '../booking-test-harness';
import { forgetProviderSearches, providerSearchesKey } from '../api/get-providers';
import type { InsuranceCarrier } from '../api/insurance';
import { I18nWrapper } from '../../../i18n/test-support';
import { ReturningPatient } from '../landing/returning-patient';
import { clockTimeText } from '../../../lib/zoned-time';
import { rememberPatient } from '../lib/remembered-patient';
import { bookingReducers } from '../state';
import { setIsExistingPatient, setSelectedProvider } from '../state/patientdetails-slice';
import { setInsurance, setLocation, setServicetype } from '../state/servicetype-slice';
import { setStepper } from '../state/stepper-slice';
import { bookAgainApplies, bookAgainFallback, readBookAgainProviderId } from './book-again';
import { FindAppointmentScreen } from './find-appointment-screen';
import { slotTimeLabel } from './slot-label';
import { DayChooser } from './day-chooser';
import { DayStrip } from './day-strip';
import { SlotList, type ResultsContext, type ResultsSearch } from './search-results';
import type { Place } from './slot-label';
import { ProviderCardView, type SlotEnv } from './slot-parts';
import { StaleFilterNotices, useStaleFilters } from './stale-filters';
import { recallDay, rememberDay } from './remembered-day';
import { isLoadingTimes } from './use-slot-search';

/** The step's parts need Lingui's context (the app's providers give it). */
const render = (ui: ReactElement) => renderBare(ui, { wrapper: I18nWrapper });

// A shared 2-core machine: a first render can be slow.
configure({ asyncUtilTimeout: 8000 });

afterEach(() => {
  cleanup();
});

const PLACES: Record<string, Place> = {
  '1': {
    locationId: '1',
    name: 'Northside Loop',
    timeZone: 'America/Chicago',
    phone: '3125550100',
    distanceMiles: 812.4,
  },
  '2': {
    locationId: '2',
    name: 'Midtown',
    timeZone: 'America/New_York',
    phone: '2125550142',
    distanceMiles: 2.3,
  },
};
const placeOf = (id: string): Place =>
  PLACES[id] ?? { ...PLACES['1']!, locationId: id, name: 'another location' };

function provider(
  overrides: Partial<ProviderCard> & Pick<ProviderCard, 'providerId' | 'name'>,
): ProviderCard {
  const [firstName = '', lastName = ''] = overrides.name.replace('Dr. ', '').split(' ');
  return {
    firstName,
    lastName,
    credentials: 'DDS',
    gender: 'F',
    bio: null,
    photoUrl: null,
    acceptingNewPatients: true,
    distanceMiles: null,
    locationIds: ['1'],
    nextAvailable: null,
    slots: [],
    noCapacity: false,
    message: null,
    waitlistAllowed: false,
    ...overrides,
  };
}

/** Chicago 8:00 and 10:45, New York 8:00 and 9:30 on Friday, Nov 27, 2026, grouped by time. */
const ANY_LOCATION_ANSWER: GetProvidersResponse = {
  window: {
    earliest: '2026-11-26T14:00:00.000Z',
    latestDate: '2026-12-29',
    latestExclusive: '2026-12-30T06:00:00.000Z',
  },
  availableDates: ['2026-11-27', '2026-11-30'],
  providers: [
    provider({ providerId: '7', name: 'Dr. Emily Carter', locationIds: ['2'] }),
    provider({ providerId: '8', name: 'Dr. Maximilian Oyelaran-Whitfield', locationIds: ['1'] }),
  ],
  timeGroups: [
    {
      startUtc: '2026-11-27T13:00:00.000Z',
      dateLocal: '2026-11-27',
      timeLocal: '08:00',
      locationId: '2',
      assignedProviderId: '7',
      providerIds: ['7'],
    },
    {
      startUtc: '2026-11-27T14:00:00.000Z',
      dateLocal: '2026-11-27',
      timeLocal: '08:00',
      locationId: '1',
      assignedProviderId: '8',
      providerIds: ['8'],
    },
    {
      startUtc: '2026-11-27T14:30:00.000Z',
      dateLocal: '2026-11-27',
      timeLocal: '09:30',
      locationId: '2',
      assignedProviderId: '7',
      providerIds: ['7'],
    },
    {
      startUtc: '2026-11-27T16:45:00.000Z',
      dateLocal: '2026-11-27',
      timeLocal: '10:45',
      locationId: '1',
      assignedProviderId: '8',
      providerIds: ['8'],
    },
  ],
  groupBy: 'time',
  locations: [
    { locationId: '1', noCapacity: false, message: null, waitlistAllowed: false, distanceMiles: 812.4 },
    { locationId: '2', noCapacity: false, message: null, waitlistAllowed: false, distanceMiles: 2.3 },
  ],
};

function resultsSearch(overrides: Partial<ResultsSearch> = {}): ResultsSearch {
  return {
    result: ANY_LOCATION_ANSWER,
    liveResult: ANY_LOCATION_ANSWER,
    search: null,
    availableDates: ANY_LOCATION_ANSWER.availableDates,
    day: '2026-11-27',
    setDay: vi.fn(),
    loadingTimes: false,
    failed: false,
    searchingAll: true,
    searchLocation: 'all',
    genders: ['M', 'F'],
    providersQuery: { error: null, isFetching: false, refetch: vi.fn() },
    ...overrides,
  };
}

const context: ResultsContext = {
  placeOf,
  phoneFor: () => '3125550100',
  send: vi.fn(),
  viewerZone: 'America/Los_Angeles',
};

describe('the chosen day while its times load', () => {
  it('shows skeletons, never "No times", while the previous day\'s answer is still the one held', () => {
    // The patient moved from Friday to Monday: the answer held is Friday's.
    render(
      <SlotList
        slots={resultsSearch({ day: '2026-11-30', loadingTimes: true })}
        context={context}
        selectedKey={null}
        onSelect={vi.fn()}
        onWaitlist={vi.fn()}
      />,
    );
    expect(screen.getByRole('status', { name: 'Loading available times' })).toBeTruthy();
    expect(screen.queryByText(/No times/)).toBeNull();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('counts as loading until the answer for the chosen day is the one shown', () => {
    const friday = { ...ANY_LOCATION_ANSWER };
    const base = {
      search: { fromDate: '2026-11-30' },
      failed: false,
      liveResult: friday,
      shown: friday,
      isPlaceholderData: true,
      day: '2026-11-30',
    };
    expect(isLoadingTimes(base)).toBe(true); // Friday's answer kept as placeholder
    expect(isLoadingTimes({ ...base, isPlaceholderData: false, shown: undefined })).toBe(true); // deferred
    expect(isLoadingTimes({ ...base, isPlaceholderData: false, day: null })).toBe(true); // day not chosen yet
    expect(isLoadingTimes({ ...base, isPlaceholderData: false })).toBe(false); // Monday's answer shown
    expect(isLoadingTimes({ ...base, failed: true })).toBe(false); // the error shows instead
    const empty = { ...friday, availableDates: [] };
    expect(
      isLoadingTimes({ ...base, isPlaceholderData: false, liveResult: empty, shown: empty, day: null }),
    ).toBe(false);
  });
});

describe('"Any location"', () => {
  it('groups the times by location, nearest first, each in local time order with its zone', () => {
    render(
      <SlotList
        slots={resultsSearch()}
        context={context}
        selectedKey={null}
        onSelect={vi.fn()}
        onWaitlist={vi.fn()}
      />,
    );
    const headings = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(headings).toEqual([
      'Midtown · 2.3 miles away · times in ET',
      'Northside Loop · 812.4 miles away · times in CT',
    ]);
    const midtown = screen.getByRole('region', { name: /^Midtown/ });
    expect(
      within(midtown)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual([
      '8:00 AM ET with Dr. Emily Carter at Midtown, Fri, Nov 27, 5:00 AM your time',
      '9:30 AM ET with Dr. Emily Carter at Midtown, Fri, Nov 27, 6:30 AM your time',
    ]);
    const chicago = screen.getByRole('region', { name: /^Northside Loop/ });
    const chicagoTimes = within(chicago).getAllByRole('button');
    expect(chicagoTimes.map((button) => button.getAttribute('aria-label'))).toEqual([
      '8:00 AM CT with Dr. Maximilian Oyelaran-Whitfield at Northside Loop, Fri, Nov 27, 6:00 AM your time',
      '10:45 AM CT with Dr. Maximilian Oyelaran-Whitfield at Northside Loop, Fri, Nov 27, 8:45 AM your time',
    ]);
    // Shown: the location's time with its zone, the patient's own time, the provider on one line.
    expect(chicagoTimes[0]?.textContent).toBe('8:00 AM CT6:00 AM your timeDr. Maximilian Oyelaran-Whitfield');
  });

  it('names no "your time" when the patient is in the location\'s zone', () => {
    render(
      <SlotList
        slots={resultsSearch()}
        context={{ ...context, viewerZone: 'America/Chicago' }}
        selectedKey={null}
        onSelect={vi.fn()}
        onWaitlist={vi.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: /^8:00 AM CT with/ }).getAttribute('aria-label')).toBe(
      '8:00 AM CT with Dr. Maximilian Oyelaran-Whitfield at Northside Loop, Fri, Nov 27',
    );
    expect(screen.getByRole('button', { name: /^8:00 AM ET with/ }).textContent).toContain(
      '7:00 AM your time',
    );
  });
});

describe('"Next available" on a provider card', () => {
  const env: SlotEnv = {
    placeOf,
    locationOrder: ['1', '2'],
    viewerZone: 'America/Chicago',
    selectedKey: null,
    onSelect: vi.fn(),
  };
  const friday = {
    startUtc: '2026-11-27T14:00:00.000Z',
    dateLocal: '2026-11-27',
    timeLocal: '08:00',
    locationId: '1',
  };
  const wednesday = {
    startUtc: '2026-12-02T15:00:00.000Z',
    dateLocal: '2026-12-02',
    timeLocal: '09:00',
    locationId: '1',
  };

  function card(overrides: Partial<ProviderCard>, onPickDay = vi.fn()) {
    render(
      <ProviderCardView
        provider={provider({ providerId: '8', name: 'Dr. Ann Lee', ...overrides })}
        day="2026-11-30"
        env={env}
        phone={null}
        showLocation={false}
        onPickDay={onPickDay}
        onWaitlist={vi.fn()}
      />,
    );
    return onPickDay;
  }

  it('never points to a day before the one shown', () => {
    // Monday Nov 30 shown; the provider's first time of the window was Friday Nov 27.
    card({ nextAvailable: friday });
    expect(screen.getByText('No times on Mon, Nov 30.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Next available/ })).toBeNull();
    cleanup();
    card({ nextAvailable: friday, nextAvailableFrom: null });
    expect(screen.queryByRole('button', { name: /Next available/ })).toBeNull();
  });

  it("points forward to the provider's next time after the day shown", async () => {
    const onPickDay = card({ nextAvailable: friday, nextAvailableFrom: wednesday });
    const next = screen.getByRole('button', { name: 'Next available: Wed, Dec 2 at 9:00 AM CT' });
    await userEvent.click(next);
    expect(onPickDay).toHaveBeenCalledWith('2026-12-02');
  });
});

describe('the end of the booking window', () => {
  it('says how far ahead online booking goes and gives the phone for later dates', async () => {
    render(<DayChooser slots={resultsSearch()} onPick={vi.fn()} phone="3125550100" />);
    expect(
      screen.getByText(
        (_, element) =>
          element?.tagName === 'P' &&
          element.textContent ===
            'Online booking is open through Tuesday, December 29, 2026. For later dates, call (312) 555-0100.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: '(312) 555-0100' }).getAttribute('href')).toBe(
      'tel:+13125550100',
    );
    // A wide screen (jsdom has no media queries): the month calendar, days with times marked.
    const friday = await screen.findByRole('button', { name: /^Friday, November 27, 2026, times available/ });
    expect(friday).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Saturday, November 28, 2026, no times/ })).toHaveProperty(
      'disabled',
      true,
    );
  });
});

describe('a stale plan filter', () => {
  const carriers: InsuranceCarrier[] = [
    {
      carrierId: '1',
      name: 'Aetna',
      plans: [{ planId: '11', name: 'Aetna PPO', insuranceTypeId: null, topRank: 1 }],
    },
  ];

  function Probe({ carriers: shown }: { carriers: InsuranceCarrier[] | undefined }) {
    const stale = useStaleFilters({ carriers: shown, locations: undefined });
    return <StaleFilterNotices notices={stale.notices} onDismiss={stale.dismiss} />;
  }

  it('is dropped with a notice once the plans are known, not silently kept', async () => {
    const store = configureStore({ reducer: bookingReducers });
    store.dispatch(setInsurance({ planId: '99', carrierId: '2', name: 'Cigna Open Access' }));
    const view = render(
      <Provider store={store}>
        <Probe carriers={undefined} />
      </Provider>,
    );
    expect(store.getState().servicetype.insurance).not.toBeNull(); // plans not loaded yet
    view.rerender(
      <Provider store={store}>
        <Probe carriers={carriers} />
      </Provider>,
    );
    expect(
      await screen.findByText(/The insurance plan "Cigna Open Access" is no longer offered/),
    ).toBeTruthy();
    expect(store.getState().servicetype.insurance).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByText(/no longer offered/)).toBeNull();
  });

  it('keeps a plan that is still offered', () => {
    const store = configureStore({ reducer: bookingReducers });
    store.dispatch(setInsurance({ planId: '11', carrierId: '1', name: 'Aetna PPO' }));
    render(
      <Provider store={store}>
        <Probe carriers={carriers} />
      </Provider>,
    );
    expect(store.getState().servicetype.insurance).toMatchObject({ planId: '11' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the day strip', () => {
  const DAYS = ['2026-11-27', '2026-11-30', '2026-12-01', '2026-12-02'];

  function Strip({ onPick }: { onPick: (day: string) => void }) {
    const [day, setDay] = useState<string | null>('2026-11-30');
    return (
      <DayStrip
        days={DAYS}
        selected={day}
        onPick={(picked) => {
          onPick(picked);
          setDay(picked);
        }}
      />
    );
  }

  it('is one tab stop moved with the arrow keys, Home and End (roving tabindex)', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(<Strip onPick={onPick} />);
    const list = screen.getByRole('listbox', { name: 'Days with times' });
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.tabIndex)).toEqual([-1, 0, -1, -1]);

    await user.tab(); // the "previous day" button
    await user.tab();
    expect(document.activeElement).toBe(
      within(list).getByRole('option', { name: 'Monday, November 30, 2026' }),
    );
    expect(document.activeElement?.getAttribute('aria-selected')).toBe('true');

    await user.keyboard('{ArrowRight}');
    const tuesday = within(list).getByRole('option', { name: 'Tuesday, December 1, 2026' });
    expect(document.activeElement).toBe(tuesday);
    expect(tuesday.getAttribute('aria-selected')).toBe('true');
    expect(onPick).toHaveBeenLastCalledWith('2026-12-01');

    await user.keyboard('{End}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Wednesday, December 2, 2026');
    await user.keyboard('{Home}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Friday, November 27, 2026');
    expect(
      within(list)
        .getAllByRole('option')
        .filter((option) => option.tabIndex === 0),
    ).toHaveLength(1);

    // Tab leaves the strip at once (to the "next day" button), not through every day.
    await user.tab();
    expect(document.activeElement?.textContent).toContain('Next day with times');
  });

  it('picks a day on click', async () => {
    const onPick = vi.fn();
    render(<Strip onPick={onPick} />);
    await act(async () => {
      await userEvent.click(screen.getByRole('option', { name: 'Wednesday, December 2, 2026' }));
    });
    expect(onPick).toHaveBeenCalledWith('2026-12-02');
  });
});

describe('after a taken time', () => {
  it('"Choose a new time" comes back to the day the patient was on, per page and service', () => {
    rememberDay('northside/main/4', '2026-12-02');
    expect(recallDay('northside/main/4')).toBe('2026-12-02');
    expect(recallDay('northside/main/5')).toBeNull(); // another service starts at its first day
    expect(sessionStorage.getItem('find-appointment-day:northside/main/4')).toBe('2026-12-02');
  });
});

// ---------------------------------------------------------------- "Book again" (the returning patient)

function slotAt(time: string, utcHour: number) {
  return {
    startUtc: `2030-03-05T${String(utcHour).padStart(2, '0')}:${time.slice(3)}:00.000Z`,
    dateLocal: '2030-03-05',
    timeLocal: time,
    locationId: '3',
  };
}

/** Tuesday, March 5, 2030 at Midtown: Dr. Carter (7) at 9:30, Dr. Lee (8) at 10:00. */
function providersAnswer(providerIds: readonly string[]): GetProvidersResponse {
  const cards = [
    provider({
      providerId: '7',
      name: 'Dr. Emily Carter',
      locationIds: ['3'],
      slots: [slotAt('09:30', 14)],
    }),
    provider({
      providerId: '8',
      name: 'Dr. Ann Lee',
      locationIds: ['3'],
      slots: [slotAt('10:00', 15)],
    }),
  ].filter((card) => providerIds.includes(card.providerId));
  return {
    window: {
      earliest: '2030-03-02T05:00:00.000Z',
      latestDate: '2030-04-01',
      latestExclusive: '2030-04-02T04:00:00.000Z',
    },
    availableDates: cards.length > 0 ? ['2030-03-05'] : [],
    providers: cards,
    timeGroups: [],
    groupBy: 'provider',
    locations: [{ locationId: '3', noCapacity: false, message: null, waitlistAllowed: false }],
  };
}

interface ProvidersCall {
  providerId: string | null;
  fromDate: string | null;
}

/**
 * The booking API: catalogue and config, and getProviders answering every provider, or only the
 * `providerId` asked for (`ownProvider` replaces that answer: another answer, or an error status).
 */
function mockBookingApi(
  ownProvider?: { status: number; body: unknown } | ((providerId: string) => GetProvidersResponse),
): ProvidersCall[] {
  const calls: ProvidersCall[] = [];
  mockFetch((call) => {
    if (call.path !== '/api/scheduler/getProviders') return byPath(CATALOGUE)(call);
    const providerId = call.search.get('providerId');
    calls.push({ providerId, fromDate: call.search.get('fromDate') });
    if (providerId === null) return { status: 200, body: providersAnswer(['7', '8']) };
    if (ownProvider === undefined) return { status: 200, body: providersAnswer([providerId]) };
    if (typeof ownProvider === 'function') return { status: 200, body: ownProvider(providerId) };
    return ownProvider;
  });
  return calls;
}

/** The flow as "Book again" leaves it: an existing patient, Cleaning at Midtown, step 2. */
function bookAgainStore(overrides: { isExistingPatient?: boolean } = {}) {
  const store = newBookingStore();
  store.dispatch(setIsExistingPatient(overrides.isExistingPatient ?? true));
  store.dispatch(setServicetype({ appointmentTypeId: '4', name: 'Cleaning', durationMinutes: 60 }));
  store.dispatch(
    setLocation({ LocationId: '3', name: MIDTOWN.name, slug: MIDTOWN.slug, phone: MIDTOWN.phone }),
  );
  store.dispatch(setStepper(1));
  return store;
}

const FIND_PATH = '/acme/main/all/findappointment';

function renderFlow(
  store: BookingStore,
  initial: { pathname: string; state?: unknown },
  queryClient = newQueryClient(),
) {
  const { router } = renderBooking(
    [
      { path: ':clientName/:scheduler/:location/landing', element: <ReturningPatient /> },
      { path: ':clientName/:scheduler/:location/findappointment', element: <FindAppointmentScreen /> },
      { path: ':clientName/:scheduler/:location/additionaldetails', element: <h1>Additional details</h1> },
    ],
    initial,
    { store, queryClient },
  );
  return { router, queryClient };
}

/** A phone: every media query answers "no" (the day strip, no month calendar). */
function asPhone() {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((media: string) => ({
      matches: false,
      media,
      onchange: null,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  );
}

describe('"Book again" on the find-a-time step', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    sessionStorage.clear();
  });

  it('reads only a well-formed provider id from the history state (untrusted)', () => {
    expect(readBookAgainProviderId({ bookAgain: { providerId: '7' } })).toBe('7');
    expect(readBookAgainProviderId({ bookAgain: { providerId: null } })).toBeNull();
    expect(readBookAgainProviderId({ bookAgain: { providerId: 7 } })).toBeNull();
    expect(readBookAgainProviderId({ bookAgain: { providerId: '../7?x=1' } })).toBeNull();
    expect(readBookAgainProviderId({ bookAgain: 'x' })).toBeNull();
    expect(readBookAgainProviderId(null)).toBeNull();
    expect(readBookAgainProviderId('bookAgain')).toBeNull();
  });

  it('applies only while the flow state is the one "Book again" set', () => {
    const flow = { isExistingPatient: true, hasService: true, locationId: '3', selectedProviderId: null };
    expect(bookAgainApplies(flow, '7')).toBe(true);
    expect(bookAgainApplies({ ...flow, selectedProviderId: '7' }, '7')).toBe(true); // back after picking
    expect(bookAgainApplies({ ...flow, selectedProviderId: '8' }, '7')).toBe(false);
    expect(bookAgainApplies({ ...flow, isExistingPatient: false }, '7')).toBe(false);
    expect(bookAgainApplies({ ...flow, hasService: false }, '7')).toBe(false);
    expect(bookAgainApplies({ ...flow, locationId: 'all' }, '7')).toBe(false);
    expect(bookAgainApplies({ ...flow, locationId: null }, '7')).toBe(false);
  });

  it("falls back to every provider only when the provider's own times cannot be shown", () => {
    const base = { providerId: '7', failed: false, error: null };
    expect(bookAgainFallback({ ...base, answer: undefined })).toBeNull(); // still loading
    expect(bookAgainFallback({ ...base, answer: providersAnswer(['7']) })).toBeNull();
    expect(bookAgainFallback({ ...base, answer: providersAnswer([]) })).toBe(
      'No online times with your provider match your search in the booking window. Times are shown for every provider.',
    );
    const full = providersAnswer(['7']);
    expect(bookAgainFallback({ ...base, answer: { ...full, availableDates: [] } })).toMatch(
      /^No online times with Dr. Emily Carter, DDS match your search/,
    );
    expect(
      bookAgainFallback({ ...base, answer: undefined, failed: true, error: new TypeError('offline') }),
    ).toBeNull();
  });

  it.each([
    ['a wide screen', () => undefined],
    ['a phone', asPhone],
  ])("searches the provider's own times first and books a time in one tap (%s)", async (_, setScreen) => {
    setScreen();
    const calls = mockBookingApi();
    const user = userEvent.setup();
    const store = bookAgainStore();
    const { router } = renderFlow(store, { pathname: FIND_PATH, state: { bookAgain: { providerId: '7' } } });

    expect(await screen.findByText('Dr. Emily Carter, DDS', { selector: 'strong' })).toBeTruthy();
    const notice = screen.getByRole('region', { name: 'Your provider' });
    expect(within(notice).getByRole('status').textContent).toBe('Showing times with Dr. Emily Carter, DDS');
    const time = await screen.findByRole('button', { name: /^9:30 AM ET with Dr. Emily Carter/ });
    expect(screen.queryByRole('button', { name: /with Dr. Ann Lee/ })).toBeNull();
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((call) => call.providerId === '7')).toBe(true);

    // One tap: the time is chosen and the next step opens (no separate "Continue").
    await user.click(time);
    expect(await screen.findByRole('heading', { name: 'Additional details' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/acme/main/all/additionaldetails');
    expect(store.getState().patientdetails.selectedProvider).toMatchObject({ providerId: '7' });
    expect(store.getState().patientdetails.selectedTime).toMatchObject({
      startUtc: '2030-03-05T14:30:00.000Z',
    });
  });

  it('"Show all providers" (keyboard) searches every provider and forgets the filter for reloads', async () => {
    const calls = mockBookingApi();
    const user = userEvent.setup();
    const { router } = renderFlow(bookAgainStore(), {
      pathname: FIND_PATH,
      state: { bookAgain: { providerId: '7' } },
    });
    const showAll = await screen.findByRole('button', { name: 'Show all providers' });
    await screen.findByRole('button', { name: /^9:30 AM ET with Dr. Emily Carter/ });

    showAll.focus();
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('button', { name: /^10:00 AM ET with Dr. Ann Lee/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show all providers' })).toBeNull();
    const confirmation = screen.getByText('Showing times with every provider.');
    expect(document.activeElement).toBe(confirmation); // the focus is not lost with the button
    expect(calls.at(-1)?.providerId).toBeNull();
    // The history entry no longer carries it: a reload shows every provider.
    expect(router.state.location.state).toBeNull();
    expect(router.state.location.pathname).toBe(FIND_PATH);
  });

  it('keeps the filter through a reload while the restored flow is still "Book again"', async () => {
    // A reload: the browser keeps the history state, the flow state is restored from storage.
    const calls = mockBookingApi();
    renderFlow(bookAgainStore(), { pathname: FIND_PATH, state: { bookAgain: { providerId: '7' } } });
    expect(await screen.findByRole('button', { name: 'Show all providers' })).toBeTruthy();
    expect(calls[0]?.providerId).toBe('7');
  });

  it('ignores and drops the history state when the restored flow no longer backs it', async () => {
    const calls = mockBookingApi();
    const store = bookAgainStore({ isExistingPatient: false });
    const { router } = renderFlow(store, {
      pathname: FIND_PATH,
      state: { bookAgain: { providerId: '7' } },
    });
    expect(await screen.findByRole('button', { name: /^10:00 AM ET with Dr. Ann Lee/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show all providers' })).toBeNull();
    expect(screen.queryByText(/Showing times with/)).toBeNull();
    expect(calls.every((call) => call.providerId === null)).toBe(true);
    await waitFor(() => expect(router.state.location.state).toBeNull());
  });

  it('leaves for the landing, as before, when the restored flow has no service', async () => {
    mockBookingApi();
    const store = newBookingStore();
    const { router } = renderFlow(store, { pathname: FIND_PATH, state: { bookAgain: { providerId: '7' } } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/main/all/landing'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/acme/main/all/landing');
  });

  it('a time already chosen with another provider wins over the history state', async () => {
    const calls = mockBookingApi();
    const store = bookAgainStore();
    store.dispatch(setSelectedProvider({ providerId: '8', name: 'Dr. Ann Lee', credentials: 'DDS' }));
    renderFlow(store, { pathname: FIND_PATH, state: { bookAgain: { providerId: '7' } } });
    expect(await screen.findByRole('button', { name: /^9:30 AM ET with Dr. Emily Carter/ })).toBeTruthy();
    expect(calls.every((call) => call.providerId === null)).toBe(true);
  });

  it('shows every provider, with a notice, when the provider cannot be booked online', async () => {
    const message = 'This provider cannot be booked online. Please call our office to schedule with them.';
    const calls = mockBookingApi({ status: 422, body: { error: { code: 'PROVIDER_NOT_ONLINE', message } } });
    const user = userEvent.setup();
    const { router } = renderFlow(bookAgainStore(), {
      pathname: FIND_PATH,
      state: { bookAgain: { providerId: '7' } },
    });
    expect(
      await screen.findByText(`${message} Times are shown for every provider.`, { exact: false }),
    ).toBeTruthy();
    expect(await screen.findByRole('button', { name: /^10:00 AM ET with Dr. Ann Lee/ })).toBeTruthy();
    expect(calls[0]?.providerId).toBe('7');
    expect(calls.at(-1)?.providerId).toBeNull();
    expect(router.state.location.state).toBeNull();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByText(/cannot be booked online/)).toBeNull();
  });

  it('shows every provider, with a notice, when the provider has no time left in the window', async () => {
    mockBookingApi(() => providersAnswer([]));
    renderFlow(bookAgainStore(), { pathname: FIND_PATH, state: { bookAgain: { providerId: '7' } } });
    expect(await screen.findByText(/No online times with your provider match your search/)).toBeTruthy();
    expect(await screen.findByRole('button', { name: /^10:00 AM ET with Dr. Ann Lee/ })).toBeTruthy();
  });

  it('takes a returning patient from the landing to a booked time in two taps (of the ≤ 6)', async () => {
    rememberInMemory();
    const calls = mockBookingApi();
    await rememberPatient('acme', {
      identity: ZOE,
      insurance: null,
      lastBooking: {
        service: { appointmentTypeId: '4', name: 'Cleaning', durationMinutes: 60 },
        location: { LocationId: '3', name: MIDTOWN.name, slug: MIDTOWN.slug, phone: null },
        provider: { providerId: '7', name: 'Dr. Emily Carter', credentials: 'DDS', photoUrl: null },
      },
    });
    const user = userEvent.setup();
    const store = newBookingStore();
    renderFlow(store, { pathname: '/acme/main/all/landing' });

    // Tap 1: Book again.
    await user.click(
      await screen.findByRole('button', {
        name: 'Book again: Cleaning with Dr. Emily Carter, DDS at BrightSmile Midtown Manhattan',
      }),
    );
    expect(await screen.findByText('Showing times with', { exact: false })).toBeTruthy();
    // Tap 2: the time. Then Details (Continue), Insurance (Continue), Book: 5 taps in all.
    await user.click(await screen.findByRole('button', { name: /^9:30 AM ET with Dr. Emily Carter/ }));
    expect(await screen.findByRole('heading', { name: 'Additional details' })).toBeTruthy();
    expect(calls.filter((call) => call.providerId === '7').length).toBeGreaterThan(0);
    expect(calls.some((call) => call.providerId === null)).toBe(false);
  });
});

describe('after a taken time ("Choose a new time")', () => {
  it('drops every cached slot search, so the taken time is not shown from the 15-s cache', () => {
    const queryClient = new QueryClient();
    const scope = { clientName: 'acme', scheduler: 'main' };
    const key = [...providerSearchesKey(scope), { fromDate: '2030-03-05' }];
    queryClient.setQueryData(key, providersAnswer(['7', '8']));
    const other = ['scheduler', 'acme', 'main', 'locations'];
    queryClient.setQueryData(other, { locations: [] });

    forgetProviderSearches(queryClient, scope);

    // Not only marked stale (which would still show the cached answer while refetching): gone.
    expect(queryClient.getQueryData(key)).toBeUndefined();
    expect(queryClient.getQueryCache().find({ queryKey: key })).toBeUndefined();
    expect(queryClient.getQueryData(other)).toEqual({ locations: [] });
  });

  it('opens the find-a-time step on skeletons and a fresh answer, not the cached one', async () => {
    mockBookingApi();
    const queryClient = newQueryClient();
    const store = bookAgainStore();
    const first = renderFlow(store, { pathname: FIND_PATH }, queryClient);
    await screen.findByRole('button', { name: /^9:30 AM ET with Dr. Emily Carter/ });
    cleanup();
    first.router.dispose();

    // Someone else booked 9:30 meanwhile; the identity step's "Choose a new time" forgets the searches.
    const taken = providersAnswer(['7', '8']);
    taken.providers = taken.providers.map((card) =>
      card.providerId === '7' ? { ...card, slots: [] } : card,
    );
    mockFetch(byPath({ ...CATALOGUE, '/api/scheduler/getProviders': taken }));
    forgetProviderSearches(queryClient, { clientName: 'acme', scheduler: 'main' });
    renderFlow(store, { pathname: FIND_PATH }, queryClient);
    expect(await screen.findByRole('button', { name: /^10:00 AM ET with Dr. Ann Lee/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^9:30 AM ET with Dr. Emily Carter/ })).toBeNull();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });
});

describe('patient-facing times', () => {
  it("use the zoned labels' '8:00 AM' form, not the spec helper's '08:00 AM', even without a zone", () => {
    const slot = { startUtc: '2030-03-05T14:00:00.000Z', timeLocal: '08:00' };
    expect(slotTimeLabel(slot, 'America/Chicago', 'America/Chicago').full).toBe('8:00 AM CT');
    expect(slotTimeLabel(slot, null).full).toBe('8:00 AM'); // the location (its zone) is gone
    expect(slotTimeLabel(slot, 'Not/AZone').full).toBe('8:00 AM');
    expect(clockTimeText('00:15')).toBe('12:15 AM');
    expect(clockTimeText('12:00:00')).toBe('12:00 PM');
    expect(clockTimeText('23:59')).toBe('11:59 PM');
    expect(clockTimeText('24:00')).toBeNull();
    expect(clockTimeText('8 AM')).toBeNull();
  });
});
