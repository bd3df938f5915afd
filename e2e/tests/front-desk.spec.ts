import type { Page } from '@playwright/test';
import { brightSmile, expect, expectNotification, navLinks, seriousViolations, test } from './admin-fixtures';
import { chooseOption } from './admin-patients-support';
import {
  CALLER_SERVICE,
  LOCATION,
  VISIT_SERVICE,
  addDays,
  bookForCaller,
  calendar,
  caller,
  clockText,
  filtersOf,
  freeTimesOf,
  localDate,
  moveIntoThePast,
  pastWindow,
  scheduleOf,
  sidewaysScroll,
  staffApi,
  tabTo,
  type StaffApi,
} from './front-desk-support';
import { clockNow } from './test-clock';

/*
 * Issue 19, "Done when": the front desk runs its day in the admin area, as staff. The Schedule
 * (first in the navigation) opens on today; a caller is booked by clicking a free time, moved by
 * drag and drop and by the Reschedule dialog with the keyboard alone; arrival is offered on the
 * appointment's day only; today's appointments are marked arrived, completed and no-show; an
 * administrator adds and retires a provider; the patient search is tolerant; the screens do not
 * scroll sideways at 1280 and 1440 px. Every patient and appointment here is the spec's own.
 */

const HOUR = 3_600_000;

interface Setting {
  clientId: string;
  base: string;
  locationId: string;
  /** Service name → id. */
  services: Map<string, string>;
  zone: string;
  today: string;
}

async function settingOf(api: StaffApi, clientId: string, base: string): Promise<Setting> {
  const filters = await filtersOf(api, clientId);
  const location = filters.locations.find((candidate) => candidate.name === LOCATION);
  if (!location) throw new Error(`${LOCATION} is missing from get_filters`);
  return {
    clientId,
    base,
    locationId: location.locationId,
    services: new Map(filters.services.map((service) => [service.name, service.appointmentTypeId])),
    zone: location.timeZone,
    today: localDate(clockNow(), location.timeZone),
  };
}

function serviceId(setting: Setting, name: string): string {
  const id = setting.services.get(name);
  if (id === undefined) throw new Error(`${name} is missing from get_filters`);
  return id;
}

/** The free times of `service` at the location on `date` (staff rules). */
function freeOn(api: StaffApi, setting: Setting, service: string, date: string) {
  return freeTimesOf(api, { ...setting, serviceId: serviceId(setting, service), date });
}

/**
 * Free times of `service` with one provider on a later day: three starts at least an hour apart,
 * none needing a reason.
 */
async function laterDayPlan(api: StaffApi, setting: Setting, service: string, fromOffset: number) {
  for (let offset = fromOffset; offset < fromOffset + 14; offset++) {
    const date = addDays(setting.today, offset);
    const free = await freeOn(api, setting, service, date);
    for (const provider of free.providers) {
      const starts = provider.times
        .filter((time) => time.overrides.length === 0)
        .map((time) => Date.parse(time.startUtc));
      const first = starts[0];
      if (first === undefined) continue;
      const second = starts.find((start) => start >= first + HOUR);
      if (second === undefined) continue;
      const third = starts.find((start) => start >= second + HOUR);
      if (third === undefined) continue;
      const schedule = await scheduleOf(api, setting.clientId, setting.locationId, date);
      const column = schedule.providers.find((candidate) => candidate.providerId === provider.providerId);
      if (!column) continue;
      return {
        date,
        providerId: provider.providerId,
        /** As the calendar's column and the booking dialogs name them. */
        providerName: column.displayName,
        bookingName: provider.name,
        times: [first, second, third],
      };
    }
  }
  throw new Error(`no provider has three free times for ${service} in the next two weeks`);
}

/** The schedule on `date` (jumped to with the Date field), its calendar drawn. */
async function showDate(page: Page, date: string) {
  const controls = page.getByRole('group', { name: 'Schedule controls' });
  await controls.getByLabel('Date', { exact: true }).fill(date);
  await expect(page).toHaveURL(new RegExp(`date=${date}`));
  await expect(calendar(page).region).toHaveAttribute('aria-busy', 'false');
}

test.describe('the front desk runs its day', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a caller is booked from a free time, moved by drag and by the keyboard, and not arrived before the day', async ({
    pageAs,
    signedIn,
  }) => {
    const { base, clientId } = await brightSmile(signedIn, 'staff');
    const page = await pageAs('staff');
    await page.setViewportSize({ width: 1440, height: 1200 });
    const api = staffApi(page);
    const setting = await settingOf(api, clientId, base);
    const plan = await laterDayPlan(api, setting, CALLER_SERVICE, 1);
    const [bookAt = 0, dragTo = 0, keyTo = 0] = plan.times;

    // Staff land on the Schedule, the first section; it opens on today at the first location, its zone named.
    await page.goto(base);
    await expect(page).toHaveURL(new RegExp(`${base}/schedule`));
    await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
    expect((await navLinks(page))[0]).toBe('Schedule');
    const controls = page.getByRole('group', { name: 'Schedule controls' });
    await expect(controls.getByLabel('Date', { exact: true })).toHaveValue(setting.today);
    await expect(controls.getByRole('combobox', { name: 'Location' })).toHaveText(LOCATION);
    await expect(page.getByText(/Times are in Eastern Time/)).toBeVisible();
    await expect(controls.getByRole('button', { name: 'Today' })).toBeDisabled();
    const cal = calendar(page);
    await expect(cal.region.locator('.rbc-time-view')).toBeVisible();

    // A phone call: a new patient, into a free time clicked on the provider's column.
    await showDate(page, plan.date);
    const zoe = caller('Zoë', 'Ferreira-Lund');
    const fullName = `${zoe.firstName} ${zoe.lastName}`;
    const free = await cal.slot(plan.providerName, clockText(bookAt, setting.zone));
    await free.scrollIntoViewIfNeeded();
    const box = await free.boundingBox();
    if (!box) throw new Error('the free time has no box');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);

    const dialog = page.getByRole('dialog', { name: 'New appointment' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Step 1 of 4: Patient' })).toBeVisible();
    await dialog.getByRole('radio', { name: 'New patient' }).check();
    await dialog.getByRole('textbox', { name: 'First name' }).fill(zoe.firstName);
    await dialog.getByRole('textbox', { name: 'Last name' }).fill(zoe.lastName);
    await dialog.getByLabel('Date of birth').fill(zoe.dateOfBirth);
    await dialog.getByRole('textbox', { name: 'Phone' }).fill(zoe.phone);
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(zoe.email);
    await dialog.getByRole('switch', { name: 'The patient agrees to receive text messages' }).check();
    await dialog.getByRole('switch', { name: 'The patient agrees to receive e-mails' }).check();
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();

    // The provider and the day clicked are kept; the caller wants a whitening consultation then.
    await expect(dialog.getByRole('heading', { name: 'Step 2 of 4: Time' })).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Provider' })).toHaveText(plan.bookingName);
    await expect(dialog.getByLabel('Day', { exact: true })).toHaveValue(plan.date);
    await chooseOption(page, 'Service', CALLER_SERVICE);
    const chosen = dialog.getByRole('button', {
      name: new RegExp(`^${clockText(bookAt, setting.zone)} ET with ${plan.bookingName}`),
    });
    await chosen.click();
    await expect(chosen).toHaveAttribute('aria-pressed', 'true');
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(dialog.getByRole('heading', { name: 'Step 3 of 4: Insurance' })).toBeVisible();
    await expect(dialog.getByRole('radio', { name: 'No insurance given' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    // Nothing is booked before the review is confirmed with Book.
    await expect(dialog.getByRole('heading', { name: 'Step 4 of 4: Review' })).toBeVisible();
    await expect(dialog.getByText(`${fullName} (new patient)`)).toBeVisible();
    const book = dialog.getByRole('button', { name: 'Book', exact: true });
    await expect(book).toBeEnabled();
    expect(
      (await scheduleOf(api, clientId, setting.locationId, plan.date)).appointments.some(
        (appointment) => appointment.patientName === fullName,
      ),
    ).toBe(false);
    await book.click();
    await expectNotification(page, 'Appointment booked');
    await expect(dialog).toBeHidden();

    // The block: patient, service, time with the zone, status and confirmation number.
    const booked = (await scheduleOf(api, clientId, setting.locationId, plan.date)).appointments.find(
      (appointment) => appointment.patientName === fullName,
    );
    if (!booked) throw new Error(`${fullName} is not on the schedule of ${plan.date}`);
    expect(booked.providerId).toBe(plan.providerId);
    expect(Date.parse(booked.startUtc)).toBe(bookAt);
    const block = cal.block(fullName);
    await expect(block).toHaveCount(1);
    await expect(block).toContainText(CALLER_SERVICE);
    await expect(block).toContainText(
      `${clockText(bookAt, setting.zone)} – ${clockText(bookAt + HOUR / 2, setting.zone)} ET`,
    );
    await expect(block).toContainText(`Confirmed · ${booked.confirmationNumber}`);

    // Drag and drop to a later free time of the same provider.
    const target = await cal.slot(plan.providerName, clockText(dragTo, setting.zone));
    await block.scrollIntoViewIfNeeded();
    const from = await block.boundingBox();
    const to = await target.boundingBox();
    if (!from || !to) throw new Error('the block or the target has no box');
    const grab = { x: from.x + from.width / 2, y: from.y + 6 };
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    await page.mouse.move(grab.x, grab.y + 12, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 + 6, { steps: 12 });
    await page.mouse.up();
    await expectNotification(page, 'Appointment moved');
    await expect(block).toContainText(
      `${clockText(dragTo, setting.zone)} – ${clockText(dragTo + HOUR / 2, setting.zone)} ET`,
    );
    await expect
      .poll(async () => {
        const answer = await scheduleOf(api, clientId, setting.locationId, plan.date);
        return answer.appointments.find((appointment) => appointment.appointmentId === booked.appointmentId)
          ?.startUtc;
      })
      .toBe(new Date(dragTo).toISOString());

    // With the keyboard alone: Tab from the date field to the block, Enter for its details,
    // Reschedule, a new time, Move appointment.
    await controls.getByLabel('Date', { exact: true }).focus();
    await tabTo(page, block, 150);
    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog', { name: fullName });
    await expect(details).toBeVisible();
    await tabTo(page, details.getByRole('button', { name: 'Reschedule' }));
    await page.keyboard.press('Enter');
    const reschedule = page.getByRole('dialog', { name: 'Reschedule appointment' });
    await expect(reschedule).toBeVisible();
    const newTime = reschedule.getByRole('button', {
      name: new RegExp(`^${clockText(keyTo, setting.zone)} ET with ${plan.bookingName}`),
    });
    await tabTo(page, newTime, 150);
    await page.keyboard.press('Space');
    await expect(newTime).toHaveAttribute('aria-pressed', 'true');
    await tabTo(page, reschedule.getByRole('button', { name: 'Move appointment' }));
    await page.keyboard.press('Enter');
    await expectNotification(page, 'Appointment moved');
    await expect(reschedule).toBeHidden();
    await expect(block).toContainText(
      `${clockText(keyTo, setting.zone)} – ${clockText(keyTo + HOUR / 2, setting.zone)} ET`,
    );
    await expect(block).toContainText(booked.confirmationNumber);

    // Another day's appointment: arrival (and no-show) not offered, and said why; the server refuses it too.
    await block.click();
    await expect(details).toBeVisible();
    await expect(details.getByText('Status: Confirmed')).toBeVisible();
    await expect(details.getByText(/^Arrived can only be set on the appointment's day, /)).toBeVisible();
    await expect(details.getByRole('button', { name: 'Mark arrived' })).toHaveCount(0);
    await expect(details.getByRole('button', { name: 'Mark no-show' })).toHaveCount(0);
    await expect(details.getByRole('button', { name: 'Complete' })).toHaveCount(0);
    await details.getByRole('button', { name: 'Close' }).click();
    const current = await api.get<{ appointment: { version: number } }>(
      `/api/patient-management/getAppointmentDetails?clientId=${clientId}&appointmentId=${booked.appointmentId}`,
    );
    const refused = await api.post('/api/patient-management/update_appointment_status', {
      clientId,
      appointmentId: booked.appointmentId,
      status: 'arrived',
      version: current.appointment.version,
    });
    expect(refused.status()).toBe(422);
    expect(await refused.json()).toMatchObject({ error: { details: { reason: 'not-today' } } });
  });

  test("today's appointments: arrived, then completed; another marked no-show after its start", async ({
    pageAs,
    signedIn,
  }) => {
    const { base, clientId } = await brightSmile(signedIn, 'staff');
    const page = await pageAs('staff');
    await page.setViewportSize({ width: 1440, height: 1200 });
    const api = staffApi(page);
    const setting = await settingOf(api, clientId, base);

    // Two appointments of the spec's own patients earlier today (booked through the front desk on a
    // later day, then set to a time that has passed: staff cannot book a past time).
    const todays = await scheduleOf(api, clientId, setting.locationId, setting.today);
    // A later free time of each provider offering the service at the location (none needing a reason).
    const later = new Map<string, string[]>();
    for (let offset = 3; offset < 10; offset++) {
      const free = await freeOn(api, setting, VISIT_SERVICE, addDays(setting.today, offset));
      for (const provider of free.providers) {
        const times = provider.times
          .filter((time) => time.overrides.length === 0)
          .map((time) => time.startUtc);
        later.set(provider.providerId, [...(later.get(provider.providerId) ?? []), ...times]);
      }
    }
    const patients = [caller('Rosalind', 'Achterberg'), caller('Tobias', 'Wainwright-Hale')];
    const placed: { name: string; appointmentId: string; startMs: number }[] = [];
    for (const patient of patients) {
      const taken = placed.map((one) => ({ startMs: one.startMs, endMs: one.startMs + HOUR / 2 }));
      const slot = todays.providers
        .filter((provider) => (later.get(provider.providerId)?.length ?? 0) > 0)
        .map((provider) => ({
          providerId: provider.providerId,
          startMs: pastWindow(todays, provider.providerId, 30, taken),
        }))
        .find((candidate) => candidate.startMs !== null);
      if (!slot || slot.startMs === null)
        throw new Error(
          `no free half hour has started today at ${LOCATION}: ${JSON.stringify({ todays, later: [...later.keys()] })}`,
        );
      const startUtc = later.get(slot.providerId)?.shift();
      if (startUtc === undefined) throw new Error(`provider ${slot.providerId} has no free time left`);
      const booked = await bookForCaller(api, {
        ...setting,
        serviceId: serviceId(setting, VISIT_SERVICE),
        providerId: slot.providerId,
        startUtc,
        patient,
      });
      moveIntoThePast(booked.appointmentId, slot.startMs);
      placed.push({
        name: `${patient.firstName} ${patient.lastName}`,
        appointmentId: booked.appointmentId,
        startMs: slot.startMs,
      });
    }
    const [arriving, absent] = placed;
    if (!arriving || !absent) throw new Error('two appointments were not placed');

    await page.goto(`${base}/schedule`);
    const cal = calendar(page);
    await expect(cal.region).toHaveAttribute('aria-busy', 'false');

    // Arrived on its day, then completed (not offered before arrival; no cancelling after it).
    const arrivingBlock = cal.block(arriving.name);
    await expect(arrivingBlock).toContainText('Confirmed');
    await arrivingBlock.click();
    const details = page.getByRole('dialog', { name: arriving.name });
    await expect(details.getByText('Status: Confirmed')).toBeVisible();
    await expect(details.getByRole('button', { name: 'Complete' })).toHaveCount(0);
    await details.getByRole('button', { name: 'Mark arrived' }).click();
    await expectNotification(page, 'Status changed to Arrived');
    await expect(details.getByText('Status: Arrived')).toBeVisible();
    await expect(details.getByRole('button', { name: 'Cancel appointment' })).toHaveCount(0);
    await details.getByRole('button', { name: 'Complete' }).click();
    await expectNotification(page, 'Status changed to Completed');
    await expect(details.getByText('Status: Completed')).toBeVisible();
    await expect(details.getByText('No status change is possible for this appointment now.')).toBeVisible();
    await details.getByRole('button', { name: 'Close' }).click();
    await expect(arrivingBlock).toContainText('Completed');

    // Another, after its start: No-show.
    const absentBlock = cal.block(absent.name);
    await absentBlock.click();
    const absentDetails = page.getByRole('dialog', { name: absent.name });
    await absentDetails.getByRole('button', { name: 'Mark no-show' }).click();
    await expectNotification(page, 'Status changed to No-show');
    await expect(absentDetails.getByText('Status: No-show')).toBeVisible();
    await absentDetails.getByRole('button', { name: 'Close' }).click();
    await expect(absentBlock).toContainText('No-show');

    const after = await scheduleOf(api, clientId, setting.locationId, setting.today);
    const statusOf = (id: string) =>
      after.appointments.find((appointment) => appointment.appointmentId === id)?.status;
    expect(statusOf(arriving.appointmentId)).toBe('fulfilled');
    expect(statusOf(absent.appointmentId)).toBe('noshow');
  });

  test("the schedule's New appointment and an appointment's details are reached with Tab", async ({
    pageAs,
    signedIn,
  }) => {
    const { base } = await brightSmile(signedIn, 'staff');
    const page = await pageAs('staff');
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto(`${base}/schedule`);
    const cal = calendar(page);
    await expect(cal.region).toHaveAttribute('aria-busy', 'false');
    await expect(cal.region.locator('.rbc-event').first()).toBeVisible();
    expect.soft(await seriousViolations(page)).toEqual([]);

    const newAppointment = page.getByRole('button', { name: 'New appointment' });
    await tabTo(page, newAppointment);
    await expect(newAppointment).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New appointment' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Find the patient' })).toBeFocused();
    expect.soft(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Tab on to the first appointment block; Enter opens its details.
    const firstBlock = cal.region.locator('.rbc-event').first();
    await tabTo(page, firstBlock, 60);
    const name = (await firstBlock.locator('.schedule-event-patient').innerText()).trim();
    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog', { name });
    await expect(details).toBeVisible();
    await expect(details.getByText('Confirmation number')).toBeVisible();
    expect.soft(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
  });

  test('an administrator adds a provider and retires it', async ({ pageAs, signedIn }) => {
    const { base } = await brightSmile(signedIn, 'admin');
    const page = await pageAs('admin');
    const lastName = `Okonkwo${Date.now()
      .toString(36)
      .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'x')}`;
    const name = `Dr. Adaeze ${lastName}`;
    await page.goto(`${base}/providercontrol`);
    await expect(page.getByRole('heading', { level: 1, name: 'Providers' })).toBeVisible();
    await page.getByRole('button', { name: 'Add provider' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a provider' });
    await dialog.getByRole('textbox', { name: 'Prefix' }).fill('Dr.');
    await dialog.getByRole('textbox', { name: 'First name' }).fill('Adaeze');
    await dialog.getByRole('textbox', { name: 'Last name' }).fill(lastName);
    await dialog.getByRole('textbox', { name: 'Credentials' }).fill('DDS');
    await dialog.getByRole('button', { name: 'Add provider' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/providercontroleditprovider\?providerId=\d+&new=1$/);
    await expect(page.getByRole('heading', { level: 1, name: `Edit ${name}` })).toBeVisible();

    // Retire it: kept, listed among the retired providers, no longer among the active ones.
    await page.getByRole('button', { name: 'Retire provider' }).click();
    const confirm = page.getByRole('dialog', { name: `Retire ${name}?` });
    await confirm.getByRole('button', { name: 'Retire provider' }).click();
    await expectNotification(page, `${name} retired. No upcoming appointment needs rebooking.`);
    await expect(page.getByText(/^Retired on /)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Restore provider' })).toBeVisible();

    await page.getByRole('link', { name: 'Back to providers' }).click();
    const table = page.getByRole('table', { name: 'Providers' });
    await page.getByRole('searchbox', { name: 'Search providers by name' }).fill(lastName);
    await expect(table.getByText('No provider matches your search.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Show' }).click();
    await page.getByRole('option', { name: 'Retired providers' }).click();
    const row = table.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Retired');
    await expect(row).toContainText('No (retired)');
  });

  test('the patient search finds "zoe", "obrien" and "nguyen"', async ({ pageAs, signedIn }) => {
    const { base, clientId } = await brightSmile(signedIn, 'staff');
    const page = await pageAs('staff');
    const api = staffApi(page);
    const setting = await settingOf(api, clientId, base);
    // Three callers of the spec's own, booked by the front desk.
    const zoe = caller('Zoë', 'Halvorsen');
    const sean = caller('Seán', "O'Brien");
    const linh = caller('Linh', "O'Brien-Nguyễn");
    const plan = await laterDayPlan(api, setting, CALLER_SERVICE, 5);
    for (const [index, patient] of [zoe, sean, linh].entries()) {
      await bookForCaller(api, {
        ...setting,
        serviceId: serviceId(setting, CALLER_SERVICE),
        providerId: plan.providerId,
        startUtc: new Date(plan.times[index] ?? 0).toISOString(),
        patient,
      });
    }

    await page.goto(`${base}/patients`);
    const table = page.getByRole('table', { name: 'Patients' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    // Newest first, so that the spec's patients lead the pages of every search.
    const added = table.getByRole('columnheader', { name: 'Added' });
    await added.getByRole('button').click();
    await added.getByRole('button').click();
    await expect(added).toHaveAttribute('aria-sort', 'descending');
    const search = page.getByRole('searchbox', { name: /Search by name, phone/ });
    const link = (patient: typeof zoe) =>
      table.getByRole('link', { name: `${patient.lastName}, ${patient.firstName}`, exact: true });

    await search.fill('zoe');
    await expect(link(zoe)).toBeVisible();
    await search.fill('obrien');
    await expect(link(sean)).toBeVisible();
    await expect(link(linh)).toBeVisible();
    await expect(link(zoe)).toHaveCount(0);
    await search.fill('nguyen');
    await expect(link(linh)).toBeVisible();
    await expect(link(sean)).toHaveCount(0);
  });

  for (const width of [1280, 1440]) {
    test(`the Schedule, Providers and Patients do not scroll sideways at ${width} px`, async ({
      pageAs,
      signedIn,
    }) => {
      const { base } = await brightSmile(signedIn, 'admin');
      const page = await pageAs('admin');
      await page.setViewportSize({ width, height: 900 });

      await page.goto(`${base}/schedule`);
      const cal = calendar(page);
      await expect(cal.region).toHaveAttribute('aria-busy', 'false');
      await expect(cal.region.locator('.rbc-event').first()).toBeVisible();
      expect(await sidewaysScroll(page), `Schedule (day) at ${width} px`).toBeLessThanOrEqual(0);
      await page
        .getByRole('group', { name: 'Schedule controls' })
        .getByRole('button', { name: 'Week' })
        .click();
      await expect(page).toHaveURL(/view=week/);
      await expect(cal.region).toHaveAttribute('aria-busy', 'false');
      await expect(cal.region.locator('.rbc-event').first()).toBeVisible();
      expect(await sidewaysScroll(page), `Schedule (week) at ${width} px`).toBeLessThanOrEqual(0);

      for (const [segment, heading] of [
        ['providercontrol', 'Providers'],
        ['patients', 'Patients'],
      ] as const) {
        await page.goto(`${base}/${segment}`);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.getByRole('table', { name: heading }).getByRole('row').nth(1)).toBeVisible();
        await expect(page.getByText('Loading…').filter({ visible: true })).toHaveCount(0);
        expect(await sidewaysScroll(page), `${heading} at ${width} px`).toBeLessThanOrEqual(0);
      }
    });
  }
});
