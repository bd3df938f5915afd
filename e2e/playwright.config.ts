import { defineConfig, devices } from '@playwright/test';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// run-e2e.mjs picks two free ports; the defaults serve a bare `playwright test` (the server must then
// start on 3100 itself: an existing server there is never reused).
const port = Number(process.env.E2E_PORT ?? 3100);
const hostPort = Number(process.env.E2E_HOST_PORT ?? 3101);
// Set once by the runner; its test workers inherit it (a spec may add a row the API cannot make).
// A fresh file: the server seeds it at the test clock (a leftover of an earlier run would not match).
if (process.env.E2E_SQLITE_PATH === undefined) {
  process.env.E2E_SQLITE_PATH = path.join(os.tmpdir(), `scheduler-e2e-${process.pid}.db`);
  for (const suffix of ['', '-wal', '-shm'])
    rmSync(`${process.env.E2E_SQLITE_PATH}${suffix}`, { force: true });
}
const dbPath = process.env.E2E_SQLITE_PATH;
// The test clock (tests/test-clock.ts): the server starts its clock at this instant, the browsers
// follow it. A Tuesday, 10:30 in New York; run-e2e.mjs --clock runs a spec at other times of day.
process.env.E2E_CLOCK_START ??= '2026-11-10T15:30:00Z';
process.env.E2E_CLOCK_SET_AT ??= String(Date.now());
const clockStart = process.env.E2E_CLOCK_START;
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const launchArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: './tests',
  // screens.spec.ts writes docs/screens/after-*.png: a tool run with SCREENS_DIR, not part of the suite.
  testIgnore: process.env.SCREENS_DIR ? [] : ['**/screens.spec.ts'],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'list' : 'line',
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: { executablePath, args: launchArgs },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions: { executablePath, args: launchArgs } },
    },
  ],
  webServer: [
    {
      command: `node apps/server/dist/main.js`,
      cwd: path.resolve(import.meta.dirname, '..'),
      url: `http://localhost:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(port),
        SQLITE_PATH: dbPath,
        LOG_LEVEL: 'warn',
        E2E_HOST_PORT: String(hostPort),
        NODE_ENV: 'test',
        // The demo the specs sign in to (seeded into the run's empty database; issue 15 #6).
        SEED_DEMO: 'true',
        TEST_CLOCK_START: clockStart,
        // run-e2e.mjs's mail sink (tests/mail-sink.ts reads it); a bare `playwright test` sends no e-mail.
        SMTP_URL: process.env.E2E_SMTP_URL ?? '',
        MAIL_FROM: 'Scheduler e2e <no-reply@e2e.test>',
        PUBLIC_URL: `http://localhost:${port}`,
        JOB_POLL_MS: '250',
        TWILIO_ACCOUNT_SID: '',
        TWILIO_AUTH_TOKEN: '',
        TWILIO_FROM: '',
        // Nothing of a product the developer runs (npm start) leaks in: an empty variable counts as unset.
        DATABASE_URL: '',
        DATABASE_APP_URL: '',
        REDIS_URL: '',
        WEB_DIST: '',
        ADMIN_LOGIN_PATH: '',
        COOKIE_SECURE: '',
        TRUST_PROXY: '',
        RATE_LIMIT_READS_PER_MINUTE: '',
        RATE_LIMIT_BOOKINGS_PER_MINUTE: '',
      },
    },
  ],
});
