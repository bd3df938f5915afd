/**
 * Calendar dates with no time zone, written 'YYYY-MM-DD' (a location's local day, a date of birth).
 *
 * Arithmetic works on whole day numbers (days since 1970-01-01), never on Date objects in the
 * process's zone, so results do not depend on `TZ`.
 */

/** A calendar date 'YYYY-MM-DD' with no zone. */
export type IsoDate = string;

export interface DateParts {
  year: number;
  /** 1–12 */
  month: number;
  /** 1–31 */
  day: number;
}

/** 0 = Sunday … 6 = Saturday, as `Date.prototype.getDay`. */
export type DayOfWeek = 0 | 1 | 2 | 3 | 4 | 5 | 6;

const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** Milliseconds of a wall-clock date and time read as UTC; correct for every year, including 0–99. */
export function utcMillisOf(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): number {
  const date = new Date(Date.UTC(2000, 0, 1, hour, minute, second));
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** The parts of a valid 'YYYY-MM-DD' date, or null (bad shape, month 13, 30 February …). */
export function parseIsoDate(value: string): DateParts | null {
  const match = ISO_DATE_PATTERN.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export function isValidIsoDate(value: string): boolean {
  return parseIsoDate(value) !== null;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** 'YYYY-MM-DD' from parts (years 0–9999). */
export function formatIsoDate({ year, month, day }: DateParts): IsoDate {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

function requireParts(date: IsoDate): DateParts {
  const parts = parseIsoDate(date);
  if (!parts) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${JSON.stringify(date)}`);
  return parts;
}

/** Days since 1970-01-01 (negative before). Throws RangeError for an invalid date. */
export function toDayNumber(date: IsoDate): number {
  const { year, month, day } = requireParts(date);
  return Math.round(utcMillisOf(year, month, day) / MS_PER_DAY);
}

/** The date `dayNumber` days after 1970-01-01. */
export function fromDayNumber(dayNumber: number): IsoDate {
  const date = new Date(dayNumber * MS_PER_DAY);
  return formatIsoDate({
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
  });
}

export function dayOfWeek(date: IsoDate): DayOfWeek {
  // 1970-01-01 was a Thursday (4).
  return ((((toDayNumber(date) + 4) % 7) + 7) % 7) as DayOfWeek;
}

/** Saturday or Sunday. */
export function isWeekend(date: IsoDate): boolean {
  const weekday = dayOfWeek(date);
  return weekday === 0 || weekday === 6;
}

export function addCalendarDays(date: IsoDate, days: number): IsoDate {
  if (!Number.isInteger(days)) throw new RangeError(`days must be a whole number, got ${days}`);
  return fromDayNumber(toDayNumber(date) + days);
}

/**
 * Steps `days` weekdays forward (or back when negative), skipping Saturdays and Sundays.
 * Zero returns the date itself, even on a weekend; any non-zero count lands on a weekday.
 * Holidays are not known here.
 */
export function addBusinessDays(date: IsoDate, days: number): IsoDate {
  if (!Number.isInteger(days)) throw new RangeError(`days must be a whole number, got ${days}`);
  let dayNumber = toDayNumber(date);
  const step = days < 0 ? -1 : 1;
  let remaining = Math.abs(days);
  // Whole weeks first (5 business days = 7 calendar days), then the rest one day at a time.
  const weeks = Math.floor(Math.max(0, remaining - 5) / 5);
  dayNumber += step * weeks * 7;
  remaining -= weeks * 5;
  while (remaining > 0) {
    dayNumber += step;
    const weekday = (((dayNumber + 4) % 7) + 7) % 7;
    if (weekday !== 0 && weekday !== 6) remaining -= 1;
  }
  return fromDayNumber(dayNumber);
}

/** Negative when a is before b, 0 when equal, positive after. */
export function compareIsoDates(a: IsoDate, b: IsoDate): number {
  return toDayNumber(a) - toDayNumber(b);
}

/** The same month and day `years` earlier (29 February becomes 28 February in a common year). */
export function subtractYears(date: IsoDate, years: number): IsoDate {
  const { year, month, day } = requireParts(date);
  const targetYear = year - years;
  return formatIsoDate({ year: targetYear, month, day: Math.min(day, daysInMonth(targetYear, month)) });
}

/**
 * Whole years from a date of birth to `today` (both 'YYYY-MM-DD'), turning on the birthday;
 * null when either is missing or unreadable, or when the birth date lies after `today`.
 */
export function ageOn(dateOfBirth: string | null, today: IsoDate): number | null {
  if (dateOfBirth === null) return null;
  const born = parseIsoDate(dateOfBirth);
  const now = parseIsoDate(today);
  if (born === null || now === null) return null;
  const hadBirthday = now.month > born.month || (now.month === born.month && now.day >= born.day);
  const age = now.year - born.year - (hadBirthday ? 0 : 1);
  return age >= 0 ? age : null;
}
