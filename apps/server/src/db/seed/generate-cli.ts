/*
 * `npm run db:generate -- --providers N --appointments M [--events K] [--patients P]
 *                         [--client slug] [--seed S] [--past-days D --future-days F]`
 *
 * Adds one synthetic practice brand with N providers spread over eight locations in four
 * time zones, P patients, M appointments around today (never overlapping, with status
 * history and slot units) and K analytics events, for benchmarks. Rows are streamed in
 * multi-row inserts, committed every ~50 000 rows. Deterministic for a given seed and day.
 *
 * Providers are filled day by day from the oldest day, so when M caps the count the last
 * (future) days stay empty. `--past-days`/`--future-days` fix the span instead: every day of
 * it is filled at the generator's utilisation, up to M (the slot-search benchmark uses this
 * for a realistically booked future).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { createDb, dialectOf } from '../database.ts';
import { migrate } from '../migrate.ts';
import type { Gender } from '../schema.ts';
import { writeBrand } from './brand-writer.ts';
import { buildBrandRollups, canBulkLoad, triggersOffForTransaction } from './bulk-rollups.ts';
import type { BrandSpec, HoursSpec, ProviderSpec, ServiceSpec } from './demo-catalogue.ts';
import { demoBrands } from './demo-catalogue.ts';
import { fakePerson } from './fake-people.ts';
import { createRandom } from './random.ts';
import { IdAllocator, RowSink, syncIdSequences } from './row-writer.ts';
import { explicitIdTables, seedTableOrder } from './seed.ts';

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
const analyticsDays = events === 0 ? 0 : 90;
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
  // PostgreSQL as a superuser: triggers off while loading, the brand's roll-ups built after.
  const bulk = dialectOf(db) === 'postgres' && (await canBulkLoad(db));
  if (bulk) console.info('Bulk load: triggers off while writing; the report roll-ups are built at the end.');
  const ids = await IdAllocator.create(db, explicitIdTables);
  const sink = new RowSink(
    seedTableOrder,
    (work) =>
      db.transaction().execute(async (trx) => {
        if (bulk) await triggersOffForTransaction(trx);
        await work(trx);
      }),
    50_000,
    (written) => {
      if (Date.now() - lastReport < 1_000) return;
      lastReport = Date.now();
      const parts = ['patients', 'appointments', 'appointment_slot_units', 'analytics_events'] as const;
      console.info(
        `  ${seconds()} s  ${parts.map((table) => `${table} ${written.get(table) ?? 0}`).join(' · ')}`,
      );
    },
  );
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
  await syncIdSequences(db, explicitIdTables);
  if (bulk) {
    console.info(`  ${seconds()} s  building the report roll-ups of the brand…`);
    await buildBrandRollups(db, summary.clientId);
  }
  const units = sink.written.get('appointment_slot_units') ?? 0;
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
