/*
 * The large-data generator loads without the roll-up triggers and builds the roll-ups after
 * (bulk-rollups.ts). Here, on SQLite and PostgreSQL: the demo seed is written with its triggers on;
 * then every roll-up of each brand is built again in bulk, triggers off, and must equal, row for
 * row, what the triggers kept.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../src/test/test-db.ts';
import { testDatabases } from '../../src/test/test-db.ts';
import type { Db } from '../../src/platform/db/database.ts';
import { createDb, ownerConnectionOf } from '../../src/platform/db/database.ts';
import { buildBrandRollupsNow, dropSqliteTriggers, triggersOffForTransaction } from './bulk-rollups.ts';
import { seedIfEmpty } from '../../src/platform/db/seed/seed.ts';

const NOW = Date.UTC(2026, 10, 25, 15, 30);

const ROLLUPS = [
  { table: 'analytics_session_steps', counter: undefined },
  { table: 'report_funnel_hourly', counter: 'sessions' },
  { table: 'report_funnel_daily', counter: 'sessions' },
  { table: 'report_appointments_daily', counter: 'appointments' },
  { table: 'report_bookings_daily', counter: 'bookings' },
  { table: 'report_bookings_quarterly', counter: 'bookings' },
  { table: 'report_bookings_sliced_daily', counter: 'bookings' },
  { table: 'report_bookings_hourly', counter: 'bookings' },
] as const;

/** Every non-zero row of every roll-up, as sorted text lines per table. */
async function snapshot(db: Db): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  for (const { table, counter } of ROLLUPS) {
    const result = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    tables[table] = result.rows
      .filter((row) => counter === undefined || Number(row[counter]) !== 0)
      .map((row) =>
        Object.keys(row)
          .sort()
          .map((key) => `${key}=${String(row[key])}`)
          .join(' '),
      )
      .sort();
  }
  return tables;
}

describe.each(testDatabases())('bulk-built roll-ups on $name', (target) => {
  let t: TestDatabase;
  let owner: Db;
  beforeAll(async () => {
    t = await target.create();
    const connection = ownerConnectionOf(t.db);
    owner =
      connection === undefined
        ? t.db
        : createDb({ databaseUrl: connection.url, sqlitePath: '' }, { pgSchema: connection.pgSchema });
  });
  afterAll(async () => {
    if (owner !== t.db) await owner.destroy();
    await t.destroy();
  });

  it('equal the roll-ups the triggers keep', async () => {
    const seeded = await seedIfEmpty(t.db, NOW);
    expect(seeded.brands.length).toBeGreaterThan(1);
    const kept = await snapshot(owner);
    expect(kept.report_appointments_daily?.length).toBeGreaterThan(100);
    expect(kept.analytics_session_steps?.length).toBeGreaterThan(100);

    await owner.transaction().execute(async (trx) => {
      if (target.name === 'postgres') {
        await triggersOffForTransaction(trx);
        for (const brand of seeded.brands) await buildBrandRollupsNow(trx, brand.clientId);
      } else {
        const restore = await dropSqliteTriggers(trx);
        for (const brand of seeded.brands) await buildBrandRollupsNow(trx, brand.clientId);
        await restore();
      }
    });
    const built = await snapshot(owner);
    for (const { table } of ROLLUPS) expect(built[table], table).toEqual(kept[table]);

    if (target.name === 'sqlite') {
      // The triggers are back: the one transaction created them again.
      const triggers = await sql<{ n: number }>`
        select count(*) as n from sqlite_master where type = 'trigger'`.execute(owner);
      expect(Number(triggers.rows[0]?.n)).toBeGreaterThan(5);
    }
  });
});
