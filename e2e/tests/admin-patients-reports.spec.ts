import { readFile } from 'node:fs/promises';
import { brightSmile, expect, seriousViolations, test } from './admin-fixtures';
import { bookNewPatient, chooseOption, localDate, shiftDate } from './admin-patients-support';
import { clockNow } from './test-clock';

/*
 * The Reports screen counts what was booked: two bookings made here through their own channel
 * show up, and only they, once the channel and a date range around them are chosen.
 */

test.describe('reports', () => {
  test.describe.configure({ timeout: 120_000 });

  test('totals match the bookings made in the test, and the CSV holds what is shown', async ({
    pageAs,
    signedIn,
    request,
  }) => {
    const suffix = Date.now().toString(36);
    const channel = `e2e-report-${suffix}`;
    // Staff read a campaign's slug as words (issue 19); the raw value is in the tooltip and the CSV.
    const channelLabel = `E2e report ${suffix}`;
    const taken = new Set<string>();
    const first = await bookNewPatient(request, { tag: 'RepA', channel, taken });
    const second = await bookNewPatient(request, { tag: 'RepB', channel, taken });

    const { base } = await brightSmile(signedIn, 'staff');
    const page = await pageAs('staff');
    await page.goto(`${base}/reports`);
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    await expect(page.getByTestId('total-bookings')).toBeVisible();
    await expect(page.getByText(/Loading/).filter({ visible: true })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Booked today (in any zone: from yesterday), for days up to the later appointment.
    const today = localDate(clockNow(), 'UTC');
    const lastDay = [first.slot.dateLocal, second.slot.dateLocal].sort().at(-1) ?? today;
    await page.getByLabel('Dates from').fill(shiftDate(today, -1));
    await page.getByLabel('Dates to').fill(shiftDate(lastDay, 1));
    await chooseOption(page, 'Channel', channelLabel);

    await expect(page.getByTestId('total-bookings')).toHaveText('2');
    await expect(page.getByTestId('total-appointments')).toHaveText('2');
    const byChannel = page.getByRole('region', { name: 'Bookings by channel', exact: true });
    await byChannel.getByRole('button', { name: 'Show as table' }).click();
    await expect(byChannel.getByRole('row', { name: new RegExp(`${channelLabel} 2`) })).toBeVisible();
    const funnel = page.getByRole('region', { name: 'Booking funnel', exact: true });
    await funnel.getByRole('button', { name: 'Show as table' }).click();
    await expect(funnel.getByRole('columnheader', { name: 'Dropped off' })).toBeVisible();

    // The appointment list shows the two appointments; the export holds the same rows.
    const list = page.getByRole('table', { name: 'Appointment report' });
    await expect(list.getByRole('row')).toHaveCount(3);
    expect(await seriousViolations(page)).toEqual([]);
    const downloading = page.waitForEvent('download');
    await page
      .getByRole('region', { name: 'Appointments', exact: true })
      .getByRole('button', { name: 'Export CSV' })
      .click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^appointments-.*\.csv$/);
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toContain('Appointment ID');
    expect(lines).toHaveLength(3);
    const ids = lines.slice(1).map((line) => line.split(',')[0]);
    expect(ids.sort()).toEqual([first.appointmentId, second.appointmentId].sort());
    expect(csv).not.toContain(first.patient.lastName);
  });

  test('the audit log shows who read patient records (owners)', async ({ pageAs, signedIn }) => {
    const { base } = await brightSmile(signedIn, 'owner');
    const page = await pageAs('owner');
    // Reading the patient list is itself audited, so the log has a patient row to show.
    await page.goto(`${base}/patients`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/Loading/).filter({ visible: true })).toHaveCount(0);
    await page.goto(`${base}/reports`);
    // Owners reach it from the section navigation (Reports links to it too).
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Audit log' })).toBeVisible();
    await page.getByRole('searchbox', { name: /Action/ }).fill('patient.');
    await expect(page.getByRole('table', { name: 'Audit log' }).getByRole('row').nth(1)).toContainText(
      'patient.',
    );
    await expect(page.getByText(/Loading/).filter({ visible: true })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
