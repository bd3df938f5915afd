/*
 * npm run safety:races [-- --attempts 10000 --concurrency 50 --providers 3 --slots 15]
 * npm run safety:races -- --scenario waitlist-claims [--claims 50] [--only sqlite|postgres]
 * npm run safety:races -- --scenario reschedule [--movers 50] [--only sqlite|postgres]
 *
 * Scenario `bookings` (default):
 * ≥ 10,000 booking attempts from 50 concurrent HTTP clients on overlapping slots of a few
 * providers: through two server instances (each its own connection pool, on two ports) on one fresh
 * PostgreSQL database when TEST_DATABASE_URL is set, and through one instance on a fresh SQLite
 * file. Staff cancel, confirm and void acknowledged bookings meanwhile (update_appointment_status),
 * and clients retry with their idempotency keys. Prints attempts, 2xx, conflicts and the SQL checks
 * (overlaps found, half-written, broken promises); exits 1 when any check failed.
 *
 * Scenario `waitlist-claims` (issue 18): one freed time offered to 50 waiting entries, then 50
 * concurrent claims over HTTP (waitlist-claims-race.ts); prints attempts, winners, losers,
 * duplicates and claim latency (p50/p95); exits 1 unless exactly one claim booked.
 *
 * Scenario `reschedule` (issue 18, reschedule-race.ts): N patients move their appointments through
 * their manage links to one free time while N/5 new patients book it; exits 1 unless exactly one
 * wins and every losing mover keeps its old time.
 */
import type { LoginResponse } from '@scheduler/contract/admin-auth';
import { DEMO_PASSWORDS } from '../../src/test/staff-login.ts';
import { cliValues, numberArg, printFigures } from './cli-args.ts';
import { createHarnessApp, createHarnessDatabase, harnessPostgresUrl } from './harness-servers.ts';
import type { HarnessDialect } from './harness-servers.ts';
import { listeningInstance, raceTargets } from './race-instances.ts';
import { runBookingRace } from './races.ts';
import { runWaitlistClaimsRace } from './waitlist-claims-race.ts';
import { rescheduleFigures, runRescheduleRace } from './reschedule-race.ts';
import { halfWrittenCount } from './db/booking-invariants.ts';
import type { RaceInstance } from './race-instances.ts';

const values = cliValues({
  attempts: { type: 'string' },
  concurrency: { type: 'string' },
  providers: { type: 'string' },
  slots: { type: 'string' },
  only: { type: 'string' },
  scenario: { type: 'string' },
  claims: { type: 'string' },
  movers: { type: 'string' },
});
const attempts = numberArg(values, 'attempts', 10_000);
const concurrency = numberArg(values, 'concurrency', 50);
const providers = numberArg(values, 'providers', 3);
const slotsPerService = numberArg(values, 'slots', 15);
const claims = numberArg(values, 'claims', 50);
const movers = numberArg(values, 'movers', 50);
const scenario = values.scenario ?? 'bookings';
if (scenario !== 'bookings' && scenario !== 'waitlist-claims' && scenario !== 'reschedule') {
  console.error(
    `--scenario must be bookings, waitlist-claims or reschedule (got ${JSON.stringify(scenario)})`,
  );
  process.exit(2);
}
const dialects: HarnessDialect[] =
  values.only === 'sqlite' || values.only === 'postgres'
    ? [values.only]
    : harnessPostgresUrl() === undefined
      ? ['sqlite']
      : ['postgres', 'sqlite'];
if (harnessPostgresUrl() === undefined) console.info('TEST_DATABASE_URL is not set: SQLite only.');

async function staffHeaders(instance: RaceInstance): Promise<Record<string, string>> {
  const answer = await instance.send({
    method: 'POST',
    url: '/api/config/login',
    payload: { email: 'admin@demo.health', password: DEMO_PASSWORDS.admin },
  });
  if (answer.status !== 200) throw new Error(`staff sign-in failed: ${answer.status}`);
  return { authorization: `Bearer ${(answer.body as LoginResponse).token}` };
}

let failed = false;
for (const dialect of dialects) {
  const database = await createHarnessDatabase(dialect, {
    name: {
      bookings: 'scheduler_safety_races',
      'waitlist-claims': 'scheduler_safety_claims',
      reschedule: 'scheduler_safety_reschedule',
    }[scenario],
  });
  const count = dialect === 'postgres' ? 2 : 1;
  const servers = await Promise.all(Array.from({ length: count }, () => createHarnessApp(database)));
  try {
    const instances = await Promise.all(
      servers.map((server, index) => listeningInstance(server.app, `instance ${index + 1}`)),
    );
    const first = instances[0];
    if (first === undefined) throw new Error('no instance');
    if (scenario === 'reschedule') {
      const moves = await runRescheduleRace(database.db, instances, database.brand, {
        movers,
        bookers: Math.max(1, Math.round(movers / 5)),
      });
      printFigures(
        `Reschedule race on ${dialect} (${instances.length} instance(s))`,
        rescheduleFigures(moves),
      );
      for (const failure of moves.failures) console.info(`  FAIL ${failure}`);
      if (moves.failures.length > 0) failed = true;
      continue;
    }
    if (scenario === 'waitlist-claims') {
      const claimsReport = await runWaitlistClaimsRace(database, instances, claims);
      printFigures(
        `Waitlist claims on ${dialect} (${instances.length} instance${instances.length === 1 ? '' : 's'})`,
        {
          attempts: claimsReport.attempts,
          'winners (201)': claimsReport.winners,
          'losers (409, time gone)': claimsReport.losers,
          'loser codes': JSON.stringify(claimsReport.loserCodes),
          'other answers': JSON.stringify(claimsReport.otherAnswers),
          'duplicates (extra appointments)': claimsReport.duplicates,
          'offers claimed / gone': `${claimsReport.claimedOffers} / ${claimsReport.goneOffers}`,
          'claim latency p50 (ms)': claimsReport.p50Ms.toFixed(0),
          'claim latency p95 (ms)': claimsReport.p95Ms.toFixed(0),
          'claim latency max (ms)': claimsReport.maxMs.toFixed(0),
          failures: claimsReport.failures.length,
        },
      );
      for (const failure of claimsReport.failures) console.info(`  FAIL ${failure}`);
      if (claimsReport.failures.length > 0) failed = true;
      continue;
    }
    const targets = await raceTargets(first, database.db, database.brand, { providers, slotsPerService });
    console.info(
      `[${dialect}] ${instances.map((i) => i.name).join(', ')}; ${targets.length} slots of ` +
        `${new Set(targets.map((t) => t.providerId)).size} providers in ${new Set(targets.map((t) => t.serviceId)).size} services`,
    );
    const report = await runBookingRace(database.db, {
      attempts,
      concurrency,
      instances,
      targets,
      brand: database.brand,
      staffHeaders: await staffHeaders(first),
      onProgress: (done) => {
        if (done % 2000 === 0) console.info(`  [${dialect}] ${done}/${attempts} attempts`);
      },
    });
    const halfWritten = halfWrittenCount(report.halfWritten);
    printFigures(
      `Booking races on ${dialect} (${instances.length} instance${instances.length === 1 ? '' : 's'})`,
      {
        attempts: report.attempts,
        concurrency,
        '2xx': report.created + report.replayed,
        'created (201)': report.created,
        'replayed (200)': report.replayed,
        'replay of a cancelled booking (409)': report.replayedChanged,
        'conflicts (409 SLOT_TAKEN)': report.conflicts,
        'other answers': JSON.stringify(report.otherAnswers),
        'status changes': JSON.stringify(report.statusChanges),
        're-booked after a cancel': report.rebookedAfterCancel,
        'overlaps found': report.overlaps.length,
        'half-written appointments': halfWritten,
        failures: report.failures.length,
        seconds: report.seconds.toFixed(1),
        'attempts per second': (report.attempts / report.seconds).toFixed(0),
      },
    );
    for (const failure of report.failures) console.info(`  FAIL ${failure}`);
    if (report.failures.length > 0) failed = true;
  } finally {
    for (const server of servers) await server.close();
    await database.destroy();
  }
}
process.exit(failed ? 1 : 0);
