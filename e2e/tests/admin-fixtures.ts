import type { Browser, BrowserContext, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, installClock } from './test-clock';

/**
 * Shared helpers of the admin specs: the demo accounts, one signed-in browser state per role
 * (made once per worker through POST /api/config/login, so the login rate limit is not spent on
 * every test), and the ids of the BrightSmile brand and its scheduler.
 */

export const ACCOUNTS = {
  owner: { email: 'owner@demo.health', password: 'demo-owner-2026' },
  admin: { email: 'admin@demo.health', password: 'demo-admin-2026' },
  staff: { email: 'staff@demo.health', password: 'demo-staff-2026' },
  viewer: { email: 'viewer@demo.health', password: 'demo-viewer-2026' },
} as const;
export type DemoRole = keyof typeof ACCOUNTS;

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export interface Brand {
  clientId: string;
  name: string;
  slug: string;
  schedulers: { schedulerId: string; name: string; slug: string }[];
}

export interface SignedIn {
  state: StorageState;
  brands: Brand[];
}

async function signIn(browser: Browser, baseURL: string, role: DemoRole): Promise<SignedIn> {
  const context = await browser.newContext({ baseURL });
  try {
    const login = await context.request.post('/api/config/login', { data: ACCOUNTS[role] });
    expect(login.status(), `sign-in as ${role}`).toBe(200);
    const { expiresAt } = (await login.json()) as { expiresAt: string };
    const clients = await context.request.get('/api/config/clients');
    expect(clients.status()).toBe(200);
    const { clients: brands } = (await clients.json()) as { clients: Brand[] };
    const page = await context.newPage();
    await page.goto('/404');
    // What the login screen stores after signing in with cookies (lib/auth-session).
    await page.evaluate(
      (expiry) => localStorage.setItem('adminSession', JSON.stringify({ expiresAt: expiry })),
      expiresAt,
    );
    return { state: await context.storageState(), brands };
  } finally {
    await context.close();
  }
}

interface WorkerFixtures {
  signedIn: (role: DemoRole) => Promise<SignedIn>;
}

interface TestFixtures {
  /** A page in a fresh context signed in as `role`. */
  pageAs: (role: DemoRole) => Promise<Page>;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  signedIn: [
    async ({ browser }, use, workerInfo) => {
      const baseURL = String(workerInfo.project.use.baseURL);
      const cache = new Map<DemoRole, Promise<SignedIn>>();
      await use((role) => {
        let entry = cache.get(role);
        if (!entry) {
          entry = signIn(browser, baseURL, role);
          cache.set(role, entry);
        }
        return entry;
      });
    },
    { scope: 'worker' },
  ],
  pageAs: async ({ browser, signedIn, baseURL }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (role) => {
      const { state } = await signedIn(role);
      const context = await browser.newContext({ baseURL, storageState: state });
      contexts.push(context);
      await installClock(context);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },
});

export { expect };

/** The BrightSmile brand and its scheduler as `role` sees them. */
export async function brightSmile(signedIn: (role: DemoRole) => Promise<SignedIn>, role: DemoRole = 'owner') {
  const { brands } = await signedIn(role);
  const brand = brands.find((candidate) => candidate.slug === 'brightsmile');
  if (!brand) throw new Error(`${role} does not belong to brightsmile`);
  const scheduler = brand.schedulers.find((candidate) => candidate.slug === 'main') ?? brand.schedulers[0];
  if (!scheduler) throw new Error('brightsmile has no scheduler');
  return {
    clientId: brand.clientId,
    ruleId: scheduler.schedulerId,
    base: `/admin/${brand.clientId}/${scheduler.schedulerId}`,
  };
}

/** The navigation links of the admin shell, in order. */
export async function navLinks(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  await expect(nav.getByRole('link').first()).toBeVisible();
  return (await nav.getByRole('link').allInnerTexts()).map((text) => text.trim());
}

/** Serious or critical axe violations of the page, as readable strings. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Filter fields are disabled while their choices load, and axe reads a disabled field's grey
  // label as a contrast failure: give them a moment (a field disabled for good is scanned as it is).
  await page
    .locator('[role="combobox"][aria-disabled="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
  // A colour caught halfway through a CSS transition (a button or a label turning from its
  // disabled grey to its own colour once data arrives) is not what the user reads: let every
  // finite transition and animation end first. Infinite ones (progress bars) are left running.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join('; ')})`,
    );
}

/** Waits for a notification (notistack snackbar) with this text. */
export async function expectNotification(page: Page, text: string | RegExp) {
  await expect(page.locator('.notistack-SnackbarContainer').getByText(text)).toBeVisible();
}
