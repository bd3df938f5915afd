import type { Page } from '@playwright/test';
import { expect, test } from './test-clock';
import {
  bookingAnswerOf,
  chooseOnLanding,
  continueToFindAppointment,
  expectNoViolations,
  expectThankYou,
  fillDetails,
  fillIdentity,
  fillInsurance,
  newPatient,
  openLanding,
  pickSlot,
  plansFor,
} from './booking-support';
import { openServerDatabase } from './waitlist-fixtures';

/*
 * Issue 16, returning on the same device: a patient who ticked "Remember me on this device" is
 * greeted by first name on their next visit, with identity and insurance filled in and "Book
 * again: <service> with <provider> at <location>" — and books in at most 6 taps. The page counts
 * the taps itself (every trusted click, and every change typed into a field, is an action).
 *
 * The demo lets a patient hold one upcoming appointment (landing page 2 'No'), so the first
 * appointment is cancelled before the patient comes back, as the front desk would after a call.
 */

const VIEWER = 'America/Los_Angeles';

/** Counts the patient's actions in the page (kept across reloads for the tab). */
async function countActions(page: Page) {
  await page.addInitScript(() => {
    const bump = () =>
      sessionStorage.setItem('e2e-actions', String(Number(sessionStorage.getItem('e2e-actions') ?? '0') + 1));
    document.addEventListener('click', (event) => event.isTrusted && bump(), true);
    document.addEventListener(
      'change',
      (event) => {
        const target = event.target as HTMLElement | null;
        // Typing or choosing in a field; radios and checkboxes are counted by their click.
        if (event.isTrusted && target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) {
          const type = (target as HTMLInputElement).type;
          if (type !== 'radio' && type !== 'checkbox') bump();
        }
      },
      true,
    );
  });
  return {
    reset: () => page.evaluate(() => sessionStorage.setItem('e2e-actions', '0')),
    read: () => page.evaluate(() => Number(sessionStorage.getItem('e2e-actions') ?? '0')),
  };
}

test.describe('a returning patient on the same device', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, timezoneId: VIEWER });

  test('is greeted by name and books again in at most 6 taps', async ({ page }) => {
    const actions = await countActions(page);
    const patient = newPatient('Back');

    // First visit: books with a plan and ticks "Remember me on this device".
    await openLanding(page, 'midtown-manhattan');
    await expect(page.getByRole('heading', { name: /^Welcome back/ })).toHaveCount(0);
    await chooseOnLanding(page, { service: /Emergency Dental Visit/ });
    await continueToFindAppointment(page);
    const first = await pickSlot(page, 0);
    await fillDetails(page, 'Check-up');
    const { accepted } = await plansFor(page.request, first.providerId);
    const plan = accepted[0];
    if (!plan) throw new Error('the provider accepts no plan');
    await fillInsurance(page, plan, 'BACK-42');
    await page.getByRole('button', { name: 'Continue' }).click();
    await fillIdentity(page, patient);
    const remember = page.getByRole('checkbox', { name: 'Remember me on this device' });
    await expect(remember).not.toBeChecked();
    await remember.check();
    const booked = await bookingAnswerOf(page, () =>
      page.getByRole('button', { name: 'Book appointment' }).click(),
    );
    await expectThankYou(page, booked, VIEWER);
    // Nothing about the patient is kept in plain text in the browser.
    const stored = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    );
    expect(stored).not.toContain(patient.lastName);
    expect(stored).not.toContain(patient.email);

    // The front desk cancels it (the demo allows one upcoming appointment per patient).
    const db = openServerDatabase();
    try {
      const id = Number(booked.appointmentId);
      db.prepare("UPDATE appointments SET status = 'cancelled' WHERE id = ?").run(id);
      // Its time is free again (as a cancellation through the product leaves it).
      db.prepare('DELETE FROM appointment_slot_units WHERE appointment_id = ?').run(id);
    } finally {
      db.close();
    }

    // Next visit: greeted by name, "Book again", every answer filled in.
    await openLanding(page, 'all');
    const welcome = page.getByRole('region', { name: `Welcome back, ${patient.firstName}` });
    await expect(welcome).toBeVisible();
    await expectNoViolations(page, 'landing, returning patient');
    const bookAgain = welcome.getByRole('button', {
      name: `Book again: Emergency Dental Visit with ${booked.provider.name}`,
      exact: false,
    });
    await expect(bookAgain).toContainText(`at ${booked.location.name}`);
    await actions.reset();

    await bookAgain.click();
    await expect(page).toHaveURL(/\/findappointment/);
    // Their own provider's times first (an existing patient books with them: appointment 3 'No').
    await expect(
      page.getByText(`Showing times with ${booked.provider.name}`, { exact: false }),
    ).toBeVisible();
    await pickSlot(page, 0, `[data-provider-id="${booked.provider.providerId}"]`);
    await expect(page).toHaveURL(/\/additionaldetails/);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/insurance/);
    await expect(page.getByLabel('Member ID')).toHaveValue('BACK-42');
    await expect(page.getByLabel(/^Plan/)).toHaveValue(plan.planId);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/identity/);
    await expect(page.getByLabel('First name')).toHaveValue(patient.firstName);
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(patient.email);
    await expect(page.getByRole('checkbox', { name: 'Remember me on this device' })).toBeChecked();
    const again = await bookingAnswerOf(page, () =>
      page.getByRole('button', { name: 'Book appointment' }).click(),
    );
    await expectThankYou(page, again, VIEWER);
    expect(again.provider.providerId).toBe(booked.provider.providerId);

    const taps = await actions.read();
    test
      .info()
      .annotations.push({ type: 'actions', description: `a returning patient booked in ${taps} taps` });
    console.info(`a returning patient booked in ${taps} taps`);
    expect(taps).toBeLessThanOrEqual(6);

    // "Not you? Forget me" forgets them on this device.
    await openLanding(page, 'all');
    await page.getByRole('button', { name: 'Not you? Forget me' }).click();
    await expect(page.getByRole('heading', { name: /^Welcome back/ })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Book an appointment' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Welcome back/ })).toHaveCount(0);
  });
});
