import { CLIENT, SCHEDULER, serviceIdOf } from './booking-support';
import { clockNow, expect, test } from './test-clock';

/*
 * The run's clock (tests/test-clock.ts) holds on both sides: the page reads it, and the server
 * under test searches times from it, not from the real date the run happens on.
 */

const HOUR_MS = 3_600_000;

test('the browser and the server under test run on the test clock', async ({ page, request }) => {
  await page.goto('/404');
  const browserNow = await page.evaluate(() => Date.now());
  expect(Math.abs(browserNow - clockNow().getTime())).toBeLessThan(60_000);

  const serviceId = await serviceIdOf(request, 'Emergency Dental Visit');
  const search = await request.get(
    `/api/scheduler/getProviders?clientName=${CLIENT}&scheduler=${SCHEDULER}&appointmentTypeId=${serviceId}` +
      '&locationId=all&isExistingPatient=false',
  );
  expect(search.status()).toBe(200);
  const { window } = (await search.json()) as { window: { earliest: string } };
  // The earliest bookable instant is the server's now plus the booking notice (hours, not days).
  const lead = Date.parse(window.earliest) - clockNow().getTime();
  expect(lead).toBeGreaterThanOrEqual(-HOUR_MS);
  expect(lead).toBeLessThan(48 * HOUR_MS);
});
