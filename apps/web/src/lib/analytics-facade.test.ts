import { describe, expect, it, vi } from 'vitest';
import type { AnalyticsContext } from './analytics';
import {
  getTrackingSession,
  installDeferredTracking,
  loadAnalytics,
  readUtmFromUrl,
  setTrackingSession,
  trackEvent,
} from './analytics-facade';
import { request, setOnTrack, type RequestOutcome } from './api-client';
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
  utm: { utm_source: 'google', utm_medium: null, utm_campaign: null, utm_term: null },
  rwgToken: null,
  isAptBooked: false,
};

// One test: the facade's queue is module state, and the module loads once.
describe('analytics facade', () => {
  it('reads the campaign at once, and sends the events and log lines queued before lib/analytics loaded, all and in order', async () => {
    requestMock.mockResolvedValue({});
    expect(readUtmFromUrl('?utm_source=%20google%20&rwg_token=abc')).toEqual({
      utm: { utm_source: 'google', utm_medium: null, utm_campaign: null, utm_term: null },
      rwgToken: 'abc',
    });

    const remove = installDeferredTracking();
    const hook = vi.mocked(setOnTrack).mock.calls.at(-1)?.[0];
    expect(hook).toEqual(expect.any(Function));
    const failure: RequestOutcome = {
      requestId: 'r1',
      api: 'scheduler',
      method: 'GET',
      path: 'slots',
      ok: false,
      status: 500,
      errorCode: 'SERVER_ERROR',
    } as RequestOutcome;
    // No session yet: nothing to log, nothing queued.
    hook?.(failure);
    setTrackingSession({ sessionId: 'session-1', clientId: 'acme' });
    expect(getTrackingSession()).toEqual({ sessionId: 'session-1', clientId: 'acme' });

    trackEvent({ pathname: '/acme/main/all/landing', pageName: 'landing', action: 'page_view' }, context, {
      id: 'page-view:landing',
    });
    trackEvent(
      { pathname: '/acme/main/all/landing', pageName: 'landing', action: 'click', eventLabel: 'new' },
      context,
    );
    hook?.(failure);
    trackEvent(
      { pathname: '/acme/main/all/landing', pageName: 'landing', action: 'click', eventLabel: 'service' },
      context,
    );
    // Nothing is sent before lib/analytics.ts is loaded.
    expect(requestMock).not.toHaveBeenCalled();

    await loadAnalytics();
    await vi.waitFor(() => expect(requestMock).toHaveBeenCalledTimes(7));
    const calls = requestMock.mock.calls.map(([options]) => options);
    // The updateUserSession posts start in the order the events happened (each then logs a line).
    const sessions = calls.filter((options) => options.path === 'updateUserSession');
    expect(
      sessions.map((options) => [
        (options.data as { action: string }).action,
        (options.data as { eventLabel: string | null }).eventLabel,
      ]),
    ).toEqual([
      ['page_view', null],
      ['click', 'new'],
      ['click', 'service'],
    ]);
    expect(sessions[0]).toMatchObject({
      id: 'page-view:landing',
      data: { pagePath: '/acme/main/all/landing' },
    });
    const firstCalls = calls.slice(0, 4).map((options) => (options.api === 'track' ? 'log' : 'session'));
    expect(firstCalls).toEqual(['session', 'session', 'log', 'session']);
    const logLines = calls.filter((options) => options.api === 'track').map((options) => options.data);
    expect(logLines).toContainEqual(
      expect.objectContaining({
        sessionId: 'session-1',
        clientId: 'acme',
        event: 'api_error GET slots SERVER_ERROR',
        status: 500,
      }),
    );

    // Once loaded, an event is sent at once.
    requestMock.mockClear();
    trackEvent(
      { pathname: '/acme/main/all/landing', pageName: 'landing', action: 'click', eventLabel: 'location' },
      context,
    );
    expect(requestMock).toHaveBeenCalledWith(expect.objectContaining({ path: 'updateUserSession' }));

    remove();
    expect(vi.mocked(setOnTrack)).toHaveBeenLastCalledWith(null);
    setTrackingSession(null);
  });
});
