/*
 * `npm run db:generate -- --providers N --appointments M [--events K] [--patients P]
 *                         [--client slug] [--seed S] [--past-days D --future-days F]`
 *
 * Adds one synthetic practice brand with N providers spread over eight locations in four
 * time zones, P patients, M appointments around today (never overlapping, with status
 * history and slot units) and K analytics events (over up to a year), for benchmarks.
 * Deterministic for a given seed and day.
 *
 * A bulk load (≈ 1 000 000 appointments and 5 000 000 events in minutes), in ONE transaction
 * (an interrupted load rolls back whole, DDL included): rows streamed in multi-row inserts
 * (row-writer.ts) without the roll-up triggers, the plain indexes of the big tables dropped and
 * built once after the rows, the brand's roll-ups built in one pass at the end (bulk-rollups.ts).
 * SQLite: triggers dropped and created again inside the transaction, foreign-key checks off, a
 * large page cache and, when no other connection is open, a rollback journal instead of the WAL.
 * PostgreSQL (as a superuser): triggers off for the transaction, no wait for the WAL flush, then
 * a VACUUM (ANALYZE) of the loaded tables. The tables stay locked for writers until the commit.
 * PostgreSQL as another role: a transaction every ~200 000 rows, triggers kept (slow).
 *
 * Providers are filled day by day from the oldest day, so when M caps the count the last
 * (future) days stay empty. `--past-days`/`--future-days` fix the span instead: every day of
 * it is filled at the generator's utilisation, up to M (the slot-search benchmark uses this
 * for a realistically booked future).
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadConfig } from '../../src/platform/config.ts';
import { createDb, dialectOf } from '../../src/platform/db/database.ts';
import { migrate } from '../../src/platform/db/migrate.ts';
import type { Gender } from '../../src/platform/db/schema.ts';
import { writeBrand } from '../../src/platform/db/seed/brand-writer.ts';
import {
  BULK_ROLLUP_TABLES,
  buildBrandRollupsNow,
  canBulkLoad,
  dropPlainIndexes,
  dropSqliteTriggers,
  triggersOffForTransaction,
} from './bulk-rollups.ts';
import type {
  BrandSpec,
  HoursSpec,
  ProviderSpec,
  ServiceSpec,
} from '../../src/platform/db/seed/catalogue-spec.ts';
import { demoBrands } from '../../src/platform/db/seed/demo-catalogue.ts';
import { fakePerson } from '../../src/platform/db/seed/fake-people.ts';
import { createRandom } from '../../src/platform/db/seed/random.ts';
import { IdAllocator, RowSink, syncIdSequences } from '../../src/platform/db/seed/row-writer.ts';
import { explicitIdTables, seedTableOrder } from '../../src/platform/db/seed/seed.ts';

/** The tables a load fills by the million: their plain indexes are built once, after the rows. */
const BULK_TABLES = [
  'patients',
  'insurance_policies',
  'appointments',
  'appointment_status_history',
  'appointment_slot_units',
  'analytics_sessions',
  'analytics_events',
];
/** Vacuumed and analysed after a PostgreSQL load: the loaded tables and the roll-ups built. */
const BULK_VACUUM = [...BULK_TABLES, ...BULK_ROLLUP_TABLES];

const usage =
  'Usage: npm run db:generate -- --providers N --appointments M [--events K] [--patients P] [--client slug] [--seed S] [--past-days D --future-days F]';

function positiveInteger(name: string, value: string | undefined, fallback?: number): number {
  if (value === undefined) {
    if (fallback === undefined) throw new Error(`--${name} is required.\n${usage}`);
    return fallback;
  }
  const parsed = Number(value.replace(/_/g, ''));
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new Error(`--${name} must be a whole number, got "${value}"`);
  return parsed;
}

const { values } = parseArgs({
  options: {
    providers: { type: 'string' },
    appointments: { type: 'string' },
    events: { type: 'string' },
    patients: { type: 'string' },
    client: { type: 'string' },
    seed: { type: 'string' },
    'past-days': { type: 'string' },
    'future-days': { type: 'string' },
    help: { type: 'boolean' },
  },
  strict: true,
});

if (values.help === true) {
  console.info(usage);
  process.exit(0);
}

const providers = Math.max(1, positiveInteger('providers', values.providers));
const appointments = positiveInteger('appointments', values.appointments);
const events = positiveInteger('events', values.events, 0);
const patients = Math.max(
  1,
  positiveInteger('patients', values.patients, Math.max(500, Math.ceil(appointments / 4))),
);
const clientSlug = values.client ?? 'loadtest';
const seed = positiveInteger('seed', values.seed, 4242);
if (!/^[a-z0-9][a-z0-9-]*$/.test(clientSlug)) throw new Error('--client must be a lowercase slug');

const random = createRandom(seed);
const now = Date.now();

// ── a synthetic brand ──
const locations = demoBrands.flatMap((brand) => brand.locations).map((l) => ({ ...l, onlineEnabled: true }));
const services: ServiceSpec[] = [
  {
    key: 'new',
    name: 'New Patient Visit',
    description: 'First visit.',
    durationMinutes: 60,
    existingPatients: false,
    weight: 2,
  },
  { key: 'annual', name: 'Annual Exam', description: 'Yearly exam.', durationMinutes: 45, weight: 3 },
  { key: 'standard', name: 'Standard Visit', description: 'Routine visit.', durationMinutes: 30, weight: 5 },
  {
    key: 'follow',
    name: 'Follow-up',
    description: 'Short follow-up.',
    durationMinutes: 20,
    newPatients: false,
    weight: 4,
  },
  { key: 'quick', name: 'Quick Check', description: 'Brief check.', durationMinutes: 15, weight: 2 },
  {
    key: 'consult',
    name: 'Consultation',
    description: 'Please call.',
    durationMinutes: 30,
    callToSchedule: true,
    weight: 1,
  },
];
const credentials = ['MD', 'DO', 'FNP-C', 'PA-C', 'DDS', 'DMD'] as const;
const shifts = [
  ['08:00', '17:00'],
  ['07:30', '15:30'],
  ['09:00', '18:00'],
  ['10:00', '19:00'],
] as const;

const providerSpecs: ProviderSpec[] = [];
for (let i = 0; i < providers; i++) {
  const person = fakePerson(random, now, i);
  const gender: Gender = person.gender;
  const home = random.pick(locations).slug;
  const [start, end] = random.pick(shifts);
  const hours: HoursSpec[] = [];
  if (random.chance(0.3)) {
    const second = random.pick(locations.filter((l) => l.slug !== home)).slug;
    hours.push(
      { location: home, weekdays: [1, 3, 5], start, end },
      { location: second, weekdays: [2, 4], start, end },
    );
  } else {
    hours.push({ location: home, weekdays: [1, 2, 3, 4, 5], start, end });
  }
  if (random.chance(0.2)) hours.push({ location: home, weekdays: [6], start: '09:00', end: '13:00' });
  const credential = random.pick(credentials);
  providerSpecs.push({
    prefix: credential.startsWith('D') || credential === 'MD' ? 'Dr.' : null,
    firstName: person.firstName,
    lastName: person.lastName,
    credentials: credential,
    specialty: 'General Practice',
    gender,
    bio: `${person.firstName} ${person.lastName} is a synthetic provider generated for load tests.`,
    services: random.sample(
      services.map((s) => s.key),
      random.int(3, services.length),
    ),
    hours,
    ...(random.chance(0.05)
      ? { timeOff: [{ startDay: random.int(-20, 20), days: random.int(1, 5), reason: 'Vacation' }] }
      : {}),
  });
}

// Roughly 8 appointments per provider per calendar day at this utilisation; leave slack.
const perProviderPerDay = 8;
// An explicit span (--past-days / --future-days) replaces the one derived from the count.
const explicitSpan = values['past-days'] !== undefined || values['future-days'] !== undefined;
const windowDays = explicitSpan
  ? positiveInteger('past-days', values['past-days'], 0) +
    positiveInteger('future-days', values['future-days'], 0)
  : Math.max(2, Math.ceil((appointments / (providers * perProviderPerDay)) * 1.4) + 2);
const pastDays = explicitSpan
  ? positiveInteger('past-days', values['past-days'], 0)
  : Math.ceil(windowDays * 0.6);
// Analytics over the same past as the appointments (at least 90 days, at most a year).
const analyticsDays = events === 0 ? 0 : Math.min(366, Math.max(90, pastDays));
const sessionsPerWeekday = events === 0 ? 0 : Math.max(1, Math.ceil(events / (analyticsDays * 0.85 * 4.5)));

const northside = demoBrands[1] ?? demoBrands[0];
if (northside === undefined) throw new Error('demo catalogue is empty');
const brand: BrandSpec = {
  slug: clientSlug,
  name: `Load Test Health (${clientSlug})`,
  phone: '(312) 555-0100',
  frameAncestors: [],
  schedulerName: 'Load test scheduler',
  settings: [['appointment', 1, '30']],
  locations,
  services,
  providers: providerSpecs,
  insuranceTypes: northside.insuranceTypes,
  plans: northside.plans,
  relationships: northside.relationships,
  patientCount: patients,
  sessionsPerWeekday,
};

// ── write ──
const config = loadConfig();
const db = createDb(config);
const started = Date.now();
let lastReport = 0;
const seconds = (): string => ((Date.now() - started) / 1000).toFixed(1);
try {
  await migrate(db);
  const existing = await db
    .selectFrom('clients')
    .select('id')
    .where('slug', '=', clientSlug)
    .executeTakeFirst();
  if (existing !== undefined) {
    throw new Error(
      `Client "${clientSlug}" already exists (id ${existing.id}); pass --client <another-slug>.`,
    );
  }
  const target = dialectOf(db) === 'postgres' ? 'PostgreSQL' : config.sqlitePath;
  console.info(
    `Generating "${clientSlug}" into ${target}: ${providers} providers, ${patients} patients, ` +
      `${appointments} appointments over ${windowDays} days, ${events} events.`,
  );
  const sqlite = dialectOf(db) === 'sqlite';
  // PostgreSQL as a superuser: triggers off while loading, the brand's roll-ups built after.
  const bulk = sqlite || (await canBulkLoad(db));
  if (bulk) console.info('Bulk load: triggers off while writing; the report roll-ups are built at the end.');
  const onFlush = (written: ReadonlyMap<string, number>): void => {
    if (Date.now() - lastReport < 1_000) return;
    lastReport = Date.now();
    const parts = ['patients', 'appointments', 'appointment_slot_units', 'analytics_events'] as const;
    let rows = 0;
    for (const count of written.values()) rows += count;
    const rate = Math.round(rows / Math.max(0.001, (Date.now() - started) / 1000));
    console.info(
      `  ${seconds()} s  ${parts.map((table) => `${table} ${written.get(table) ?? 0}`).join(' · ')}` +
        ` (${rate} rows/s)`,
    );
  };
  const write = async (ids: IdAllocator, sink: RowSink): Promise<Awaited<ReturnType<typeof writeBrand>>> => {
    const summary = await writeBrand(
      brand,
      {
        pastDays,
        futureDays: windowDays - pastDays,
        utilization: () => 0.6,
        maxAppointments: appointments,
        analyticsDays,
        sessionsPerWeekday,
        maxEvents: events,
        trackLogDays: 0,
        extras: true,
      },
      { now, random, ids, sink, users: [], progress: (message) => console.info(message) },
    );
    await sink.flush();
    return summary;
  };
  let summary: Awaited<ReturnType<typeof writeBrand>>;
  let written: ReadonlyMap<string, number>;
  if (sqlite) {
    await sql`pragma foreign_keys = off`.execute(db);
    await sql`pragma synchronous = off`.execute(db);
    await sql`pragma cache_size = -1000000`.execute(db);
    let journal = 'wal';
    try {
      const result = await sql<{ journal_mode: string }>`pragma journal_mode = delete`.execute(db);
      journal = result.rows[0]?.journal_mode ?? 'wal';
    } catch {
      // Another connection is open: stay in WAL mode (slower for one large transaction).
    }
    console.info(`  SQLite: one transaction, journal mode ${journal}.`);
    try {
      ({ summary, written } = await db.transaction().execute(async (trx) => {
        const restoreTriggers = await dropSqliteTriggers(trx);
        const restoreIndexes = await dropPlainIndexes(trx, BULK_TABLES);
        const ids = await IdAllocator.create(trx, explicitIdTables);
        const sink = new RowSink(seedTableOrder, (work) => work(trx), 200_000, onFlush);
        const result = await write(ids, sink);
        console.info(`  ${seconds()} s  building the indexes…`);
        await restoreIndexes();
        console.info(`  ${seconds()} s  building the report roll-ups of the brand…`);
        await buildBrandRollupsNow(trx, result.clientId);
        await restoreTriggers();
        console.info(`  ${seconds()} s  committing…`);
        return { summary: result, written: sink.written };
      }));
    } finally {
      if (journal !== 'wal') await sql`pragma journal_mode = wal`.execute(db);
      else await sql`pragma wal_checkpoint(truncate)`.execute(db);
      await sql`pragma foreign_keys = on`.execute(db);
      await sql`pragma synchronous = full`.execute(db);
    }
  } else if (bulk) {
    ({ summary, written } = await db.transaction().execute(async (trx) => {
      await triggersOffForTransaction(trx);
      await sql`set local synchronous_commit = off`.execute(trx);
      await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
      const restoreIndexes = await dropPlainIndexes(trx, BULK_TABLES);
      const ids = await IdAllocator.create(trx, explicitIdTables);
      const sink = new RowSink(seedTableOrder, (work) => work(trx), 200_000, onFlush);
      const result = await write(ids, sink);
      await syncIdSequences(trx, explicitIdTables);
      console.info(`  ${seconds()} s  building the indexes…`);
      await restoreIndexes();
      console.info(`  ${seconds()} s  building the report roll-ups of the brand…`);
      await buildBrandRollupsNow(trx, result.clientId);
      console.info(`  ${seconds()} s  committing…`);
      return { summary: result, written: sink.written };
    }));
    // What autovacuum reaches some minutes after a load (visibility map set, statistics read), at
    // once: index-only scans and the planner's estimates then hold from the first report on.
    console.info(`  ${seconds()} s  vacuum and analyze…`);
    await sql`vacuum (analyze) ${sql.join(BULK_VACUUM.map((table) => sql.table(table)))}`.execute(db);
  } else {
    // Not allowed to turn triggers off: a transaction every ~200 000 rows, triggers on.
    const ids = await IdAllocator.create(db, explicitIdTables);
    const sink = new RowSink(
      seedTableOrder,
      (work) =>
        db.transaction().execute(async (trx) => {
          await sql`set local synchronous_commit = off`.execute(trx);
          await work(trx);
        }),
      200_000,
      onFlush,
    );
    summary = await write(ids, sink);
    written = sink.written;
    await syncIdSequences(db, explicitIdTables);
  }
  const units = written.get('appointment_slot_units') ?? 0;
  console.info(
    `Done in ${seconds()} s: client ${summary.clientId} "${clientSlug}", ${summary.providers} providers, ` +
      `${summary.patients} patients, ${summary.appointments} appointments (${units} slot units), ${summary.events} events.`,
  );
  if (summary.appointments < appointments) {
    console.warn(
      `Note: only ${summary.appointments} of ${appointments} appointments fitted the providers' hours.`,
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
