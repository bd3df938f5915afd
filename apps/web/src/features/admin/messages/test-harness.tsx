import { configureStore } from '@reduxjs/toolkit';
import { permissionsOf, type Role } from '@scheduler/domain/roles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { sessionKeys } from '../shared/api/session-api';
import { adminReducer } from '../state/admin-slice';

/*
 * Test seam of the messages screens: the screen under an admin URL (/admin/1/2/…), a signed-in
 * session of `role` already in the query cache, and `fetch` replaced by a table of answers (every
 * call is recorded; a call nobody answers fails the test).
 */

// A shared 2-core machine: a first render with Material UI can take over a second.
configure({ asyncUtilTimeout: 8000 });

export const CLIENT_ID = '1';
export const RULE_ID = '2';

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export type Answer =
  { status?: number; body: unknown } | ((call: Call) => { status?: number; body: unknown });

/** Routes: 'GET /api/scheduler/admin/messages' → answer. */
export function mockApi(routes: Record<string, Answer>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn((input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call: Call = { method, path: url.pathname, query: url.searchParams, body };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    if (!route) return Promise.reject(new TypeError(`un-mocked call in a test: ${method} ${url.pathname}`));
    const answer = typeof route === 'function' ? route(call) : route;
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** A VALIDATION error body with per-field messages. */
export function validationError(fields: { path: string; message: string }[]) {
  return {
    status: 400,
    body: {
      error: { code: 'VALIDATION', message: 'Please correct the highlighted fields.', details: { fields } },
    },
  };
}

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
    <Provider store={store}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Provider>,
  );
  return { ...view, router, queryClient };
}
