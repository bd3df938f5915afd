/*
 * Test-only stand-in for scrypt in the route-table tests: the seed hashes four demo passwords and
 * every sign-in verifies one, about a second of CPU each at N = 2^17 on a busy machine. The
 * credential tests (credentials.test.ts) check the real hashing.
 *
 *   vi.mock(import('../platform/auth/password.ts'), async (original) =>
 *     (await import('./fast-passwords.ts')).fastPasswords(original),
 *   );
 */
import type * as PasswordModule from '../platform/auth/password.ts';

type PasswordExports = typeof PasswordModule;

export async function fastPasswords(
  importOriginal: () => Promise<PasswordExports>,
): Promise<PasswordExports> {
  const original = await importOriginal();
  return {
    ...original,
    hashPassword: (password: string) => Promise.resolve(`test-only$${password}`),
    verifyPassword: (password: string, stored: string) => Promise.resolve(stored === `test-only$${password}`),
    needsRehash: () => false,
  };
}
