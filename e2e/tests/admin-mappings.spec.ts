import type { Page } from '@playwright/test';
import { brightSmile, expect, expectNotification, seriousViolations, test } from './admin-fixtures';

/*
 * Issue 6: the map forms and the widget allow-list refuse a stale save (optimistic concurrency),
 * and a carrier can be deleted from the insurance screen after a confirmation.
 */

const STALE = 'This record was changed by someone else. Reload to see the latest version.';

interface ProviderInsurance {
  providers: { providerId: string; planIds: string[]; plansVersion: number }[];
  plans: { planId: string; name: string; carrierName: string }[];
}

/** Opens Dr. Priya Raman's edit screen; answers her id. */
async function openRaman(page: Page, base: string): Promise<string> {
  await page.goto(`${base}/providercontrol`);
  await page.getByLabel('Search providers by name').fill('Raman');
  await expect(page.getByRole('table', { name: 'Providers' }).getByRole('row')).toHaveCount(2);
  await page.getByRole('link', { name: 'Edit Dr. Priya Raman' }).click();
  await expect(page).toHaveURL(/providercontroleditprovider\?providerId=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: /Edit Dr\. Priya Raman/ })).toBeVisible();
  return new URL(page.url()).searchParams.get('providerId') ?? '';
}

/** Ticks or unticks one plan in the provider's insurance-plans form. */
async function setPlan(page: Page, planName: string, checked: boolean) {
  const box = page
    .getByRole('form', { name: 'Provider insurance plans' })
    .getByRole('checkbox', { name: planName, exact: true });
  if (checked) await box.check();
  else await box.uncheck();
}

test.describe('stale map edits and carrier deletion', () => {
  test.describe.configure({ timeout: 120_000 });

  test("a stale edit of a provider's insurance plans shows the conflict message and reloads", async ({
    pageAs,
    signedIn,
  }) => {
    const { base, clientId } = await brightSmile(signedIn, 'admin');
    const admin = await pageAs('admin');
    const owner = await pageAs('owner');
    const providerId = await openRaman(admin, base);
    await openRaman(owner, base);

    // Two plans Dr. Raman does not take yet.
    const read = await admin.request.get(
      `/api/scheduler/getProviderInsurance?clientId=${clientId}&providerId=${providerId}`,
    );
    expect(read.status()).toBe(200);
    const insurance = (await read.json()) as ProviderInsurance;
    const taken = new Set(insurance.providers[0]?.planIds ?? []);
    const names = insurance.plans.map((plan) => plan.name);
    const free = insurance.plans.filter(
      (plan) => !taken.has(plan.planId) && names.filter((name) => name === plan.name).length === 1,
    );
    expect(free.length).toBeGreaterThanOrEqual(2);
    const [ownersPlan, adminsPlan] = [free[0]!.name, free[1]!.name];

    // The owner saves first.
    await setPlan(owner, ownersPlan, true);
    await owner
      .getByRole('form', { name: 'Provider insurance plans' })
      .getByRole('button', { name: 'Save insurance plans' })
      .click();
    await expectNotification(owner, 'Insurance plans saved');

    // The admin's save, made on the set read before, is refused: nothing is overwritten.
    const form = admin.getByRole('form', { name: 'Provider insurance plans' });
    await setPlan(admin, adminsPlan, true);
    await form.getByRole('button', { name: 'Save insurance plans' }).click();
    await expect(form.getByText(STALE)).toBeVisible();
    await expect(form.getByRole('alert').filter({ hasText: STALE })).toBeFocused();
    expect(await seriousViolations(admin)).toEqual([]);
    const afterStale = (await (
      await admin.request.get(
        `/api/scheduler/getProviderInsurance?clientId=${clientId}&providerId=${providerId}`,
      )
    ).json()) as ProviderInsurance;
    const planIdOf = (name: string) => insurance.plans.find((plan) => plan.name === name)!.planId;
    expect(afterStale.providers[0]?.planIds).toContain(planIdOf(ownersPlan));
    expect(afterStale.providers[0]?.planIds).not.toContain(planIdOf(adminsPlan));

    // Reload: the form shows the owner's set; a save on the latest version goes through.
    await form.getByRole('button', { name: 'Reload' }).click();
    await expect(form.getByText(STALE)).toHaveCount(0);
    await expect(form.getByRole('checkbox', { name: ownersPlan, exact: true })).toBeChecked();
    await expect(form.getByRole('checkbox', { name: adminsPlan, exact: true })).not.toBeChecked();
    // Put the set back as it was.
    await setPlan(admin, ownersPlan, false);
    await form.getByRole('button', { name: 'Save insurance plans' }).click();
    await expectNotification(admin, 'Insurance plans saved');
  });

  test('a stale edit of the widget allow-list shows the conflict message', async ({ pageAs, signedIn }) => {
    const { base } = await brightSmile(signedIn, 'admin');
    const admin = await pageAs('admin');
    const owner = await pageAs('owner');
    for (const page of [admin, owner]) {
      await page.goto(`${base}/widget`);
      await expect(page.getByRole('heading', { name: 'Websites allowed to show the widget' })).toBeVisible();
    }
    const section = (page: Page) => page.getByRole('region', { name: 'Websites allowed to show the widget' });

    await section(owner).getByLabel('Website address').fill('https://owner-first.example');
    await section(owner).getByRole('button', { name: 'Add website' }).click();
    await section(owner).getByRole('button', { name: 'Save websites' }).click();
    await expectNotification(owner, 'Allowed websites saved');

    await section(admin).getByLabel('Website address').fill('https://admin-late.example');
    await section(admin).getByRole('button', { name: 'Add website' }).click();
    await section(admin).getByRole('button', { name: 'Save websites' }).click();
    await expect(section(admin).getByText(STALE)).toBeVisible();

    await section(admin).getByRole('button', { name: 'Reload' }).click();
    const list = section(admin).getByRole('list', { name: 'Allowed websites' });
    await expect(list).toContainText('https://owner-first.example');
    await expect(list).not.toContainText('https://admin-late.example');
    // Put the list back as it was.
    await section(admin).getByRole('button', { name: 'Remove https://owner-first.example' }).click();
    await section(admin).getByRole('button', { name: 'Save websites' }).click();
    await expectNotification(admin, 'Allowed websites saved');
  });

  test('a carrier is deleted from the insurance screen after a confirmation; one in use is refused', async ({
    pageAs,
    signedIn,
  }) => {
    const { base } = await brightSmile(signedIn, 'admin');
    const admin = await pageAs('admin');
    await admin.goto(`${base}/insuranceconfig`);
    const carriers = admin.getByRole('table', { name: 'Insurance carriers' });
    await expect(carriers).toContainText('Aetna');

    // A carrier patients' insurance records use (the demo's patients hold Aetna plans): refused.
    await admin.getByLabel('Search carriers').fill('Aetna');
    await expect(carriers.locator('tbody tr')).toHaveCount(1);
    await carriers.getByRole('button', { name: 'Delete Aetna' }).click();
    const refuse = admin.getByRole('dialog', { name: 'Delete Aetna?' });
    await expect(refuse).toBeVisible();
    await expect(refuse.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expect(refuse).toContainText('plan(s) are deleted with it');
    expect(await seriousViolations(admin)).toEqual([]);
    await refuse.getByRole('button', { name: 'Delete carrier' }).click();
    await expect(
      refuse.getByText(
        "Patients' insurance records use this carrier, so it cannot be deleted. Make its plans inactive instead.",
      ),
    ).toBeVisible();
    await refuse.getByRole('button', { name: 'Cancel' }).click();
    await expect(refuse).toHaveCount(0);
    await expect(carriers).toContainText('Aetna');

    // A new carrier without plans: deleted, with a notification.
    const name = `Carrier ${Date.now()}`;
    await admin.getByRole('button', { name: 'Add carrier' }).click();
    const add = admin.getByRole('dialog', { name: 'Add an insurance carrier' });
    await add.getByLabel('Carrier name').fill(name);
    await add.getByRole('button', { name: 'Add carrier' }).click();
    await expectNotification(admin, `${name} added`);

    await admin.getByLabel('Search carriers').fill(name);
    await expect(carriers.locator('tbody tr')).toHaveCount(1);
    await carriers.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = admin.getByRole('dialog', { name: `Delete ${name}?` });
    await expect(confirm).toContainText('It has no plans.');
    expect(await seriousViolations(admin)).toEqual([]);
    await confirm.getByRole('button', { name: 'Delete carrier' }).click();
    await expectNotification(admin, `${name} deleted`);
    await expect(confirm).toHaveCount(0);
    await expect(carriers).toContainText('No carrier matches your search.');
  });
});
