import { msg } from '@lingui/core/macro';
import { i18n } from '../i18n/catalogs';
const LOADING = msg`Loading...`;

/**
 * Centred 'Loading...' shown while a screen or the stored state loads (styles: app/base.css). Also
 * the locale gate's fallback, outside Lingui's provider and possibly before any catalog has loaded:
 * it reads the shared `i18n` and says 'Loading...' while the text is not known yet (production
 * keeps only the message's id in the code).
 */
export function LoadingScreen() {
  // Asked only when known: production keeps ids only, and a catalog may not have loaded yet.
  const known = LOADING.message !== undefined || (LOADING.id !== undefined && LOADING.id in i18n.messages);
  const text = known ? i18n._(LOADING) : 'Loading...';
  return (
    <main className="loading-screen" aria-busy="true">
      <div role="status" aria-live="polite" className="body1">
        {text}
      </div>
    </main>
  );
}
