import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router';
import { installTracking } from './lib/analytics';
import { AppProviders } from './app/providers';
import { createRehydrationWaiter } from './app/rehydration-gate';
import { createRoutes } from './app/router';
import { STATE_RESTORE_TIMEOUT_MS, createAppStore } from './app/store';
import { prefetchBookingPage } from './features/booking/prefetch';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The booking page's first answers and code load while the stored state is being restored.
prefetchBookingPage(window.location.pathname);

const { store, persistor } = createAppStore();
const waiter = createRehydrationWaiter(persistor, STATE_RESTORE_TIMEOUT_MS);
// The declarative router over the route table: the app uses no loaders or actions, so the data
// router (createBrowserRouter, ~15 KB gzipped) stays out of the first page's script.
const routes = createRoutes();
function AppRoutes() {
  return useRoutes(routes);
}
installTracking();

const root = createRoot(container);
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
