// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import type { GetProvidersResponse, ProviderCard } from '@scheduler/contract/scheduler-api';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  byPath,
  CATALOGUE,
  mockFetch,
  newBookingStore,
  renderBooking,
  resetBookingTest,
  type Answer,
  type BookingStore,
} from '../booking-test-harness';
import { i18n } from '../../../i18n/catalogs';
import { ProtectedBookingStep } from '../protected-booking-step';
import {
  setIsExistingPatient,
  setSelectedProvider,
  setSelectedTime,
  setUtm,
} from '../state/patientdetails-slice';
import { setDistance, setGenderFilter, setServicetype } from '../state/servicetype-slice';
import { FindAppointmentScreen } from './find-appointment-screen';
import { LINK_GONE_MESSAGE, linkTimeText, slotLinkStatusOf } from './slot-link-choice';
import {
  linkCampaign,
  readSlotLinkState,
  searchWithoutLink,
  slotParamOf,
  type SlotLinkState,
} from './slot-link-params';

// A shared 2-core machine: a first render can be slow.
configure({ asyncUtilTimeout: 8000 });

afterEach(() => {
  resetBookingTest();
  sessionStorage.clear();
});

/** Tuesday, March 5, 2030, 9:30 in New York: Dr. Carter (7) at Midtown (3), Cleaning (4). */
const START = '2030-03-05T14:30:00.000Z';
const SLOT_ID = `7-3-4-${String(Date.parse(START) / 60_000)}`;
const LINK = {
  appointmentTypeId: '4',
  locationId: '3',
  providerId: '7',
  startUtc: START,
  timeZone: 'America/New_York',
  free: true,
};
const LINK_STATE: SlotLinkState = {
  providerId: '7',
  locationId: '3',
  startUtc: START,
  timeZone: 'America/New_York',
  dateLocal: '2030-03-05',
  free: true,
};

function card(providerId: string, name: string, slots: ProviderCard['slots']): ProviderCard {
  return {
    providerId,
    name,
    firstName: name.split(' ')[1] ?? '',
    lastName: name.split(' ')[2] ?? '',
    credentials: 'DDS',
    gender: 'F',
    bio: null,
    photoUrl: null,
    acceptingNewPatients: true,
    distanceMiles: null,
    locationIds: ['3'],
    nextAvailable: slots[0] ?? null,
    slots,
    noCapacity: slots.length === 0,
    message: null,
    waitlistAllowed: false,
  };
}

const slotAt = (startUtc: string, timeLocal: string, dateLocal = '2030-03-05') => ({
  startUtc,
  dateLocal,
  timeLocal,
  locationId: '3',
});

/** Dr. Carter's times: 9:30 (the link's) and 11:00 on March 5, unless `slots` says otherwise. */
function carterAnswer(
  slots = [slotAt(START, '09:30'), slotAt('2030-03-05T16:00:00.000Z', '11:00')],
): GetProvidersResponse {
  return {
    window: {
      earliest: '2030-03-02T05:00:00.000Z',
      latestDate: '2030-04-01',
      latestExclusive: '2030-04-02T04:00:00.000Z',
    },
    availableDates: [...new Set(slots.map((slot) => slot.dateLocal))].sort(),
    providers: [card('7', 'Dr. Emily Carter', slots)],
    timeGroups: [],
    groupBy: 'provider',
    locations: [{ locationId: '3', noCapacity: false, message: null, waitlistAllowed: false }],
  };
}

const EVERYONE: GetProvidersResponse = {
  ...carterAnswer(),
  providers: [
    card('7', 'Dr. Emily Carter', [slotAt(START, '09:30')]),
    card('8', 'Dr. Ann Lee', [slotAt('2030-03-05T15:00:00.000Z', '10:00')]),
  ],
};

interface Calls {
  slotLink: URLSearchParams[];
  providers: URLSearchParams[];
}

/** The booking API with slotLink answered by `link` and getProviders by `providers`. */
function mockApi(
  link: Answer = { status: 200, body: LINK },
  providers: (search: URLSearchParams) => GetProvidersResponse = (search) =>
    search.get('providerId') === '7' ? carterAnswer() : EVERYONE,
): Calls {
  const calls: Calls = { slotLink: [], providers: [] };
  mockFetch((call) => {
    if (call.path === '/api/scheduler/slotLink') {
      calls.slotLink.push(call.search);
      return link;
    }
    if (call.path === '/api/scheduler/getProviders') {
      calls.providers.push(call.search);
      return { status: 200, body: providers(call.search) };
    }
    return byPath(CATALOGUE)(call);
  });
  return calls;
}

function renderLink(url: string, store: BookingStore = newBookingStore()) {
  const view = renderBooking(
    [
      { path: ':clientName/:scheduler/:location/landing', element: <h1>Landing</h1> },
      {
        path: ':clientName/:scheduler/:location/findappointment',
        element: (
          <ProtectedBookingStep step="findappointment">
            <FindAppointmentScreen />
          </ProtectedBookingStep>
        ),
      },
      { path: ':clientName/:scheduler/:location/additionaldetails', element: <h1>Additional details</h1> },
    ],
    url,
    { store },
  );
  return { ...view, store };
}

const LINK_URL = `/acme/main/all/findappointment?slot=${SLOT_ID}`;

describe('the slot deep link (pure parts)', () => {
  it('reads the slot and drops the link parameters, keeping any other', () => {
    expect(slotParamOf(`?slot=${SLOT_ID}`)).toBe(SLOT_ID);
    expect(slotParamOf('?slot=')).toBe('');
    expect(slotParamOf('?utm_source=x')).toBeNull();
    expect(searchWithoutLink(`?slot=${SLOT_ID}&source=hs&booking-referral=r1`)).toBe('');
    expect(searchWithoutLink(`?utm_source=a&slot=${SLOT_ID}&source=hs`)).toBe('?utm_source=a');
  });

  it('keeps source and booking-referral as UTM fields unless the URL has its own', () => {
    expect(linkCampaign('?slot=1&source=county-portal&booking-referral=abc-123')).toEqual({
      utm_source: 'county-portal',
      utm_medium: 'scheduling-link',
      utm_campaign: null,
      utm_term: 'abc-123',
    });
    expect(linkCampaign('?slot=1&booking-referral=r')).toMatchObject({ utm_source: null, utm_term: 'r' });
    expect(linkCampaign('?slot=1')).toBeNull();
    expect(linkCampaign('?slot=1&source=x&utm_campaign=spring')).toBeNull();
    expect(linkCampaign(`?source=${'s'.repeat(300)}`)?.utm_source).toHaveLength(200);
  });

  it('reads only a well-formed link from the history state (untrusted)', () => {
    expect(readSlotLinkState({ slotLink: LINK_STATE })).toEqual(LINK_STATE);
    expect(readSlotLinkState({ slotLink: { ...LINK_STATE, providerId: '../7' } })).toBeNull();
    expect(readSlotLinkState({ slotLink: { ...LINK_STATE, startUtc: 'soon' } })).toBeNull();
    expect(readSlotLinkState({ slotLink: { ...LINK_STATE, dateLocal: '5 March' } })).toBeNull();
    expect(readSlotLinkState({ slotLink: { ...LINK_STATE, free: 'yes' } })).toBeNull();
    expect(readSlotLinkState({ bookAgain: { providerId: '7' } })).toBeNull();
    expect(readSlotLinkState(null)).toBeNull();
  });

  it('names the time on its location clock with the zone', () => {
    expect(linkTimeText(LINK_STATE)).toBe('Tue, Mar 5, 9:30 AM ET');
    expect(linkTimeText({ startUtc: '2026-12-01T17:00:00Z', timeZone: 'America/Los_Angeles' })).toBe(
      'Tue, Dec 1, 9:00 AM PT',
    );
  });

  it('tells a selected, a gone and a still unknown time apart', () => {
    const status = (over: Partial<Parameters<typeof slotLinkStatusOf>[0]>) =>
      slotLinkStatusOf({
        link: LINK_STATE,
        selected: null,
        answer: carterAnswer(),
        fromDate: '2030-03-05',
        ...over,
      });
    expect(status({ selected: { providerId: '7', startUtc: '2030-03-05T14:30:00Z' } })).toBe('selected');
    expect(status({ selected: { providerId: '8', startUtc: START } })).toBe('replaced');
    expect(status({ link: { ...LINK_STATE, free: false } })).toBe('gone');
    expect(status({ answer: undefined })).toBe('checking');
    expect(status({ answer: carterAnswer([slotAt('2030-03-05T16:00:00.000Z', '11:00')]) })).toBe('gone');
    // The day has no times left at all (the step moved on to the next day that has some).
    const later = carterAnswer([slotAt('2030-03-07T16:00:00.000Z', '11:00', '2030-03-07')]);
    expect(status({ answer: later, fromDate: '2030-03-07' })).toBe('gone');
    // Another day the patient looks at, the link's day still having times: not known yet.
    expect(status({ fromDate: '2030-03-06' })).toBe('checking');
  });
});

describe('opening the booking page at a deep link', () => {
  it("implies the landing's answers and selects the linked time, ready for Continue", async () => {
    const calls = mockApi();
    const user = userEvent.setup();
    const store = newBookingStore();
    // Left over from an earlier visit: an existing patient with filters that would hide Dr. Carter.
    store.dispatch(setIsExistingPatient(true));
    store.dispatch(setGenderFilter([{ label: 'Male', value: 'M', checked: true }]));
    store.dispatch(setDistance([0, 5]));
    const { router } = renderLink(`${LINK_URL}&source=county-portal&booking-referral=ref-42`, store);

    const notice = await screen.findByRole('region', { name: 'Your chosen time' });
    expect(within(notice).getByRole('status').textContent).toBe(
      'Your chosen time is selected: Tue, Mar 5, 9:30 AM ET',
    );
    expect(calls.slotLink[0]?.get('slot')).toBe(SLOT_ID);
    expect(calls.slotLink[0]?.get('clientName')).toBe('acme');

    // The link's parameters left the URL; the history entry carries the link.
    expect(router.state.location.search).toBe('');
    expect(readSlotLinkState(router.state.location.state)).toEqual(LINK_STATE);

    // That provider's times on that day, as a new patient, with no filter.
    const search = calls.providers.at(-1);
    expect(search?.get('providerId')).toBe('7');
    expect(search?.get('fromDate')).toBe('2030-03-05');
    expect(search?.get('appointmentTypeId')).toBe('4');
    expect(search?.get('locationId')).toBe('3');
    expect(search?.get('isExistingPatient')).toBe('false');
    expect(search?.has('gender')).toBe(false);
    expect(await screen.findByRole('button', { name: /^11:00 AM ET with Dr. Emily Carter/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /with Dr. Ann Lee/ })).toBeNull();

    const state = store.getState();
    expect(state.servicetype.servicetype).toMatchObject({ appointmentTypeId: '4', name: 'Cleaning' });
    expect(state.servicetype.location).toMatchObject({ LocationId: '3', slug: 'midtown-manhattan' });
    expect(state.servicetype.insurance).toBeNull();
    expect(state.patientdetails.isExistingPatient).toBe(false);
    expect(state.patientdetails.selectedProvider).toMatchObject({
      providerId: '7',
      name: 'Dr. Emily Carter',
    });
    expect(state.patientdetails.selectedTime).toMatchObject({ startUtc: START, locationId: '3' });
    expect(state.patientdetails.utm).toMatchObject({
      utm_source: 'county-portal',
      utm_medium: 'scheduling-link',
      utm_term: 'ref-42',
    });

    const bar = screen.getByRole('region', { name: 'Your selected time' });
    expect(bar.textContent).toContain('9:30 AM ET');
    await user.click(within(bar).getByRole('button', { name: 'Continue with this time' }));
    expect(await screen.findByRole('heading', { name: 'Additional details' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/acme/main/all/additionaldetails');
  });

  it('says the time is gone and shows the provider’s times when it is no longer free', async () => {
    const calls = mockApi({ status: 200, body: { ...LINK, free: false } }, (search) =>
      search.get('providerId') === '7'
        ? carterAnswer([slotAt('2030-03-05T16:00:00.000Z', '11:00')])
        : EVERYONE,
    );
    const { store } = renderLink(LINK_URL);

    const alert = await screen.findByText(i18n._(LINK_GONE_MESSAGE));
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(await screen.findByRole('button', { name: /^11:00 AM ET with Dr. Emily Carter/ })).toBeTruthy();
    expect(calls.providers.every((search) => search.get('providerId') === '7')).toBe(true);
    expect(store.getState().patientdetails.selectedTime).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue with this time' })).toBeNull();
  });

  it('says so too when the time was taken between the link and the search', async () => {
    mockApi(undefined, () => carterAnswer([slotAt('2030-03-05T16:00:00.000Z', '11:00')]));
    const { store } = renderLink(LINK_URL);
    expect(await screen.findByText(i18n._(LINK_GONE_MESSAGE))).toBeTruthy();
    expect(store.getState().patientdetails.selectedTime).toBeNull();
  });

  it('"Show all providers" drops the link filter and keeps the chosen time', async () => {
    const calls = mockApi();
    const user = userEvent.setup();
    const { router, store } = renderLink(LINK_URL);
    await screen.findByText(/Your chosen time is selected/);
    await user.click(screen.getByRole('button', { name: 'Show all providers' }));
    expect(await screen.findByRole('button', { name: /^10:00 AM ET with Dr. Ann Lee/ })).toBeTruthy();
    expect(calls.providers.at(-1)?.has('providerId')).toBe(false);
    expect(router.state.location.state).toBeNull();
    expect(screen.queryByText(/Your chosen time is selected/)).toBeNull();
    expect(store.getState().patientdetails.selectedTime).toMatchObject({ startUtc: START });
  });

  it('keeps the URL’s own UTM fields over source and booking-referral', async () => {
    mockApi();
    const store = newBookingStore();
    store.dispatch(
      setUtm({ utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'spring', utm_term: null }),
    );
    const { router } = renderLink(`${LINK_URL}&utm_source=newsletter&source=county-portal`, store);
    await screen.findByText(/Your chosen time is selected/);
    expect(router.state.location.search).toBe('?utm_source=newsletter');
    expect(store.getState().patientdetails.utm).toMatchObject({
      utm_source: 'newsletter',
      utm_medium: 'email',
    });
  });

  it.each([
    [
      400,
      'This booking link is not valid: its time (slot) should look like 12-3-45-29412345 (provider, location, service and start).',
    ],
    [404, 'This booking link names a provider, location or service that is not offered here.'],
  ])('explains a link the server refuses (%i) and offers the booking page', async (status, message) => {
    mockApi({ status, body: { error: { code: status === 400 ? 'VALIDATION' : 'NOT_FOUND', message } } });
    const user = userEvent.setup();
    const { router, store } = renderLink(`${LINK_URL}&source=county-portal`);
    expect(await screen.findByRole('heading', { name: 'This booking link cannot be used' })).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    expect(store.getState().servicetype.servicetype).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Choose a time' }));
    expect(await screen.findByRole('heading', { name: 'Landing' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
    // The partner's attribution stays for the session even so.
    expect(store.getState().patientdetails.utm.utm_source).toBe('county-portal');
  });

  it('offers a retry when the link cannot be checked (network)', async () => {
    mockFetch((call) => (call.path === '/api/scheduler/slotLink' ? undefined : byPath(CATALOGUE)(call)));
    renderLink(LINK_URL);
    expect(
      await screen.findByText(
        'We could not open this booking link. Please try again, or call our office to schedule.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('does not select the link again over a time the patient chose since (back, reload)', async () => {
    mockApi();
    const store = newBookingStore();
    store.dispatch(setServicetype({ appointmentTypeId: '4', name: 'Cleaning', durationMinutes: 60 }));
    store.dispatch(setSelectedProvider({ providerId: '7', name: 'Dr. Emily Carter' }));
    store.dispatch(
      setSelectedTime({
        startUtc: '2030-03-05T16:00:00.000Z',
        dateLocal: '2030-03-05',
        timeLocal: '11:00',
        locationId: '3',
        idempotencyKey: 'k-1',
      }),
    );
    renderBooking(
      [{ path: ':clientName/:scheduler/:location/findappointment', element: <FindAppointmentScreen /> }],
      { pathname: '/acme/main/all/findappointment', state: { slotLink: LINK_STATE } },
      { store },
    );
    expect(await screen.findByRole('button', { name: /^11:00 AM ET with Dr. Emily Carter/ })).toBeTruthy();
    expect(screen.queryByText(/Your chosen time/)).toBeNull();
    expect(screen.queryByText(/Checking your chosen time/)).toBeNull();
    expect(store.getState().patientdetails.selectedTime).toMatchObject({ idempotencyKey: 'k-1' });
  });

  it('still sends a find-appointment URL without a slot and without a service to the landing', async () => {
    mockApi();
    const { router } = renderLink('/acme/main/all/findappointment?source=x');
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/main/all/landing'));
  });
});
