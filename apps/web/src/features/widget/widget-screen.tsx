import type { BookedAppointment, ThemeMode } from '@scheduler/embed/protocol';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { shallowEqual } from 'react-redux';
import { Outlet, useLocation } from 'react-router';
import { useBookingSelector } from '../booking';
import { EmbedContext, type EmbedInfo } from '../../lib/embed-context';
import { useThemeControl } from '../../lib/theme-control';
import {
  bookedAppointmentFromHistory,
  bookedAppointmentOf,
  bookingStepOf,
  rememberBooked,
} from './booking-report';
import { contentHeight, observedElements } from './content-height';
import {
  ancestorOriginsOf,
  createEmbedBridge,
  readEmbedParams,
  type EmbedBridge,
  type EmbedParams,
} from './embed-bridge';

/**
 * The embeddable widget (`/:clientName/:scheduler/:location/widget/…`), shown only inside a frame
 * (the router's EmbeddedOnly sends a direct visit to /404). It wraps the booking shell and its
 * steps, which the router nests below it, and:
 *  - passes the host's `data-color` on (the booking shell otherwise uses appointment setting 20);
 *  - follows the host's light/dark mode when the loader passes one (without storing it);
 *  - reports its height to the loader so the frame grows and shrinks with the content;
 *  - reports each step, and a booking (once) so the host page can fire its conversion tag.
 * Nothing here uses cookies: the patient flow works in a frame whose cookies are blocked.
 */
export function WidgetScreen() {
  const [params] = useState(() => readEmbedParams(window.location.search, ancestorOriginsOf(window)));
  const bridge = useMemo(() => createEmbedBridge(params, window), [params]);
  const rootRef = useRef<HTMLDivElement>(null);

  useHostColour(params);
  useHostTheme(params, bridge);
  useReportHeight(rootRef, bridge);
  const notifyBooked = useBookingReports(bridge);
  const embed = useMemo<EmbedInfo>(
    () => ({ embedded: true, primaryColour: params.color, notifyBooked }),
    [params.color, notifyBooked],
  );

  return (
    <EmbedContext value={embed}>
      {/* flow-root: children's margins stay inside, so the measured height is the content's. */}
      <div ref={rootRef} data-widget-root="" style={{ display: 'flow-root' }}>
        <Outlet />
      </div>
    </EmbedContext>
  );
}

/**
 * The host's data-color as the app's primary colour (for what is outside the booking shell, such
 * as the loading screen); the booking shell reads it from the embed context, before setting 20.
 */
function useHostColour(params: EmbedParams) {
  const { setPrimaryColor } = useThemeControl();
  useEffect(() => {
    if (params.color === null) return;
    setPrimaryColor(params.color);
    return () => setPrimaryColor(null);
  }, [params.color, setPrimaryColor]);
}

/** Light or dark as the host page says (URL first, then its messages); never stored. */
function useHostTheme(params: EmbedParams, bridge: EmbedBridge | null) {
  const [hostTheme, setHostTheme] = useState<ThemeMode | null>(params.theme);
  const { setMode } = useThemeControl();
  useEffect(() => bridge?.onTheme(setHostTheme), [bridge]);
  useEffect(() => {
    if (hostTheme !== null) setMode(hostTheme, { persist: false });
  }, [hostTheme, setMode]);
}

/** Posts the content's height whenever it changes (one message per animation frame at most). */
function useReportHeight(rootRef: RefObject<HTMLDivElement | null>, bridge: EmbedBridge | null) {
  useEffect(() => {
    const root = rootRef.current;
    if (root === null || bridge === null) return;
    bridge.post({ type: 'ready' });
    if (typeof ResizeObserver === 'undefined' || typeof MutationObserver === 'undefined') return;
    let frame = 0;
    let last = -1;
    const resizes = new ResizeObserver(() => schedule());
    const measure = () => {
      frame = 0;
      resizes.disconnect();
      for (const element of observedElements(root)) resizes.observe(element);
      // The loading screen sizes itself to the frame (vh): measuring it would shrink the frame step
      // by step. Keep the current height until the screen has loaded.
      if (root.querySelector('main[aria-busy="true"]')) return;
      const height = contentHeight(root);
      if (height === last || height === 0) return;
      last = height;
      bridge.post({ type: 'resize', height });
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    const mutations = new MutationObserver(schedule);
    mutations.observe(root, { childList: true, subtree: true });
    schedule();
    return () => {
      resizes.disconnect();
      mutations.disconnect();
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [rootRef, bridge]);
}

/** Step changes, and the booking (once per booking): explicitly, or on reaching the thank-you step. */
function useBookingReports(bridge: EmbedBridge | null): EmbedInfo['notifyBooked'] {
  const location = useLocation();
  const { pathname } = location;
  const historyState: unknown = location.state;
  const step = bookingStepOf(pathname);
  const fromState = useBookingSelector(
    (state) => bookedAppointmentOf(state.patientdetails, state.servicetype),
    shallowEqual,
  );
  const latest = useRef(fromState);
  const sent = useRef(false);

  useEffect(() => {
    latest.current = fromState;
  });

  const send = useCallback(
    (booking: BookedAppointment) => {
      if (sent.current) return;
      sent.current = true;
      if (rememberBooked(booking)) bridge?.post({ type: 'booked', booking });
    },
    [bridge],
  );

  useEffect(() => {
    if (step === null) return;
    bridge?.post({ type: 'step', step });
    if (step === 'thankyou') send({ ...latest.current, ...bookedAppointmentFromHistory(historyState) });
    else if (step === 'landing') sent.current = false; // a new booking starts
  }, [bridge, step, send, historyState]);

  return useCallback(
    (booking: Partial<BookedAppointment>) => send({ ...latest.current, ...booking }),
    [send],
  );
}
