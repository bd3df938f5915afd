import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * Admin session secrets. The session token is 256 random bits (base64url, 43 characters); only
 * its SHA-256 is stored, so a database leak does not leak usable sessions. Each session also has
 * its own CSRF secret: the `XSRF-TOKEN` value is HMAC-SHA256(csrf secret, session id), so a token
 * is valid for one session only and cannot be minted without the server's row (signed
 * double-submit).
 */

const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newSessionToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** Whether a presented value has the shape of a session token (cheap check before any lookup). */
export function looksLikeSessionToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function newCsrfSecret(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

export function csrfTokenFor(csrfSecret: string, sessionId: number): string {
  return createHmac('sha256', csrfSecret).update(`admin-session:${sessionId}`, 'utf8').digest('base64url');
}

/** Constant-time string comparison (false when the lengths differ). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A temporary password for a new account: 96 random bits, 16 characters. */
export function newTemporaryPassword(): string {
  return randomBytes(12).toString('base64url');
}
