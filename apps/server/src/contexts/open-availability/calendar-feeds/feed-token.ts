/*
 * Issue 20: a provider calendar feed's token, made like the manage link's (manage-token.ts,
 * docs/decisions/017-manage-links.md): base64url(HMAC-SHA256(key, `calendar-feed:${providerId}:${nonce}`)),
 * 256 bits, of which the 128-bit random nonce (stored with the feed) makes it unguessable and the
 * key makes it underivable from a copy of the database. Only SHA-256(token) is stored for the
 * lookup; the admin derives the token again to show the address. A new nonce (rotation) changes
 * the token: the old address dies at once.
 */
import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { CALENDAR_FEED_TOKEN_PATTERN } from '@scheduler/contract/admin/calendar-feeds';

/** Built-in key material of development and tests (production sets MANAGE_LINK_KEY or LOGIN_HASH_KEY). */
const DEFAULT_KEY = 'scheduler-calendar-feeds';

/** The HMAC key, derived (HKDF) from MANAGE_LINK_KEY, else LOGIN_HASH_KEY, else the built-in material: its own key, not the manage links'. */
export function calendarFeedKeyOf(config: {
  manageLinkKey?: string | undefined;
  loginHashKey?: string | undefined;
}): Buffer {
  return Buffer.from(
    hkdfSync(
      'sha256',
      config.manageLinkKey ?? config.loginHashKey ?? DEFAULT_KEY,
      'scheduler-calendar-feed',
      'scheduler:calendar-feed',
      32,
    ),
  );
}

/** A new nonce: 16 random bytes, base64url. */
export function newFeedNonce(): string {
  return randomBytes(16).toString('base64url');
}

export function deriveFeedToken(key: Buffer, providerId: number, nonce: string): string {
  return createHmac('sha256', key).update(`calendar-feed:${providerId}:${nonce}`).digest('base64url');
}

/** What is stored and looked up: SHA-256 of the token, hex. */
export function feedTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** True when `value` has the shape of a token (anything else is not found, without a lookup). */
export function isFeedTokenShape(value: unknown): value is string {
  return typeof value === 'string' && CALENDAR_FEED_TOKEN_PATTERN.test(value);
}
