import { test as base, expect, type BrowserContext } from '@playwright/test';

/*
 * One clock for the server under test and the browser. playwright.config.ts starts the server with
 * TEST_CLOCK_START (its clock starts at that instant and runs on with real time) and hands the same
 * instant, and the real time it was fixed at, to the workers; every browser context gets a Playwright
 * clock installed at the same reading. So a spec runs at the time of day the run chose
 * (run-e2e.mjs --clock), never at the hour it happens to be started.
 *
 * Staff sign-in (sessions, cookies) keeps the real clock: the chosen instants lie in the past, so a
 * session the server issues is never seen as expired by the browser's earlier clock.
 */

function required(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '')
    throw new Error(`${name} is not set (see e2e/playwright.config.ts)`);
  return value;
}

const startMs = Date.parse(required('E2E_CLOCK_START'));
const setAtMs = Number(required('E2E_CLOCK_SET_AT'));

/** What the clock of the server under test reads now. */
export function clockNow(): Date {
  return new Date(startMs + (Date.now() - setAtMs));
}

/** Runs the browser clock of `context` from the test clock's present reading. */
export async function installClock(context: BrowserContext): Promise<void> {
  await context.clock.install({ time: clockNow() });
}

/** Playwright's `test` whose every page runs on the test clock. */
export const test = base.extend({
  context: async ({ context }, use) => {
    await installClock(context);
    await use(context);
  },
});

export { expect };
