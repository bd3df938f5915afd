import { expect, test } from './test-clock';
import {
  chooseOnLanding,
  continueToFindAppointment,
  expectAccessible,
  fillDetails,
  fillIdentity,
  fillInsurance,
  newPatient,
  openLanding,
  pickSlot,
  plansFor,
} from './booking-support';

/*
 * Appointment 3 (provider change for existing patients, default No): the server refuses a matched
 * existing patient who picked another provider than their own with 422 PROVIDER_CHANGE_NOT_ALLOWED
 * (API tests: apps/server/src/contexts/scheduling/booking/routes.test.ts). Here the flow's side: the refusal is
 * shown with the office phone, and "Choose a new time" leads back to the times, answers kept.
 */
const REFUSAL =
  'As an existing patient, you can book online only with your current provider, Dr. Emily Carter. Please choose a time with them, or call our office to schedule with another provider.';

test('an existing patient who picked another provider is told to choose a time with their own', async ({
  page,
}) => {
  const patient = newPatient('Loyal');
  await page.route('**/api/scheduler/bookAppointment', async (route) => {
    await route.fulfill({
      status: 422,
      json: {
        error: {
          code: 'PROVIDER_CHANGE_NOT_ALLOWED',
          message: REFUSAL,
          details: { field: 'providerId', providerId: '1' },
        },
      },
    });
  });
  await openLanding(page, 'midtown-manhattan');
  await chooseOnLanding(page, { service: /Emergency Dental Visit/ });
  await continueToFindAppointment(page);
  const slot = await pickSlot(page, 0);
  await fillDetails(page, 'Check-up');
  const { accepted } = await plansFor(page.request, slot.providerId);
  await fillInsurance(page, accepted[0]!, 'LOYAL-1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillIdentity(page, patient);
  await page.getByRole('button', { name: 'Book appointment' }).click();

  const alert = page.getByRole('alert').filter({ hasText: REFUSAL });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('link')).toHaveAttribute('href', /^tel:\+1\d{10}$/);
  await expectAccessible(page, 'provider change refused');
  await alert.getByRole('button', { name: 'Choose a new time' }).click();
  await expect(page).toHaveURL(/\/findappointment/);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await pickSlot(page, 0);
  await expect(page.getByLabel('Reason for visit')).toHaveValue('Check-up');
});
