import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { clockNow, expect } from './test-clock';
import { openServerDatabase } from './waitlist-fixtures';

/*
 * Steps of the front-desk spec (front-desk.spec.ts, issue 19): the staff APIs the Schedule screen
 * and its dialogs use, read (and, for the spec's own patients, written) as a signed-in page's
 * cookies allow, and the calendar's geometry for clicking a free time and dragging a block.
 */

/**
 * The caller's service. Times freed by the spec's moves are offered to the waitlist (issue 18):
 * a service no other spec's waiting entry asks for (they wait for 'Emergency Dental Visit'), so that
 * no later wave of these offers reaches them.
 */
export const CALLER_SERVICE = 'Teeth Whitening Consultation';
/** The service of today's appointments (their times are never freed ahead: no offers). */
export const VISIT_SERVICE = 'Emergency Dental Visit';
export const LOCATION = 'BrightSmile Midtown Manhattan';
const FIFTEEN_MINUTES = 15 * 60_000;

export interface Filters {
  locations: { locationId: string; name: string; timeZone: string }[];
  services: { appointmentTypeId: string; name: string }[];
  providers: { providerId: string; name: string }[];
}

export interface ScheduleAnswer {
  location: { locationId: string; name: string; timeZone: string };
  providers: { providerId: string; displayName: string; retired: boolean }[];
  days: { providerId: string; date: string; hours: { startUtc: string; endUtc: string }[] }[];
  timeOff: { providerId: string; startUtc: string; endUtc: string }[];
  appointments: {
    appointmentId: string;
    providerId: string;
    startUtc: string;
    endUtc: string;
    status: string;
    patientId: string;
    patientName: string;
    serviceName: string;
    confirmationNumber: string;
  }[];
  closures: { date: string }[];
}

export interface FreeTimesAnswer {
  date: string;
  timeZone: string;
  providers: {
    providerId: string;
    name: string;
    times: { startUtc: string; endUtc: string; timeLocal: string; overrides: string[] }[];
  }[];
}

export interface Caller {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  phone: string;
  email: string;
}

/** A caller the spec makes: `firstName lastName`, a date of birth no other patient of the run has. */
export function caller(firstName: string, lastName: string): Caller {
  const tag = randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 6);
  const year = 1950 + Math.floor(Math.random() * 50);
  const month = String(1 + Math.floor(Math.random() * 12)).padStart(2, '0');
  const day = String(1 + Math.floor(Math.random() * 28)).padStart(2, '0');
  return {
    firstName,
    lastName,
    dateOfBirth: `${year}-${month}-${day}`,
    phone: `(212) 555-${String(1000 + Math.floor(Math.random() * 8999)).slice(0, 4)}`,
    email: `front.desk.${tag}@example.org`,
  };
}

/** The staff API as a signed-in page's cookies allow it (changes carry the session's XSRF token). */
export function staffApi(page: Page) {
  const request: APIRequestContext = page.request;
  const xsrf = async () =>
    (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  return {
    async get<T>(path: string): Promise<T> {
      const response = await request.get(path);
      expect(response.status(), `GET ${path}: ${await response.text()}`).toBe(200);
      return (await response.json()) as T;
    },
    async post(path: string, data: unknown) {
      return request.post(path, { data, headers: { 'x-xsrf-token': await xsrf() } });
    },
  };
}
export type StaffApi = ReturnType<typeof staffApi>;

export async function filtersOf(api: StaffApi, clientId: string): Promise<Filters> {
  return api.get<Filters>(`/api/patient-management/get_filters?clientId=${clientId}`);
}

export function scheduleOf(
  api: StaffApi,
  clientId: string,
  locationId: string,
  from: string,
  to = from,
): Promise<ScheduleAnswer> {
  return api.get<ScheduleAnswer>(
    `/api/scheduler/admin/schedule?clientId=${clientId}&locationId=${locationId}&from=${from}&to=${to}`,
  );
}

export function freeTimesOf(
  api: StaffApi,
  query: { clientId: string; serviceId: string; locationId: string; date: string },
): Promise<FreeTimesAnswer> {
  return api.get<FreeTimesAnswer>(
    `/api/scheduler/admin/front-desk/free-times?clientId=${query.clientId}` +
      `&appointmentTypeId=${query.serviceId}&locationId=${query.locationId}&date=${query.date}`,
  );
}

/** Books `patient` (new) as the front desk does (POST front-desk/book); answers the appointment. */
export async function bookForCaller(
  api: StaffApi,
  booking: {
    clientId: string;
    serviceId: string;
    locationId: string;
    providerId: string;
    startUtc: string;
    patient: Caller;
  },
): Promise<{ appointmentId: string; confirmationNumber: string }> {
  const { patient } = booking;
  const response = await api.post('/api/scheduler/admin/front-desk/book', {
    clientId: booking.clientId,
    patient: {
      newPatient: {
        firstName: patient.firstName,
        lastName: patient.lastName,
        dateOfBirth: patient.dateOfBirth,
        phone: patient.phone,
        email: patient.email,
        // The public identity step's rules hold for staff too: both permissions are required.
        smsPermission: true,
        emailPermission: true,
      },
    },
    appointmentTypeId: booking.serviceId,
    providerId: booking.providerId,
    locationId: booking.locationId,
    startUtc: booking.startUtc,
    insurance: null,
    idempotencyKey: randomUUID(),
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { appointmentId: string; confirmationNumber: string };
}

/** 'YYYY-MM-DD' of an instant in a zone. */
export function localDate(instant: Date | number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

export function addDays(isoDate: string, days: number): string {
  const [y = 1970, m = 1, d = 1] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** '9:15 AM' on the zone's clock (what the calendar's gutter and the free-time buttons show). */
export function clockText(instant: string | number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' })
    .format(new Date(instant))
    .replace(/[\u202f\u00a0]/g, ' ');
}

/**
 * A window of `minutes` today that started at least 15 minutes before the test clock's now, within `providerId`'s working hours at the location and clear of every
 * appointment of theirs; null when there is none.
 */
export function pastWindow(
  schedule: ScheduleAnswer,
  providerId: string,
  minutes: number,
  avoid: readonly { startMs: number; endMs: number }[] = [],
): number | null {
  const latestStart = clockNow().getTime() - FIFTEEN_MINUTES;
  const busy = [
    ...schedule.appointments
      .filter((appointment) => appointment.providerId === providerId)
      .map((appointment) => ({
        startMs: Date.parse(appointment.startUtc),
        endMs: Date.parse(appointment.endUtc),
      })),
    ...schedule.timeOff
      .filter((period) => period.providerId === providerId)
      .map((period) => ({ startMs: Date.parse(period.startUtc), endMs: Date.parse(period.endUtc) })),
    ...avoid,
  ];
  const hours = schedule.days
    .filter((day) => day.providerId === providerId)
    .flatMap((day) => day.hours)
    .map((interval) => ({ startMs: Date.parse(interval.startUtc), endMs: Date.parse(interval.endUtc) }));
  const length = minutes * 60_000;
  for (const interval of hours) {
    for (
      let start = interval.startMs;
      start <= latestStart && start + length <= interval.endMs;
      start += FIFTEEN_MINUTES
    ) {
      const end = start + length;
      if (busy.every((period) => period.endMs <= start || period.startMs >= end)) return start;
    }
  }
  return null;
}

/**
 * Moves one of the spec's own appointments (booked through the front desk on a later day: staff
 * cannot book a time that has passed) to `startMs` earlier today, as if it had been booked for
 * then: its start and end, and the 5-minute units that hold the provider's time (the database's
 * double-booking guard), in the e2e server's database.
 */
export function moveIntoThePast(appointmentId: string, startMs: number): void {
  const db = openServerDatabase();
  try {
    const row = db
      .prepare('select start_at, end_at from appointments where id = ?')
      .get(Number(appointmentId)) as { start_at: number; end_at: number } | undefined;
    if (!row) throw new Error(`appointment ${appointmentId} is not in the database`);
    const shift = startMs - row.start_at;
    db.prepare('update appointment_slot_units set unit_start = unit_start + ? where appointment_id = ?').run(
      shift,
      Number(appointmentId),
    );
    db.prepare('update appointments set start_at = start_at + ?, end_at = end_at + ? where id = ?').run(
      shift,
      shift,
      Number(appointmentId),
    );
  } finally {
    db.close();
  }
}

/** Presses Tab until `target` has the focus (at most `max` times); fails if it never does. */
export async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`Tab never reached ${target.toString()} in ${max} presses`);
}

/** The calendar's parts: provider columns, 15-minute slots and appointment blocks. */
export function calendar(page: Page) {
  const region = page.getByRole('region', { name: 'Schedule', exact: true });
  return {
    region,
    /** The appointment block whose text names `patientName`. */
    block: (patientName: string) => region.locator('.rbc-event').filter({ hasText: patientName }),
    /**
     * The 15-minute slot of the provider's column (by its header) that starts at `time` ('9:15 AM'):
     * the gutter's hour labels say which row, the headers which column.
     */
    async slot(providerName: string, time: string): Promise<Locator> {
      const headers = (
        await region.locator('.rbc-time-header .rbc-row-resource .rbc-header').allInnerTexts()
      ).map((text) => text.trim());
      const column = headers.indexOf(providerName);
      expect(column, `${providerName} among the columns ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
      const labels = (await region.locator('.rbc-time-gutter .rbc-timeslot-group').allInnerTexts()).map(
        (text) => text.trim(),
      );
      const [, hour = '', minute = '', half = ''] = /^(\d{1,2}):(\d{2}) ([AP]M)$/.exec(time) ?? [];
      const group = labels.indexOf(`${hour}:00 ${half}`);
      expect(group, `${time} among the hours ${labels.join(', ')}`).toBeGreaterThanOrEqual(0);
      return region
        .locator('.rbc-time-content > .rbc-day-slot')
        .nth(column)
        .locator('.rbc-time-slot')
        .nth(group * 4 + Number(minute) / 15);
    },
  };
}

/** How far the page scrolls sideways (0 or less: not at all). */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}
