import { test, expect } from './test-clock';
import AxeBuilder from '@axe-core/playwright';

test.describe('web shell', () => {
  test('the root shows an anonymous visitor a public page with a link to staff sign-in', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Scheduler');
    // Nothing private: no practice, no patient, no admin form.
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expect(page.getByText(/BrightSmile|Northside/)).toHaveCount(0);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await page.getByRole('link', { name: 'Staff sign-in' }).click();
    await expect(page).toHaveURL(/\/adminlogin$/);
  });

  test('an unknown practice gets the plain not-found page, without the booking stepper', async ({ page }) => {
    await page.goto('/no-such-practice/main/all/landing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.getByRole('navigation', { name: 'Booking steps' })).toHaveCount(0);
  });

  test('an unknown route shows the not-found page', async ({ page }) => {
    await page.goto('/this/route/does/not/exist/at/all');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found/i);
  });

  test('a top-level visit to the widget screen lands on /404', async ({ page }) => {
    await page.goto('/brightsmile/main/all/widget');
    await expect(page).toHaveURL(/\/404$/);
  });

  test('the health endpoint reports the database', async ({ request }) => {
    const response = await request.get('/api/health');
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', database: 'sqlite', reachable: true });
  });

  test('the login screen has no serious accessibility violation', async ({ page }) => {
    await page.goto('/adminlogin');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});
