// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import type { ManageAppointmentResponse } from '@scheduler/contract/manage';
import type { BookAppointmentResponse, GetProvidersResponse } from '@scheduler/contract/scheduler-api';
import type { WaitlistOfferView } from '@scheduler/contract/waitlist-offers';
import { DEFAULT_SETTINGS } from '@scheduler/domain/settings';
import { configure, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/catalogs';
import {
  englishFragments,
  englishOnlyWordsIn,
  fragmentPattern,
  SPANISH_DATE,
  staticFragments,
  type EnglishFragment,
} from '../../i18n/english-left';
import { messages as spanishBooking } from '../../locales/es/booking.po';
import { messages as spanishStart } from '../../locales/es/start.po';
import { AdditionalDetailsScreen } from './additional-details/additional-details-screen';
import {
  ACME_CONFIG,
  byPath,
  byRoute,
  CATALOGUE,
  CLEANING,
  MIDTOWN,
  mockFetch,
  newBookingStore,
  rememberInMemory,
  renderBooking,
  resetBookingTest,
  withConfig,
  type Answer,
  type ApiCall,
  type BookingStore,
} from './booking-test-harness';
import { ClaimScreen } from './claim/claim-screen';
import { FindAppointmentScreen } from './find-appointment/find-appointment-screen';
import { IdentityScreen } from './identity/identity-screen';
import { InsuranceScreen } from './insurance/insurance-screen';
import { LandingScreen } from './landing/landing-screen';
import { ManageScreen } from './manage/manage-screen';
import { setIsExistingPatient, setSelectedProvider, setSelectedTime } from './state/patientdetails-slice';
import { setLocation, setServicetype } from './state/servicetype-slice';
import { setStepper } from './state/stepper-slice';
import { ThankYouScreen } from './thank-you/thank-you-screen';

/**
 * Issue 21: every booking step, the manage page and the claim page rendered in Spanish with the
 * real Spanish catalogs (apps/web/src/locales/es/{start,booking}.po, compiled by Lingui's Vite
 * plugin), and nothing English left on them: no static text of an English catalog message whose
 * Spanish differs, and no word of a short list of English-only words, in the visible text or the
 * accessible names (aria-label, title, placeholder, alt). The practice's data (service, location,
 * provider and patient names, addresses) is exempt: it is shown as the practice wrote it.
 */

// A shared 2-core machine: a first render with Material UI can take over a second.
configure({ asyncUtilTimeout: 10_000 });

/** The practice's data in the fixtures below, shown as written (and the e-mail/web examples). */
const PRACTICE_DATA = [
  MIDTOWN.name,
  MIDTOWN.addressLine1,
  'New York',
  'Acme Dental',
  'Acme',
  CLEANING.name,
  'Emergency Dental Visit',
  'Dr. Emily Carter',
  'Dr. Ann Lee',
  'Lakeside',
  '1 Lake St, Chicago, IL 60601',
  'Delta Dental PPO',
  'Delta Dental',
  'Google Maps',
  'Main',
  'DDS',
];

function withoutPracticeData(text: string): string {
  let rest = text.replace(/\s+/g, ' ');
  for (const data of PRACTICE_DATA) rest = rest.split(data).join(' ');
  // e-mail addresses and web addresses (placeholders such as name@example.com)
  return rest.replace(/\S+@\S+|https?:\/\/\S+|\bwww\.\S+/g, ' ');
}

const ACCESSIBLE_ATTRIBUTES = ['aria-label', 'title', 'placeholder', 'alt', 'aria-valuetext'];

/**
 * What the patient reads or hears on the page: each element's own text (its direct text nodes,
 * together) and its accessible-name attributes.
 */
function pageTexts(root: HTMLElement = document.body): string[] {
  const texts: string[] = [];
  const elements = [root, ...Array.from(root.querySelectorAll<HTMLElement>('*'))];
  for (const element of elements) {
    if (element.tagName === 'SCRIPT' || element.tagName === 'STYLE') continue;
    const own = Array.from(element.childNodes)
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent ?? '')
      .join('');
    if (own.trim() !== '') texts.push(own);
    for (const attribute of ACCESSIBLE_ATTRIBUTES) {
      const value = element.getAttribute(attribute);
      if (value && value.trim() !== '') texts.push(value);
    }
  }
  // Each element's whole text too, for a fragment React split over several elements.
  texts.push(root.textContent ?? '');
  return texts.map((text) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim());
}

/** The English left on the page: catalog fragments and English-only words, with where they come from. */
function englishOnPage(fragments: readonly EnglishFragment[]): string[] {
  const texts = pageTexts().map(withoutPracticeData);
  if (process.env.SHOW_PAGE_TEXTS) console.log(texts.slice(0, -1).join(' | '));
  const found = new Set<string>();
  for (const { fragment, message, catalog } of fragments) {
    const where = texts.find((text) => fragmentPattern(fragment).test(text));
    if (where !== undefined) found.add(`"${fragment}" (${catalog}: ${message}) in: ${where.slice(0, 160)}`);
  }
  for (const text of texts) {
    const words = englishOnlyWordsIn(text);
    if (words.length > 0) found.add(`English words (${words.join(', ')}) in: ${text.slice(0, 160)}`);
  }
  return [...found];
}

// ------------------------------------------------------------------ fixtures

const PROVIDER = { providerId: '7', name: 'Dr. Emily Carter', credentials: 'DDS' };
/** Tuesday, March 5, 2030, 9:30 AM in New York. */
const START_UTC = '2030-03-05T14:30:00.000Z';
const TIME = {
  startUtc: START_UTC,
  dateLocal: '2030-03-05',
  timeLocal: '09:30',
  locationId: '3',
  idempotencyKey: '0b9f3a52-3c1e-4a8e-9a57-2f8f0d3c1a11',
};

/** Dr. Carter at 9:30 and Dr. Lee at 10:00 on Tuesday, March 5, 2030 at Midtown. */
const PROVIDERS: GetProvidersResponse = {
  window: {
    earliest: '2030-03-02T05:00:00.000Z',
    latestDate: '2030-04-01',
    latestExclusive: '2030-04-02T04:00:00.000Z',
  },
  availableDates: ['2030-03-05', '2030-03-07'],
  providers: [
    ['7', 'Dr. Emily Carter', 'Emily', 'Carter', '09:30', 14],
    ['8', 'Dr. Ann Lee', 'Ann', 'Lee', '10:00', 15],
  ].map(([providerId, name, firstName, lastName, time, hour]) => ({
    providerId: String(providerId),
    name: String(name),
    firstName: String(firstName),
    lastName: String(lastName),
    credentials: 'DDS',
    gender: 'F',
    bio: null,
    photoUrl: null,
    acceptingNewPatients: true,
    distanceMiles: null,
    locationIds: ['3'],
    nextAvailable: null,
    slots: [
      {
        startUtc: `2030-03-05T${String(hour)}:${String(time).slice(3)}:00.000Z`,
        dateLocal: '2030-03-05',
        timeLocal: String(time),
        locationId: '3',
      },
    ],
    noCapacity: false,
    message: null,
    waitlistAllowed: false,
  })),
  timeGroups: [],
  groupBy: 'provider',
  locations: [{ locationId: '3', noCapacity: false, message: null, waitlistAllowed: false }],
};

const INSURANCE = {
  '/api/scheduler/getInsurance': {
    carriers: [
      {
        carrierId: '10',
        name: 'Delta Dental',
        plans: [{ planId: '100', name: 'Delta Dental PPO', insuranceTypeId: null, topRank: 1 }],
      },
    ],
  },
  '/api/scheduler/insurance/topInsurancePackage': {
    packages: [{ planId: '100', carrierId: '10', name: 'Delta Dental PPO', rank: 1 }],
  },
  '/api/scheduler/insurance/getRelationshipToPatient': {
    relationships: [{ value: 'self', label: 'Self' }],
  },
};

/** The booking API of the flow: catalogue, config, insurance and the slot search. */
function mockBookingApi(): ApiCall[] {
  return mockFetch((call) =>
    call.path === '/api/scheduler/getProviders'
      ? { status: 200, body: PROVIDERS }
      : byPath({ ...CATALOGUE, ...INSURANCE })(call),
  );
}

/** The flow as far as `step`: a new patient, Cleaning at Midtown, Dr. Carter at 9:30 from step 2 on. */
function flowStore(step: number): BookingStore {
  const store = newBookingStore();
  store.dispatch(setIsExistingPatient(false));
  store.dispatch(setServicetype({ appointmentTypeId: '4', name: CLEANING.name, durationMinutes: 60 }));
  store.dispatch(
    setLocation({ LocationId: '3', name: MIDTOWN.name, slug: MIDTOWN.slug, phone: MIDTOWN.phone }),
  );
  if (step >= 2) {
    store.dispatch(setSelectedProvider(PROVIDER));
    store.dispatch(setSelectedTime(TIME));
  }
  store.dispatch(setStepper(step));
  return store;
}

function renderStep(path: string, element: ReactElement, store: BookingStore, state?: unknown) {
  return renderBooking(
    [
      { path: `:clientName/:scheduler/:location/${path}`, element },
      { path: ':clientName/:scheduler/:location/*', element: <p>Another step</p> },
    ],
    { pathname: `/acme/main/all/${path}`, state },
    { store },
  );
}

const BOOKED: BookAppointmentResponse = {
  appointmentId: '12',
  confirmationNumber: 'K7M-4QXD',
  status: 'booked',
  startUtc: START_UTC,
  endUtc: '2030-03-05T15:30:00.000Z',
  dateLocal: '2030-03-05',
  timeLocal: '09:30',
  timeZone: 'America/New_York',
  provider: PROVIDER,
  location: MIDTOWN,
  service: { appointmentTypeId: '4', name: CLEANING.name, durationMinutes: 60 },
  // The practice's texts as the shipped defaults: the page shows their reviewed Spanish.
  thankYou: { primary: DEFAULT_SETTINGS.thankYouPrimary, secondary: DEFAULT_SETTINGS.thankYouSecondary },
  manageUrl: null,
};

const APPOINTMENT: ManageAppointmentResponse = {
  clientName: 'acme',
  scheduler: 'main',
  confirmationNumber: 'K7M-4QXD',
  status: 'booked',
  patientFirstName: 'Ana',
  isExistingPatient: true,
  startUtc: START_UTC,
  endUtc: '2030-03-05T15:00:00.000Z',
  dateLocal: 'March 5, 2030',
  timeLocal: '09:30 AM',
  timeZone: 'America/New_York',
  provider: PROVIDER,
  location: MIDTOWN,
  service: { appointmentTypeId: '4', name: 'Emergency Dental Visit', durationMinutes: 30 },
  officePhone: '2125550100',
  cancel: {
    allowed: true,
    reason: null,
    message: null,
    cutoffHours: 24,
    deadlineUtc: '2030-03-04T14:30:00.000Z',
  },
  reschedule: {
    allowed: true,
    reason: null,
    message: null,
    cutoffHours: 24,
    deadlineUtc: '2030-03-04T14:30:00.000Z',
    limit: 2,
    used: 0,
    anyProvider: false,
  },
  rescheduledFromUtc: null,
};

const OFFER: WaitlistOfferView = {
  status: 'open',
  clientSlug: 'acme',
  schedulerSlug: 'main',
  firstName: 'Ben',
  startUtc: START_UTC,
  endUtc: '2030-03-05T15:00:00.000Z',
  dateLocal: '2030-03-05',
  timeLocal: '09:30',
  timeZone: 'America/Chicago',
  service: { appointmentTypeId: '4', name: CLEANING.name },
  provider: { providerId: '7', name: 'Dr. Emily Carter' },
  location: {
    locationId: '3',
    name: 'Lakeside',
    address: '1 Lake St, Chicago, IL 60601',
    phone: '3125550142',
  },
  expiresAtUtc: '2030-03-05T12:30:00.000Z',
  move: null,
  nextTimes: [],
};

// ------------------------------------------------------------------ the tests

let fragments: EnglishFragment[] = [];
/** The Spanish of an English message, from the loaded catalogs (fails on an untranslated one). */
const es = (english: string): string => {
  const translated = i18n._({ id: generateMessageId(english), message: english });
  expect(translated, `no Spanish for "${english}"`).not.toBe(english);
  return translated;
};

beforeAll(() => {
  fragments = englishFragments();
  i18n.load('es', { ...spanishStart, ...spanishBooking });
  i18n.activate('es');
});

afterEach(resetBookingTest);

afterAll(() => {
  i18n.activate('en');
});

function expectSpanishDate() {
  expect(pageTexts().some((text) => SPANISH_DATE.test(text))).toBe(true);
  expect(document.body.textContent).not.toMatch(/\b(Tuesday|Tue|March|Mar 5)\b/);
}

describe('the booking flow in Spanish (the real catalogs)', () => {
  it('finds English catalog fragments to look for (the check itself works)', () => {
    expect(staticFragments('Call to book · {phoneText}')).toEqual(['Call to book ·']);
    expect(staticFragments('{found, plural, one {# plan found} other {# plans found}}')).toEqual([
      'plan found',
      'plans found',
    ]);
    expect(fragments.length).toBeGreaterThan(100);
    expect(fragments.some((entry) => entry.fragment === 'Find a time')).toBe(true);
  });

  it('would find the English of an English page (the check itself works)', async () => {
    i18n.activate('en');
    try {
      mockBookingApi();
      renderStep('landing', <LandingScreen />, flowStore(0));
      expect(await screen.findByRole('button', { name: 'Find a time' })).toBeTruthy();
      const english = englishOnPage(fragments);
      expect(english.some((line) => line.startsWith('"What would you like to book?"'))).toBe(true);
      expect(english.some((line) => line.startsWith('English words ('))).toBe(true);
    } finally {
      i18n.activate('es');
    }
  });

  it('the landing', async () => {
    mockBookingApi();
    renderStep('landing', <LandingScreen />, flowStore(0));
    expect(await screen.findByRole('group', { name: es('What would you like to book?') })).toBeTruthy();
    expect(await screen.findByRole('button', { name: es('Find a time') })).toBeTruthy();
    expect(es('Book an appointment')).toBe('Reservar cita');
    expect(englishOnPage(fragments)).toEqual([]);
  });

  it('the find-a-time step, with times', async () => {
    mockBookingApi();
    renderStep('findappointment', <FindAppointmentScreen />, flowStore(1));
    expect(await screen.findByRole('button', { name: /Dr\. Emily Carter/ })).toBeTruthy();
    const time = screen.getAllByRole('button', { name: /Dr\. Emily Carter/ })[0];
    expect(time?.getAttribute('aria-label') ?? time?.textContent).toMatch(/9:30\s?a\.\s?m\./);
    expectSpanishDate();
    expect(englishOnPage(fragments)).toEqual([]);
  });

  it('the additional details step', async () => {
    mockBookingApi();
    renderStep('additionaldetails', <AdditionalDetailsScreen />, flowStore(2));
    expect(await screen.findByRole('heading', { level: 1, name: es('Additional details') })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: es('Reason for visit') })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Información adicional');
    expectSpanishDate();
    expect(englishOnPage(fragments)).toEqual([]);
  });

  it('the insurance step', async () => {
    mockBookingApi();
    renderStep('insurance', <InsuranceScreen />, flowStore(3));
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    await screen.findAllByRole('radio');
    expect(englishOnPage(fragments)).toEqual([]);
  });

  it('the identity step', async () => {
    rememberInMemory();
    mockBookingApi();
    renderStep('identity', <IdentityScreen />, flowStore(4));
    expect(await screen.findByRole('heading', { level: 1, name: es('Your information') })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: new RegExp(`^${es('First name')}`) })).toBeTruthy();
    expect(englishOnPage(fragments)).toEqual([]);
  });

  it('the thank-you page', async () => {
    mockFetch(byRoute({ 'GET /api/scheduler/getConfig': { status: 200, body: ACME_CONFIG } }));
    renderStep('thankyou', <ThankYouScreen />, flowStore(5), { booking: BOOKED });
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Gracias, su cita está reservada');
    expect(document.body.textContent).toContain('K7M-4QXD');
    expectSpanishDate();
    expect(englishOnPage(fragments)).toEqual([]);
  });

  it('the manage page', async () => {
    mockFetch(
      withConfig((call: ApiCall): Answer | undefined =>
        call.method === 'GET' && call.path === '/api/scheduler/manage'
          ? { status: 200, body: APPOINTMENT }
          : undefined,
      ),
    );
    renderBooking(
      [{ path: ':clientName/:scheduler/manage/:token', element: <ManageScreen /> }],
      '/acme/main/manage/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde',
    );
    expect(await screen.findByRole('heading', { level: 1, name: /Ana/ })).toBeTruthy();
    expect(screen.getByText('martes, 5 de marzo de 2030')).toBeTruthy();
    expectSpanishDate();
    expect(englishOnPage(fragments)).toEqual([]);
  });

  it('the waitlist claim page', async () => {
    mockFetch(withConfig(byRoute({ 'GET /api/scheduler/waitlistOffer': { status: 200, body: OFFER } })));
    renderBooking(
      [{ path: ':clientName/:scheduler/claim/:token', element: <ClaimScreen /> }],
      '/acme/main/claim/Zx9_Yw8-Vu7Ts6Rq5Po4Nm',
    );
    expect(await screen.findByRole('heading', { level: 1, name: /Ben/ })).toBeTruthy();
    expect(screen.getByText('martes, 5 de marzo de 2030')).toBeTruthy();
    expectSpanishDate();
    expect(englishOnPage(fragments)).toEqual([]);
  });
});
