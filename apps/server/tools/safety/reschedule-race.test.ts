/*
 * Issue 18 (fast version): 12 patients move their appointments through their manage links to one
 * free time while 4 new patients book it, on SQLite (and PostgreSQL when TEST_DATABASE_URL is set).
 * Exactly one wins; every losing mover keeps its old time (reschedule-race.ts).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../../src/test/test-db.ts';
import { injectInstance } from './race-instances.ts';
import { runRescheduleRace } from './reschedule-race.ts';
import { createSafetyFixture } from './safety-fixture.ts';
import type { SafetyFixture } from './safety-fixture.ts';

vi.mock(import('../../src/platform/auth/password.ts'), async (original) =>
  (await import('../../src/test/fast-passwords.ts')).fastPasswords(original),
);

describe.each(testDatabases())('reschedule race on $name', (target) => {
  let f: SafetyFixture;

  beforeAll(async () => {
    f = await createSafetyFixture(target);
  });
  afterAll(async () => {
    await f?.close();
  });

  it('lets exactly one request take the time; every other mover keeps its old time', async () => {
    const bright = f.brands.brightsmile;
    const report = await runRescheduleRace(
      f.db,
      [injectInstance(f.app)],
      { clientId: bright.ids.clientId ?? 0, slug: bright.slug, schedulerSlug: bright.schedulerSlug },
      { movers: 12, bookers: 4 },
    );
    expect(report.failures).toEqual([]);
    expect(report.movers).toBe(12);
    expect(report.movedThere + report.bookedThere).toBe(1);
    expect(report.atTarget).toBe(1);
    expect(report.losersMoved).toBe(0);
    expect(report.oldTimeHeld).toBe(0);
    expect(report.losers['409 SLOT_TAKEN']).toBeGreaterThanOrEqual(11);
  });
});
