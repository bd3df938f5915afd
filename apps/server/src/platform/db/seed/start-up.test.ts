/*
 * Issue 15 #6: the demo (with the README's published logins) is seeded only in development and
 * (`npm start`) or with SEED_DEMO=true (the browser tests set it); a production start on an empty
 * database has no account.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseConfig } from '../../config.ts';
import type { TestDatabase } from '../../../test/test-db.ts';
import { testDatabases } from '../../../test/test-db.ts';
import { firstOwnerInstructions, prepareStartUpData } from './start-up.ts';

// The demo's four staff passwords play no part here: skip scrypt.
vi.mock(import('../../auth/password.ts'), async (original) =>
  (await import('../../../test/fast-passwords.ts')).fastPasswords(original),
);

const NOW = new Date('2026-11-25T15:00:00Z');

async function count(t: TestDatabase, table: 'users' | 'clients' | 'patients'): Promise<number> {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe.each(testDatabases())('data at start on $name', (target) => {
  let t: TestDatabase | undefined;
  afterEach(async () => {
    await t?.destroy();
    t = undefined;
  });

  it('production on an empty database: no demo, no account, and the way to create the first owner', async () => {
    t = await target.create();
    const config = parseConfig({ NODE_ENV: 'production' });
    const result = await prepareStartUpData(t.db, config, NOW);
    expect(result).toEqual({ seeded: false, brands: 0, needsFirstOwner: true });
    expect(await count(t, 'users')).toBe(0);
    expect(await count(t, 'clients')).toBe(0);
    expect(await count(t, 'patients')).toBe(0);
    expect(firstOwnerInstructions().join('\n')).toContain(
      'npm run admin:create-owner -- --email you@practice.example --brand your-practice',
    );
    // A second start is the same (nothing appears by itself).
    expect((await prepareStartUpData(t.db, config, NOW)).seeded).toBe(false);
    expect(await count(t, 'users')).toBe(0);
  });

  it('production with SEED_DEMO=true seeds the demo', async () => {
    t = await target.create();
    const result = await prepareStartUpData(
      t.db,
      parseConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }),
      NOW,
    );
    expect(result).toMatchObject({ seeded: true, brands: 2, needsFirstOwner: false });
    expect(await count(t, 'users')).toBeGreaterThan(0);
  });

  it('development (npm start) seeds it by default; test and production only with SEED_DEMO=true', () => {
    expect(parseConfig({}).seedDemo).toBe(true);
    expect(parseConfig({ NODE_ENV: 'test' }).seedDemo).toBe(false);
    expect(parseConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
  });
});
