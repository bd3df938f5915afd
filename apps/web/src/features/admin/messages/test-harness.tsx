import { configureStore } from '@reduxjs/toolkit';
import { permissionsOf, type Role } from '@scheduler/domain/roles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { I18nWrapper } from '../../../i18n/test-support';
import { sessionKeys } from '../shared/api/session-api';
import { CLIENT_ID, RULE_ID } from '../shared/test-harness';
import { adminReducer } from '../state/admin-slice';

/*
 * Test seam of the messages screens: the screen under an admin URL (/admin/1/2/…), a signed-in
 * session of `role` already in the query cache, and `fetch` replaced by a table of answers (every
 * call is recorded; a call nobody answers fails the test).
 */

export { CLIENT_ID, RULE_ID, mockApi, validationError, type Answer, type Call } from '../shared/test-harness';

export function renderAdmin(
  element: ReactElement,
  { role = 'owner', segment = 'messages' }: { role?: Role; segment?: string } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } },
  });
  queryClient.setQueryData(sessionKeys.session(CLIENT_ID), {
    user: { userId: '7', email: 'owner@example.com', displayName: 'Owner' },
    memberships: [],
    activeClient: { clientId: CLIENT_ID, name: 'Demo', slug: 'demo' },
    role,
    permissions: permissionsOf(role),
    expiresAt: '2099-01-01T00:00:00.000Z',
    authMethod: 'cookie',
  });
  const store = configureStore({ reducer: { admin: adminReducer } });
  const router = createMemoryRouter(
    [
      { path: 'admin/:ClientId/:ruleId/*', element },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [`/admin/${CLIENT_ID}/${RULE_ID}/${segment}`] },
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
  return { ...view, router, queryClient };
}
