import { setOnTrack, type RequestOutcome } from './api-client';
import type * as Analytics from './analytics';
import type { AnalyticsContext, EventInput } from './analytics';
import { getTrackingSession } from './analytics-start';

export { getTrackingSession, readUtmFromUrl, setTrackingSession } from './analytics-start';

/*
 * The always-loaded part of the booking analytics (spec section 3): what must happen at start (the
 * campaign read from the URL, the session the API-error log lines belong to, the API client's
 * tracking hook) and a queue. The rest (./analytics.ts: building and posting the events and log
 * lines) is not needed for the landing to become interactive (issue 21: its weight), so it is
 * loaded a moment after the first event needs it (the page is then interactive), when the browser
 * is idle; the events queued until then are sent in order, none lost.
 */

type AnalyticsModule = typeof Analytics;
type Job = (analytics: AnalyticsModule) => void;

let loaded: AnalyticsModule | null = null;
let loading: Promise<AnalyticsModule> | null = null;
const pending: Job[] = [];

/**
 * Loads ./analytics.ts (once) and runs the queued jobs in the order they were queued. A failed
 * load keeps them queued; the next event tries again.
 */
export function loadAnalytics(): Promise<AnalyticsModule> {
  if (loaded) return Promise.resolve(loaded);
  loading ??= import('./analytics').then(
    (analytics) => {
      for (const job of pending.splice(0)) {
        try {
          job(analytics);
        } catch (error) {
          console.error('[analytics] event failed', error instanceof Error ? error.message : error);
        }
      }
      loaded = analytics;
      return analytics;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * How long after the first event that needs it the module loads: the event comes as the page
 * becomes interactive, whose first taps come first.
 */
const LOAD_DELAY_MS = 1000;
let scheduled = false;

function scheduleLoad(): void {
  if (scheduled) return;
  scheduled = true;
  const load = (): void => {
    scheduled = false;
    loadAnalytics().catch(() => undefined);
  };
  // Then when the browser is idle, or within a second anyway.
  setTimeout(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(load, { timeout: 1000 });
    else load();
  }, LOAD_DELAY_MS);
}

function enqueue(job: Job): void {
  if (loaded) {
    job(loaded);
    return;
  }
  pending.push(job);
  scheduleLoad();
}

/**
 * Sends a booking event (./analytics.ts buildEvent then track): at once when the module is loaded,
 * otherwise as soon as it is, after the events queued before it.
 */
export function trackEvent(
  input: EventInput,
  context: AnalyticsContext,
  options: { id?: string | undefined } = {},
): void {
  enqueue((analytics) => {
    void analytics.track(analytics.buildEvent(input, context), options);
  });
}

function currentPathname(): string | undefined {
  try {
    return typeof location === 'undefined' ? undefined : location.pathname;
  } catch {
    return undefined;
  }
}

/**
 * Installs the API client's tracking hook (failed requests become tracking log lines, as
 * ./analytics.ts installTracking does) without loading ./analytics.ts before a line is needed: the
 * session, page and time are those of the request's end. Returns a function that removes the hook.
 */
export function installDeferredTracking(): () => void {
  setOnTrack((outcome: RequestOutcome) => {
    const session = getTrackingSession();
    if (outcome.ok || outcome.api === 'track' || !session) return;
    const at = new Date();
    const pagePath = currentPathname();
    enqueue((analytics) => analytics.logRequestOutcome(outcome, session, at, pagePath));
  });
  return () => setOnTrack(null);
}
