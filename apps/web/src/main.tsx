import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { installTracking } from './lib/analytics';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createRehydrationWaiter } from './app/rehydration-gate';
import { createAppRouter } from './app/router';
import { STATE_RESTORE_TIMEOUT_MS, createAppStore } from './app/store';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const { store, persistor } = createAppStore();
const waiter = createRehydrationWaiter(persistor, STATE_RESTORE_TIMEOUT_MS);
const queryClient = createQueryClient();
const router = createAppRouter();
installTracking();

createRoot(container).render(
  <StrictMode>
    <AppProviders store={store} waiter={waiter} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
