import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { z } from 'zod';
import { ApiError, createApiClient, type RequestOutcome } from './api-client';

const baseUrls = {
  scheduler: '/api/scheduler',
  config: '/api/config',
  patientManagement: '/api/patient-management',
  track: '/api/track',
};

/** What the fake server sees of a request. */
interface Seen {
  url: URL;
  /** The path below the API's base URL ('getProviders'). */
  path: string;
  params: Record<string, string>;
  headers: Headers;
  init: RequestInit | undefined;
}

interface Reply {
  status: number;
  data: unknown;
}

function respond(_seen: Seen, status: number, data: unknown): Reply {
  return { status, data };
}

function seenOf(input: RequestInfo | URL, init: RequestInit | undefined): Seen {
  const href = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
  const url = new URL(href, 'http://localhost');
  return {
    url,
    path: url.pathname.split('/').pop() ?? '',
    params: Object.fromEntries(url.searchParams),
    headers: new Headers(init?.headers),
    init,
  };
}

/** A fetch that answers after `delayMs`, honouring the abort signal like the real one. */
function fakeFetch(answer: (seen: Seen) => Reply, delayMs = 5): typeof fetch {
  return (input, init) =>
    new Promise((resolve, reject) => {
      const signal = init?.signal ?? undefined;
      const timer = setTimeout(() => {
        const { status, data } = answer(seenOf(input, init));
        resolve(new Response(typeof data === 'string' ? data : JSON.stringify(data), { status }));
      }, delayMs);
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new DOMException('aborted', 'AbortError'));
      });
    });
}

function makeClient(fetchImpl: typeof fetch, readToken: () => string | null = () => null) {
  return createApiClient({ baseUrls, fetchImpl, readToken });
}

describe('api client', () => {
  let info: MockInstance<typeof console.info>;
  let error: MockInstance<typeof console.error>;
  beforeEach(() => {
    info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    info.mockRestore();
    error.mockRestore();
  });

  it('aborts an earlier request when a new one with the same id starts', async () => {
    const seen: string[] = [];
    const client = makeClient(
      fakeFetch((config) => {
        seen.push(String(config.params.q));
        return respond(config, 200, { q: config.params.q });
      }),
    );
    const outcomes: RequestOutcome[] = [];
    client.setOnTrack((outcome) => outcomes.push(outcome));

    const first = client.request({ id: 'providers', path: 'getProviders', params: { q: 'first' } });
    const second = client.request({ id: 'providers', path: 'getProviders', params: { q: 'second' } });

    const firstError: unknown = await first.catch((reason: unknown) => reason);
    expect(firstError).toBeInstanceOf(ApiError);
    expect((firstError as ApiError).cancelled).toBe(true);
    expect((firstError as ApiError).body).toEqual({
      error: { code: 'REQUEST_CANCELLED', message: 'The request was cancelled.' },
    });
    await expect(second).resolves.toEqual({ q: 'second' });

    expect(seen).toEqual(['second']);
    expect(info).toHaveBeenCalledWith('[api] GET /api/scheduler/getProviders cancelled');
    expect(error).not.toHaveBeenCalled();
    // the cancelled request is not reported to tracking; the answered one is
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]).toMatchObject({
      requestId: 'providers',
      method: 'GET',
      path: '/api/scheduler/getProviders',
      status: 200,
      ok: true,
    });
  });

  it('lets requests with different ids run side by side', async () => {
    const client = makeClient(fakeFetch((config) => respond(config, 200, config.path)));
    await expect(
      Promise.all([
        client.request({ id: 'a', path: 'getStates' }),
        client.request({ id: 'b', path: 'getInsurance' }),
      ]),
    ).resolves.toEqual(['getStates', 'getInsurance']);
  });

  it('treats an abort by the caller as a cancellation too', async () => {
    const client = makeClient(fakeFetch((config) => respond(config, 200, {}), 50));
    const controller = new AbortController();
    const pending = client.request({ path: 'getConfig', signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ cancelled: true });
  });

  it('maps a server error in the wire shape as it is, and logs method, path and status without the body', async () => {
    const client = makeClient(
      fakeFetch((config) =>
        respond(config, 409, {
          error: {
            code: 'SLOT_TAKEN',
            message: 'The appointment slot you have selected is no longer available.',
            details: { slot: 'x' },
          },
        }),
      ),
    );
    const outcomes: RequestOutcome[] = [];
    client.setOnTrack((outcome) => outcomes.push(outcome));

    const failure = await client
      .request({ method: 'PUT', path: 'bookAppointment', data: { firstName: 'Ada', phone: '555-0100' } })
      .catch((reason: unknown) => reason);

    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(409);
    expect((failure as ApiError).body).toEqual({
      error: {
        code: 'SLOT_TAKEN',
        message: 'The appointment slot you have selected is no longer available.',
        details: { slot: 'x' },
      },
    });
    expect(error).toHaveBeenCalledWith('[api] PUT /api/scheduler/bookAppointment failed: 409 SLOT_TAKEN');
    const logged = JSON.stringify(error.mock.calls);
    expect(logged).not.toContain('Ada');
    expect(logged).not.toContain('555-0100');
    expect(outcomes).toEqual([expect.objectContaining({ ok: false, status: 409, errorCode: 'SLOT_TAKEN' })]);
  });

  it('maps other failures to the wire shape by status', async () => {
    const client = makeClient(fakeFetch((config) => respond(config, 503, '<html>Bad gateway</html>')));
    await expect(client.request({ api: 'config', path: 'user' })).rejects.toMatchObject({
      status: 503,
      body: { error: { code: 'SERVER_ERROR', message: 'Something went wrong. Please try again.' } },
    });
  });

  it('maps a missing response to a network error', async () => {
    const client = makeClient(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(client.request({ path: 'getConfig' })).rejects.toMatchObject({
      status: null,
      cancelled: false,
      body: { error: { code: 'NETWORK_ERROR' } },
    });
  });

  it('sends the bearer token held for cookie-blocked browsers, to the right base URL', async () => {
    const seen: Seen[] = [];
    const client = makeClient(
      fakeFetch((config) => {
        seen.push(config);
        return respond(config, 200, []);
      }),
      () => 'opaque-token',
    );
    await client.request({ api: 'patientManagement', path: 'getPatientList' });
    expect(seen[0]?.url.pathname).toBe('/api/patient-management/getPatientList');
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer opaque-token');
  });

  it('sends no Authorization header without a token', async () => {
    const seen: Seen[] = [];
    const client = makeClient(
      fakeFetch((config) => {
        seen.push(config);
        return respond(config, 200, []);
      }),
    );
    await client.request({ path: 'getStates' });
    expect(seen[0]?.headers.get('Authorization')).toBeNull();
  });

  it('sends credentials with every request', async () => {
    const seen: Seen[] = [];
    const client = makeClient(
      fakeFetch((config) => {
        seen.push(config);
        return respond(config, 200, {});
      }),
    );
    await client.request({ api: 'config', path: 'user' });
    expect(seen[0]?.init?.credentials).toBe('include');
  });

  it('validates a response with a zod schema when given one', async () => {
    const client = makeClient(fakeFetch((config) => respond(config, 200, { count: 'three' })));
    const schema = z.object({ count: z.number() });
    await expect(client.request({ path: 'getWaitList', schema })).rejects.toMatchObject({
      body: { error: { code: 'INVALID_RESPONSE' } },
    });

    const good = makeClient(fakeFetch((config) => respond(config, 200, { count: 3 })));
    const data = await good.request({ path: 'getWaitList', schema });
    expect(data.count).toBe(3);
  });

  it('does not tell the tracking hook about requests marked report: false', async () => {
    const client = makeClient(fakeFetch((config) => respond(config, 500, {})));
    const hook = vi.fn();
    client.setOnTrack(hook);
    await client
      .request({ api: 'track', method: 'POST', path: '', data: {}, report: false })
      .catch(() => undefined);
    expect(hook).not.toHaveBeenCalled();
  });
});
