/*
 * Issue 18: the manage link's token (docs/decisions/017-manage-links.md). The token is
 * base64url(HMAC-SHA256(key, `${appointmentId}:${nonce}`)): 256 bits, of which the 128-bit random
 * nonce (stored with the appointment) makes it unguessable and the key (MANAGE_LINK_KEY) makes it
 * underivable from a copy of the database. Only SHA-256(token) is stored, for the lookup; the send
 * job derives the token again when it renders a message, so the token itself is never stored. A new
 * nonce ("resend link") changes the token: every earlier link dies.
 */
import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { MANAGE_TOKEN_PATTERN } from '@scheduler/contract/manage';

/** Built-in key of development and tests (production warns without MANAGE_LINK_KEY, main.ts). */
const DEFAULT_KEY = 'scheduler-manage-links';

/** The HMAC key: MANAGE_LINK_KEY, else one derived from LOGIN_HASH_KEY, else the built-in one. */
export function manageLinkKeyOf(config: {
  manageLinkKey?: string | undefined;
  loginHashKey?: string | undefined;
}): Buffer {
  if (config.manageLinkKey !== undefined) return Buffer.from(config.manageLinkKey, 'utf8');
  return Buffer.from(
    hkdfSync(
      'sha256',
      config.loginHashKey ?? DEFAULT_KEY,
      'scheduler-manage-link',
      'scheduler:manage-link',
      32,
    ),
  );
}

/** A new nonce: 16 random bytes, base64url. */
export function newManageNonce(): string {
  return randomBytes(16).toString('base64url');
}

export function deriveManageToken(key: Buffer, appointmentId: number, nonce: string): string {
  return createHmac('sha256', key).update(`${appointmentId}:${nonce}`).digest('base64url');
}

/** What is stored and looked up: SHA-256 of the token, hex. */
export function manageTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** True when `value` has the shape of a token (anything else is a wrong link without a lookup). */
export function isManageTokenShape(value: unknown): value is string {
  return typeof value === 'string' && MANAGE_TOKEN_PATTERN.test(value);
}
