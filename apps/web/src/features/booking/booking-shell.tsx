import Box from '@mui/material/Box';
import { THEME_ID, type Theme } from '@mui/material/styles';
import { ThemeProvider } from '@mui/system';
import { useCallback, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { setRulesConfig, setSessionId, setUtm } from '../../app/slices/patientdetails-slice';
import { readUtmFromUrl, setTrackingSession } from '../../lib/analytics';
import { useThemeControl } from '../../lib/theme-control';
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
  const dispatch = useAppDispatch();
  const config = useSchedulerConfig(scope);
  const sessionId = useAppSelector((state) => state.patientdetails.sessionId);
  const storedClientId = useAppSelector((state) => state.patientdetails.rulesConfig[0]?.clientid ?? null);
  const progress = useBookingProgress();
  const { mode, setMode } = useThemeControl();

  useEffect(() => {
    if (sessionId === null) dispatch(setSessionId(newUuid()));
  }, [sessionId, dispatch]);

  // UTM fields and the Reserve-with-Google token come from the landing URL and stay for the
  // session. Read here, before any step (and its page view) mounts.
  const campaignSearch = location.search;
  const storedRwgToken = useAppSelector((state) => state.patientdetails.utm.rwg_token ?? null);
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
  const withWidgetColour = useCallback(
    (outer: Theme): Theme => {
      const primary = widgetPrimaryPalette(widgetColour, outer.palette.background.default);
      return primary
        ? { ...outer, palette: { ...outer.palette, primary: { ...outer.palette.primary, ...primary } } }
        : outer;
    },
    [widgetColour],
  );

  const step = stepOfPathname(location.pathname);
  const practiceName = client?.clientName ?? '';

  return (
    <ThemeProvider themeId={THEME_ID} theme={withWidgetColour}>
      <Box
        sx={{ minHeight: embed ? undefined : '100vh', bgcolor: 'background.default', color: 'text.primary' }}
      >
        <Box
          component="header"
          sx={{
            borderBottom: '1px solid',
            borderColor: 'divider',
            mb: 2,
          }}
        >
          <Box
            sx={{
              maxWidth: 1100,
              mx: 'auto',
              px: { xs: 2, sm: 3 },
              py: 1.5,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: 2,
            }}
          >
            <Box
              component="p"
              sx={{ m: 0, fontWeight: 700, fontSize: { xs: '1.05rem', sm: '1.25rem' }, minHeight: '1.5em' }}
            >
              {practiceName}
            </Box>
            <Box
              component="button"
              type="button"
              aria-pressed={mode === 'dark'}
              onClick={() => setMode(mode === 'dark' ? 'light' : 'dark')}
              sx={{
                font: 'inherit',
                fontSize: '0.9rem',
                color: 'text.primary',
                bgcolor: 'transparent',
                border: '1px solid',
                borderColor: 'text.secondary',
                borderRadius: 1,
                px: 1.5,
                minHeight: 40,
                cursor: 'pointer',
                '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
              }}
            >
              Dark mode
            </Box>
          </Box>
          {step ? (
            <Box sx={{ maxWidth: 1100, mx: 'auto', px: { xs: 2, sm: 3 } }}>
              <BookingStepper current={step} progress={progress} search={location.search} />
            </Box>
          ) : null}
        </Box>
        <Outlet />
      </Box>
    </ThemeProvider>
  );
}
