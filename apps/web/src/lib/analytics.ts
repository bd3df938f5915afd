import { isApiError, request, setOnTrack, type RequestOutcome } from './api-client';
import { getTrackingSession } from './analytics-start';
import type { EntityId } from './entity-schemas';

export { readUtmFromUrl, setTrackingSession } from './analytics-start';

/**
 * Analytics of the booking flow (spec section 3): every page view and meaningful click posts
 * `updateUserSession` with the session fields, then a tracking log line to `/api/track`, unless the
 * request was cancelled. The pure parts (page path, event payload, UTM parsing) are exported for tests.
 * Loaded after the first page is shown, through ./analytics-facade.ts (what must run at start, the
 * campaign read from the URL and the tracking session, is in ./analytics-start.ts).
 */

export interface UtmParams {
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
}

export interface CampaignParams {
  utm: UtmParams;
  rwgToken: string | null;
}

export interface GoogleSessionDetails {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string;
  utmTerm: string | null;
  rwgToken: string | null;
}

/** What the booking state knows when an event happens. */
export interface AnalyticsContext {
  sessionId: string | null;
  clientId: EntityId | null;
  locationId: EntityId | null;
  appointmentTypeId: EntityId | null;
  providerId: EntityId | null;
  isExistingPatient: boolean;
  utm: UtmParams;
  rwgToken: string | null;
  isAptBooked: boolean;
}

export interface EventInput {
  /** location.pathname of the page the event happens on. */
  pathname: string;
  pageName: string;
  action: string;
  eventLabel?: string | null | undefined;
  eventDetails?: unknown;
  alert?: string | null | undefined;
  /** Page a click leads to, when the event is a click. */
  clickPageName?: string | null | undefined;
}

export interface AnalyticsEvent {
  sessionId: string | null;
  clientId: EntityId | null;
  pagePath: string;
  pageName: string;
  eventLabel: string | null;
  action: string;
  locationId: EntityId | null;
  alert: string | null;
  appointmentTypeId: EntityId | null;
  clickPagePath: string | null;
  clickPageName: string | null;
  /** Absent on the identity and landing pages. */
  providerId?: EntityId | null;
  eventDetails: unknown;
  isExistingPatient: boolean;
  googleSessionDetails: GoogleSessionDetails;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  isAptBooked: boolean;
  channelFilters: string;
  rwgToken: string | null;
}

export const DEFAULT_CAMPAIGN = 'website';
/** Pages whose events never carry a provider id. */
export const PAGES_WITHOUT_PROVIDER: ReadonlySet<string> = new Set(['identity', 'landing']);

export const EMPTY_UTM: UtmParams = {
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  utm_term: null,
};

/** Replaces the last path segment with the page name: ('/acme/main/all/findappointment', 'insurance') → '/acme/main/all/insurance'. */
export function derivePagePath(pathname: string, pageName: string): string {
  const segments = pathname.split('/');
  segments[segments.length - 1] = pageName;
  const path = segments.join('/');
  return path.startsWith('/') ? path : `/${path}`;
}

/** Builds the `updateUserSession` payload of spec section 3. */
export function buildEvent(input: EventInput, context: AnalyticsContext): AnalyticsEvent {
  const campaign = context.utm.utm_campaign ?? DEFAULT_CAMPAIGN;
  const clickPageName = input.clickPageName ?? null;
  const event: AnalyticsEvent = {
    sessionId: context.sessionId,
    clientId: context.clientId,
    pagePath: derivePagePath(input.pathname, input.pageName),
    pageName: input.pageName,
    eventLabel: input.eventLabel ?? null,
    action: input.action,
    locationId: context.locationId,
    alert: input.alert ?? null,
    appointmentTypeId: context.appointmentTypeId,
    clickPagePath: clickPageName === null ? null : derivePagePath(input.pathname, clickPageName),
    clickPageName,
    eventDetails: input.eventDetails ?? null,
    isExistingPatient: context.isExistingPatient,
    googleSessionDetails: {
      utmSource: context.utm.utm_source,
      utmMedium: context.utm.utm_medium,
      utmCampaign: campaign,
      utmTerm: context.utm.utm_term,
      rwgToken: context.rwgToken,
    },
    utm_source: context.utm.utm_source,
    utm_medium: context.utm.utm_medium,
    utm_campaign: context.utm.utm_campaign,
    utm_term: context.utm.utm_term,
    isAptBooked: context.isAptBooked,
    channelFilters: campaign,
    rwgToken: context.rwgToken,
  };
  if (!PAGES_WITHOUT_PROVIDER.has(input.pageName)) event.providerId = context.providerId;
  return event;
}

/**
 * A line of the tracking log posted to `/api/track` (trackLogRequestSchema of the API contract):
 * who (session, client), what happened (`event`, at most 100 characters), where and how it ended.
 * Never carries request or response bodies, nor anything about the patient.
 */
export interface TrackLogLine {
  sessionId: string;
  clientId: string;
  event: string;
  pagePath?: string;
  status?: number;
  at?: string;
}

/** The session the API-error log lines belong to (set by the booking flow once it knows it). */
export interface TrackingSession {
  sessionId: string;
  clientId: string;
}

const EVENT_MAX = 100;
const PAGE_PATH_MAX = 500;

function clip(text: string, max: number): string {
  return text.length > max ? text.slice(0, max) : text;
}

function currentPathname(): string | undefined {
  try {
    return typeof location === 'undefined' ? undefined : location.pathname;
  } catch {
    return undefined;
  }
}

/** The log line of an analytics event, or null when the event has no session or client yet. */
export function eventLogLine(event: AnalyticsEvent, status: number | null, at: Date): TrackLogLine | null {
  if (!event.sessionId || event.clientId === null || event.clientId === '') return null;
  const name = event.eventLabel ? `${event.action}:${event.eventLabel}` : event.action;
  return {
    sessionId: clip(event.sessionId, 128),
    clientId: clip(String(event.clientId), 64),
    event: clip(name || 'event', EVENT_MAX),
    pagePath: clip(event.pagePath, PAGE_PATH_MAX),
    ...(status === null ? {} : { status }),
    at: at.toISOString(),
  };
}

async function postTrackLog(line: TrackLogLine): Promise<void> {
  try {
    await request({ api: 'track', method: 'POST', path: '', data: line, report: false });
  } catch {
    // already logged by the client; analytics never disturbs the user
  }
}

export type TrackResult = 'sent' | 'failed' | 'cancelled';

/**
 * Posts `updateUserSession`, then the log line to `/api/track` — unless the request was cancelled
 * (`id` lets a newer event of the same id cancel this one; `signal` lets the caller cancel it).
 */
export async function track(
  event: AnalyticsEvent,
  options: { id?: string | undefined; signal?: AbortSignal | undefined } = {},
): Promise<TrackResult> {
  let ok = true;
  let status: number | null = 200;
  try {
    await request({
      api: 'scheduler',
      method: 'POST',
      path: 'updateUserSession',
      data: event,
      id: options.id,
      signal: options.signal,
      report: false,
    });
  } catch (error) {
    if (isApiError(error) && error.cancelled) return 'cancelled';
    ok = false;
    status = isApiError(error) ? error.status : null;
  }
  const line = eventLogLine(event, status, new Date());
  if (line) await postTrackLog(line);
  return ok ? 'sent' : 'failed';
}

/**
 * Turns a finished API request into a log line: failures only (successes are not logged), and
 * only once the session is known (the log endpoint needs it). Carries the method, path and error
 * code, never a body.
 */
export function toTrackLogLine(
  outcome: RequestOutcome,
  session: TrackingSession | null = getTrackingSession(),
  at: Date = new Date(),
  pagePath: string | undefined = currentPathname(),
): TrackLogLine | null {
  if (outcome.ok || outcome.api === 'track' || !session) return null;
  const event = `api_error ${outcome.method} ${outcome.path} ${outcome.errorCode ?? ''}`.trim();
  return {
    sessionId: session.sessionId,
    clientId: session.clientId,
    event: clip(event, EVENT_MAX),
    ...(pagePath ? { pagePath: clip(pagePath, PAGE_PATH_MAX) } : {}),
    ...(outcome.status === null ? {} : { status: outcome.status }),
    at: at.toISOString(),
  };
}

/** Posts the log line of a finished API request, if it needs one (toTrackLogLine). */
export function logRequestOutcome(
  outcome: RequestOutcome,
  session: TrackingSession | null,
  at: Date,
  pagePath: string | undefined,
): void {
  const line = toTrackLogLine(outcome, session, at, pagePath);
  if (line) void postTrackLog(line);
}

/**
 * Installs the API client's tracking hook; returns a function that removes it. (The app installs
 * ./analytics-facade.ts installDeferredTracking, which loads this module only when a line is due.)
 */
export function installTracking(): () => void {
  setOnTrack((outcome) => {
    const line = toTrackLogLine(outcome);
    if (line) void postTrackLog(line);
  });
  return () => setOnTrack(null);
}
