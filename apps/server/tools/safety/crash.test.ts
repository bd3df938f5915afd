/*
 * Issue 8, crashes (fast version): a real server process under booking load, with the front desk
 * cancelling, is killed with SIGKILL three times on SQLite (twice on PostgreSQL when
 * TEST_DATABASE_URL is set). After each restart every acknowledged booking exists exactly once,
 * nothing is half-written, and retries with the same idempotency key never book twice.
 * `npm run safety:crash` runs ≥ 100 kills (docs/reliability.md).
 */
import type { LoginResponse } from '@scheduler/contract/admin-auth';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORDS } from '../../src/test/staff-login.ts';
import { runCrashes } from './crash.ts';
import { createHarnessDatabase, harnessPostgresUrl } from './harness-servers.ts';
import type { HarnessDialect } from './harness-servers.ts';

const dialects: { name: HarnessDialect; kills: number }[] = [
  { name: 'sqlite', kills: 3 },
  ...(harnessPostgresUrl() === undefined ? [] : [{ name: 'postgres' as const, kills: 2 }]),
];

describe.each(dialects)('SIGKILL during booking load on $name', ({ name, kills }) => {
  it('keeps every acknowledged booking exactly once and writes nothing by halves', async () => {
    const database = await createHarnessDatabase(name, { name: `scheduler_crash_test_${process.pid}` });
    try {
      const report = await runCrashes(database, {
        kills,
        concurrency: 8,
        minLoadMs: 300,
        maxLoadMs: 700,
        seed: 11,
        staffLogin: async (instance) => {
          const answer = await instance.send({
            method: 'POST',
            url: '/api/config/login',
            payload: { email: 'admin@demo.health', password: DEMO_PASSWORDS.admin },
          });
          expect(answer.status).toBe(200);
          return { authorization: `Bearer ${(answer.body as LoginResponse).token}` };
        },
      });
      expect(report.failures).toEqual([]);
      expect(report.kills).toBe(kills);
      expect(report.acknowledgedTotal).toBeGreaterThan(0);
      expect(report.durability).not.toEqual({});
    } finally {
      await database.destroy();
    }
  }, 180_000);
});
