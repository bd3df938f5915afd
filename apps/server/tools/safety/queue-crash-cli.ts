/*
 * npm run safety:queue [-- --jobs 2000 --kills 8 --min-run 150 --max-run 900 --lease 2000 --only sqlite|postgres]
 *
 * The job queue under SIGKILL (queue-crash.ts), on a fresh SQLite file and — when TEST_DATABASE_URL
 * is set — a fresh PostgreSQL database (pg-boss). Prints jobs due, delivered, lost (must be 0) and
 * duplicated (each one a kill between the SMTP sink's acceptance and the queue's record of it);
 * exits 1 when a job was lost or a promise broken.
 */
import { cliValues, numberArg, printFigures } from './cli-args.ts';
import { harnessPostgresUrl } from './harness-servers.ts';
import type { HarnessDialect } from './harness-servers.ts';
import { createQueueHarnessDatabase, runQueueCrashes } from './queue-crash.ts';

const values = cliValues({
  jobs: { type: 'string' },
  kills: { type: 'string' },
  'min-run': { type: 'string' },
  'max-run': { type: 'string' },
  lease: { type: 'string' },
  only: { type: 'string' },
});
const dialects: HarnessDialect[] =
  values.only === 'sqlite' || values.only === 'postgres'
    ? [values.only]
    : harnessPostgresUrl() === undefined
      ? ['sqlite']
      : ['sqlite', 'postgres'];
if (harnessPostgresUrl() === undefined) console.info('TEST_DATABASE_URL is not set: SQLite only.');

let failed = false;
for (const dialect of dialects) {
  const database = await createQueueHarnessDatabase(dialect);
  try {
    const report = await runQueueCrashes(database, {
      jobs: numberArg(values, 'jobs', 2_000),
      kills: numberArg(values, 'kills', 8),
      minRunMs: numberArg(values, 'min-run', 150),
      maxRunMs: numberArg(values, 'max-run', 900),
      leaseMs: numberArg(values, 'lease', 2_000),
      onKill: (kill, done) => console.info(`  [${dialect}] SIGKILL ${kill}: ${done} jobs done when it fell`),
    });
    printFigures(`Job queue under SIGKILL on ${dialect === 'postgres' ? 'PostgreSQL (pg-boss)' : 'SQLite'}`, {
      'jobs due': report.due,
      SIGKILLs: report.kills,
      'jobs done when each kill fell': report.doneAtKills.join(', '),
      'delivered (distinct jobs at the sink)': report.delivered,
      'lost (must be 0)': report.lost,
      'duplicated jobs (kill between acceptance and record)': report.duplicatedJobs,
      'extra copies': report.extraCopies,
      'duplicates showing a second try': report.duplicatesWithRetry,
      'final states': JSON.stringify(report.states),
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
