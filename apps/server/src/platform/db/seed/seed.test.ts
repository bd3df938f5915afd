import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../auth/password.ts';
import type { TestDatabase } from '../../../test/test-db.ts';
import { testDatabases } from '../../../test/test-db.ts';
import { slotUnitStarts } from '../slot-units.ts';
import { demoUsers } from './demo-catalogue.ts';
import { hasDemoClient, seedIfEmpty } from './seed.ts';

const NOW = Date.UTC(2026, 10, 25, 15, 30);

async function count(
  t: TestDatabase,
  table:
    | 'clients'
    | 'providers'
    | 'locations'
    | 'schedulers'
    | 'users'
    | 'appointments'
    | 'patients'
    | 'analytics_events'
    | 'waitlist_entries'
    | 'memberships',
): Promise<number> {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

describe.each(testDatabases())('demo seed on $name', (target) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await target.create();
  });
  afterAll(async () => {
    await t.destroy();
  });

  it('seeds an empty database once', async () => {
    expect(await hasDemoClient(t.db)).toBe(false);
    const first = await seedIfEmpty(t.db, NOW);
    expect(first.seeded).toBe(true);
    expect(await hasDemoClient(t.db)).toBe(true);
    const second = await seedIfEmpty(t.db, NOW);
    expect(second.seeded).toBe(false);
  });

  it('creates two brands with a "main" scheduler, eight locations and 21 providers', async () => {
    expect(await count(t, 'clients')).toBe(2);
    expect(await count(t, 'schedulers')).toBe(2);
    expect(await count(t, 'locations')).toBe(8);
    expect(await count(t, 'providers')).toBe(21);
    const slugs = await t.db.selectFrom('clients').select('slug').orderBy('id').execute();
    expect(slugs.map((row) => row.slug)).toEqual(['brightsmile', 'northside']);
    const schedulers = await t.db.selectFrom('schedulers').select('slug').execute();
    expect(new Set(schedulers.map((row) => row.slug))).toEqual(new Set(['main']));
  });

  it('places locations in four US time zones with coordinates', async () => {
    const rows = await t.db.selectFrom('locations').select(['time_zone', 'latitude', 'longitude']).execute();
    expect(new Set(rows.map((row) => row.time_zone))).toEqual(
      new Set(['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles']),
    );
    for (const row of rows) {
      expect(row.latitude).toBeGreaterThan(25);
      expect(row.longitude).toBeLessThan(-70);
    }
  });

  it('writes appointments, patients, waitlist and analytics', async () => {
    expect(await count(t, 'appointments')).toBeGreaterThan(1000);
    expect(await count(t, 'patients')).toBe(340);
    expect(await count(t, 'waitlist_entries')).toBeGreaterThan(0);
    expect(await count(t, 'analytics_events')).toBeGreaterThan(5000);
  });

  it('never lets two active appointments of one provider overlap', async () => {
    const overlaps = await sql<{ n: number }>`
      select count(*) as n from appointments a join appointments b
        on a.provider_id = b.provider_id and a.id < b.id and a.start_at < b.end_at and b.start_at < a.end_at
      where a.status not in ('cancelled', 'noshow', 'entered-in-error')
        and b.status not in ('cancelled', 'noshow', 'entered-in-error')`.execute(t.db);
    expect(Number(overlaps.rows[0]?.n)).toBe(0);
  });

  it('holds slot units for exactly the active appointments', async () => {
    const active = await t.db
      .selectFrom('appointments')
      .select(['start_at', 'end_at'])
      .where('status', 'not in', ['cancelled', 'noshow', 'entered-in-error'])
      .execute();
    const expected = active.reduce((sum, a) => sum + slotUnitStarts(a.start_at, a.end_at).length, 0);
    const units = await t.db
      .selectFrom('appointment_slot_units')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(units.n).toBe(expected);
  });

  it('keeps past appointments out of future statuses and future ones out of past statuses', async () => {
    const wrong = await t.db
      .selectFrom('appointments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) =>
        eb.or([
          eb.and([eb('end_at', '<=', NOW), eb('status', 'in', ['pending', 'booked'])]),
          eb.and([
            eb('start_at', '>', NOW),
            eb('status', 'in', ['fulfilled', 'noshow', 'arrived', 'checked-in']),
          ]),
        ]),
      )
      .executeTakeFirstOrThrow();
    expect(wrong.n).toBe(0);
  });

  it('creates the demo users with working passwords and roles', async () => {
    expect(await count(t, 'users')).toBe(4);
    expect(await count(t, 'memberships')).toBe(5);
    const owner = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'owner@demo.health')
      .executeTakeFirstOrThrow();
    expect(await verifyPassword('demo-owner-2026', owner.password_hash)).toBe(true);
    expect(await verifyPassword('demo-admin-2026', owner.password_hash)).toBe(false);
    const roles = await t.db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .innerJoin('clients', 'clients.id', 'memberships.client_id')
      .select(['users.email', 'clients.slug', 'memberships.role'])
      .execute();
    for (const user of demoUsers) {
      for (const [slug, role] of Object.entries(user.roles)) {
        expect(roles).toContainEqual({ email: user.email, slug, role });
      }
    }
  });

  it('leaves id sequences ready for new rows', async () => {
    const row = await t.db
      .insertInto('clients')
      .values({
        slug: 'after-seed',
        name: 'After seed',
        phone: '',
        frame_ancestors: '[]',
        created_at: NOW,
        updated_at: NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(row.id).toBe(3);
  });
});
