import { describe, expect, it } from 'vitest';
import '../../../i18n/catalogs'; // Lingui's English, active (as in the app)
import { ApiError } from '../../../lib/api-client';
import { formatWait, lockoutMessage, returnPath, shouldUseBearerToken } from './login-helpers';

const desktop = {
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130',
  maxTouchPoints: 0,
  cookieEnabled: true,
};

describe('bearer fallback', () => {
  it('keeps the cookie session when the XSRF cookie was stored', () => {
    expect(shouldUseBearerToken({ cookie: 'a=1; XSRF-TOKEN=abc' }, desktop)).toBe(false);
  });

  it('uses the bearer token when cookies are blocked or on iOS', () => {
    expect(shouldUseBearerToken({ cookie: '' }, desktop)).toBe(true);
    expect(shouldUseBearerToken({ cookie: 'XSRF-TOKEN=abc' }, { ...desktop, cookieEnabled: false })).toBe(
      true,
    );
    expect(
      shouldUseBearerToken(
        { cookie: 'XSRF-TOKEN=abc' },
        { ...desktop, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0)' },
      ),
    ).toBe(true);
  });
});

describe('lock-out message', () => {
  it('keeps a server message that already states the wait', () => {
    const error = new ApiError(
      {
        error: {
          code: 'RATE_LIMITED',
          message: 'Too many failed sign-in attempts. Try again in 15 minutes.',
          details: { retryAfterSeconds: 900 },
        },
      },
      429,
    );
    expect(lockoutMessage(error)).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
  });

  it('adds the wait when the message does not say it', () => {
    const error = new ApiError(
      {
        error: {
          code: 'INVALID_CREDENTIALS',
          message: 'E-mail or password is incorrect.',
          details: { retryAfterSeconds: 4 },
        },
      },
      401,
    );
    expect(lockoutMessage(error)).toBe('E-mail or password is incorrect. You can try again in 4 seconds.');
  });

  it('formats waits in seconds or minutes', () => {
    expect(formatWait(1)).toBe('1 second');
    expect(formatWait(61)).toBe('2 minutes');
  });
});

describe('return path after signing in', () => {
  it('goes back to the admin page (an invitation link keeps its fragment), else home', () => {
    expect(returnPath({ from: '/admin/accept-invitation#token=abc' })).toBe(
      '/admin/accept-invitation#token=abc',
    );
    expect(returnPath({ from: '/admin/1/2/users?page=2' })).toBe('/admin/1/2/users?page=2');
    expect(returnPath({ from: 'https://evil.example/admin/' })).toBe('/');
    expect(returnPath({ from: '//evil.example/admin/' })).toBe('/');
    expect(returnPath(null)).toBe('/');
  });
});
