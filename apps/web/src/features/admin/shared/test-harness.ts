import { configure } from '@testing-library/react';
import { vi } from 'vitest';

/*
 * What the admin test seams share (accounts-test-harness.tsx, messages/test-harness.tsx): the
 * ids of the admin URL and `fetch` replaced by a table of answers (every call is recorded; a call
 * nobody answers fails the test).
 */

// A shared 2-core machine: a first render with Material UI can take over a second.
configure({ asyncUtilTimeout: 8000 });

export const CLIENT_ID = '1';
export const RULE_ID = '2';

export interface Call {
  method: string;
  path: string;
  url: string;
  query: URLSearchParams;
  body: unknown;
}

export type Answer =
  { status?: number; body: unknown } | ((call: Call) => { status?: number; body: unknown });

/** Routes: 'POST /api/config/login' → answer. */
export function mockApi(routes: Record<string, Answer>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn((input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call: Call = { method, path: url.pathname, url: url.href, query: url.searchParams, body };
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
