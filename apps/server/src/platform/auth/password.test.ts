import { describe, expect, it } from 'vitest';
import { SCRYPT_PARAMS, hashPassword, needsRehash, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('verifies the password it hashed and refuses any other', async () => {
    const hash = await hashPassword('demo-owner-2026');
    expect(await verifyPassword('demo-owner-2026', hash)).toBe(true);
    expect(await verifyPassword('demo-owner-2027', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('uses scrypt with N = 2^17, r = 8, p = 1, a 16-byte salt and a 64-byte key', async () => {
    const hash = await hashPassword('correct horse');
    const [scheme, log2N, r, p, salt, key] = hash.split('$');
    expect(scheme).toBe('scrypt');
    expect([Number(log2N), Number(r), Number(p)]).toEqual([17, 8, 1]);
    expect(SCRYPT_PARAMS).toEqual({ log2N: 17, r: 8, p: 1 });
    expect(Buffer.from(salt ?? '', 'base64')).toHaveLength(16);
    expect(Buffer.from(key ?? '', 'base64')).toHaveLength(64);
    expect(needsRehash(hash)).toBe(false);
  });

  it('salts every hash differently', async () => {
    const [a, b] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(a).not.toBe(b);
  });

  it('treats malformed or weak stored hashes safely', async () => {
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$99$8$1$AAAA$BBBB')).toBe(false);
    expect(needsRehash('scrypt$14$8$1$AAAA$BBBB')).toBe(true);
  });
});
