import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'react-router';
import { useBookingSelector } from './state/hooks';
import type { AnalyticsContext, EventInput } from '../../lib/analytics';
import { trackEvent } from '../../lib/analytics-facade';
import type { BookingStep } from './booking-steps';

export type BookingEventInput = Omit<EventInput, 'pathname' | 'pageName'> & {
  pageName?: BookingStep;
  /** Facts the state no longer holds (e.g. the booked provider on the thank-you page). */
  context?: Partial<AnalyticsContext>;
};

/**
 * Sends booking analytics (spec section 3): the state's session, client, location, service,
 * provider, patient type and campaign, never anything the patient typed about themselves.
 * Events wait until the session and the client are known.
 */
export function useBookingAnalytics(pageName: BookingStep) {
  const { pathname } = useLocation();
  const sessionId = useBookingSelector((state) => state.patientdetails.sessionId);
  const clientId = useBookingSelector((state) => state.patientdetails.rulesConfig[0]?.clientid ?? null);
  const locationId = useBookingSelector((state) => state.servicetype.locationId);
  const appointmentTypeId = useBookingSelector(
    (state) => state.servicetype.servicetype?.appointmentTypeId ?? null,
  );
  const providerId = useBookingSelector((state) => state.patientdetails.selectedProvider?.providerId ?? null);
  const isExistingPatient = useBookingSelector((state) => state.patientdetails.isExistingPatient);
  const utm = useBookingSelector((state) => state.patientdetails.utm);

  const context = useMemo<AnalyticsContext>(
    () => ({
      sessionId,
      clientId,
      locationId,
      appointmentTypeId,
      providerId,
      isExistingPatient,
      utm: {
        utm_source: utm.utm_source,
        utm_medium: utm.utm_medium,
        utm_campaign: utm.utm_campaign,
        utm_term: utm.utm_term,
      },
      rwgToken: utm.rwg_token ?? null,
      isAptBooked: false,
    }),
    [sessionId, clientId, locationId, appointmentTypeId, providerId, isExistingPatient, utm],
  );
  const ready = sessionId !== null && clientId !== null;

  const send = useCallback(
    (input: BookingEventInput, options: { id?: string } = {}) => {
      if (!ready) return;
      const { context: overrides, pageName: page, ...rest } = input;
      // Sent once lib/analytics.ts is loaded (after the first page is shown), in order.
      trackEvent({ ...rest, pathname, pageName: page ?? pageName }, { ...context, ...overrides }, options);
    },
    [ready, pathname, pageName, context],
  );

  return { send, ready };
}

/** One page view per visit of a step, sent as soon as the session is known. */
export function usePageView(pageName: BookingStep, context?: Partial<AnalyticsContext>) {
  const { send, ready } = useBookingAnalytics(pageName);
  const sent = useRef(false);
  const contextRef = useRef(context);
  useEffect(() => {
    if (!ready || sent.current) return;
    sent.current = true;
    send({ action: 'page_view', context: contextRef.current }, { id: `page-view:${pageName}` });
  }, [ready, send, pageName]);
}
