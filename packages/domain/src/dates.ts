/**
 * The date formats of spec section 9 and small formatters that show an instant on a location's
 * wall clock. Tokens follow dayjs (YYYY, MMMM, MMM, MM, M, DD, D, HH, H, hh, h, mm, ss, A, a);
 * text in [brackets] is literal. Month names are English, whatever the machine's locale.
 */
import { parseIsoDate } from './local-date.ts';
import type { IsoDate } from './local-date.ts';
import { TIME_12H_FORMAT, TIME_24H_FORMAT } from './text.ts';
import { localPartsOf } from './time-zone.ts';
import type { LocalDateTimeParts } from './time-zone.ts';

/** '2025-03-09': storage, URLs, dates of birth on the wire. */
export const ISO_DATE_FORMAT = 'YYYY-MM-DD';
/** '03/09/2025': dates in forms and tables. */
export const US_DATE_FORMAT = 'MM/DD/YYYY';
/** '3/9/2025 2:30 PM': a date and time in admin lists. */
export const US_DATE_TIME_FORMAT = 'M/D/YYYY h:mm A';
/** 'Mar 09 2025': reports and charts. */
export const SHORT_DATE_FORMAT = 'MMM DD YYYY';
/** 'March 9, 2025': dates in sentences shown to patients. */
export const LONG_DATE_FORMAT = 'MMMM D, YYYY';

export { TIME_12H_FORMAT, TIME_24H_FORMAT };

/** Every date format of spec section 9. */
export const DATE_FORMATS = [
  ISO_DATE_FORMAT,
  US_DATE_FORMAT,
  US_DATE_TIME_FORMAT,
  SHORT_DATE_FORMAT,
  LONG_DATE_FORMAT,
] as const;

/** English month names, January first (also read back by the web from the server's English dates). */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const TOKEN = /\[([^\]]*)]|YYYY|MMMM|MMM|MM|M|DD|D|HH|H|hh|h|mm|ss|A|a/g;

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** Formats wall-clock parts with a dayjs-style format string. */
export function formatParts(parts: LocalDateTimeParts, format: string): string {
  const monthName = MONTH_NAMES[parts.month - 1] ?? '';
  const hour12 = parts.hour % 12 === 0 ? 12 : parts.hour % 12;
  return format.replace(TOKEN, (token: string, literal: string | undefined) => {
    if (literal !== undefined) return literal;
    switch (token) {
      case 'YYYY':
        return pad(parts.year, 4);
      case 'MMMM':
        return monthName;
      case 'MMM':
        return monthName.slice(0, 3);
      case 'MM':
        return pad(parts.month);
      case 'M':
        return String(parts.month);
      case 'DD':
        return pad(parts.day);
      case 'D':
        return String(parts.day);
      case 'HH':
        return pad(parts.hour);
      case 'H':
        return String(parts.hour);
      case 'hh':
        return pad(hour12);
      case 'h':
        return String(hour12);
      case 'mm':
        return pad(parts.minute);
      case 'ss':
        return pad(parts.second);
      case 'A':
        return parts.hour < 12 ? 'AM' : 'PM';
      case 'a':
        return parts.hour < 12 ? 'am' : 'pm';
      default:
        return token;
    }
  });
}

/** `instant` on the wall clock of `timeZone`, in `format`. Throws RangeError for an unknown zone. */
export function formatInTimeZone(instant: Date | number, timeZone: string, format: string): string {
  return formatParts(localPartsOf(instant, timeZone), format);
}

/** A calendar date 'YYYY-MM-DD' (no zone involved) in another format. Throws RangeError if invalid. */
export function formatLocalDate(date: IsoDate, format: string): string {
  const parts = parseIsoDate(date);
  if (!parts) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${JSON.stringify(date)}`);
  return formatParts({ ...parts, hour: 0, minute: 0, second: 0 }, format);
}

/** 'MM/DD/YYYY' (or 'M/D/YYYY') typed by a person → 'YYYY-MM-DD', or null when it is no real date. */
export function usDateToIsoDate(value: string): IsoDate | null {
  const match = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(value);
  if (!match) return null;
  const iso = `${match[3]}-${pad(Number(match[1]))}-${pad(Number(match[2]))}`;
  return parseIsoDate(iso) ? iso : null;
}

/** The appointment's date for patients, e.g. in the existing-appointment message: 'March 9, 2025'. */
export function formatApptDate(instant: Date | number, timeZone: string): string {
  return formatInTimeZone(instant, timeZone, LONG_DATE_FORMAT);
}

/** The appointment's time for patients: '02:30 PM' (the spec's 12-hour format). */
export function formatApptTime(instant: Date | number, timeZone: string): string {
  return formatInTimeZone(instant, timeZone, TIME_12H_FORMAT);
}

/** Date and time for admin lists: '3/9/2025 2:30 PM'. */
export function formatApptDateTime(instant: Date | number, timeZone: string): string {
  return formatInTimeZone(instant, timeZone, US_DATE_TIME_FORMAT);
}

/** Date for forms and tables: '03/09/2025'. */
export function formatUsDate(instant: Date | number, timeZone: string): string {
  return formatInTimeZone(instant, timeZone, US_DATE_FORMAT);
}

/** Date for reports and charts: 'Mar 09 2025'. */
export function formatShortDate(instant: Date | number, timeZone: string): string {
  return formatInTimeZone(instant, timeZone, SHORT_DATE_FORMAT);
}

/** The local time of `instant` as 'HH:mm:ss'. */
export function formatLocalTime24(instant: Date | number, timeZone: string): string {
  return formatInTimeZone(instant, timeZone, TIME_24H_FORMAT);
}
