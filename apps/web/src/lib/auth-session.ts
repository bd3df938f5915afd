/**
 * Where the admin session is visible to the browser.
 *
 * The server keeps the session token in an HttpOnly cookie (JavaScript cannot read it); the client
 * keeps only a marker with its expiry (`adminSession`) so routes can tell "signed in" from "not".
 * Where cookies are blocked (iOS, third-party frames) the token itself is kept in local storage
 * with its expiry (`authToken`, `{token, expiresAt}`) and sent as `Authorization: Bearer`.
 * `expiresAt` is epoch milliseconds or an ISO-8601 instant.
 */

export const BEARER_TOKEN_KEY = 'authToken';
export const SESSION_MARKER_KEY = 'adminSession';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface StoredToken {
  token: string;
  expiresAt: number | string;
}

/** Epoch ms of a stored expiry, or NaN when it is not a number or a date string. */
function parseExpiry(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.length > 0) return Date.parse(value);
  return Number.NaN;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function defaultStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // access to storage can throw when it is blocked
  }
}

function readJson(storage: KeyValueStorage, key: string): unknown {
  const raw = storage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** The bearer token held in local storage, or null when absent, malformed or expired (then it is removed). */
export function readBearerToken(
  now: number = Date.now(),
  storage: KeyValueStorage | null = defaultStorage(),
): string | null {
  if (!storage) return null;
  const stored = readJson(storage, BEARER_TOKEN_KEY);
  if (!isRecord(stored) || typeof stored.token !== 'string' || stored.token.length === 0) return null;
  const expires = parseExpiry(stored.expiresAt);
  if (!Number.isFinite(expires) || expires <= now) {
    storage.removeItem(BEARER_TOKEN_KEY);
    return null;
  }
  return stored.token;
}

/** True while a signed-in admin session is known to the browser (cookie marker or bearer token, unexpired). */
export function hasAdminSession(
  now: number = Date.now(),
  storage: KeyValueStorage | null = defaultStorage(),
): boolean {
  if (!storage) return false;
  if (readBearerToken(now, storage) !== null) return true;
  const marker = readJson(storage, SESSION_MARKER_KEY);
  if (!isRecord(marker)) return false;
  const expires = parseExpiry(marker.expiresAt);
  if (!Number.isFinite(expires) || expires <= now) {
    storage.removeItem(SESSION_MARKER_KEY);
    return false;
  }
  return true;
}

/**
 * Records a signed-in session. Pass `token` only when cookies are blocked and the server returned the
 * token for bearer use; otherwise only the expiry marker is stored.
 */
export function storeAuthSession(
  session: { expiresAt: number | string; token?: string | undefined },
  storage: KeyValueStorage | null = defaultStorage(),
): void {
  if (!storage) return;
  storage.setItem(SESSION_MARKER_KEY, JSON.stringify({ expiresAt: session.expiresAt }));
  if (session.token) {
    storage.setItem(BEARER_TOKEN_KEY, JSON.stringify({ token: session.token, expiresAt: session.expiresAt }));
  } else {
    storage.removeItem(BEARER_TOKEN_KEY);
  }
}

/** Forgets the session (sign-out, or the server answered 401). */
export function clearAuthSession(storage: KeyValueStorage | null = defaultStorage()): void {
  if (!storage) return;
  storage.removeItem(SESSION_MARKER_KEY);
  storage.removeItem(BEARER_TOKEN_KEY);
}
