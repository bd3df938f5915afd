import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './test-clock';
import {
  bookingAnswerOf,
  chooseOnLanding,
  continueToFindAppointment,
  fillDetails,
  fillIdentity,
  newPatient,
  openLanding,
  pickSlot,
  slotButtons,
} from './booking-support';

/*
 * The "after" screenshots of issue 16 (docs/screens/after-*.png, beside the "before" ones): the
 * landing, find-appointment and thank-you on a phone (390×844) and a desktop (1440×900), the same
 * walk as the before shots (BrightSmile, any location, Emergency Dental Visit, a new patient) with
 * the new flow’s answers (no insurance). Only when asked, since it writes into docs/ (without
 * SCREENS_DIR the Playwright config leaves this file out of the suite):
 *
 *   SCREENS_DIR=docs/screens CI=true node e2e/run-e2e.mjs --no-build tests/screens.spec.ts
 */

const dir = process.env.SCREENS_DIR;

async function shoot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.resolve(dir ?? '.', `${name}.png`), fullPage: true });
}

async function walk(page: Page, tag: 'phone' | 'desktop') {
  await openLanding(page, 'all');
  await shoot(page, `after-landing-${tag}`);
  await chooseOnLanding(page, { service: /Emergency Dental Visit/, payment: 'none' });
  await continueToFindAppointment(page);
  await expect(slotButtons(page).first()).toBeVisible();
  await shoot(page, `after-find-appointment-${tag}`);
  await pickSlot(page, 0);
  await fillDetails(page, 'A chipped tooth');
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillIdentity(page, newPatient(tag === 'phone' ? 'Shotp' : 'Shotd'));
  await bookingAnswerOf(page, () => page.getByRole('button', { name: 'Book appointment' }).click());
  await expect(page).toHaveURL(/\/thankyou/);
  await expect(page.getByText(/^Confirmation number:/)).toBeVisible();
  await shoot(page, `after-thank-you-${tag}`);
}

test.describe('screens', () => {
  test.describe('phone', () => {
    test.use({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      timezoneId: 'America/Los_Angeles',
    });
    test('after screens', async ({ page }) => walk(page, 'phone'));
  });

  test.describe('desktop', () => {
    test.use({ viewport: { width: 1440, height: 900 }, timezoneId: 'America/Los_Angeles' });
    test('after screens', async ({ page }) => walk(page, 'desktop'));
  });
});
