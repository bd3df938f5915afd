import { defineConfig, devices } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';

const port = Number(process.env.E2E_PORT ?? 3100);
const hostPort = Number(process.env.E2E_HOST_PORT ?? 3101);
// Set once by the runner; its test workers inherit it (a spec may add a row the API cannot make).
process.env.E2E_SQLITE_PATH ??= path.join(os.tmpdir(), `scheduler-e2e-${process.pid}.db`);
const dbPath = process.env.E2E_SQLITE_PATH;
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
      },
    },
  ],
});
