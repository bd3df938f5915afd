import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../test/test-db.ts';
import { testDatabases } from '../../test/test-db.ts';
import { migrate } from './migrate.ts';
import type { TableName } from './schema.ts';

const expectedTables: TableName[] = [
  'clients',
  'schedulers',
  'scheduler_settings',
  'users',
  'memberships',
  'admin_sessions',
  'login_attempts',
  'locations',
  'services',
  'service_locations',
  'providers',
  'provider_locations',
  'provider_services',
  'provider_insurance_plans',
  'working_hours',
  'time_off',
  'insurance_carriers',
  'insurance_types',
  'insurance_plans',
  'insurance_relationships',
  'patients',
  'insurance_policies',
  'appointments',
  'appointment_status_history',
  'appointment_slot_units',
  'waitlist_entries',
  'notes',
  'feedback',
  'analytics_sessions',
  'analytics_events',
  'track_logs',
  'audit_log',
];

describe.each(testDatabases())('migrations on $name', (target) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await target.create({ migrate: false });
  });
  afterAll(async () => {
    await t.destroy();
  });

  it('applies every migration, in order, to an empty database', async () => {
    const report = await migrate(t.db);
    expect(report.applied).toEqual([
      '2026-11-25-001-initial',
      '2026-11-25-002-report-indexes',
      '2026-11-25-003-slot-search',
      '2026-11-26-004-daily-appointment-rollup',
      '2026-11-26-005-admin-versions',
      '2026-11-26-006-row-level-security',
      '2026-11-26-007-mapping-versions',
      '2026-11-26-008-report-rollups',
      '2026-11-27-009-report-cell-index',
      '2026-11-27-010-search-config-versions',
      '2026-11-27-011-jobs',
      '2026-11-27-012-message-templates',
      '2026-11-27-013-messages',
      '2026-11-27-014-accounts',
      '2026-11-27-015-patient-pending-changes',
      '2026-11-27-016-self-service',
      '2026-11-27-017-waitlist-offers',
      '2026-11-27-018-closures-retirement',
      '2026-11-27-019-patient-search',
      '2026-11-27-020-partners-holds',
      '2026-11-27-021-calendar-feeds',
      '2026-11-27-022-open-availability',
      '2026-11-27-023-booking-language',
      '2026-11-28-024-busy-changes',
    ]);
  });

  it('applies nothing the second time', async () => {
    expect((await migrate(t.db)).applied).toEqual([]);
  });

  it('creates every table of the data model in the migrated schema', async () => {
    const tables =
      t.name === 'postgres'
        ? (
            await sql<{
              name: string;
            }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(
              t.db,
            )
          ).rows
        : (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(t.db))
            .rows;
    const names = tables.map((row) => row.name);
    for (const table of expectedTables) expect(names).toContain(table);
  });

  it('stores instants as integers that read back as numbers', async () => {
    const now = 1_795_600_000_123;
    await t.db
      .insertInto('clients')
      .values({
        slug: 'time-check',
        name: 'Time check',
        phone: '',
        frame_ancestors: '[]',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const row = await t.db
      .selectFrom('clients')
      .select(['id', 'created_at'])
      .where('slug', '=', 'time-check')
      .executeTakeFirstOrThrow();
    expect(row.created_at).toBe(now);
    expect(typeof row.id).toBe('number');
    const count = await t.db
      .selectFrom('clients')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(1);
  });
});
