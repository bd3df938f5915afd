/**
 * US federal holidays of a year, as observed (issue 19, "Closures": a one-click import of a year's
 * holidays as a location's closed days). Computed, never typed in: the holidays come from
 * `date-holidays` (`new Holidays('US')`, type `public`: the eleven holidays of 5 U.S.C. 6103(a),
 * Juneteenth since 2021), and each is moved to the day it is observed by the federal rule of
 * 5 U.S.C. 6103(b) and Executive Order 11582: a holiday on a Saturday is observed on the Friday
 * before, one on a Sunday on the Monday after.
 *
 * The rule is applied here rather than taken from the library's "substitute day" entries, because
 * the library's US data substitutes only some holidays (not Veterans Day: 11 November 2028 is a
 * Saturday, observed on Friday 10 November) and lists a substitute under the calendar year it falls
 * in (New Year's Day 2028 is observed on Friday 31 December 2027). Here a year's list is the
 * observed days of that year's eleven holidays, so New Year's Day of 2028 belongs to 2028's list
 * even when it is observed on 31 December 2027.
 *
 * Server only: the library's data is large (~800 kB), so the web app never imports this module.
 */
import Holidays from 'date-holidays';
import { addCalendarDays, dayOfWeek } from './local-date.ts';
import type { IsoDate } from './local-date.ts';

export interface FederalHoliday {
  /** The day it is observed (a weekday), `YYYY-MM-DD`. */
  dateLocal: IsoDate;
  /** Its name, with " (observed)" when the observed day is not the holiday's own date. */
  name: string;
  /** The holiday's own date (a Saturday or Sunday when it differs from `dateLocal`). */
  actualDate: IsoDate;
}

/** Years the import accepts (the holidays' rules are stable in this range). */
export const FEDERAL_HOLIDAY_YEARS = { min: 2000, max: 2100 } as const;

/** The federal observed day of a holiday's date: Saturday → Friday before, Sunday → Monday after. */
export function observedFederalDate(date: IsoDate): IsoDate {
  const weekday = dayOfWeek(date);
  if (weekday === 6) return addCalendarDays(date, -1);
  if (weekday === 0) return addCalendarDays(date, 1);
  return date;
}

let calendar: Holidays | undefined;

/** The eleven (ten before 2021) US federal holidays of `year`, at their observed days, by date. */
export function usFederalHolidays(year: number): FederalHoliday[] {
  if (!Number.isInteger(year) || year < FEDERAL_HOLIDAY_YEARS.min || year > FEDERAL_HOLIDAY_YEARS.max) {
    throw new RangeError(
      `year must be a whole number from ${FEDERAL_HOLIDAY_YEARS.min} to ${FEDERAL_HOLIDAY_YEARS.max}, got ${year}`,
    );
  }
  // The country's own language first (en-us: "Labor Day", not "Labour Day").
  calendar ??= new Holidays('US', { types: ['public'] });
  return calendar
    .getHolidays(year)
    .filter((holiday) => holiday.type === 'public' && holiday.substitute !== true)
    .map((holiday) => {
      // `date` is "YYYY-MM-DD hh:mm:ss": the holiday's own calendar date, whatever the process's zone.
      const actualDate = holiday.date.slice(0, 10);
      const dateLocal = observedFederalDate(actualDate);
      return {
        dateLocal,
        name: dateLocal === actualDate ? holiday.name : `${holiday.name} (observed)`,
        actualDate,
      };
    })
    .sort((a, b) => (a.dateLocal < b.dateLocal ? -1 : a.dateLocal > b.dateLocal ? 1 : 0));
}
