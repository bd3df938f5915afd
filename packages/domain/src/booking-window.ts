/**
 * The booking window (spec section 4): the earliest instant and the latest local day on which a
 * patient may book, from the 'how soon' and 'how far out' settings, in the location's time zone.
 *
 * Decision — the latest day is INCLUSIVE: with 'how far out' 10 business days a patient can book
 * any time ON the 10th business day. As instants the window is half-open:
 *   earliest ≤ slot start < latestExclusive   (latestExclusive = local midnight after latestDate)
 * A slot is judged by its start; one that starts on the last day may end after it.
 *
 * Days are counted from today's local date in the location's zone, never the server's zone.
 * Business days skip Saturdays and Sundays, and the location's closed days (holidays, training
 * days: issue 19) when the caller passes them as `closedDates` (local dates in the same zone).
 * Calendar days count every day, closed or not.
 */
import { addBusinessDays, addCalendarDays, isWeekend } from './local-date.ts';
import type { IsoDate } from './local-date.ts';
import type { DaysType, SchedulerSettings, StartDaysType } from './settings.ts';
import { localDateOf, startOfLocalDay } from './time-zone.ts';

export interface LatestBookableInput {
  now: Date;
  /** IANA zone of the location, e.g. 'America/New_York'. */
  timeZone: string;
  /** Days after today; 0 means today is the last bookable day. */
  howFarOut: number;
  daysType: DaysType;
  /** The location's closed days (local dates): not business days. */
  closedDates?: ClosedDates;
}

export interface EarliestBookableInput {
  now: Date;
  timeZone: string;
  /** Days or hours after now, by `startDaysType`. */
  howSoon: number;
  startDaysType: StartDaysType;
  /** The location's closed days (local dates): not business days. */
  closedDates?: ClosedDates;
}

/** Local dates (`YYYY-MM-DD`, in the location's zone) on which the location is closed. */
export type ClosedDates = ReadonlySet<IsoDate> | readonly IsoDate[];

export type BookingWindowSettings = Pick<
  SchedulerSettings,
  'howFarOut' | 'daysType' | 'howSoon' | 'startDaysType'
>;

export interface BookingWindow {
  /** No slot may start before this instant. */
  earliest: Date;
  /** The last local day (in the location's zone) on which a slot may start; inclusive. */
  latestDate: IsoDate;
  /** Local midnight after `latestDate`: slots must start strictly before it. */
  latestExclusive: Date;
}

const MS_PER_HOUR = 3_600_000;

function requireCount(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole number of at least 0, got ${value}`);
  }
}

function requireInstant(now: Date): void {
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) throw new RangeError('now must be a valid Date');
}

/** The closed dates as a set, or null when there are none (the plain weekday count applies). */
function closedSet(closedDates: ClosedDates | undefined): ReadonlySet<IsoDate> | null {
  if (closedDates === undefined) return null;
  const set = closedDates instanceof Set ? closedDates : new Set(closedDates as readonly IsoDate[]);
  return set.size === 0 ? null : set;
}

/**
 * `count` business days after `date` (0: the date itself, whatever it is): weekdays that are not
 * closed. A closed day before the date or after the result changes nothing.
 */
export function addOpenBusinessDays(date: IsoDate, count: number, closedDates?: ClosedDates): IsoDate {
  requireCount('count', count);
  const closed = closedSet(closedDates);
  if (closed === null) return addBusinessDays(date, count);
  let day = date;
  let remaining = count;
  while (remaining > 0) {
    day = addCalendarDays(day, 1);
    if (!isWeekend(day) && !closed.has(day)) remaining -= 1;
  }
  return day;
}

function addDaysOfType(
  date: IsoDate,
  count: number,
  type: DaysType,
  closed: ReadonlySet<IsoDate> | null,
): IsoDate {
  if (type !== 'BusinessDays') return addCalendarDays(date, count);
  return closed === null ? addBusinessDays(date, count) : addOpenBusinessDays(date, count, closed);
}

/**
 * The last local date on which a slot may start: today (in `timeZone`) plus `howFarOut` business
 * or calendar days. With 0 it is today, whatever day of the week.
 */
export function computeLatestBookableDate({
  now,
  timeZone,
  howFarOut,
  daysType,
  closedDates,
}: LatestBookableInput): IsoDate {
  requireInstant(now);
  requireCount('howFarOut', howFarOut);
  return addDaysOfType(localDateOf(now, timeZone), howFarOut, daysType, closedSet(closedDates));
}

/**
 * The earliest instant a slot may start.
 * - BusinessDays / CalendarDays: today plus `howSoon` days; when `howSoon` is not 0 the time is set
 *   to local midnight of that day (so 2 business days from Monday 15:00 is Wednesday 00:00).
 *   When it is 0, it is `now` itself.
 * - any other type: `now` plus `howSoon` hours of elapsed time (DST changes do not stretch it).
 */
export function computeEarliestBookable({
  now,
  timeZone,
  howSoon,
  startDaysType,
  closedDates,
}: EarliestBookableInput): Date {
  requireInstant(now);
  requireCount('howSoon', howSoon);
  if (startDaysType === 'BusinessDays' || startDaysType === 'CalendarDays') {
    if (howSoon === 0) return new Date(now.getTime());
    const day = addDaysOfType(localDateOf(now, timeZone), howSoon, startDaysType, closedSet(closedDates));
    return startOfLocalDay(day, timeZone);
  }
  return new Date(now.getTime() + howSoon * MS_PER_HOUR);
}

/**
 * The whole window. When the settings leave no room (e.g. 'how soon' 5 calendar days but 'how far
 * out' 2), `earliest` is pulled back to `latestExclusive`: the window is empty, never inverted, so
 * `earliest ≤ latestExclusive` always holds.
 *
 * `closedDates`: the location's closed days (local dates in `timeZone`, e.g. from its closures);
 * they are not business days, so 'how soon' and 'how far out' in business days step over them.
 * Without it only Saturdays and Sundays are skipped.
 */
export function computeBookingWindow(
  settings: BookingWindowSettings,
  now: Date,
  timeZone: string,
  closedDates?: ClosedDates,
): BookingWindow {
  // As computeLatestBookableDate and computeEarliestBookable, with today's local date found once.
  requireInstant(now);
  requireCount('howFarOut', settings.howFarOut);
  requireCount('howSoon', settings.howSoon);
  const closed = closedSet(closedDates);
  const today = localDateOf(now, timeZone);
  const latestDate = addDaysOfType(today, settings.howFarOut, settings.daysType, closed);
  const latestExclusive = startOfLocalDay(addCalendarDays(latestDate, 1), timeZone);
  const { howSoon, startDaysType } = settings;
  let earliest: Date;
  if (startDaysType === 'BusinessDays' || startDaysType === 'CalendarDays')
    earliest =
      howSoon === 0
        ? new Date(now.getTime())
        : startOfLocalDay(addDaysOfType(today, howSoon, startDaysType, closed), timeZone);
  else earliest = new Date(now.getTime() + howSoon * MS_PER_HOUR);
  return {
    earliest: earliest.getTime() > latestExclusive.getTime() ? new Date(latestExclusive.getTime()) : earliest,
    latestDate,
    latestExclusive,
  };
}

/** Whether a slot starting at `start` may be booked: earliest ≤ start < latestExclusive. */
export function isWithinBookingWindow(window: BookingWindow, start: Date): boolean {
  const ms = start.getTime();
  return ms >= window.earliest.getTime() && ms < window.latestExclusive.getTime();
}

/** True when no slot can fall inside the window. */
export function isBookingWindowEmpty(window: BookingWindow): boolean {
  return window.earliest.getTime() >= window.latestExclusive.getTime();
}
