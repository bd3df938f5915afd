/*
 * Partners' credentials (issue 20): the OAuth 2.0 client of a partner is a public identifier and a
 * 256-bit random secret of which only SHA-256 is stored (a secret this long needs no slow hash: it
 * cannot be guessed, only stolen, and the hash makes a copy of the database useless). Access tokens
 * are JWTs (jose, HS256) of 15 minutes, for the brand's FHIR base (issuer and audience), naming the
 * partner client (`sub`); every request checks the client again (revoked: refused).
 *
 * The key: PARTNER_TOKEN_KEY, else one derived with HKDF from the manage links' key (itself
 * MANAGE_LINK_KEY, LOGIN_HASH_KEY or the built-in development key).
 */
import { createHash, hkdfSync, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { PARTNER_TOKEN_LIFETIME_SECONDS } from '@scheduler/contract/admin/partners';
import type { Config } from '../../../platform/config.ts';
import { manageLinkKeyOf } from '../../scheduling/index.ts';

const ALGORITHM = 'HS256';
/** RFC 9068's media type of an OAuth access token (a token of another kind is refused). */
const TOKEN_TYPE = 'at+jwt';

export function partnerTokenKeyOf(
  config: Pick<Config, 'partnerTokenKey' | 'manageLinkKey' | 'loginHashKey'>,
): Uint8Array {
  if (config.partnerTokenKey !== undefined)
    return new Uint8Array(Buffer.from(config.partnerTokenKey, 'utf8'));
  return new Uint8Array(
    hkdfSync('sha256', manageLinkKeyOf(config), 'scheduler-partner-token', 'scheduler:partner-token', 32),
  );
}

/** A new public client identifier: 128 random bits, hex. */
export function newClientIdentifier(): string {
  return randomBytes(16).toString('hex');
}

/** A new client secret: 256 random bits, base64url (43 characters). */
export function newClientSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of a secret: SHA-256, hex. */
export function secretHashOf(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Constant-time comparison of a presented secret with the stored hash. */
export function secretMatches(presented: string, storedHash: string): boolean {
  const presentedHash = Buffer.from(secretHashOf(presented), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return stored.length === presentedHash.length && timingSafeEqual(presentedHash, stored);
}

export interface PartnerTokenClaims {
  /** The partner client's public identifier. */
  clientIdentifier: string;
  scope: string;
}

/** A signed access token for `audience` (the brand's FHIR base), valid PARTNER_TOKEN_LIFETIME_SECONDS from `now`. */
export function signPartnerToken(
  key: Uint8Array,
  audience: string,
  claims: PartnerTokenClaims,
  now: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ scope: claims.scope })
    .setProtectedHeader({ alg: ALGORITHM, typ: TOKEN_TYPE })
    .setIssuer(audience)
    .setAudience(audience)
    .setSubject(claims.clientIdentifier)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + PARTNER_TOKEN_LIFETIME_SECONDS)
    .setJti(randomUUID())
    .sign(key);
}

/** The claims of a valid token for `audience` at `now`, else undefined (bad signature, expired, other brand …). */
export async function verifyPartnerToken(
  key: Uint8Array,
  audience: string,
  token: string,
  now: Date,
): Promise<PartnerTokenClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [ALGORITHM],
      typ: TOKEN_TYPE,
      issuer: audience,
      audience,
      currentDate: now,
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.scope !== 'string') return undefined;
    return { clientIdentifier: payload.sub, scope: payload.scope };
  } catch {
    return undefined;
  }
}
