import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { createBookingCache } from './booking-cache';

const key = ['scheduler', 'acme', 'main', 'config'] as const;
const httpError = (status: number) => new ApiError({ error: { code: 'X', message: 'x' } }, status);

describe('booking cache', () => {
  it('keeps an answer fresh for staleMs, then asks again', async () => {
    let now = 0;
    const cache = createBookingCache({ now: () => now });
    const fetcher = vi.fn(() => Promise.resolve(`answer ${now}`));
    await cache.prefetch(key, fetcher, 1000);
    await cache.prefetch(key, fetcher, 1000);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(cache.snapshot(key)).toMatchObject({ status: 'success', data: 'answer 0', fetching: false });
    now = 1500;
    await cache.prefetch(key, fetcher, 1000);
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(cache.snapshot(key).data).toBe('answer 1500');
  });

  it('shares one request between callers and tells subscribers', async () => {
    const cache = createBookingCache();
    const fetcher = vi.fn(() => Promise.resolve(1));
    const listener = vi.fn();
    cache.subscribe(key, listener);
    await Promise.all([cache.prefetch(key, fetcher, 1000), cache.prefetch(key, fetcher, 1000)]);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalled();
  });

  it('retries server and network failures twice, client errors never (the query client’s rule)', async () => {
    const cache = createBookingCache({ retryDelay: () => 0 });
    const serverDown = vi.fn(() => Promise.reject(httpError(503)));
    await cache.prefetch(key, serverDown, 1000);
    expect(serverDown).toHaveBeenCalledTimes(3);
    expect(cache.snapshot(key)).toMatchObject({ status: 'error', fetching: false });

    const notFound = vi.fn(() => Promise.reject(httpError(404)));
    const other = ['scheduler', 'nope', 'main', 'config'];
    await cache.prefetch(other, notFound, 1000);
    expect(notFound).toHaveBeenCalledTimes(1);
    expect((cache.snapshot(other).error as ApiError).status).toBe(404);
  });

  it('recovers from an error on the next read', async () => {
    const cache = createBookingCache({ retryDelay: () => 0 });
    await cache.prefetch(key, () => Promise.reject(httpError(400)), 1000);
    expect(cache.snapshot(key).status).toBe('error');
    await cache.prefetch(key, () => Promise.resolve('ok'), 1000);
    expect(cache.snapshot(key)).toMatchObject({ status: 'success', data: 'ok', error: null });
  });
});
