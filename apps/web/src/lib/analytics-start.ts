import type { CampaignParams, TrackingSession } from './analytics';

/*
 * What the booking analytics (spec section 3) must do at start, always loaded (./analytics-facade.ts
 * re-exports it): the campaign read from the URL, the session the API-error log lines belong to.
 */

const MAX_PARAM_LENGTH = 200;

function readParam(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim();
  return value ? value.slice(0, MAX_PARAM_LENGTH) : null;
}

/** UTM parameters and the Reserve-with-Google token from a URL query string ('?utm_source=…'). */
export function readUtmFromUrl(search: string): CampaignParams {
  const params = new URLSearchParams(search);
  return {
    utm: {
      utm_source: readParam(params, 'utm_source'),
      utm_medium: readParam(params, 'utm_medium'),
      utm_campaign: readParam(params, 'utm_campaign'),
      utm_term: readParam(params, 'utm_term'),
    },
    rwgToken: readParam(params, 'rwg_token'),
  };
}

let trackingSession: TrackingSession | null = null;

/** Tells analytics which session and client later log lines belong to (null: none yet). */
export function setTrackingSession(session: TrackingSession | null): void {
  trackingSession = session;
}

/** The session set by setTrackingSession. */
export function getTrackingSession(): TrackingSession | null {
  return trackingSession;
}
