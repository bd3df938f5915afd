import {
  request as playwrightRequest,
  type APIRequestContext,
  type FrameLocator,
  type Locator,
  type Page,
} from '@playwright/test';
import { ACCOUNTS, brightSmile, expect, test } from './admin-fixtures';
import { snippet, startHostPage, type HostPage } from './widget-host';

/*
 * The embeddable widget (issue 5), against the started product:
 *  - a practice's page on another origin (127.0.0.1:E2E_HOST_PORT: another port and another site
 *    than the product on localhost, so the widget is a third-party frame) pastes the snippet, and a
 *    patient books inside the frame; the frame follows its content's height and the page hears
 *    the booking as a DOM event;
 *  - a top-level visit to the widget lands on /404;
 *  - a page whose origin is not on the practice's allow-list cannot frame it, and no other page
 *    of the product can be framed at all.
 *
 * Allowed origins: the demo seed lets BrightSmile be framed by http://localhost:* and
 * http://127.0.0.1:* (local test pages). The blocked-origin test narrows the list through the
 * admin API (as an owner) to exactly this spec's host origin, and puts the seed's list back.
 */

const appPort = Number(process.env.E2E_PORT ?? 3100);
const hostPort = Number(process.env.E2E_HOST_PORT ?? 3101);
const productOrigin = `http://localhost:${appPort}`;
const brightsmileSnippet = snippet({
  productOrigin,
  client: 'brightsmile',
  scheduler: 'main',
  location: 'all',
});
const WIDGET = 'iframe[data-scheduler-widget]';

interface HostEvent {
  type: 'ready' | 'booked';
  detail: Record<string, unknown>;
}

const hostEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { schedulerEvents: HostEvent[] }).schedulerEvents);
const frameHeight = (page: Page) =>
  page.locator(WIDGET).evaluate((frame: HTMLIFrameElement) => frame.getBoundingClientRect().height);

/** Selects the first option whose text matches (labels may carry hints such as '(popular)'). */
async function choose(select: Locator, text: RegExp) {
  const option = select.locator('option').filter({ hasText: text }).first();
  await expect(option).toBeAttached();
  await select.selectOption(String(await option.getAttribute('value')));
}

async function bookInWidget(
  widget: FrameLocator,
  page: Page,
  patient: { firstName: string; lastName: string; email: string },
) {
  // Service and location.
  await widget.getByText("No, I'm a new patient").click();
  await widget.getByText('New Patient Exam & Cleaning').click();
  await widget.getByText('Any location').click();
  const landingHeight = await frameHeight(page);
  await widget.getByRole('button', { name: 'Find a time' }).click();

  // A time with a provider who takes the patient's plan; the frame follows the new content.
  await expect(widget.getByRole('heading', { level: 1, name: 'Find an appointment' })).toBeVisible();
  await expect
    .poll(() => frameHeight(page), { message: 'the frame resizes to the new step' })
    .not.toBe(landingHeight);
  await widget.locator('#filter-insurance').selectOption({ label: 'Delta Dental PPO' });
  const time = widget.getByRole('button', { name: /\d{1,2}:\d{2} (AM|PM)/ }).first();
  await expect(time).toBeVisible({ timeout: 20_000 });
  await time.click();

  // Details (optional), insurance, identity.
  await expect(widget.getByRole('heading', { level: 1, name: 'Additional details' })).toBeVisible();
  await widget.getByRole('button', { name: /continue/i }).click();
  await expect(widget.getByRole('heading', { level: 1, name: 'Insurance' })).toBeVisible();
  await choose(widget.locator('#field-carrierId'), /^Delta Dental\b/);
  await choose(widget.locator('#field-planId'), /^Delta Dental PPO\b/);
  await widget.locator('#field-memberId').fill('DD-E2E-1234');
  await widget.locator('#field-relationship').selectOption({ label: 'Self' });
  await widget.getByRole('button', { name: /continue/i }).click();
  await expect(widget.getByRole('heading', { level: 1, name: 'Your information' })).toBeVisible();
  await widget.locator('#field-firstName').fill(patient.firstName);
  await widget.locator('#field-lastName').fill(patient.lastName);
  await widget.locator('#field-dateOfBirth').fill('1988-04-12');
  await widget.locator('#field-phone').fill('(212) 555-0199');
  await widget.locator('#field-email').fill(patient.email);
  await widget.locator('#field-smsPermission').check();
  await widget.locator('#field-emailPermission').check();
  await widget.getByRole('button', { name: /book appointment/i }).click();
  await expect(widget.getByRole('heading', { level: 1, name: /your appointment is booked/i })).toBeVisible();
}

async function signInAsOwner(): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: productOrigin });
  const login = await api.post('/api/config/login', { data: ACCOUNTS.owner });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  await api.dispose();
  return playwrightRequest.newContext({
    baseURL: productOrigin,
    extraHTTPHeaders: { authorization: `Bearer ${token}` },
  });
}

test.describe('the embeddable widget', () => {
  let host: HostPage;

  test.beforeAll(async () => {
    host = await startHostPage(hostPort, brightsmileSnippet);
  });
  test.afterAll(async () => {
    await host?.close();
  });

  test('a practice page embeds it with the snippet; a patient books inside the frame and the page hears it', async ({
    page,
  }) => {
    await page.goto(`${host.origin}/?utm_source=newsletter&utm_campaign=spring&rwg_token=e2e-rwg-token`);

    const frame = page.locator(WIDGET);
    await expect(frame).toHaveAttribute('title', 'Book an appointment');
    const src = new URL(String(await frame.getAttribute('src')));
    expect(src.origin).toBe(productOrigin);
    expect(src.pathname).toBe('/brightsmile/main/all/widget');
    expect(src.searchParams.get('utm_source')).toBe('newsletter');
    expect(src.searchParams.get('utm_campaign')).toBe('spring');
    expect(src.searchParams.get('rwg_token')).toBe('e2e-rwg-token');
    expect(src.searchParams.get('embedOrigin')).toBe(host.origin);

    await expect
      .poll(() => hostEvents(page))
      .toContainEqual({
        type: 'ready',
        detail: { client: 'brightsmile', scheduler: 'main', location: 'all' },
      });
    const widget = page.frameLocator(WIDGET);
    await expect(widget.getByRole('heading', { level: 1, name: 'Book an appointment' })).toBeVisible();
    // Grown from the loader's first 640 px to the landing step's content.
    await expect.poll(() => frameHeight(page)).toBeGreaterThan(700);
    // The campaign parameters reached the booking flow's URL.
    await expect
      .poll(
        () =>
          page
            .frames()
            .find((f) => f.url().startsWith(productOrigin))
            ?.url() ?? '',
      )
      .toMatch(/\/widget\/landing\?.*utm_source=newsletter.*rwg_token=e2e-rwg-token/);

    // Chromium gives this third-party frame no cookies and no storage: the flow must not need them.
    const widgetDocument = page.frames().find((f) => f.url().startsWith(productOrigin));
    const storageBlocked = await widgetDocument?.evaluate(() => {
      document.cookie = 'probe=1';
      try {
        return document.cookie === '' && window.localStorage.length < 0;
      } catch {
        return document.cookie === '';
      }
    });
    expect(storageBlocked, 'third-party cookies and storage are blocked in the frame').toBe(true);

    const stamp = Date.now().toString(36);
    await bookInWidget(widget, page, {
      firstName: 'Wanda',
      lastName: `Widget${stamp}`,
      email: `wanda.${stamp}@example.com`,
    });

    await expect
      .poll(() => hostEvents(page))
      .toContainEqual(
        expect.objectContaining({
          type: 'booked',
          detail: expect.objectContaining({
            client: 'brightsmile',
            scheduler: 'main',
            location: 'all',
            appointmentId: expect.stringMatching(/^\S+$/),
            startUtc: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
          }),
        }),
      );
    const booked = (await hostEvents(page)).filter((event) => event.type === 'booked');
    expect(booked).toHaveLength(1);
    // Only ids and the time reach the host page, never the patient's details.
    expect(JSON.stringify(booked)).not.toContain(stamp);
  });

  test('a top-level visit to the widget lands on /404', async ({ page }) => {
    await page.goto(`${productOrigin}/brightsmile/main/all/widget`);
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found/i);
    await page.goto(`${productOrigin}/brightsmile/main/all/widget/landing?utm_source=x`);
    await expect(page).toHaveURL(/\/404$/);
  });

  test('a site that is not on the allow-list cannot frame it', async ({ page, browser }) => {
    const owner = await signInAsOwner();
    const clients = (await (await owner.get('/api/config/clients')).json()) as {
      clients: { clientId: string; slug: string }[];
    };
    const clientId = clients.clients.find((client) => client.slug === 'brightsmile')?.clientId;
    expect(clientId).toBeDefined();
    const before = (await (await owner.get(`/api/scheduler/admin/widget?clientId=${clientId}`)).json()) as {
      frameAncestors: string[];
      version: number;
    };
    const stranger = await startHostPage(0, brightsmileSnippet);
    try {
      const narrowed = await owner.put('/api/scheduler/admin/widget', {
        data: { clientId, frameAncestors: [host.origin], version: before.version },
      });
      expect(narrowed.status()).toBe(200);

      // The stranger's page (same host, another port: another origin) gets an empty frame.
      const blockedLog: string[] = [];
      page.on('console', (message) => blockedLog.push(message.text()));
      const documentResponse = page.waitForResponse(
        (response) =>
          response.url().startsWith(`${productOrigin}/brightsmile/main/all/widget`) &&
          response.request().resourceType() === 'document',
      );
      await page.goto(`${stranger.origin}/`);
      const headers = (await documentResponse).headers();
      expect(headers['content-security-policy']).toContain(`frame-ancestors 'self' ${host.origin}`);
      expect(headers['content-security-policy']).not.toContain(stranger.origin);
      await expect
        .poll(() => blockedLog.join('\n'), { message: 'the browser refuses the frame' })
        .toContain('frame-ancestors');
      await page.waitForTimeout(1000);
      await expect(
        page.frameLocator(WIDGET).getByRole('heading', { name: 'Book an appointment' }),
      ).toHaveCount(0);
      expect(await hostEvents(page)).toEqual([]);
      expect(await frameHeight(page)).toBe(640); // never resized: nothing runs inside

      // The allowed page still gets the widget.
      const allowed = await browser.newPage();
      await allowed.goto(`${host.origin}/`);
      await expect(
        allowed.frameLocator(WIDGET).getByRole('heading', { level: 1, name: 'Book an appointment' }),
      ).toBeVisible();
      await allowed.close();
    } finally {
      await owner.put('/api/scheduler/admin/widget', {
        data: { clientId, frameAncestors: before.frameAncestors, version: before.version + 1 },
      });
      await owner.dispose();
      await stranger.close();
    }
  });

  test('no other page of the product can be framed, even by an allowed site', async ({ page }) => {
    const framer = await startHostPage(
      0,
      `<iframe id="landing" title="landing" src="${productOrigin}/brightsmile/main/all/landing"></iframe>
       <iframe id="login" title="login" src="${productOrigin}/adminlogin"></iframe>`,
    );
    try {
      const responses: Record<string, string>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'document' && response.url().startsWith(productOrigin)) {
          responses.push(response.headers());
        }
      });
      await page.goto(`${framer.origin}/`);
      await expect.poll(() => responses.length).toBe(2);
      for (const headers of responses) {
        expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(headers['x-frame-options']).toBe('DENY');
      }
      await page.waitForTimeout(1000);
      // The browser shows its own error page in each frame: the product's document never loads.
      await expect(page.frameLocator('#landing').locator('#root')).toHaveCount(0);
      await expect(page.frameLocator('#login').locator('#root')).toHaveCount(0);
    } finally {
      await framer.close();
    }
  });

  test('the admin widget screen shows the snippet per location, a live preview and the allowed sites', async ({
    pageAs,
    signedIn,
  }) => {
    const { base } = await brightSmile(signedIn, 'owner');
    const page = await pageAs('owner');
    await page.goto(`${base}/widget`);
    await expect(page.getByRole('heading', { level: 1, name: 'Widget' })).toBeVisible();
    const code = page.getByTestId('widget-snippet');
    await expect(code).toContainText(`src="${productOrigin}/embed.js"`);
    await expect(code).toContainText('data-client="brightsmile" data-scheduler="main" data-location="all"');
    await page.getByRole('combobox', { name: 'Location' }).click();
    await page.getByRole('option', { name: 'BrightSmile Chicago Loop' }).click();
    await expect(code).toContainText('data-location="chicago-loop"');

    await expect(page.getByRole('list', { name: 'Allowed websites' })).toContainText(
      'https://www.brightsmile.example',
    );
    const preview = page.frameLocator('iframe[title="Widget preview"]');
    await expect(preview.getByRole('heading', { level: 1, name: 'Book an appointment' })).toBeVisible();
  });
});
