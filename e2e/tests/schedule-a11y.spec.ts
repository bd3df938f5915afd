import { brightSmile, expect, seriousViolations, test } from './admin-fixtures';
import {
  LOCATION,
  addDays,
  calendar,
  filtersOf,
  localDate,
  scheduleOf,
  staffApi,
  tabTo,
  type ScheduleAnswer,
} from './front-desk-support';

/**
 * The Schedule screen (issue 19) for axe and the keyboard: a day with appointments, then an
 * appointment's details dialog, have no serious or critical violation; Tab reaches "New
 * appointment" and an appointment block, and Enter on the block opens its details, which offer
 * one "Cancel appointment" (the status actions' own, following the workflow).
 */

/** Statuses that may still be cancelled (the dialog then offers its one cancel button). */
const OPEN = new Set(['pending', 'booked']);

test.describe('schedule accessibility', () => {
  test('a day with appointments and an appointment opened from the keyboard', async ({
    pageAs,
    signedIn,
  }) => {
    test.setTimeout(120_000);
    const { base, clientId } = await brightSmile(signedIn, 'staff');
    const page = await pageAs('staff');
    await page.setViewportSize({ width: 1440, height: 1000 });
    const api = staffApi(page);
    const location = (await filtersOf(api, clientId)).locations.find((entry) => entry.name === LOCATION);
    if (!location) throw new Error(`${LOCATION} is not among the locations`);

    // The next day (from tomorrow: the whole day is still ahead) with an appointment still open.
    const today = localDate(Date.now(), location.timeZone);
    let found: { date: string; appointment: ScheduleAnswer['appointments'][number] } | null = null;
    for (let days = 1; days <= 21 && found === null; days++) {
      const date = addDays(today, days);
      const answer = await scheduleOf(api, clientId, location.locationId, date);
      const open = answer.appointments
        .filter((appointment) => OPEN.has(appointment.status))
        .sort((a, b) => a.startUtc.localeCompare(b.startUtc));
      if (open[0]) found = { date, appointment: open[0] };
    }
    if (found === null) throw new Error(`no open appointment at ${LOCATION} in the next three weeks`);
    const { date, appointment } = found;

    await page.goto(`${base}/schedule?location=${location.locationId}&date=${date}&view=day`);
    await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
    const { region, block } = calendar(page);
    await expect(region).toHaveAttribute('aria-busy', 'false');
    const target = block(appointment.patientName).first();
    await expect(target).toBeVisible();
    // The closed-days panel below the calendar mounts after it: wait for it and for every load.
    await expect(page.getByRole('heading', { name: /closed days/i }).first()).toBeVisible();
    await expect(page.getByText(/Loading…/).filter({ visible: true })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    // The keyboard alone: from the top of the page to "New appointment", then to the block.
    await page.locator('body').focus();
    await tabTo(page, page.getByRole('button', { name: 'New appointment' }));
    await tabTo(page, target, 400);
    await expect(target).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: appointment.patientName });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(appointment.confirmationNumber);
    // One cancel button, the status actions' own (it opens the front desk's cancel dialog).
    await expect(dialog.getByRole('button', { name: 'Cancel appointment' })).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });
});
