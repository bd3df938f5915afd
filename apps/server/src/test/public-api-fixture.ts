/*
 * The seeded demo behind the public scheduler API tests: one database per target, seeded at a
 * pinned `NOW`, the real app with that clock, the demo's ids by name, and small helpers.
 */
import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely, KyselyPlugin } from 'kysely';
import type { App } from '../app.ts';
import { buildApp } from '../app.ts';
import type { Config } from '../platform/config.ts';
import type { Db } from '../platform/db/database.ts';
import type { DB } from '../platform/db/schema.ts';
import { seedIfEmpty } from '../platform/db/seed/seed.ts';
import type { TestDatabase, TestDatabaseTarget } from './test-db.ts';
import { createTestApp } from './test-db.ts';

/** Wednesday 25 November 2026, 10:00 in New York, 09:00 in Chicago, 07:00 in Los Angeles. */
export const NOW = new Date('2026-11-25T15:00:00.000Z');

export interface BrandIds {
  clientId: number;
  schedulerId: number;
  /** By service name. */
  services: Record<string, number>;
  /** By location slug. */
  locations: Record<string, number>;
  /** By provider last name. */
  providers: Record<string, number>;
}

export interface PublicFixture {
  t: TestDatabase;
  app: App;
  brightsmile: BrandIds;
  northside: BrandIds;
  close(): Promise<void>;
}

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Demo seed has no ${what}`);
  return value;
}

async function brandIds(db: Db, slug: string): Promise<BrandIds> {
  const client = need(
    await db
      .selectFrom('clients as c')
      .innerJoin('schedulers as s', 's.client_id', 'c.id')
      .select(['c.id', 's.id as scheduler_id'])
      .where('c.slug', '=', slug)
      .executeTakeFirst(),
    `client ${slug}`,
  );
  const services = await db
    .selectFrom('services')
    .select(['id', 'name'])
    .where('client_id', '=', client.id)
    .execute();
  const locations = await db
    .selectFrom('locations')
    .select(['id', 'slug'])
    .where('client_id', '=', client.id)
    .execute();
  const providers = await db
    .selectFrom('providers')
    .select(['id', 'last_name'])
    .where('client_id', '=', client.id)
    .execute();
  return {
    clientId: client.id,
    schedulerId: client.scheduler_id,
    services: Object.fromEntries(services.map((s) => [s.name, s.id])),
    locations: Object.fromEntries(locations.map((l) => [l.slug, l.id])),
    providers: Object.fromEntries(providers.map((p) => [p.last_name, p.id])),
  };
}

export async function createPublicFixture(
  target: TestDatabaseTarget,
  options: { config?: Partial<Config> } = {},
): Promise<PublicFixture> {
  const t = await target.create();
  await seedIfEmpty(t.db, NOW);
  const app = await createTestApp(t, { now: () => NOW, config: { ...options.config } });
  await app.ready();
  return {
    t,
    app,
    brightsmile: await brandIds(t.db, 'brightsmile'),
    northside: await brandIds(t.db, 'northside'),
    async close() {
      await app.close();
      await t.destroy();
    },
  };
}

/** Another app on the same database (other limits, or a counting database handle). */
export async function createAppOn(
  fixture: Pick<PublicFixture, 't'>,
  options: { config?: Partial<Config>; db?: Db } = {},
): Promise<App> {
  const app = await buildApp({
    config: { ...fixture.t.config, ...options.config },
    db: options.db ?? fixture.t.db,
    logger: false,
    now: () => NOW,
  });
  await app.ready();
  return app;
}

/**
 * A database handle that counts the SQL statements it executes. Counted when a result comes
 * back (`transformResult` runs once per executed statement; `transformQuery` would also see
 * every subquery and UNION part).
 */
export function countingDb(db: Db): { db: Db; count(): number; reset(): void } {
  let statements = 0;
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      return args.node;
    },
    transformResult(args) {
      statements++;
      return Promise.resolve(args.result);
    },
  };
  const counted: Kysely<DB> = db.withPlugin(plugin);
  return {
    db: counted,
    count: () => statements,
    reset: () => {
      statements = 0;
    },
  };
}

/** A query string from defined values. */
export function query(params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  return search.toString();
}

/** Stores (or, with null, removes) a scheduler setting row. */
export async function setSetting(
  db: Db,
  brand: BrandIds,
  group: string,
  order: number,
  value: string | null,
): Promise<void> {
  await db
    .deleteFrom('scheduler_settings')
    .where('scheduler_id', '=', brand.schedulerId)
    .where('setting_group', '=', group)
    .where('setting_order', '=', order)
    .execute();
  if (value === null) return;
  await db
    .insertInto('scheduler_settings')
    .values({
      client_id: brand.clientId,
      scheduler_id: brand.schedulerId,
      setting_group: group,
      setting_order: order,
      value,
      updated_at: NOW.getTime(),
    })
    .execute();
}

/** Row counts of the tables a booking writes. */
export async function writeCounts(db: Db): Promise<Record<string, number>> {
  const tables = [
    'appointments',
    'appointment_status_history',
    'appointment_slot_units',
    'patients',
    'insurance_policies',
    'waitlist_entries',
    'analytics_sessions',
    'analytics_events',
    'track_logs',
  ] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

let people = 0;

/** A new person (unique per call) for the identity step. */
export function newPatient(
  overrides: Partial<Record<string, string | boolean>> = {},
): Record<string, string | boolean> {
  people++;
  return {
    firstName: 'Testa',
    lastName: `Patient${people}x${randomUUID()
      .slice(0, 6)
      .replace(/[^a-z]/g, 'q')}`,
    dateOfBirth: '1988-04-12',
    phone: `(555) 010-${String(1000 + (people % 9000)).slice(-4)}`,
    email: `testa.${people}.${randomUUID().slice(0, 8)}@example.org`,
    smsPermission: true,
    emailPermission: true,
    ...overrides,
  };
}

/** Where an appointment of `appointmentRow` belongs: its client, scheduler, location, service, patient. */
export interface AppointmentRefs {
  client_id: number;
  scheduler_id: number;
  location_id: number;
  service_id: number;
  patient_id: number;
}

/**
 * An appointment row as another instance, the front desk's phone line or a CLI writes it behind
 * the API's back (no insurance, campaign, reason or note), for the tests that write the tables.
 */
export function appointmentRow(
  refs: AppointmentRefs,
  values: { provider_id: number; start_at: number; end_at: number; status?: DB['appointments']['status'] },
): Insertable<DB['appointments']> {
  return {
    ...refs,
    provider_id: values.provider_id,
    insurance_policy_id: null,
    start_at: values.start_at,
    end_at: values.end_at,
    status: values.status ?? 'booked',
    is_new_patient: 0,
    idempotency_key: null,
    session_id: null,
    channel: 'phone',
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_term: null,
    rwg_token: null,
    reason: null,
    notes: null,
    cancel_reason: null,
    version: 1,
    created_by_user_id: null,
    created_at: NOW.getTime(),
    updated_at: NOW.getTime(),
  };
}

/**
 * A 30-minute booking of a getProviders slot of brightsmile's written behind the API's back (as
 * another instance or the front desk's phone line would), for `patientId` or the brand's first
 * patient; the new appointment's id.
 */
export async function bookSlotBehindApi(
  f: PublicFixture,
  slot: { startUtc: string; locationId: string },
  providerId: string,
  serviceId: number,
  patientId?: number,
): Promise<number> {
  const patient =
    patientId ??
    (
      await f.t.db
        .selectFrom('patients')
        .select('id')
        .where('client_id', '=', f.brightsmile.clientId)
        .executeTakeFirstOrThrow()
    ).id;
  const start = Date.parse(slot.startUtc);
  const row = await f.t.db
    .insertInto('appointments')
    .values(
      appointmentRow(
        {
          client_id: f.brightsmile.clientId,
          scheduler_id: f.brightsmile.schedulerId,
          location_id: Number(slot.locationId),
          service_id: serviceId,
          patient_id: patient,
        },
        { provider_id: Number(providerId), start_at: start, end_at: start + 30 * 60_000 },
      ),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
