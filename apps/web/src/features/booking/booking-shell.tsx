import { Trans, useLingui } from '@lingui/react/macro';
import { formatPhoneForDisplay } from '@scheduler/domain/text';
import { useEffect, useId, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useBookingDispatch, useBookingSelector } from './state/hooks';
import { setRulesConfig, setSessionId, setUtm } from './state/patientdetails-slice';
import { readUtmFromUrl, setTrackingSession } from '../../lib/analytics-facade';
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
import { ApiError } from '../../lib/api-client';
import { NotFoundScreen } from '../../components/not-found-screen';
import { telHref } from './lib/phone';
import { useLocaleControl } from '../../i18n/locale-gate';
import { LOCALE_NAMES, type AppLocale } from '../../i18n/locales';

/**
 * Layout of the booking flow (/:clientName/:scheduler/:location/): the practice's mark, name and
 * phone, a menu with the light/dark switch, the stepper, then the step (each step renders its own
 * main landmark). An unknown practice or scheduler gets the plain not-found page, without stepper.
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
  const { t } = useLingui();
  const { offerPracticeDefault } = useLocaleControl();

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
  // The practice's default language (scheduler setting) counts only when nothing else chose one.
  const practiceLanguage: string | undefined = config.data?.settings.defaultLanguage;
  useEffect(() => {
    if (practiceLanguage !== undefined) offerPracticeDefault(practiceLanguage);
  }, [practiceLanguage, offerPracticeDefault]);
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
  const paper = mode === 'dark' ? '#1E1E1E' : '#FFFFFF';
  const primary = useMemo(
    () => widgetPrimaryPalette(widgetColour, background, paper),
    [widgetColour, background, paper],
  );
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
  const practicePhone = client?.phone.trim() ?? '';
  const phoneText = formatPhoneForDisplay(practicePhone);

  if (config.error instanceof ApiError && config.error.status === 404) return <NotFoundScreen />;

  return (
    <PrimaryOverrideContext value={primary}>
      <div className={embed ? 'booking-shell' : 'booking-shell booking-shell--page'} style={colourStyle}>
        <header className="booking-header">
          <div className="booking-header__bar">
            <p className="booking-header__practice">
              {practiceName ? (
                <span aria-hidden="true" className="booking-header__mark">
                  {monogram(practiceName)}
                </span>
              ) : null}
              <span className="booking-header__name">{practiceName}</span>
            </p>
            <div className="booking-header__tools">
              {practicePhone ? (
                <a
                  href={telHref(practicePhone)}
                  className="booking-header__phone focus-ring"
                  aria-label={
                    practiceName ? t`Call ${practiceName}: ${phoneText}` : t`Call the office: ${phoneText}`
                  }
                >
                  <span aria-hidden="true">☎</span>
                  <span aria-hidden="true" className="booking-header__phone-number">
                    {formatPhoneForDisplay(practicePhone)}
                  </span>
                </a>
              ) : null}
              <LanguageSwitch />
              <HeaderMenu mode={mode} onModeChange={setMode} />
            </div>
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

/** The practice's mark: the initials of its first two words (the data has no logo). */
export function monogram(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => /^[\p{L}\p{N}]/u.test(word))
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

/**
 * The language switch (issue 21): one button naming the other language in that language ('Español'
 * while the page is English, 'English' while it is Spanish), marked with its `lang` so a screen
 * reader says it right. It only records the choice (the locale gate re-renders the page in the new
 * language): the patient's answers and step stay. Its width is fixed (base.css), so the header does
 * not move when the name changes.
 */
export function LanguageSwitch() {
  const { locale, setLocale } = useLocaleControl();
  const other: AppLocale = locale === 'es' ? 'en' : 'es';
  return (
    <button type="button" onClick={() => setLocale(other)} className="language-switch focus-ring">
      <span lang={other}>{LOCALE_NAMES[other]}</span>
    </button>
  );
}

/**
 * The header's menu (a disclosure: a button that shows a small panel): the light/dark switch, out
 * of the space the practice's name and phone need. Escape or a click elsewhere closes it; Escape
 * gives the focus back to the button.
 */
function HeaderMenu({
  mode,
  onModeChange,
}: {
  mode: 'light' | 'dark';
  onModeChange: (mode: 'light' | 'dark') => void;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div ref={wrapper} className="header-menu">
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="header-menu__toggle focus-ring"
      >
        <span aria-hidden="true">☰</span> <Trans>Menu</Trans>
      </button>
      <div id={panelId} hidden={!open} className="header-menu__panel">
        <button
          type="button"
          aria-pressed={mode === 'dark'}
          onClick={() => onModeChange(mode === 'dark' ? 'light' : 'dark')}
          className="mode-switch focus-ring"
        >
          <Trans>Dark mode</Trans>
        </button>
      </div>
    </div>
  );
}
