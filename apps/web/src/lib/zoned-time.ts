/**
 * THE one place the web formats a time a patient reads: always on the LOCATION's wall clock, with
 * the location's zone named ('8:00 AM CT'), and — when the browser's zone has another offset at
 * that instant — the patient's own time beside it ('6:00 AM your time'). Issue 16: a patient in
 * Los Angeles saw a Chicago 8:00 as "08:00 AM" with nothing to say whose 8:00 it was.
 *
 * Intl and the IANA database only (through the domain's `time-zone.ts`, and `zone-names.ts`, which also
 * names zones for messages and .ics), so the result never depends on the machine's own zone except where
 * asked (`viewerTimeZone`).
 */
import { isValidTimeZone, localDateTimeToInstant, timeZoneOffsetMinutes } from '@scheduler/domain/time-zone';
import { zoneName as domainZoneName } from '@scheduler/domain/zone-names';

export interface ZonedTimeLabel {
  /** 'Fri, Nov 27' */
  date: string;
  /** 'Friday, November 27, 2026' */
  longDate: string;
  /** '8:00 AM' */
  time: string;
  /** 'CT' (generic short name; 'GMT+10:30' where the zone has no letters) */
  zone: string;
  /** 'Central Time' (for a tooltip or screen readers; the IANA name where Intl has none) */
  zoneLong: string;
  /** '8:00 AM CT' */
  full: string;
  /**
   * '6:00 AM your time' when the viewer's zone has a different offset at that instant, with the
   * viewer's date when it differs ('11:00 PM Thu, Nov 26 your time'); null when the offsets agree.
   */
  yourTime: string | null;
}

export interface ZonedTimeOptions {
  /** The patient's zone; the browser's by default. */
  viewerZone?: string;
  /** 'en-US' by default (the booking pages are in American English). */
  locale?: string;
}

const DEFAULT_LOCALE = 'en-US';

type FormatKind = 'date' | 'longDate' | 'time' | 'zoneLong';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(kind: FormatKind, timeZone: string, locale: string): Intl.DateTimeFormat {
  const key = `${kind} ${locale} ${timeZone}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'date'
        ? { weekday: 'short', month: 'short', day: 'numeric' }
        : kind === 'longDate'
          ? { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }
          : kind === 'zoneLong'
            ? { timeZoneName: 'longGeneric' }
            : { hour: 'numeric', minute: '2-digit', hour12: true };
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    if (formatters.size > 500) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Newer ICU puts a narrow no-break space before AM/PM; patients, tests and screen readers get a plain one. */
const plainSpaces = (text: string): string => text.replace(/[\u202f\u00a0]/g, ' ');

function format(kind: FormatKind, ms: number, timeZone: string, locale: string): string {
  return plainSpaces(formatterFor(kind, timeZone, locale).format(ms));
}

function msOf(instant: string | number | Date): number {
  const ms =
    instant instanceof Date ? instant.getTime() : typeof instant === 'number' ? instant : Date.parse(instant);
  if (!Number.isFinite(ms)) throw new RangeError(`Not an instant: ${String(instant)}`);
  return ms;
}

/** The browser's IANA zone ('America/Los_Angeles'); 'UTC' where the browser does not say. */
export function viewerTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isValidTimeZone(zone) ? zone : 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The generic short name of `timeZone` at `instant`: 'CT', 'ET', 'MT', 'PT', else 'GMT+10:30'. */
export function zoneName(timeZone: string, instant: number | Date, locale?: string): string {
  return domainZoneName(timeZone, instant, locale);
}

/**
 * `instant` on `timeZone`'s wall clock with the zone named, and the viewer's own time when their
 * zone's offset differs at that instant. Throws RangeError for an invalid instant or zone.
 */
export function zonedTimeLabel(
  instant: string | number | Date,
  timeZone: string,
  options: ZonedTimeOptions = {},
): ZonedTimeLabel {
  const ms = msOf(instant);
  const locale = options.locale ?? DEFAULT_LOCALE;
  const date = format('date', ms, timeZone, locale);
  const time = format('time', ms, timeZone, locale);
  const zone = zoneName(timeZone, ms, locale);
  return {
    date,
    longDate: format('longDate', ms, timeZone, locale),
    time,
    zone,
    zoneLong: zoneLongName(ms, timeZone, locale),
    full: `${time} ${zone}`,
    yourTime: yourTimeOf(ms, timeZone, options.viewerZone ?? viewerTimeZone(), date, locale),
  };
}

function zoneLongName(ms: number, timeZone: string, locale: string): string {
  const name = formatterFor('zoneLong', timeZone, locale)
    .formatToParts(ms)
    .find((part) => part.type === 'timeZoneName')?.value;
  return name && !/^GMT[+-]/.test(name) ? name : timeZone;
}

function yourTimeOf(
  ms: number,
  timeZone: string,
  viewerZone: string,
  date: string,
  locale: string,
): string | null {
  if (viewerZone === timeZone || !isValidTimeZone(viewerZone)) return null;
  if (timeZoneOffsetMinutes(ms, viewerZone) === timeZoneOffsetMinutes(ms, timeZone)) return null;
  const viewerDate = format('date', ms, viewerZone, locale);
  const viewerTime = format('time', ms, viewerZone, locale);
  return viewerDate === date ? `${viewerTime} your time` : `${viewerTime} ${viewerDate} your time`;
}

/**
 * The same label for a slot given as the location's local date and time ('2026-11-27', '08:00'
 * or '08:00:00'), as slot searches answer. Null when the date or time is not well formed.
 */
export function localTimeLabel(
  dateLocal: string,
  timeLocal: string,
  timeZone: string,
  options: ZonedTimeOptions = {},
): ZonedTimeLabel | null {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(timeLocal);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  try {
    return zonedTimeLabel(localDateTimeToInstant(dateLocal, minutes, timeZone), timeZone, options);
  } catch {
    return null;
  }
}

/**
 * A wall-clock time ('08:00' or '08:00:00') as '8:00 AM', in the same form as the zoned labels but
 * with no zone: only for the moment a location's zone is not known yet (or no longer known). Null
 * when not well formed. (The spec's '08:00 AM' form, slot-format's formatSlotTime, is not shown.)
 */
export function clockTimeText(timeLocal: string): string | null {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(timeLocal);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = match[2] ?? '';
  if (hours > 23 || Number(minutes) > 59) return null;
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** 'Fri, Nov 27 at 8:00 AM CT' — one line, for places with no room for two. */
export function zonedDateTimeText(label: ZonedTimeLabel): string {
  return `${label.date} at ${label.full}`;
}
