/*
 * npm run safety:races [-- --attempts 10000 --concurrency 50 --providers 3 --slots 15]
 *
 * ≥ 10,000 booking attempts from 50 concurrent HTTP clients on overlapping slots of a few
 * providers: through two server instances (each its own connection pool, on two ports) on one fresh
 * PostgreSQL database when TEST_DATABASE_URL is set, and through one instance on a fresh SQLite
 * file. Staff cancel, confirm and void acknowledged bookings meanwhile (update_appointment_status),
 * and clients retry with their idempotency keys. Prints attempts, 2xx, conflicts and the SQL checks
 * (overlaps found, half-written, broken promises); exits 1 when any check failed.
 */
import type { LoginResponse } from '@scheduler/contract/admin-auth';
import { DEMO_PASSWORDS } from '../../src/test/staff-login.ts';
import { cliValues, numberArg, printFigures } from './cli-args.ts';
import { createHarnessApp, createHarnessDatabase, harnessPostgresUrl } from './harness-servers.ts';
import type { HarnessDialect } from './harness-servers.ts';
import { listeningInstance, raceTargets } from './race-instances.ts';
import { runBookingRace } from './races.ts';
import { halfWrittenCount } from './db/booking-invariants.ts';
import type { RaceInstance } from './race-instances.ts';

const values = cliValues({
  attempts: { type: 'string' },
  concurrency: { type: 'string' },
  providers: { type: 'string' },
  slots: { type: 'string' },
  only: { type: 'string' },
});
const attempts = numberArg(values, 'attempts', 10_000);
const concurrency = numberArg(values, 'concurrency', 50);
const providers = numberArg(values, 'providers', 3);
const slotsPerService = numberArg(values, 'slots', 15);
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
  const database = await createHarnessDatabase(dialect, { name: 'scheduler_safety_races' });
  const count = dialect === 'postgres' ? 2 : 1;
  const servers = await Promise.all(Array.from({ length: count }, () => createHarnessApp(database)));
  try {
    const instances = await Promise.all(
      servers.map((server, index) => listeningInstance(server.app, `instance ${index + 1}`)),
    );
    const first = instances[0];
    if (first === undefined) throw new Error('no instance');
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
