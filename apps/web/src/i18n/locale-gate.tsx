import { I18nProvider } from '@lingui/react';
import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { setLanguage } from '../features/booking/state/patientdetails-slice';
import type { PatientdetailsState } from '../features/booking/state/patientdetails-schema';
import { activateLocale, i18n, isLocaleLoaded, loadLocale } from './catalogs';
import { chooseLocale, DEFAULT_LOCALE, toAppLocale, type AppLocale, type LocaleChoice } from './locales';

/** Staff screens stay English for now (issue 21): every string goes through Lingui, only `en` exists. */
const STAFF_PATH = /^\/admin/;

export interface LocaleControl {
  locale: AppLocale;
  /** The patient's choice (the switcher): kept in the encrypted state and in the page's `?lang=`. */
  setLocale: (locale: AppLocale) => void;
  /** The practice's default language, once its settings are known: used only when nothing else chose. */
  offerPracticeDefault: (language: string | null | undefined) => void;
}

const LocaleControlContext = createContext<LocaleControl>({
  locale: DEFAULT_LOCALE,
  setLocale: () => undefined,
  offerPracticeDefault: () => undefined,
});

export function useLocaleControl(): LocaleControl {
  return useContext(LocaleControlContext);
}

interface StateWithLanguage {
  patientdetails: Pick<PatientdetailsState, 'language'>;
}

function readQueryLang(): string | null {
  return new URLSearchParams(window.location.search).get('lang');
}

/** Replaces the page's `?lang=` (the URL wins over every other source, so it must follow the switcher). */
function writeQueryLang(locale: AppLocale): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('lang')) return;
  url.searchParams.set('lang', locale);
  window.history.replaceState(window.history.state, '', url);
}

/**
 * Chooses the page's language (locales.ts: URL, widget tag, last choice, browser, practice default),
 * loads its catalog and renders nothing of the app until it is active — no first paint in the other
 * language. Keeps `<html lang>` in step. Inside the store (the last choice is part of the restored state).
 */
export function LocaleGate({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const dispatch = useDispatch();
  const stored = useSelector((state: StateWithLanguage) => state.patientdetails.language ?? null);
  const [practiceDefault, setPracticeDefault] = useState<AppLocale | null>(null);
  const staff = STAFF_PATH.test(window.location.pathname);

  const choice: LocaleChoice = useMemo(
    () =>
      staff
        ? { locale: DEFAULT_LOCALE, source: 'fallback' }
        : chooseLocale({
            query: stored ? null : readQueryLang(),
            stored,
            browser: typeof navigator === 'undefined' ? [] : navigator.languages,
            practiceDefault,
          }),
    [staff, stored, practiceDefault],
  );

  // A language named in the URL becomes the patient's choice: it stays when later links drop `?lang=`.
  useEffect(() => {
    if (!staff && choice.source === 'query') dispatch(setLanguage(choice.locale));
  }, [staff, choice, dispatch]);

  // The language on screen: it changes (and Lingui's i18n with it) only once the chosen one is loaded,
  // in a layout effect, so the page never paints a half-switched or not-yet-loaded language.
  const [active, setActive] = useState<AppLocale | null>(null);
  useLayoutEffect(() => {
    let cancelled = false;
    if (isLocaleLoaded(choice.locale)) {
      activateLocale(choice.locale);
      setActive(choice.locale);
    } else
      void loadLocale(choice.locale).then(() => {
        if (cancelled) return;
        activateLocale(choice.locale);
        setActive(choice.locale);
      });
    return () => {
      cancelled = true;
    };
  }, [choice.locale]);

  // Before the browser paints the page in that language (screen readers pick the voice from it).
  useLayoutEffect(() => {
    if (active) document.documentElement.lang = active;
  }, [active]);

  const control = useMemo<LocaleControl>(
    () => ({
      locale: active ?? DEFAULT_LOCALE,
      setLocale: (locale) => {
        writeQueryLang(locale);
        dispatch(setLanguage(locale));
      },
      offerPracticeDefault: (language) => {
        const locale = toAppLocale(language);
        if (locale !== practiceDefault) setPracticeDefault(locale);
      },
    }),
    [active, dispatch, practiceDefault],
  );

  if (active === null) return <>{fallback}</>;
  return (
    <LocaleControlContext value={control}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </LocaleControlContext>
  );
}
