// `npm run bench`: runs every benchmark in turn; each prints its own figures.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const benches = ['engine.ts', 'embed-size.ts'];
for (const file of benches) {
  console.log(`\n=== bench/${file}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, file)], {
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
