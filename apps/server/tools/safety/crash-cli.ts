/*
 * npm run safety:crash [-- --kills 100 --concurrency 20 --min-load 200 --max-load 1500 --only sqlite|postgres]
 *
 * Kills the server with SIGKILL at random moments during booking load (crash.ts), ≥ 100 times, on
 * a fresh SQLite file and — when TEST_DATABASE_URL is set — on a fresh PostgreSQL database. Prints
 * kills, bookings acknowledged, outcomes cut by a kill and how their retries ended, the durability
 * settings and every broken promise; exits 1 when any check failed.
 */
import type { LoginResponse } from '@scheduler/contract/admin-auth';
import { DEMO_PASSWORDS } from '../../src/test/staff-login.ts';
import { cliValues, numberArg, printFigures } from './cli-args.ts';
import { runCrashes } from './crash.ts';
import { createHarnessDatabase, harnessPostgresUrl } from './harness-servers.ts';
import type { HarnessDialect } from './harness-servers.ts';

const values = cliValues({
  kills: { type: 'string' },
  concurrency: { type: 'string' },
  'min-load': { type: 'string' },
  'max-load': { type: 'string' },
  only: { type: 'string' },
});
const kills = numberArg(values, 'kills', 100);
const concurrency = numberArg(values, 'concurrency', 20);
const minLoadMs = numberArg(values, 'min-load', 200);
const maxLoadMs = numberArg(values, 'max-load', 1500);
const dialects: HarnessDialect[] =
  values.only === 'sqlite' || values.only === 'postgres'
    ? [values.only]
    : harnessPostgresUrl() === undefined
      ? ['sqlite']
      : ['sqlite', 'postgres'];
if (harnessPostgresUrl() === undefined) console.info('TEST_DATABASE_URL is not set: SQLite only.');

let failed = false;
for (const dialect of dialects) {
  const database = await createHarnessDatabase(dialect, { name: 'scheduler_safety_crash' });
  try {
    const report = await runCrashes(database, {
      kills,
      concurrency,
      minLoadMs,
      maxLoadMs,
      staffLogin: async (instance) => {
        const answer = await instance.send({
          method: 'POST',
          url: '/api/config/login',
          payload: { email: 'admin@demo.health', password: DEMO_PASSWORDS.admin },
        });
        if (answer.status !== 200) throw new Error(`staff sign-in failed: ${answer.status}`);
        return { authorization: `Bearer ${(answer.body as LoginResponse).token}` };
      },
      onKill: (done, partial) => {
        if (done % 10 === 0) {
          console.info(
            `  [${dialect}] ${done}/${kills} kills, ${partial.acknowledged} acknowledged, ${partial.failures.length} failures`,
          );
        }
      },
    });
    printFigures(`Crashes on ${dialect}`, {
      SIGKILLs: report.kills,
      'booking requests': report.bookingRequests,
      'acknowledged during load': report.acknowledged,
      'acknowledged in all (checked once each)': report.acknowledgedTotal,
      'cut by a kill (outcome unknown)': report.unknownOutcomes,
      'retry → 201 (had not committed)': report.retriedCreated,
      'retry → 200 (had committed)': report.retriedCommittedBefore,
      'retry → refused (409/422, had not committed)': report.retriedRefused,
      'cancelled by staff during load': report.cancelled,
      'replays after the last restart': report.replaysAfterRestart,
      durability: JSON.stringify(report.durability),
      'mean restart (ms)': report.meanRestartMs.toFixed(0),
      failures: report.failures.length,
      seconds: report.seconds.toFixed(1),
    });
    for (const failure of report.failures) console.info(`  FAIL ${failure}`);
    if (report.failures.length > 0) failed = true;
  } finally {
    await database.destroy();
  }
}
process.exit(failed ? 1 : 0);
