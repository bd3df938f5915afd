/*
 * npm run safety:fuzz [-- --cases 1000 --seed 1 --route <substring> --database sqlite|postgres]
 *
 * The full-size bad-input fuzz (fuzz.ts) on SQLite, and on PostgreSQL too when TEST_DATABASE_URL
 * is set: every route of the route table, ≥ 1,000 cases each. Prints cases tried, 2xx / 4xx / 5xx
 * and every failure; exits 1 when a case failed.
 */
import { testDatabases } from '../../src/test/test-db.ts';
import { cliValues, numberArg, printFigures } from './cli-args.ts';
import { fuzzRoutes } from './fuzz.ts';
import { createSafetyFixture } from './safety-fixture.ts';

const values = cliValues({
  cases: { type: 'string' },
  seed: { type: 'string' },
  route: { type: 'string' },
  database: { type: 'string' },
});
const casesPerRoute = numberArg(values, 'cases', 1000);
const seed = numberArg(values, 'seed', 20_261_125);
const routeFilter = typeof values.route === 'string' ? values.route : undefined;
const databaseFilter = typeof values.database === 'string' ? values.database : undefined;
const targets = testDatabases().filter(
  (target) => databaseFilter === undefined || target.name === databaseFilter,
);
if (targets.length === 0) {
  console.error(
    `No database to fuzz: --database ${databaseFilter ?? ''} matches none of ${testDatabases()
      .map((target) => target.name)
      .join(', ')} (PostgreSQL needs TEST_DATABASE_URL).`,
  );
  process.exit(2);
}

let failed = false;
for (const target of targets) {
  const started = Date.now();
  const f = await createSafetyFixture(target);
  try {
    const report = await fuzzRoutes(f, {
      casesPerRoute,
      seed,
      maxFailures: 200,
      ...(routeFilter === undefined ? {} : { only: (route) => route.key.includes(routeFilter) }),
      onRoute: (route, done, total) => {
        if (done % 10 === 0 || done === total)
          console.info(`  [${target.name}] ${done}/${total} routes (${route.key})`);
      },
    });
    const seconds = (Date.now() - started) / 1000;
    printFigures(`Fuzz on ${target.name}`, {
      routes: report.routes,
      'cases per route': casesPerRoute,
      'cases tried': report.cases,
      '2xx': report.byStatus['2xx'] ?? 0,
      '3xx': report.byStatus['3xx'] ?? 0,
      '4xx': report.clientErrors,
      '5xx': report.serverErrors,
      failures: report.failures.length,
      seconds: seconds.toFixed(1),
      'cases per second': (report.cases / seconds).toFixed(0),
    });
    for (const failure of report.failures) console.info(`  FAIL ${failure}`);
    if (report.failures.length > 0) failed = true;
  } finally {
    await f.close();
  }
}
process.exit(failed ? 1 : 0);
