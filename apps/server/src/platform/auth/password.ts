import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { ScryptOptions } from 'node:crypto';

/*
 * Password hashing with scrypt (N = 2^17, r = 8, p = 1: OWASP's recommended minimum),
 * a random 16-byte salt and a 64-byte key. The stored string carries its parameters,
 * so they can be raised later without invalidating existing hashes:
 *
 *   scrypt$<log2 N>$<r>$<p>$<salt base64>$<key base64>
 */

export const SCRYPT_PARAMS = { log2N: 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

/** scrypt needs 128·N·r bytes; Node's default ceiling (32 MiB) is too low for N = 2^17. */
function maxmemFor(N: number, r: number): number {
  return 128 * N * r * 2;
}

function deriveKey(password: string, salt: Buffer, log2N: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** log2N;
  const options: ScryptOptions = { N, r, p, maxmem: maxmemFor(N, r) };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const { log2N, r, p } = SCRYPT_PARAMS;
  const key = await deriveKey(password, salt, log2N, r, p);
  return ['scrypt', log2N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

interface ParsedHash {
  log2N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | undefined {
  const [scheme, log2N, r, p, salt, key, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || rest.length > 0 || salt === undefined || key === undefined) return undefined;
  const numbers = [log2N, r, p].map((part) =>
    part !== undefined && /^\d{1,2}$/.test(part) ? Number(part) : NaN,
  );
  const [n, rr, pp] = numbers as [number, number, number];
  // Refuse absurd parameters read from the database rather than burning CPU or memory.
  if (!(n >= 10 && n <= 20 && rr >= 1 && rr <= 32 && pp >= 1 && pp <= 16)) return undefined;
  return { log2N: n, r: rr, p: pp, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
}

/** Constant-time check of a password against a stored hash; false for malformed hashes. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (parsed === undefined || parsed.key.length !== KEY_LENGTH) return false;
  const key = await deriveKey(password, parsed.salt, parsed.log2N, parsed.r, parsed.p);
  return timingSafeEqual(key, parsed.key);
}

/** True when a stored hash uses weaker parameters than today's (rehash after login). */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  return (
    parsed === undefined ||
    parsed.log2N < SCRYPT_PARAMS.log2N ||
    parsed.r < SCRYPT_PARAMS.r ||
    parsed.p < SCRYPT_PARAMS.p
  );
}
