import { brightSmile, expect, navLinks, test } from './admin-fixtures';

const CONFIGURATION = [
  'Scheduler settings',
  'Providers',
  'Services',
  'Insurance',
  'Locations',
  'Widget',
  'Message settings',
  'Open availability',
];
// The Schedule is first for everyone who may read patients (issue 19): its group, Practice, leads.
const PRACTICE = ['Schedule', 'Patients', 'Waitlist', 'Messages', 'Reports'];

test.describe('what each role sees', () => {
  test('a viewer sees reports only', async ({ pageAs, signedIn }) => {
    const { base, clientId, ruleId } = await brightSmile(signedIn, 'viewer');
    const page = await pageAs('viewer');
    await page.goto('/');
    await page
      .getByRole('list', { name: 'Schedulers of BrightSmile Dental' })
      .getByRole('link')
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`${base}/reports$`));
    expect(await navLinks(page)).toEqual(['Reports']);

    await page.goto(`${base}/managescheduler`);
    await expect(page).toHaveURL(new RegExp(`${base}/blank$`));
    await expect(page.getByText("You don't have access to this section (Scheduler settings).")).toBeVisible();

    // The server refuses too, whatever the screen shows.
    const refused = await page.request.get(
      `/api/scheduler/getAssignConfig?clientId=${clientId}&ruleId=${ruleId}`,
    );
    expect(refused.status()).toBe(403);
  });

  test('staff land on the schedule and see patients, the waitlist and reports but no configuration', async ({
    pageAs,
    signedIn,
  }) => {
    const { base } = await brightSmile(signedIn, 'staff');
    const page = await pageAs('staff');
    await page.goto(base);
    await expect(page).toHaveURL(new RegExp(`${base}/schedule$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
    expect(await navLinks(page)).toEqual(PRACTICE);

    for (const segment of ['configservices', 'providercontroleditprovider?providerId=1', 'users']) {
      await page.goto(`${base}/${segment}`);
      await expect(page).toHaveURL(new RegExp(`${base}/blank$`));
      await expect(page.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
      await expect(page.getByText(/You don't have access to this section/)).toBeVisible();
    }
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Waitlist' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Waitlist' })).toBeFocused();
    await expect(page.getByRole('table', { name: 'Waitlist' })).toBeVisible();
  });

  test('an admin configures but does not manage users', async ({ pageAs, signedIn }) => {
    const { base } = await brightSmile(signedIn, 'admin');
    const page = await pageAs('admin');
    await page.goto(base);
    await expect(page).toHaveURL(new RegExp(`${base}/schedule$`));
    expect(await navLinks(page)).toEqual([...PRACTICE, ...CONFIGURATION, 'Audit log']);
    await page.goto(`${base}/users`);
    await expect(page).toHaveURL(new RegExp(`${base}/blank$`));
    await expect(page.getByText("You don't have access to this section (Users).")).toBeVisible();
  });

  test('an owner also manages users and switches between brands', async ({ pageAs, signedIn }) => {
    const { base } = await brightSmile(signedIn, 'owner');
    const page = await pageAs('owner');
    await page.goto(`${base}/locationconfig`);
    expect(await navLinks(page)).toEqual([...PRACTICE, ...CONFIGURATION, 'Users', 'Audit log']);
    await expect(page.getByRole('banner')).toContainText('BrightSmile Dental');
    await expect(page.getByRole('table', { name: 'Locations' })).toContainText(
      'BrightSmile Midtown Manhattan',
    );

    await page.getByRole('combobox', { name: 'Practice' }).click();
    await page.getByRole('option', { name: 'Northside Family Medicine' }).click();
    await expect(page).toHaveURL(/\/admin\/\d+\/\d+\/locationconfig$/);
    await expect(page).not.toHaveURL(new RegExp(base));
    await expect(page.getByRole('banner')).toContainText('Northside Family Medicine');
    await expect(page.getByRole('table', { name: 'Locations' })).toContainText('Northside Lincoln Park');
    await expect(page.getByRole('table', { name: 'Locations' })).not.toContainText('BrightSmile');
  });

  test('the navigation drawer works with the keyboard on a small screen', async ({ pageAs, signedIn }) => {
    const { base } = await brightSmile(signedIn, 'admin');
    const page = await pageAs('admin');
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`${base}/managescheduler`);
    // The screen's heading takes the focus once the screen has loaded; work the menu after that,
    // else a slow load moves the focus from the menu button between two key presses.
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    const menu = page.getByRole('button', { name: 'Open navigation' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.focus();
    await page.keyboard.press('Enter');
    const drawerLink = page.getByRole('link', { name: 'Locations' });
    await expect(drawerLink).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawerLink).toBeHidden();
    await expect(menu).toBeFocused();

    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Locations' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${base}/locationconfig$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeFocused();
    await expect(page.getByRole('link', { name: 'Services' })).toBeHidden();
  });
});
