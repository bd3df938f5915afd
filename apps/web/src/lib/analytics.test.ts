import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildEvent,
  derivePagePath,
  installTracking,
  readUtmFromUrl,
  toTrackLogLine,
  track,
  type AnalyticsContext,
} from './analytics';
import { ApiError, request, setOnTrack, type RequestOutcome } from './api-client';
import type * as ApiClientModule from './api-client';

vi.mock('./api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, request: vi.fn(), setOnTrack: vi.fn() };
});

const requestMock = vi.mocked(request);

const context: AnalyticsContext = {
  sessionId: 'session-1',
  clientId: 'acme',
  locationId: 12,
  appointmentTypeId: 'new-patient',
  providerId: 99,
  isExistingPatient: false,
  utm: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: null, utm_term: 'dentist' },
  rwgToken: null,
  isAptBooked: false,
};

describe('derivePagePath', () => {
  it('replaces the last path segment with the page name', () => {
    expect(derivePagePath('/acme/main/all/findappointment', 'insurance')).toBe('/acme/main/all/insurance');
  });

  it('fills the empty last segment of a path ending in a slash', () => {
    expect(derivePagePath('/acme/main/all/', 'landing')).toBe('/acme/main/all/landing');
  });

  it('handles the root and an empty path', () => {
    expect(derivePagePath('/', 'landing')).toBe('/landing');
    expect(derivePagePath('', 'landing')).toBe('/landing');
  });
});

describe('buildEvent', () => {
  it('carries no provider id on the identity and landing pages', () => {
    for (const pageName of ['identity', 'landing']) {
      const event = buildEvent(
        { pathname: `/acme/main/all/${pageName}`, pageName, action: 'page_view' },
        context,
      );
      expect('providerId' in event).toBe(false);
      expect(JSON.stringify(event)).not.toContain('providerId');
    }
  });

  it('carries the provider id on the other pages', () => {
    const event = buildEvent(
      { pathname: '/acme/main/all/findappointment', pageName: 'findappointment', action: 'click' },
      context,
    );
    expect(event.providerId).toBe(99);
  });

  it('defaults the campaign to website in the Google session details and channel filters', () => {
    const event = buildEvent(
      { pathname: '/acme/main/all/landing', pageName: 'landing', action: 'page_view' },
      context,
    );
    expect(event.googleSessionDetails).toEqual({
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'website',
      utmTerm: 'dentist',
      rwgToken: null,
    });
    expect(event.channelFilters).toBe('website');
    expect(event.utm_campaign).toBeNull();
  });

  it('uses the campaign when there is one', () => {
    const event = buildEvent(
      { pathname: '/acme/main/all/landing', pageName: 'landing', action: 'page_view' },
      { ...context, utm: { ...context.utm, utm_campaign: 'spring' }, rwgToken: 'rwg-1' },
    );
    expect(event.googleSessionDetails.utmCampaign).toBe('spring');
    expect(event.channelFilters).toBe('spring');
    expect(event.rwgToken).toBe('rwg-1');
    expect(event.googleSessionDetails.rwgToken).toBe('rwg-1');
  });

  it('fills the payload fields of spec section 3', () => {
    const event = buildEvent(
      {
        pathname: '/acme/main/all/findappointment',
        pageName: 'findappointment',
        action: 'click',
        eventLabel: 'Select time',
        clickPageName: 'additionaldetails',
        eventDetails: { slot: '09:00' },
      },
      context,
    );
    expect(event).toMatchObject({
      sessionId: 'session-1',
      clientId: 'acme',
      pagePath: '/acme/main/all/findappointment',
      pageName: 'findappointment',
      eventLabel: 'Select time',
      action: 'click',
      locationId: 12,
      alert: null,
      appointmentTypeId: 'new-patient',
      clickPagePath: '/acme/main/all/additionaldetails',
      clickPageName: 'additionaldetails',
      providerId: 99,
      eventDetails: { slot: '09:00' },
      isExistingPatient: false,
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_term: 'dentist',
      isAptBooked: false,
    });
  });
});

describe('readUtmFromUrl', () => {
  it('reads the utm parameters and the rwg token', () => {
    expect(
      readUtmFromUrl('?utm_source=fb&utm_medium=social&utm_campaign=spring&utm_term=x&rwg_token=abc'),
    ).toEqual({
      utm: { utm_source: 'fb', utm_medium: 'social', utm_campaign: 'spring', utm_term: 'x' },
      rwgToken: 'abc',
    });
  });

  it('gives nulls for absent or blank parameters', () => {
    expect(readUtmFromUrl('?utm_source=%20&other=1')).toEqual({
      utm: { utm_source: null, utm_medium: null, utm_campaign: null, utm_term: null },
      rwgToken: null,
    });
  });
});

describe('track', () => {
  const event = buildEvent(
    { pathname: '/acme/main/all/landing', pageName: 'landing', action: 'page_view' },
    context,
  );

  beforeEach(() => {
    requestMock.mockReset();
  });

  it('posts updateUserSession, then the log line to /api/track', async () => {
    requestMock.mockResolvedValue({});
    await expect(track(event)).resolves.toBe('sent');

    expect(requestMock).toHaveBeenCalledTimes(2);
    expect(requestMock.mock.calls[0]?.[0]).toMatchObject({
      api: 'scheduler',
      method: 'POST',
      path: 'updateUserSession',
      data: event,
    });
    expect(requestMock.mock.calls[1]?.[0]).toMatchObject({
      api: 'track',
      method: 'POST',
      report: false,
      data: {
        sessionId: 'session-1',
        clientId: 'acme',
        event: 'page_view',
        pagePath: '/acme/main/all/landing',
        status: 200,
      },
    });
  });

  it('sends a log line that matches the API contract of /api/track', async () => {
    const { trackLogRequestSchema } = await import('@scheduler/contract/scheduler-api');
    requestMock.mockResolvedValue({});
    await track(event);
    expect(trackLogRequestSchema.safeParse(requestMock.mock.calls[1]?.[0]?.data).success).toBe(true);
  });

  it('posts no log line for an event without a session', async () => {
    requestMock.mockResolvedValue({});
    await track({ ...event, sessionId: null });
    expect(requestMock).toHaveBeenCalledTimes(1);
  });

  it('posts no log line when updateUserSession was cancelled', async () => {
    requestMock.mockRejectedValueOnce(
      new ApiError(
        { error: { code: 'REQUEST_CANCELLED', message: 'The request was cancelled.' } },
        null,
        true,
      ),
    );
    await expect(track(event, { id: 'page' })).resolves.toBe('cancelled');
    expect(requestMock).toHaveBeenCalledTimes(1);
  });

  it('still logs an event whose updateUserSession failed', async () => {
    requestMock
      .mockRejectedValueOnce(new ApiError({ error: { code: 'SERVER_ERROR', message: 'x' } }, 500))
      .mockResolvedValueOnce({});
    await expect(track(event)).resolves.toBe('failed');
    expect(requestMock.mock.calls[1]?.[0]).toMatchObject({
      api: 'track',
      data: { sessionId: 'session-1', event: 'page_view', status: 500 },
    });
  });

  it('installs a tracking hook on the API client', () => {
    const remove = installTracking();
    expect(vi.mocked(setOnTrack)).toHaveBeenCalledWith(expect.any(Function));
    remove();
    expect(vi.mocked(setOnTrack)).toHaveBeenLastCalledWith(null);
  });
});

describe('toTrackLogLine', () => {
  const outcome: RequestOutcome = {
    requestId: undefined,
    api: 'scheduler',
    method: 'GET',
    path: '/api/scheduler/getProviders',
    status: 500,
    ok: false,
    errorCode: 'SERVER_ERROR',
    durationMs: 12,
    trackPayload: undefined,
  };

  const session = { sessionId: 'session-1', clientId: '7' };
  const at = new Date('2030-01-02T03:04:05.000Z');

  it('logs failed API calls without bodies, in the shape of the API contract', async () => {
    const line = toTrackLogLine(outcome, session, at, '/acme/main/all/findappointment');
    expect(line).toEqual({
      sessionId: 'session-1',
      clientId: '7',
      event: 'api_error GET /api/scheduler/getProviders SERVER_ERROR',
      pagePath: '/acme/main/all/findappointment',
      status: 500,
      at: '2030-01-02T03:04:05.000Z',
    });
    const { trackLogRequestSchema } = await import('@scheduler/contract/scheduler-api');
    expect(trackLogRequestSchema.safeParse(line).success).toBe(true);
  });

  it('does not log successes, the tracking endpoint itself, or anything before the session is known', () => {
    expect(toTrackLogLine({ ...outcome, ok: true, status: 200, errorCode: undefined }, session)).toBeNull();
    expect(toTrackLogLine({ ...outcome, api: 'track' }, session)).toBeNull();
    expect(toTrackLogLine(outcome, null)).toBeNull();
  });

  it('keeps the event name within 100 characters', () => {
    const line = toTrackLogLine({ ...outcome, path: `/api/${'x'.repeat(200)}` }, session, at);
    expect(line?.event.length).toBe(100);
  });
});
