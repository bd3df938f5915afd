import { i18n, type Messages } from '@lingui/core';
import { sourceTextsCompiled } from '../lib/config';
import { DEFAULT_LOCALE, INTL_LOCALE, type AppLocale } from './locales';

/**
 * The compiled catalogs (lingui.config.ts), one chunk per language and part, fetched only when
 * needed and always before anything renders in that language (the locale gate and the screens'
 * loaders wait for them), so a page never paints the other language first:
 * - `start`: the booking shell, the landing, the widget and what every page shares (the first paint);
 * - `booking`: the later booking steps and the manage and claim pages (with their screens' code);
 * - `admin`: the staff screens (English only for now).
 * In production the texts live only in the catalogs (the macros keep ids), so English loads its
 * catalogs too; tests and `vite dev` compile the source texts in place and need none.
 */
export type CatalogPart = 'start' | 'booking' | 'admin';

/** Tests and `vite dev`: the macros keep the source texts and Lingui compiles them; no catalog to wait for. */
const sourceCompiled = sourceTextsCompiled;
type CatalogModule = Promise<{ messages: Messages }>;

const loaders: Record<AppLocale, Record<CatalogPart, () => CatalogModule>> = {
  en: {
    start: () => import('../locales/en/start.po'),
    booking: () => import('../locales/en/booking.po'),
    admin: () => import('../locales/en/admin.po'),
  },
  es: {
    start: () => import('../locales/es/start.po'),
    booking: () => import('../locales/es/booking.po'),
    // Staff screens are English for now: the Spanish admin catalog is never loaded.
    admin: () => import('../locales/en/admin.po'),
  },
};

/** Parts the page has asked for so far: a change of language loads each of them in the new one. */
const wantedParts = new Set<CatalogPart>(['start']);
const loads = new Map<string, Promise<void>>();

function loadPart(locale: AppLocale, part: CatalogPart): Promise<void> {
  const key = `${locale}/${part}`;
  let load = loads.get(key);
  if (!load) {
    load = loaders[locale][part]().then(({ messages }) => {
      i18n.load(locale, messages);
      settled = new Set(settled).add(key);
    });
    load.catch(() => loads.delete(key));
    loads.set(key, load);
  }
  return load;
}

let settled = new Set<string>();
/** The language the locale gate is expected to choose, until it has chosen one (preloadLocale). */
let expectedLocale: AppLocale | null = null;
let activated = false;

/** True when every part the page wants is loaded in `locale` (nothing to wait for). */
export function isLocaleLoaded(locale: AppLocale): boolean {
  if (sourceCompiled) return true;
  return [...wantedParts].every((part) => settled.has(`${locale}/${part}`));
}

const emptyLoaded = new Set<AppLocale>();

/** Makes `locale` the active language; its catalogs must be loaded (isLocaleLoaded). */
export function activateLocale(locale: AppLocale): void {
  activated = true;
  if (sourceCompiled && !emptyLoaded.has(locale)) {
    // Tests and `vite dev` compile the source texts in place (load merges: a catalog a test loaded stays).
    i18n.load(locale, {});
    emptyLoaded.add(locale);
  }
  if (i18n.locale !== locale) i18n.activate(locale);
}

/** Loads the parts the page wants in `locale`, then makes it the active language. */
export async function loadLocale(locale: AppLocale): Promise<void> {
  if (!isLocaleLoaded(locale)) {
    await Promise.all([...wantedParts].map((part) => loadPart(locale, part)));
    for (const part of wantedParts) settled = new Set(settled).add(`${locale}/${part}`);
  }
  activateLocale(locale);
}

/**
 * Starts fetching a language's catalogs early (the entry, before the state is restored): the first
 * one, and the parts the URL's page needs (`booking` for a later booking step), which the locale
 * gate then waits for too, so the page's screen renders at once (app/lazy-screen.ts).
 */
export function preloadLocale(locale: AppLocale, parts: readonly CatalogPart[] = ['start']): void {
  expectedLocale = locale;
  for (const part of parts) wantedParts.add(part);
  if (sourceCompiled) return;
  for (const part of parts) void loadPart(locale, part).catch(() => undefined);
}

/** True when `part` is loaded in the active language (a screen using it can render at once). */
export function isCatalogLoaded(part: CatalogPart): boolean {
  return sourceCompiled || settled.has(`${(i18n.locale || DEFAULT_LOCALE) as AppLocale}/${part}`);
}

/**
 * For a screen's loader: resolves when `part` is loaded in the active language, so the screen's
 * first render is already in it.
 */
export async function ensureCatalog(part: CatalogPart): Promise<void> {
  wantedParts.add(part);
  // Before the gate has chosen (a screen preloaded by the entry), the language it is expected to choose.
  const locale = ((activated ? i18n.locale : (expectedLocale ?? i18n.locale)) || DEFAULT_LOCALE) as AppLocale;
  if (sourceCompiled) return;
  await loadPart(locale, part);
  settled = new Set(settled).add(`${locale}/${part}`);
}

/**
 * A screen loader that also waits for its catalog part; its `ready` tells whether that part is
 * loaded in the active language now (app/lazy-screen.ts renders a loaded screen at once then).
 */
export function withCatalog<T>(
  part: CatalogPart,
  load: () => Promise<T>,
): (() => Promise<T>) & { ready: () => boolean } {
  return Object.assign(async () => (await Promise.all([load(), ensureCatalog(part)]))[0], {
    ready: () => isCatalogLoaded(part),
  });
}

/** The `Intl` tag of the active language ('en-US' before any is active). */
export function intlLocale(): string {
  const active = i18n.locale as AppLocale | '';
  return active ? (INTL_LOCALE[active] ?? INTL_LOCALE.en) : INTL_LOCALE.en;
}

// English is active from the start (tests and `vite dev` need no catalog; production's gate waits).
i18n.load(DEFAULT_LOCALE, {});
i18n.activate(DEFAULT_LOCALE);

export { i18n };
