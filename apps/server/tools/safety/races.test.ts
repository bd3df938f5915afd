/*
 * Issue 8, item 5 (fast version): 300 booking attempts from 20 concurrent clients on overlapping
 * slots of three providers, with retries and staff status changes, on SQLite (and PostgreSQL when
 * TEST_DATABASE_URL is set). `npm run safety:races` runs ≥ 10,000 through two instances.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../../src/test/test-db.ts';
import { injectInstance, raceTargets } from './race-instances.ts';
import { runBookingRace } from './races.ts';
import { createSafetyFixture } from './safety-fixture.ts';
import type { SafetyFixture } from './safety-fixture.ts';
import { halfWritten, overlappingAppointments } from './db/booking-invariants.ts';
import { deleteAppointment, insertUnguardedOverlap } from './db/credentials.ts';

vi.mock(import('../../src/platform/auth/password.ts'), async (original) =>
  (await import('../../src/test/fast-passwords.ts')).fastPasswords(original),
);

describe.each(testDatabases())('booking races on $name', (target) => {
  let f: SafetyFixture;

  beforeAll(async () => {
    f = await createSafetyFixture(target);
  });
  afterAll(async () => {
    await f?.close();
  });

  it('never lets two active appointments of a provider overlap, and keeps every acknowledged booking exactly once', async () => {
    const instance = injectInstance(f.app);
    const bright = f.brands.brightsmile;
    const brand = {
      clientId: bright.ids.clientId ?? 0,
      slug: bright.slug,
      schedulerSlug: bright.schedulerSlug,
    };
    const targets = await raceTargets(instance, f.db, brand, { providers: 3, slotsPerService: 4 });
    expect(new Set(targets.map((t) => t.providerId)).size).toBe(3);

    const report = await runBookingRace(f.db, {
      attempts: 300,
      concurrency: 20,
      instances: [instance],
      targets,
      brand,
      staffHeaders: f.logins.admin.bearerHeaders,
      statusShare: 0.1,
    });

    expect(report.failures).toEqual([]);
    expect(report.overlaps).toEqual([]);
    expect(report.attempts).toBe(300);
    expect(report.created).toBeGreaterThan(0);
    expect(report.conflicts).toBeGreaterThan(report.created);
    expect(report.replayed).toBeGreaterThan(0);
    expect(Object.keys(report.statusChanges).length).toBeGreaterThan(0);
  });

  it('has checks that see an appointment written past the guard', async () => {
    const id = await insertUnguardedOverlap(f.db, f.brands.brightsmile.ids.clientId ?? 0);
    try {
      expect((await overlappingAppointments(f.db)).some((pair) => pair.second === id)).toBe(true);
      const half = await halfWritten(f.db);
      expect(half.activeWithoutUnits).toContain(id);
      expect(half.withoutHistory).toContain(id);
    } finally {
      await deleteAppointment(f.db, id);
    }
  });
});
