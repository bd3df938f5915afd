import { plural, t } from '@lingui/core/macro';
import type { ApiError } from '../../../lib/api-client';
import { staffErrorText } from '../shared/contract-texts';

/**
 * Whether the session token must be kept for `Authorization: Bearer` (architecture: on iOS, or
 * when the browser did not keep the readable XSRF-TOKEN cookie the login answer set).
 */
export function shouldUseBearerToken(
  doc: Pick<Document, 'cookie'> = document,
  nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints' | 'cookieEnabled'> = navigator,
): boolean {
  const iOS =
    /iPad|iPhone|iPod/.test(nav.userAgent) || (/Macintosh/.test(nav.userAgent) && nav.maxTouchPoints > 1);
  if (iOS || !nav.cookieEnabled) return true;
  return !doc.cookie.split(';').some((part) => part.trim().startsWith('XSRF-TOKEN='));
}

function readSeconds(details: unknown): number | null {
  if (typeof details !== 'object' || details === null) return null;
  const record = details as Record<string, unknown>;
  for (const key of ['retryAfterSeconds', 'retryAfter', 'waitSeconds']) {
    const value = record[key];
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) return Math.ceil(value);
  }
  return null;
}

export function formatWait(seconds: number): string {
  if (seconds < 60) return plural(seconds, { one: '# second', other: '# seconds' });
  const minutes = Math.ceil(seconds / 60);
  return plural(minutes, { one: '# minute', other: '# minutes' });
}

/** The server's lock-out message, with its wait appended when the message does not already say it. */
export function lockoutMessage(error: Pick<ApiError, 'message' | 'body'>): string {
  const message = error.message
    ? staffErrorText(error.body.error.code, error.message)
    : t`Too many attempts. Please wait a moment and try again.`;
  const seconds = readSeconds(error.body.error.details);
  if (seconds === null || /\d/.test(message)) return message;
  const wait = formatWait(seconds);
  return t`${message} You can try again in ${wait}.`;
}

export interface LoginLocationState {
  from?: unknown;
  reason?: unknown;
}

/**
 * Where to go after signing in: the admin page the user was sent away from (an invitation link
 * keeps its fragment), else the admin home.
 */
export function returnPath(state: LoginLocationState | null): string {
  const from = state?.from;
  return typeof from === 'string' && from.startsWith('/admin/') ? from : '/';
}
