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
 * Business days skip Saturdays and Sundays (holidays are not known here).
 */
import { addBusinessDays, addCalendarDays } from './local-date.ts';
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
}

export interface EarliestBookableInput {
  now: Date;
  timeZone: string;
  /** Days or hours after now, by `startDaysType`. */
  howSoon: number;
  startDaysType: StartDaysType;
}

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

function addDaysOfType(date: IsoDate, count: number, type: DaysType): IsoDate {
  return type === 'BusinessDays' ? addBusinessDays(date, count) : addCalendarDays(date, count);
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
}: LatestBookableInput): IsoDate {
  requireInstant(now);
  requireCount('howFarOut', howFarOut);
  return addDaysOfType(localDateOf(now, timeZone), howFarOut, daysType);
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
}: EarliestBookableInput): Date {
  requireInstant(now);
  requireCount('howSoon', howSoon);
  if (startDaysType === 'BusinessDays' || startDaysType === 'CalendarDays') {
    if (howSoon === 0) return new Date(now.getTime());
    return startOfLocalDay(addDaysOfType(localDateOf(now, timeZone), howSoon, startDaysType), timeZone);
  }
  return new Date(now.getTime() + howSoon * MS_PER_HOUR);
}

/**
 * The whole window. When the settings leave no room (e.g. 'how soon' 5 calendar days but 'how far
 * out' 2), `earliest` is pulled back to `latestExclusive`: the window is empty, never inverted, so
 * `earliest ≤ latestExclusive` always holds.
 */
export function computeBookingWindow(
  settings: BookingWindowSettings,
  now: Date,
  timeZone: string,
): BookingWindow {
  // As computeLatestBookableDate and computeEarliestBookable, with today's local date found once.
  requireInstant(now);
  requireCount('howFarOut', settings.howFarOut);
  requireCount('howSoon', settings.howSoon);
  const today = localDateOf(now, timeZone);
  const latestDate = addDaysOfType(today, settings.howFarOut, settings.daysType);
  const latestExclusive = startOfLocalDay(addCalendarDays(latestDate, 1), timeZone);
  const { howSoon, startDaysType } = settings;
  let earliest: Date;
  if (startDaysType === 'BusinessDays' || startDaysType === 'CalendarDays')
    earliest =
      howSoon === 0
        ? new Date(now.getTime())
        : startOfLocalDay(addDaysOfType(today, howSoon, startDaysType), timeZone);
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
