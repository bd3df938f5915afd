/*
 * Issue 19: a freed time is offered to the waitlist only while its provider is not retired and,
 * for one appointment's time, while its local date is not closed at the location. Both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../test/test-db.ts';
import { testDatabases } from '../../../test/test-db.ts';
import { seedIfEmpty } from '../../../platform/db/seed/seed.ts';
import { NOW } from '../../../test/public-api-fixture.ts';
import { isFreedTimeBookable } from './freed-time-bookable-repository.ts';

describe.each(testDatabases())('whether a freed time may be offered on $name', (target) => {
  let t: TestDatabase;
  let freed: Parameters<typeof isFreedTimeBookable>[1];
  let clientId: number;

  beforeAll(async () => {
    t = await target.create();
    await seedIfEmpty(t.db, NOW.getTime());
    const row = await t.db
      .selectFrom('provider_locations as pl')
      .innerJoin('locations as l', 'l.id', 'pl.location_id')
      .select(['pl.provider_id', 'pl.location_id', 'l.time_zone', 'l.client_id'])
      .orderBy('pl.provider_id')
      .executeTakeFirstOrThrow();
    clientId = row.client_id;
    // 10:00 on Thursday 25 November 2027 at that location (15:00 UTC is morning in every US zone).
    freed = {
      providerId: row.provider_id,
      locationId: row.location_id,
      startAt: Date.parse('2027-11-25T15:00:00Z'),
      timeZone: row.time_zone,
      reason: 'cancelled',
    };
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it('is offered while the provider is active and the day open', async () => {
    expect(await isFreedTimeBookable(t.db, freed)).toBe(true);
  });

  it('is not offered on a closed day, except as part of a new working-hours block', async () => {
    await t.db
      .insertInto('location_closures')
      .values({
        client_id: clientId,
        location_id: freed.locationId,
        date_local: '2027-11-25',
        name: 'Thanksgiving Day',
        created_at: NOW.getTime(),
      })
      .execute();
    expect(await isFreedTimeBookable(t.db, freed)).toBe(false);
    expect(await isFreedTimeBookable(t.db, { ...freed, reason: 'hours-added' })).toBe(true);
    expect(await isFreedTimeBookable(t.db, { ...freed, startAt: Date.parse('2027-11-26T15:00:00Z') })).toBe(
      true,
    );
  });

  it('is not offered once the provider is retired', async () => {
    const other = { ...freed, startAt: Date.parse('2027-11-26T15:00:00Z') };
    await t.db
      .updateTable('providers')
      .set({ retired_at: NOW.getTime() })
      .where('id', '=', freed.providerId)
      .execute();
    expect(await isFreedTimeBookable(t.db, other)).toBe(false);
    expect(await isFreedTimeBookable(t.db, { ...other, reason: 'hours-added' })).toBe(false);
  });
});
