import { describe, expect, it } from 'vitest';
import {
  BEARER_TOKEN_KEY,
  clearAuthSession,
  hasAdminSession,
  readBearerToken,
  storeAuthSession,
} from './auth-session';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const NOW = Date.parse('2030-01-01T12:00:00Z');

describe('auth session', () => {
  it('has no session by default', () => {
    const storage = memoryStorage();
    expect(hasAdminSession(NOW, storage)).toBe(false);
    expect(readBearerToken(NOW, storage)).toBeNull();
  });

  it('knows a cookie session by its expiry marker, without holding a token', () => {
    const storage = memoryStorage();
    storeAuthSession({ expiresAt: NOW + 3_600_000 }, storage);
    expect(hasAdminSession(NOW, storage)).toBe(true);
    expect(readBearerToken(NOW, storage)).toBeNull();
  });

  it('holds the bearer token for cookie-blocked browsers until it expires', () => {
    const storage = memoryStorage();
    storeAuthSession({ token: 'opaque', expiresAt: new Date(NOW + 60_000).toISOString() }, storage);
    expect(readBearerToken(NOW, storage)).toBe('opaque');
    expect(hasAdminSession(NOW, storage)).toBe(true);

    expect(readBearerToken(NOW + 60_000, storage)).toBeNull();
    expect(storage.items.has(BEARER_TOKEN_KEY)).toBe(false);
  });

  it('ignores malformed stored values', () => {
    const storage = memoryStorage();
    storage.setItem(BEARER_TOKEN_KEY, '{"token":42}');
    storage.setItem('adminSession', 'not json');
    expect(readBearerToken(NOW, storage)).toBeNull();
    expect(hasAdminSession(NOW, storage)).toBe(false);
  });

  it('forgets the session on sign-out', () => {
    const storage = memoryStorage();
    storeAuthSession({ token: 'opaque', expiresAt: NOW + 60_000 }, storage);
    clearAuthSession(storage);
    expect(hasAdminSession(NOW, storage)).toBe(false);
  });
});
