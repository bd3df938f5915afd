import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router';
import './app/base.css';
import { installDeferredTracking } from './lib/analytics-facade';
import { AppProviders } from './app/providers';
import { createRehydrationWaiter } from './app/rehydration-gate';
import { sharedQueryClient } from './app/query-client';
import { createRoutes, preloadBookingStep } from './app/router';
import { STATE_RESTORE_TIMEOUT_MS, createAppStore } from './app/store';
import { bookingPageOf, prefetchBookingPage } from './features/booking/prefetch';
import { installContractWorker } from './lib/contract-check';
import { preloadLocale } from './i18n/catalogs';
import { chooseLocale } from './i18n/locales';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// API answers and restored state are checked against their schemas in workers (zod off the main
// thread): a small one for the landing's answers, the whole contract in a second one started later
// (lib/contract-check.ts, issue 16).
installContractWorker({
  landing: () =>
    new Worker(new URL('./app/contract-worker.ts', import.meta.url), { type: 'module', name: 'contract' }),
  full: () =>
    new Worker(new URL('./app/contract-worker-full.ts', import.meta.url), {
      type: 'module',
      name: 'contract-full',
    }),
});
// The likely language's first catalog (URL, then browser; the locale gate decides once the state is
// restored) is fetched with the page's code, not after it (issue 21). For a later booking step, its
// screen's code and the `booking` catalog too: both are there before the first render, which then
// shows the step at once rather than 'Loading...' first (app/lazy-screen.ts).
const bookingPage = bookingPageOf(window.location.pathname);
if (!window.location.pathname.startsWith('/admin'))
  preloadLocale(
    chooseLocale({
      query: new URLSearchParams(window.location.search).get('lang'),
      browser: navigator.languages,
    }).locale,
    bookingPage === null || bookingPage.step === 'landing' ? ['start'] : ['start', 'booking'],
  );
else preloadLocale('en');
if (bookingPage !== null) preloadBookingStep(bookingPage.step);
// The booking page's first answers and code load while the stored state is being restored.
prefetchBookingPage(window.location.pathname, sharedQueryClient());
// The browser gets the main thread back (the requests are on their way) before the store and the
// first render are set up: with the evaluation of the modules they would make one long task. (A
// timer rather than a top-level await, which would split the entry into many small chunks.)
setTimeout(() => start(container), 0);

// The declarative router over the route table: the app uses no loaders or actions, so the data
// router (createBrowserRouter, ~15 KB gzipped) stays out of the first page's script.
const routes = createRoutes();
function AppRoutes() {
  return useRoutes(routes);
}

function start(rootElement: HTMLElement): void {
  const { store, persistor } = createAppStore();
  const waiter = createRehydrationWaiter(persistor, STATE_RESTORE_TIMEOUT_MS);
  // lib/analytics.ts itself loads a moment after the first event or log line that needs it (it is
  // not needed for the page to become interactive), when the browser is idle.
  installDeferredTracking();

  const root = createRoot(rootElement);
  // A transition: React renders the first page in slices, yielding to the browser between them,
  // rather than in one long task.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders store={store} waiter={waiter}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    );
  });
}
