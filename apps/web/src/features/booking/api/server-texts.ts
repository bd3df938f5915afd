import { ensureCatalog, i18n } from '../../../i18n/catalogs';
import type * as ServerTextsModule from './server-texts-impl';

/**
 * The translators of the English texts written outside the web app (lib/error-texts.ts: the server's,
 * the booking messages, the API client's and the contract's form checks; ~4 KB gzipped with the
 * domain's error catalogue) stay out of the landing's first script (issue 21's
 * weight): they load when a call fails — the API client awaits `loadServerTexts` before it rejects
 * (`setBeforeFailure`, installed by prefetch.ts) — or with a later step that imports them itself.
 * So a failed call's error is always shown translated; until one fails nothing is loaded.
 */
type ServerTexts = typeof ServerTextsModule;

let loaded: ServerTexts | null = null;
let loading: Promise<void> | null = null;

export function loadServerTexts(): Promise<void> {
  // Their messages are in the later steps' catalog part.
  loading ??= Promise.all([import('./server-texts-impl'), ensureCatalog('booking')]).then(
    ([module]) => {
      loaded = module;
    },
    () => {
      loading = null; // a later failure tries again; meanwhile texts show as they came
    },
  );
  return loading;
}

/**
 * A known English text written outside the web app (a server's text, the web client's own failures:
 * network, unexpected answer) in the active language; as it came until the translators load.
 */
export function translateServerText(text: string): string {
  return loaded ? loaded.translateKnown(i18n, text) : text;
}

/** The web client's own failures are in the same lookup (lib/error-texts.ts). */
export const translateClientText = translateServerText;

/** An error code's message in the active language (as it came until the translators load). */
export function translateErrorText(code: string, message: string): string {
  return loaded ? loaded.errorText(i18n, code, message) : message;
}
