// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, fetchUrl, type ApiError } from './api-client';

const baseUrls = {
  scheduler: '/api/scheduler',
  config: '/api/config',
  patientManagement: '/api/patient-management',
  track: '/api/track',
};

function jsonResponse(status: number, body: unknown): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

describe('fetchUrl', () => {
  it('joins the base and the path, leaves out empty parameters', () => {
    expect(fetchUrl('/api/scheduler', 'getConfig', { clientName: 'acme', scheduler: 'main' })).toBe(
      '/api/scheduler/getConfig?clientName=acme&scheduler=main',
    );
    expect(fetchUrl('/api/scheduler/', '/getProviders', { a: null, b: undefined, c: true, d: 2 })).toBe(
      '/api/scheduler/getProviders?c=true&d=2',
    );
    expect(fetchUrl('/api/track', '', undefined)).toBe('/api/track');
    expect(fetchUrl('/api/scheduler', 'x', { q: 'a b&c' })).toBe('/api/scheduler/x?q=a+b%26c');
  });
});

describe('every API goes through fetch', () => {
  afterEach(() => {
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('sends JSON with credentials, the bearer token and the XSRF cookie as a header', async () => {
    document.cookie = 'XSRF-TOKEN=tok%2Fen';
    const fetchImpl = vi.fn((_url: RequestInfo | URL, _init?: RequestInit) =>
      Promise.resolve(jsonResponse(201, { ok: true })),
    );
    const client = createApiClient({ baseUrls, fetchImpl, readToken: () => 'bearer-1' });
    const data = await client.request({ method: 'PUT', path: 'bookAppointment', data: { a: 1 } });
    expect(data).toEqual({ ok: true });
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('/api/scheduler/bookAppointment');
    expect(init?.method).toBe('PUT');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"a":1}');
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe('Bearer bearer-1');
    expect(headers.get('x-xsrf-token')).toBe('tok/en');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('accept')).toBe('application/json');
  });

  it('maps the wire error, other statuses and network failures by status', async () => {
    const answers = [
      () => Promise.resolve(jsonResponse(409, { error: { code: 'SLOT_TAKEN', message: 'Taken.' } })),
      () => Promise.resolve(jsonResponse(503, 'down')),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ];
    let call = 0;
    const fetchImpl = vi.fn(() => answers[call++]!());
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = createApiClient({ baseUrls, fetchImpl, readToken: () => null });
    const failures: unknown[] = [];
    for (let i = 0; i < answers.length; i += 1) {
      failures.push(await client.request({ path: 'getConfig' }).catch((reason: unknown) => reason));
    }
    expect(failures.map((failure) => [(failure as ApiError).status, (failure as ApiError).code])).toEqual([
      [409, 'SLOT_TAKEN'],
      [503, 'SERVER_ERROR'],
      [null, 'NETWORK_ERROR'],
    ]);
    expect((failures[0] as ApiError).message).toBe('Taken.');
    error.mockRestore();
  });

  it('cancels an earlier request with the same id', async () => {
    const fetchImpl = vi.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          const timer = setTimeout(() => resolve(jsonResponse(200, { n: 1 })), 20);
          init?.signal?.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(new DOMException('aborted', 'AbortError'));
          });
        }),
    );
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const client = createApiClient({ baseUrls, fetchImpl, readToken: () => null });
    const first = client.request({ id: 'same', path: 'getProviders' }).catch((reason: unknown) => reason);
    const second = client.request({ id: 'same', path: 'getProviders' });
    expect(await second).toEqual({ n: 1 });
    expect(((await first) as ApiError).cancelled).toBe(true);
    info.mockRestore();
  });

  it('sends the admin APIs through fetch too, to their base URL', async () => {
    const fetchImpl = vi.fn((_url: RequestInfo | URL, _init?: RequestInit) =>
      Promise.resolve(jsonResponse(200, { id: 1 })),
    );
    const client = createApiClient({ baseUrls, fetchImpl, readToken: () => null });
    await expect(client.request({ api: 'config', path: 'user' })).resolves.toEqual({ id: 1 });
    expect(fetchImpl.mock.calls[0]?.[0]).toBe('/api/config/user');
  });
});
