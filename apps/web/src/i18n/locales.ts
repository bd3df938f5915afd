/**
 * The languages patients can book in (issue 21) and how one is chosen. Pure: the inputs are read by
 * the locale gate (locale-gate.tsx); tests call it directly.
 */
export const APP_LOCALES = ['en', 'es'] as const;
export type AppLocale = (typeof APP_LOCALES)[number];

export const DEFAULT_LOCALE: AppLocale = 'en';

/** Each language's own name, as the switcher offers it (never translated: a reader finds their own). */
export const LOCALE_NAMES: Record<AppLocale, string> = { en: 'English', es: 'Español' };

/** The BCP 47 tag for `Intl` formatting: Spanish as written in the United States. */
export const INTL_LOCALE: Record<AppLocale, string> = { en: 'en-US', es: 'es-US' };

/** 'es', 'es-MX', 'ES_us' → 'es'; anything else (or nothing) → null. */
export function toAppLocale(value: string | null | undefined): AppLocale | null {
  if (typeof value !== 'string') return null;
  const primary = value.trim().toLowerCase().split(/[-_]/)[0];
  return (APP_LOCALES as readonly string[]).includes(primary ?? '') ? (primary as AppLocale) : null;
}

export interface LocaleInputs {
  /** `?lang=` of the page's URL (a booking URL, or the widget frame's, which carries `data-lang`). */
  query?: string | null | undefined;
  /** `data-lang` of the widget's script tag, when known apart from the URL. */
  dataLang?: string | null | undefined;
  /** The patient's last choice, kept in the encrypted state. */
  stored?: string | null | undefined;
  /** `navigator.languages` (the browser's Accept-Language), most wanted first. */
  browser?: readonly string[] | undefined;
  /** The practice's default language (scheduler setting); null until the settings are known. */
  practiceDefault?: string | null | undefined;
}

export interface LocaleChoice {
  locale: AppLocale;
  /** Where it came from; 'fallback' means nothing decided yet (the practice's default may still change it). */
  source: 'query' | 'data-lang' | 'stored' | 'browser' | 'practice' | 'fallback';
}

/** The order of issue 21: URL, widget tag, last choice, browser, practice default, then English. */
export function chooseLocale(inputs: LocaleInputs): LocaleChoice {
  const query = toAppLocale(inputs.query);
  if (query) return { locale: query, source: 'query' };
  const dataLang = toAppLocale(inputs.dataLang);
  if (dataLang) return { locale: dataLang, source: 'data-lang' };
  const stored = toAppLocale(inputs.stored);
  if (stored) return { locale: stored, source: 'stored' };
  for (const tag of inputs.browser ?? []) {
    const browser = toAppLocale(tag);
    if (browser) return { locale: browser, source: 'browser' };
  }
  const practice = toAppLocale(inputs.practiceDefault);
  if (practice) return { locale: practice, source: 'practice' };
  return { locale: DEFAULT_LOCALE, source: 'fallback' };
}
