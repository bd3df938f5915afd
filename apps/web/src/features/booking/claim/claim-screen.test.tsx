// @vitest-environment jsdom
import {
  WAITLIST_OFFER_GONE_MESSAGE,
  WAITLIST_OFFER_NOT_FOUND_MESSAGE,
  type WaitlistClaimResponse,
  type WaitlistOfferView,
} from '@scheduler/contract/waitlist-offers';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  byRoute,
  mockFetch,
  renderBooking,
  resetBookingTest,
  withConfig,
  type Answer,
  type ApiCall,
} from '../booking-test-harness';
import { ClaimScreen } from './claim-screen';

configure({ asyncUtilTimeout: 8000 });

const TOKEN = 'Zx9_Yw8-Vu7Ts6Rq5Po4Nm';

const OFFER: WaitlistOfferView = {
  status: 'open',
  clientSlug: 'acme',
  schedulerSlug: 'main',
  firstName: 'Ben',
  startUtc: '2030-03-05T14:30:00.000Z',
  endUtc: '2030-03-05T15:00:00.000Z',
  dateLocal: '2030-03-05',
  timeLocal: '09:30',
  timeZone: 'America/Chicago',
  service: { appointmentTypeId: '4', name: 'Cleaning' },
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

const BOOKED: WaitlistClaimResponse = {
  outcome: 'booked',
  appointmentId: '99',
  confirmationNumber: 'K7M-4QXD',
  startUtc: OFFER.startUtc,
  endUtc: OFFER.endUtc,
  dateLocal: OFFER.dateLocal,
  timeLocal: OFFER.timeLocal,
  timeZone: OFFER.timeZone,
  service: OFFER.service,
  provider: OFFER.provider,
  location: { locationId: '3', name: 'Lakeside' },
  movedFromStartUtc: null,
};

type Call = ApiCall;

/** getConfig always answers; `answers['METHOD /path']` the rest (anything else is refused). */
const mockApi = (answers: Record<string, Answer>): Call[] => mockFetch(withConfig(byRoute(answers)));

const VIEW = 'GET /api/scheduler/waitlistOffer';
const CLAIM = 'POST /api/scheduler/claimWaitlistOffer';

function renderClaim(token = TOKEN) {
  renderBooking(
    [
      { path: ':clientName/:scheduler/claim/:token', element: <ClaimScreen /> },
      { path: ':clientName/:scheduler/:location/landing', element: <p>Landing</p> },
    ],
    `/acme/main/claim/${token}`,
  );
}

const posts = (calls: Call[]) => calls.filter((call) => call.method === 'POST');

afterEach(resetBookingTest);

describe('the waitlist claim page', () => {
  it('shows the offered time with its zone; opening it books nothing; "Book this time" books it', async () => {
    const user = userEvent.setup();
    const calls = mockApi({ [VIEW]: { status: 200, body: OFFER }, [CLAIM]: { status: 201, body: BOOKED } });
    renderClaim();

    expect(await screen.findByRole('heading', { level: 1, name: 'Ben, a time has opened up' })).toBeTruthy();
    expect(screen.getByText('Tuesday, March 5, 2030')).toBeTruthy();
    expect(screen.getByText(/^8:30 AM CT/)).toBeTruthy();
    expect(screen.getByText('Dr. Emily Carter')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
    // axe-core's rules (contrast needs a layout engine: the e2e run checks it).
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Book this time' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your appointment is booked' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Confirmation number: K7M-4QXD');
    expect(screen.getByRole('status').textContent).toContain('Tuesday, March 5, 2030 at 8:30 AM CT');
    const sent = posts(calls);
    expect(sent).toHaveLength(1);
    const body = sent[0]?.body as { idempotencyKey?: unknown };
    expect(Object.keys(body)).toEqual(['idempotencyKey']);
    expect(String(body.idempotencyKey)).toMatch(/^[0-9a-f-]{36}$/);
    // The token goes in the X-Claim-Token header of both calls, never in an API path.
    const claimCalls = calls.filter((call) => call.path !== '/api/scheduler/getConfig');
    expect(claimCalls.map((call) => call.token)).toEqual([TOKEN, TOKEN]);
    expect(claimCalls.some((call) => call.path.includes(TOKEN))).toBe(false);
  });

  it('a claim that lost says the time is gone and shows the next times with the booking page', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({
      [VIEW]: { status: 200, body: OFFER },
      [CLAIM]: {
        status: 409,
        body: {
          error: {
            code: 'SLOT_TAKEN',
            message: WAITLIST_OFFER_GONE_MESSAGE,
            details: {
              nextTimes: [
                {
                  startUtc: '2030-03-06T15:00:00.000Z',
                  dateLocal: '2030-03-06',
                  timeLocal: '09:00',
                  timeZone: 'America/Chicago',
                  providerId: '8',
                  providerName: 'Dr. Omar Reyes',
                  locationId: '3',
                  locationName: 'Lakeside',
                },
              ],
            },
          },
        },
      },
    });
    renderClaim();

    await user.click(await screen.findByRole('button', { name: 'Book this time' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This time is gone' })).toBeTruthy();
    expect(screen.getByText(WAITLIST_OFFER_GONE_MESSAGE)).toBeTruthy();
    const list = screen.getByRole('list');
    expect(
      within(list).getByText('Wednesday, March 6, 2030 at 9:00 AM CT, Dr. Omar Reyes, Lakeside'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book a time on our booking page' }).getAttribute('href')).toBe(
      '/acme/main/all/landing',
    );
    expect(screen.queryByRole('button', { name: 'Book this time' })).toBeNull();
  });

  it('an offer already gone when opened offers no button', async () => {
    const calls = mockApi({ [VIEW]: { status: 200, body: { ...OFFER, status: 'gone' } } });
    renderClaim();
    expect(await screen.findByRole('heading', { level: 1, name: 'This time is gone' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Book this time' })).toBeNull();
    expect(posts(calls)).toEqual([]);
  });

  it('a wrong link reveals nothing and offers the booking page and the phone', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({
      [VIEW]: {
        status: 404,
        body: { error: { code: 'OFFER_NOT_FOUND', message: WAITLIST_OFFER_NOT_FOUND_MESSAGE } },
      },
    });
    renderClaim();
    expect(await screen.findByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeTruthy();
    expect(screen.getByText(WAITLIST_OFFER_NOT_FOUND_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the booking page' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: '(212) 555-0100' })).toBeTruthy();
  });
});
