import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { bookingPageOf, prefetchBookingPage } from './prefetch';

describe('bookingPageOf', () => {
  it('reads the practice, scheduler, location and step of a booking URL', () => {
    expect(bookingPageOf('/BrightSmile/main/midtown/landing')).toEqual({
      scope: { clientName: 'brightsmile', scheduler: 'main', locationSlug: 'midtown' },
      step: 'landing',
    });
    expect(bookingPageOf('/acme/main/all/findappointment')?.step).toBe('findappointment');
    expect(bookingPageOf('/acme/main/all/widget/landing')?.scope.clientName).toBe('acme');
  });

  it('takes the bare booking URL as the landing (it redirects there)', () => {
    expect(bookingPageOf('/acme/main/all')?.step).toBe('landing');
    expect(bookingPageOf('/acme/main/all/')?.step).toBe('landing');
  });

  it('is null for the admin area, the login, the not-found page and other paths', () => {
    expect(bookingPageOf('/admin/1/2')).toBeNull();
    expect(bookingPageOf('/admin/1/2/reports')).toBeNull();
    expect(bookingPageOf('/adminlogin')).toBeNull();
    expect(bookingPageOf('/404')).toBeNull();
    expect(bookingPageOf('/')).toBeNull();
    expect(bookingPageOf('/a/b/c/d/e')).toBeNull();
  });
});

describe('prefetchBookingPage', () => {
  const noRetry = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const keysOf = (client: QueryClient) =>
    client
      .getQueryCache()
      .getAll()
      .map((query) => query.queryKey);

  it('starts nothing outside the booking flow', () => {
    const cache = noRetry();
    prefetchBookingPage('/admin/1/2', cache);
    expect(keysOf(cache)).toHaveLength(0);
  });

  it('starts the configuration and the catalogue of the landing under the hooks’ keys', () => {
    const cache = noRetry();
    prefetchBookingPage('/acme/main/all/landing', cache);
    expect(keysOf(cache)).toEqual([
      ['scheduler', 'acme', 'main', 'config'],
      ['scheduler', 'acme', 'main', 'serviceTypes'],
      ['scheduler', 'acme', 'main', 'locations'],
    ]);
    cache.clear();
  });

  it('starts only the configuration on a later step', () => {
    const cache = noRetry();
    prefetchBookingPage('/acme/main/all/insurance', cache);
    expect(keysOf(cache)).toEqual([['scheduler', 'acme', 'main', 'config']]);
    cache.clear();
  });
});
