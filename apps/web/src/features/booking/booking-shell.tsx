import { useEffect, useMemo, type CSSProperties } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useBookingDispatch, useBookingSelector } from './state/hooks';
import { setRulesConfig, setSessionId, setUtm } from './state/patientdetails-slice';
import { readUtmFromUrl, setTrackingSession } from '../../lib/analytics';
import { PrimaryOverrideContext, useThemeControl } from '../../lib/theme-control';
import { useSchedulerConfig } from './api/get-config';
import { useBookingScope } from './api/scope';
import { stepOfPathname } from './booking-steps';
import { BookingStepper } from './components/booking-stepper';
import { newUuid } from './lib/ids';
import { toRulesConfigItem } from './lib/rules-config';
import { widgetPrimaryPalette } from './lib/widget-colour';
import { useBookingProgress } from './use-booking-progress';
import { useEmbed } from '../../lib/embed-context';

/**
 * Layout of the booking flow (/:clientName/:scheduler/:location/): the practice's name, the
 * light/dark switch, the stepper, then the step (each step renders its own main landmark).
 * It also starts the analytics session, keeps the scheduler's rulesConfig in the state and
 * applies the widget colour (appointment setting 20) to the primary actions.
 */
export function BookingShell() {
  const scope = useBookingScope();
  const location = useLocation();
  const dispatch = useBookingDispatch();
  const config = useSchedulerConfig(scope);
  const sessionId = useBookingSelector((state) => state.patientdetails.sessionId);
  const storedClientId = useBookingSelector((state) => state.patientdetails.rulesConfig[0]?.clientid ?? null);
  const progress = useBookingProgress();
  const { mode, setMode } = useThemeControl();

  useEffect(() => {
    if (sessionId === null) dispatch(setSessionId(newUuid()));
  }, [sessionId, dispatch]);

  // UTM fields and the Reserve-with-Google token come from the landing URL and stay for the
  // session. Read here, before any step (and its page view) mounts.
  const campaignSearch = location.search;
  const storedRwgToken = useBookingSelector((state) => state.patientdetails.utm.rwg_token ?? null);
  useEffect(() => {
    const campaign = readUtmFromUrl(campaignSearch);
    const hasCampaign =
      Object.values(campaign.utm).some((value) => value !== null) || campaign.rwgToken !== null;
    if (hasCampaign) dispatch(setUtm({ ...campaign.utm, rwg_token: campaign.rwgToken ?? storedRwgToken }));
  }, [campaignSearch, storedRwgToken, dispatch]);

  const client = config.data?.client;
  useEffect(() => {
    if (client) dispatch(setRulesConfig([toRulesConfigItem(client)]));
  }, [client, dispatch]);

  useEffect(() => {
    const clientId = client?.clientid ?? (storedClientId === null ? null : String(storedClientId));
    setTrackingSession(sessionId && clientId ? { sessionId, clientId } : null);
  }, [client, storedClientId, sessionId]);

  // Inside the widget, the host page's data-color wins over appointment setting 20.
  const embed = useEmbed();
  const widgetColour = embed?.primaryColour ?? config.data?.settings.widgetColor;
  // The shell's elements take the colour from CSS variables; the steps' Material UI theme from the context.
  const background = mode === 'dark' ? '#121212' : '#FFFFFF';
  const primary = useMemo(() => widgetPrimaryPalette(widgetColour, background), [widgetColour, background]);
  const colourStyle = useMemo(
    () =>
      primary
        ? ({
            '--primary-main': primary.main,
            '--primary-light': primary.light,
            '--primary-dark': primary.dark,
            '--primary-contrast': primary.contrastText,
          } as CSSProperties)
        : undefined,
    [primary],
  );

  const step = stepOfPathname(location.pathname);
  const practiceName = client?.clientName ?? '';

  return (
    <PrimaryOverrideContext value={primary}>
      <div className={embed ? 'booking-shell' : 'booking-shell booking-shell--page'} style={colourStyle}>
        <header className="booking-header">
          <div className="booking-header__bar">
            <p className="booking-header__name">{practiceName}</p>
            <button
              type="button"
              aria-pressed={mode === 'dark'}
              onClick={() => setMode(mode === 'dark' ? 'light' : 'dark')}
              className="mode-switch focus-ring"
            >
              Dark mode
            </button>
          </div>
          {step ? (
            <div className="booking-header__steps">
              <BookingStepper current={step} progress={progress} search={location.search} />
            </div>
          ) : null}
        </header>
        <Outlet />
      </div>
    </PrimaryOverrideContext>
  );
}
