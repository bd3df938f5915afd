// Cold start: time from `npm start` on a built tree to the first 200 from /api/health, on a fresh
// (empty) SQLite database — migrations and the demo seed included — and again on that database
// once seeded (a restart). BENCH_COLD_START_RUNS runs of each (default 3); medians are reported.
//
//   node --import tsx bench/cold-start.ts
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from './lib/paths.ts';
import { runNpm } from './lib/process.ts';
import { Report, round } from './lib/report.ts';
import { freePort, stopChild, waitFor200 } from './lib/server.ts';
import { median } from './lib/stats.ts';

const RUNS = Math.max(1, Number(process.env.BENCH_COLD_START_RUNS ?? 3));

/** `npm start` → first 200 of /api/health, ms; the server is stopped afterwards. */
async function timeStart(databaseFile: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['start'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SQLITE_PATH: databaseFile,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  try {
    return await waitFor200(`http://127.0.0.1:${port}/api/health`, started, 180_000, 5);
  } finally {
    // npm → scripts/start.mjs → the server: stop the whole group.
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    await stopChild(child);
  }
}

const report = new Report('cold-start');
const built = ['apps/web/dist/index.html', 'apps/server/dist/main.js', 'packages/embed/dist/embed.js'].every(
  (file) => existsSync(path.join(repoRoot, file)),
);
if (!built) {
  console.info('The tree is not built: npm run build');
  runNpm(['run', 'build']);
}

const empty: number[] = [];
const seeded: number[] = [];
for (let run = 1; run <= RUNS; run++) {
  const dir = mkdtempSync(path.join(tmpdir(), 'scheduler-bench-cold-start-'));
  try {
    const file = path.join(dir, 'cold.db');
    const first = await timeStart(file);
    const second = await timeStart(file);
    empty.push(first);
    seeded.push(second);
    console.info(
      `  run ${run}/${RUNS}: empty database ${Math.round(first)} ms, seeded database ${Math.round(second)} ms`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
report.add(
  'npm start → first 200 from /api/health, empty database (migrate + demo seed)',
  round(median(empty), 0),
  'ms',
  undefined,
  `median of ${RUNS}: ${empty.map((ms) => Math.round(ms)).join(', ')} ms`,
);
report.add(
  'npm start → first 200 from /api/health, seeded database (restart)',
  round(median(seeded), 0),
  'ms',
  undefined,
  `median of ${RUNS}: ${seeded.map((ms) => Math.round(ms)).join(', ')} ms`,
);
report.details.runs = { empty, seeded };
report.finish();
