import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './test-clock';
import {
  CLIENT,
  SCHEDULER,
  chooseOnLanding,
  continueToFindAppointment,
  expectNoViolations,
  fillDetails,
  openLanding,
  pickSlot,
  plansFor,
  serviceIdOf,
  showNextDay,
  slotButtons,
  type PlanChoice,
} from './booking-support';

/*
 * Issue 16, payment and network up front: a plan chosen on the landing filters the providers to
 * those in network with it before any time is shown. The demo's providers each take most plans
 * (the seed drops about one plan in seven per provider), so the spec finds, through the public
 * API, a plan that some providers with times refuse and others accept, and checks that the page
 * never offers a time with a provider who refuses it. The insurance step then has the plan filled
 * in and its popular plans are only those the chosen provider takes.
 */

const SERVICE = 'Emergency Dental Visit';

interface ProvidersAnswer {
  providers: { providerId: string; name: string; slots: unknown[] }[];
}

async function providersWithTimes(request: APIRequestContext, serviceId: string, planId?: string) {
  const params = new URLSearchParams({
    clientName: CLIENT,
    scheduler: SCHEDULER,
    appointmentTypeId: serviceId,
    locationId: 'all',
    isExistingPatient: 'false',
  });
  if (planId) params.set('insurancePlanId', planId);
  const response = await request.get(`/api/scheduler/getProviders?${params}`);
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as ProvidersAnswer;
  return body.providers.filter((provider) => provider.slots.length > 0);
}

/** A plan refused by at least one provider with times and accepted by at least one other. */
async function splittingPlan(request: APIRequestContext, serviceId: string) {
  const providers = await providersWithTimes(request, serviceId);
  const byPlan = new Map<string, { plan: PlanChoice; accepted: string[]; refused: string[] }>();
  for (const provider of providers) {
    const { accepted, refused } = await plansFor(request, provider.providerId);
    for (const [list, key] of [
      [accepted, 'accepted'],
      [refused, 'refused'],
    ] as const) {
      for (const plan of list) {
        const entry = byPlan.get(plan.planId) ?? { plan, accepted: [], refused: [] };
        entry[key].push(provider.providerId);
        byPlan.set(plan.planId, entry);
      }
    }
  }
  const found = [...byPlan.values()]
    .filter((entry) => entry.refused.length > 0 && entry.accepted.length > 0)
    .sort((a, b) => b.refused.length - a.refused.length)[0];
  if (!found) throw new Error('every provider with times accepts every plan: no plan splits them');
  return found;
}

test.describe('a patient whose plan some providers do not take', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('sees only times with providers in network with it', async ({ page }) => {
    const serviceId = await serviceIdOf(page.request, SERVICE);
    const { plan, accepted, refused } = await splittingPlan(page.request, serviceId);
    // The API agrees: with the plan, no refusing provider has times.
    const filtered = await providersWithTimes(page.request, serviceId, plan.planId);
    expect(filtered.map((provider) => provider.providerId).filter((id) => refused.includes(id))).toEqual([]);

    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/scheduler/getProviders?')) searches.push(request.url());
    });
    await openLanding(page, 'all');
    await chooseOnLanding(page, { service: new RegExp(SERVICE), payment: { plan: plan.plan } });
    await expectNoViolations(page, 'landing with a plan');
    await continueToFindAppointment(page);
    await expect(slotButtons(page).first()).toBeVisible();
    expect(searches.length).toBeGreaterThan(0);
    for (const url of searches) expect(new URL(url).searchParams.get('insurancePlanId')).toBe(plan.planId);

    // Three days of times: never a provider who refuses the plan.
    const offered = new Set<string>();
    for (let day = 0; day < 3; day += 1) {
      const ids = await slotButtons(page).evaluateAll((buttons) =>
        buttons.map((button) => button.getAttribute('data-provider-id') ?? ''),
      );
      for (const id of ids) offered.add(id);
      expect(ids.filter((id) => refused.includes(id))).toEqual([]);
      if (!(await showNextDay(page))) break;
    }
    expect([...offered].every((id) => accepted.includes(id))).toBe(true);

    // The insurance step: the plan is filled in, its popular plans are those the provider takes.
    const slot = await pickSlot(page, 0);
    await fillDetails(page, 'Check-up');
    await expect(page.getByRole('radio', { name: 'With my insurance' })).toBeChecked();
    await expect(page.getByLabel(/^Plan/)).toHaveValue(plan.planId);
    const takes = await plansFor(page.request, slot.providerId);
    const chips = page.getByRole('region', { name: 'Popular plans' }).getByRole('button');
    for (const name of await chips.allTextContents())
      expect(takes.accepted.map((choice) => choice.plan)).toContain(name.trim());
    await page.getByLabel('Member ID').fill('NET-1');
    await page.getByLabel('Relationship to the policy holder').selectOption('self');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/identity/);
  });
});
