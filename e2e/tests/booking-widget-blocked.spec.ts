import { expect, test } from './test-clock';
import { snippet, startHostPage, type HostPage } from './widget-host';

/*
 * Issue 16, edges: a widget on a site that is not on the practice's allow-list is refused by the
 * browser (CSP frame-ancestors); instead of the browser's broken-frame page the host page shows,
 * from the loader, a link that opens the booking page in a new tab and the practice's phone.
 * Northside allows only https://www.northsidefamily.example, so this spec's local host page
 * (127.0.0.1, another port) is refused without changing any setting.
 */

const appPort = Number(process.env.E2E_PORT ?? 3100);
const productOrigin = `http://localhost:${appPort}`;

test.describe('a widget on a site that may not frame it', () => {
  let host: HostPage;

  test.beforeAll(async () => {
    host = await startHostPage(
      0,
      snippet({
        productOrigin,
        client: 'northside',
        scheduler: 'main',
        location: 'all',
        extraAttributes: 'data-phone="(773) 555-0190"',
      }),
    );
  });
  test.afterAll(async () => {
    await host?.close();
  });

  test('shows the booking link and the phone in the host page', async ({ page }) => {
    const blocked: string[] = [];
    page.on('console', (message) => blocked.push(message.text()));
    await page.goto(`${host.origin}/?utm_source=practice-site`);
    await expect
      .poll(() => blocked.join('\n'), { message: 'the browser refuses the frame' })
      .toContain('frame-ancestors');

    const fallback = page.locator('[data-scheduler-fallback]');
    await expect(fallback).toBeVisible({ timeout: 25_000 });
    await expect(fallback).toContainText('Online booking cannot open on this page.');
    const book = fallback.getByRole('link', { name: 'Book online (opens in a new tab)' });
    await expect(book).toHaveAttribute('target', '_blank');
    await expect(book).toHaveAttribute(
      'href',
      `${productOrigin}/northside/main/all/landing?utm_source=practice-site`,
    );
    await expect(fallback.getByRole('link', { name: '(773) 555-0190' })).toHaveAttribute(
      'href',
      'tel:7735550190',
    );
    await expect(page.locator('iframe[data-scheduler-widget]')).toBeHidden();

    // The link opens the booking page itself, where the patient can book.
    const [opened] = await Promise.all([page.context().waitForEvent('page'), book.click()]);
    await expect(opened.getByRole('heading', { level: 1, name: 'Book an appointment' })).toBeVisible();
    await expect(opened.getByRole('banner')).toContainText('Northside Family Medicine');
  });
});
