import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router';
import './app/base.css';
import { installTracking } from './lib/analytics';
import { AppProviders } from './app/providers';
import { createRehydrationWaiter } from './app/rehydration-gate';
import { sharedQueryClient } from './app/query-client';
import { createRoutes } from './app/router';
import { STATE_RESTORE_TIMEOUT_MS, createAppStore } from './app/store';
import { prefetchBookingPage } from './features/booking/prefetch';
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
// restored) is fetched with the page's code, not after it (issue 21).
if (!window.location.pathname.startsWith('/admin'))
  preloadLocale(
    chooseLocale({
      query: new URLSearchParams(window.location.search).get('lang'),
      browser: navigator.languages,
    }).locale,
  );
else preloadLocale('en');
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
  installTracking();

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
