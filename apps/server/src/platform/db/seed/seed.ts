import { sql } from 'kysely';
import { hashPassword } from '../../auth/password.ts';
import type { Db } from '../database.ts';
import { dialectOf } from '../database.ts';
import type { EpochMs, MembershipRole, TableName } from '../schema.ts';
import { writeBrand } from './brand-writer.ts';
import type { BrandSummary, BrandVolume } from './brand-writer.ts';
import { demoBrands, demoEntry, demoUsers } from './demo-catalogue.ts';
import { createRandom } from './random.ts';
import { IdAllocator, RowSink, syncIdSequences } from './row-writer.ts';
import { DAY_MS, HOUR_MS } from './zoned-time.ts';

/** Tables in foreign-key order: every batch is written parents first. */
export const seedTableOrder: readonly TableName[] = [
  'clients',
  'schedulers',
  'scheduler_settings',
  'users',
  'memberships',
  'locations',
  'services',
  'service_locations',
  'insurance_types',
  'insurance_carriers',
  'insurance_plans',
  'insurance_relationships',
  'providers',
  'provider_locations',
  'provider_services',
  'provider_insurance_plans',
  'working_hours',
  'time_off',
  'patients',
  'patient_search_tokens',
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

/** Tables whose ids the seed assigns itself (other rows reference them). */
export const explicitIdTables: readonly TableName[] = [
  'clients',
  'schedulers',
  'users',
  'locations',
  'services',
  'insurance_types',
  'insurance_carriers',
  'insurance_plans',
  'insurance_relationships',
  'providers',
  'patients',
  'insurance_policies',
  'appointments',
];

export const DEMO_SEED = 20_261_125;

/** The demo's volume: three weeks either side of today, six weeks of analytics. */
export const demoVolume: BrandVolume = {
  pastDays: 21,
  futureDays: 21,
  utilization: (daysFromToday) => {
    if (daysFromToday < 0) return 0.5;
    if (daysFromToday <= 3) return 0.42;
    if (daysFromToday <= 10) return 0.3;
    return 0.16;
  },
  analyticsDays: 42,
  sessionsPerWeekday: 0, // per brand, from the catalogue
  trackLogDays: 2,
  extras: true,
};

export interface SeedResult {
  seeded: boolean;
  brands: BrandSummary[];
}

function toEpoch(now: Date | EpochMs): EpochMs {
  return typeof now === 'number' ? now : now.getTime();
}

async function clientCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('clients')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * Seeds the demo (two brands, 21 providers, weeks of appointments and analytics, demo
 * admin users) when the database has no client yet; otherwise does nothing. Deterministic
 * for a given `now` (except password salts). Safe with several instances starting at once:
 * on PostgreSQL an advisory lock serialises them and the loser finds the data present.
 */
export async function seedIfEmpty(db: Db, now: Date | EpochMs): Promise<SeedResult> {
  if ((await clientCount(db)) > 0) return { seeded: false, brands: [] };
  const nowMs = toEpoch(now);
  // Hash before the transaction: scrypt takes ~0.3 s each and must not hold the write lock.
  const passwordHashes = await Promise.all(demoUsers.map((user) => hashPassword(user.password)));

  return db.transaction().execute(async (trx) => {
    if (dialectOf(trx) === 'postgres') {
      await sql`select pg_advisory_xact_lock(${DEMO_SEED})`.execute(trx);
    }
    if ((await clientCount(trx)) > 0) return { seeded: false, brands: [] };

    const random = createRandom(DEMO_SEED);
    const ids = await IdAllocator.create(trx, explicitIdTables);
    const sink = new RowSink(seedTableOrder, (work) => work(trx));

    const userIds = demoUsers.map((user, index) => {
      const id = ids.next('users');
      sink.add('users', {
        id,
        email: user.email,
        password_hash: passwordHashes[index] ?? '',
        display_name: user.displayName,
        created_at: nowMs - 120 * DAY_MS,
        updated_at: nowMs - 120 * DAY_MS,
        last_login_at: nowMs - (index + 1) * 5 * HOUR_MS,
        disabled_at: null,
      });
      return id;
    });

    const brands: BrandSummary[] = [];
    for (const brand of demoBrands) {
      const members: { id: number; role: MembershipRole }[] = [];
      demoUsers.forEach((user, index) => {
        const role = user.roles[brand.slug];
        const id = userIds[index];
        if (role !== undefined && id !== undefined) members.push({ id, role });
      });
      const summary = await writeBrand(
        brand,
        { ...demoVolume, sessionsPerWeekday: brand.sessionsPerWeekday },
        { now: nowMs, random, ids, sink, users: members },
      );
      for (const member of members) {
        sink.add('memberships', {
          user_id: member.id,
          client_id: summary.clientId,
          role: member.role,
          created_at: nowMs - 120 * DAY_MS,
        });
      }
      const owner = members.find((m) => m.role === 'owner');
      sink.add('audit_log', {
        client_id: summary.clientId,
        user_id: owner?.id ?? null,
        action: 'scheduler.settings.update',
        record_type: 'scheduler',
        record_id: String(summary.schedulerId),
        ip: '203.0.113.10',
        details: JSON.stringify({ changed: ['appointment.1'] }),
        created_at: nowMs - 30 * DAY_MS,
      });
      brands.push(summary);
    }
    await sink.flush();
    await syncIdSequences(trx, explicitIdTables);
    return { seeded: true, brands };
  });
}

/** Whether the demo brand exists (main.ts prints the demo links only then). */
export async function hasDemoClient(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('clients')
    .select('id')
    .where('slug', '=', demoEntry.clientSlug)
    .executeTakeFirst();
  return row !== undefined;
}
