import { brightSmile, expect, seriousViolations, test } from './admin-fixtures';

/** Each admin screen, fully loaded, has no serious or critical axe violation. */

/**
 * `enabled`: filter fields that stay disabled while their choices load; axe reads a disabled
 * field's grey label as a contrast failure, so the scan waits for them.
 */
const SCREENS: { segment: string; heading: RegExp; ready?: string; enabled?: string[] }[] = [
  { segment: 'managescheduler', heading: /^Scheduler settings$/, ready: 'Save settings' },
  { segment: 'providercontrol', heading: /^Providers$/ },
  { segment: 'configservices', heading: /^Services$/ },
  { segment: 'insuranceconfig', heading: /^Insurance$/ },
  { segment: 'locationconfig', heading: /^Locations$/ },
  { segment: 'waitlist', heading: /^Waitlist$/ },
  { segment: 'users', heading: /^Users$/ },
  { segment: 'reports', heading: /./, enabled: ['Location', 'Provider', 'Service', 'Status', 'Channel'] },
  { segment: 'patients', heading: /./, enabled: ['Location', 'Provider', 'Service', 'Status'] },
  { segment: 'widget', heading: /./ },
  { segment: 'blank', heading: /^No access$/ },
];

test.describe('admin accessibility', () => {
  test('the login screen and the admin home', async ({ page, pageAs }) => {
    await page.goto('/adminlogin');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Enter your password')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    const owner = await pageAs('owner');
    await owner.goto('/');
    await expect(owner.getByRole('heading', { level: 2, name: 'BrightSmile Dental' })).toBeVisible();
    expect(await seriousViolations(owner)).toEqual([]);
  });

  for (const screen of SCREENS) {
    test(`the ${screen.segment} screen`, async ({ pageAs, signedIn }) => {
      const { base } = await brightSmile(signedIn, 'owner');
      const page = await pageAs('owner');
      await page.goto(`${base}/${screen.segment}`);
      await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
      if (screen.ready) await expect(page.getByRole('button', { name: screen.ready })).toBeVisible();
      for (const name of screen.enabled ?? [])
        await expect(page.getByRole('combobox', { name, exact: true })).toBeEnabled();
      await expect(page.getByText(/Loading…/).filter({ visible: true })).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('the provider editor and the edit dialogs', async ({ pageAs, signedIn }) => {
    const { base } = await brightSmile(signedIn, 'owner');
    const page = await pageAs('owner');
    await page.goto(`${base}/providercontrol`);
    await page
      .getByRole('link', { name: /^Edit / })
      .first()
      .click();
    await expect(page.getByRole('button', { name: 'Save insurance plans' })).toBeVisible();
    await expect(page.getByText(/Loading…/).filter({ visible: true })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${base}/configservices`);
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${base}/locationconfig`);
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${base}/insuranceconfig`);
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Save plan' })).toBeEnabled();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a small screen with the navigation drawer open', async ({ pageAs, signedIn }) => {
    const { base } = await brightSmile(signedIn, 'owner');
    const page = await pageAs('owner');
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`${base}/managescheduler`);
    await expect(page.getByRole('button', { name: 'Save settings' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(page.getByRole('link', { name: 'Locations' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
