// Runs the Playwright browser tests against a freshly built product.
// Chromium comes from Debian (/usr/bin/chromium); a downloaded browser is never used.
// Without Chromium the browser tests are skipped with a clear message, except in CI (CI=true), where that fails.
//
//   node e2e/run-e2e.mjs                       the whole suite at the default test clock, then one booking
//                                              spec at four times of day (TIMES_OF_DAY below)
//   node e2e/run-e2e.mjs [--clock ISO] ARGS…   one run with Playwright's ARGS (a spec file, --grep, …), the
//                                              server and the browsers on the test clock starting at ISO
//   --no-build                                 skips the rebuild (only when the built product is current)
//
// Each run starts its own server on a free port (and a free port for the widget's host page) with its
// own database: no run reaches a port it did not open. Each run also gets its own mail sink
// (mail-sink-server.mjs: SMTP on a free port, given to the server as SMTP_URL; the messages it
// received as JSON at E2E_MAIL_SINK_URL, read by the specs through tests/mail-sink.ts).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMailSink } from './mail-sink-server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The booking flow at the edges of the day in the demo's zones (its locations are in New York,
 * Chicago, Denver and Los Angeles), on a Tuesday in November, in standard time. In the past on
 * purpose: staff sessions keep the real clock (see tests/test-clock.ts).
 */
const TIMES_OF_DAY = [
  { clock: '2026-11-10T05:30:00Z', what: '00:30 in New York' },
  { clock: '2026-11-10T14:00:00Z', what: '08:00 in Chicago' },
  { clock: '2026-11-10T23:45:00Z', what: '16:45 in Denver' },
  { clock: '2026-11-11T07:30:00Z', what: '23:30 in Los Angeles (the next day in UTC)' },
];
const TIMES_OF_DAY_SPEC = 'tests/booking-flow.spec.ts';

if (!existsSync(chromium)) {
  const message = `Browser tests SKIPPED: Chromium not found at ${chromium}. Install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.`;
  if (process.env.CI === 'true') {
    console.error(`FAIL (CI): ${message}`);
    process.exit(1);
  }
  console.warn(message);
  process.exit(0);
}

function run(cmd, args, opts = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** A port nobody listens on now (the OS picks it). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Runs a command without blocking this process (the mail sink answers meanwhile); resolves its exit status. */
function runAsync(cmd, args, opts) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
    child.on('error', () => resolve(1));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

let runs = 0;

async function playwright(args, clock) {
  const sink = await startMailSink();
  const env = {
    ...process.env,
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    CHROMIUM_PATH: chromium,
    E2E_PORT: String(await freePort()),
    E2E_HOST_PORT: String(await freePort()),
    E2E_SMTP_URL: sink.smtpUrl,
    E2E_MAIL_SINK_URL: sink.httpUrl,
  };
  // Each run gets its own database and its own reading of the clock (playwright.config.ts sets them).
  delete env.E2E_SQLITE_PATH;
  delete env.E2E_CLOCK_SET_AT;
  if (clock === undefined) delete env.E2E_CLOCK_START;
  else env.E2E_CLOCK_START = clock;
  // Each run writes its traces and screenshots to a folder of its own: Playwright empties its output
  // folder when it starts, so two runs at once (on a shared machine) would delete each other's files.
  const output = args.some((arg) => arg === '--output' || arg.startsWith('--output='))
    ? []
    : ['--output', path.join('e2e', 'test-results', `run-${process.pid}-${++runs}`)];
  try {
    return await runAsync(
      'npx',
      ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...output, ...args],
      {
        env,
      },
    );
  } finally {
    await sink.close();
  }
}

const args = process.argv.slice(2);
const build = !args.includes('--no-build');
const clockAt = args.indexOf('--clock');
const clock = clockAt === -1 ? undefined : args[clockAt + 1];
if (clockAt !== -1 && (clock === undefined || Number.isNaN(Date.parse(clock)))) {
  console.error('--clock needs an ISO instant, e.g. --clock 2026-11-10T05:30:00Z');
  process.exit(2);
}
const playwrightArgs = args.filter(
  (arg, index) => arg !== '--no-build' && (clockAt === -1 || (index !== clockAt && index !== clockAt + 1)),
);

// Always test what is in the tree now: rebuild the web app and the server bundle.
if (build) run('npm', ['run', 'build']);
if (playwrightArgs.length > 0 || clock !== undefined) {
  process.exit(await playwright(playwrightArgs, clock));
}
// Every run goes ahead when an earlier one fails; the exit status is the first failure's.
const failures = [];
const suite = await playwright([], undefined);
if (suite !== 0) failures.push({ what: 'the suite', status: suite });
for (const { clock: at, what } of TIMES_OF_DAY) {
  console.info(`\n${TIMES_OF_DAY_SPEC} at ${at} (${what})`);
  const status = await playwright([TIMES_OF_DAY_SPEC], at);
  if (status !== 0) failures.push({ what: `${TIMES_OF_DAY_SPEC} at ${what}`, status });
}
if (failures.length > 0) {
  console.error(`\nBrowser tests FAILED: ${failures.map((failure) => failure.what).join('; ')}`);
  process.exit(failures[0]?.status ?? 1);
}
