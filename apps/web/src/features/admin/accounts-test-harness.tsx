import { configureStore } from '@reduxjs/toolkit';
import { permissionsOf, type Role } from '@scheduler/domain/roles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { I18nWrapper } from '../../i18n/test-support';
import { sessionKeys } from './shared/api/session-api';
import { CLIENT_ID, RULE_ID } from './shared/test-harness';
import { adminLoginReducer } from './state/admin-login-slice';
import { adminReducer, setAdminDetails, setPermissions } from './state/admin-slice';

/*
 * Test seam of the account screens (users/, login/, account/): a screen at a URL, a signed-in
 * session of `role` in the query cache when wanted, and `fetch` replaced by a table of answers
 * (every call is recorded; a call nobody answers fails the test). Anything the screen navigates to
 * shows "Now at <path><hash>".
 */

export { CLIENT_ID, RULE_ID, mockApi, validationError, type Answer, type Call } from './shared/test-harness';

export function currentUser(role: Role = 'owner') {
  return {
    user: { userId: '7', email: 'owner@example.com', displayName: 'Olivia Owner' },
    memberships: [{ clientId: CLIENT_ID, clientName: 'Demo', clientSlug: 'demo', role }],
    activeClient: { clientId: CLIENT_ID, name: 'Demo', slug: 'demo' },
    role,
    permissions: permissionsOf(role),
    expiresAt: '2099-01-01T00:00:00.000Z',
    authMethod: 'cookie' as const,
  };
}

function Elsewhere() {
  const location = useLocation();
  return <p>{`Now at ${location.pathname}${location.hash}`}</p>;
}

/** Renders `element` at `url` (matched by `routePath`); other paths show where the screen went. */
export function renderAt(
  element: ReactElement,
  { url, routePath, role }: { url: string; routePath: string; role?: Role },
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } },
  });
  if (role) queryClient.setQueryData(sessionKeys.session(CLIENT_ID), currentUser(role));
  const store = configureStore({ reducer: { admin: adminReducer, adminLogin: adminLoginReducer } });
  if (role) {
    // What the admin shell mirrors from the session.
    store.dispatch(setAdminDetails([currentUser(role).user]));
    store.dispatch(setPermissions(permissionsOf(role)));
  }
  const router = createMemoryRouter(
    [
      { path: routePath, element },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <I18nWrapper>
      <Provider store={store}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </Provider>
    </I18nWrapper>,
  );
  return { ...view, router, queryClient, store };
}

/** The admin screen `element` at /admin/1/2/<segment>, signed in as `role`. */
export function renderAdminScreen(element: ReactElement, segment: string, role: Role = 'owner') {
  return renderAt(element, {
    url: `/admin/${CLIENT_ID}/${RULE_ID}/${segment}`,
    routePath: 'admin/:ClientId/:ruleId/*',
    role,
  });
}
