// `npm run bench`: every benchmark in turn, each in its own process; each prints its figures with
// their budgets and writes bench/results/<name>.json. A failing benchmark does not stop the others;
// the exit code says whether all ran. Environment switches: see docs/performance.md.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const benches = [
  'engine.ts',
  'slot-search.ts',
  'mixed-load.ts',
  'booking.ts',
  'booking-reminders.ts',
  'reports.ts',
  'frontend.ts',
  'embed-size.ts',
  'cold-start.ts',
  'messages.ts',
  'patient-search.ts',
  'fhir-bulk.ts',
];
const only = process.argv.slice(2);
const failed: string[] = [];
for (const file of benches) {
  if (only.length > 0 && !only.some((name) => file.startsWith(name))) continue;
  console.log(`\n=== bench/${file}`);
  const started = Date.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, file)], {
    stdio: 'inherit',
  });
  console.log(
    `=== bench/${file}: ${result.status === 0 ? 'done' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  if (result.status !== 0) failed.push(file);
}
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
