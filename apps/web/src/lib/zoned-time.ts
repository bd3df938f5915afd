/**
 * THE one place the web formats a time (the booking pages and the admin, issue 19). A time a patient reads: always on the LOCATION's wall clock, with
 * the location's zone named ('8:00 AM CT'), and — when the browser's zone has another offset at
 * that instant — the patient's own time beside it ('6:00 AM your time'). Issue 16: a patient in
 * Los Angeles saw a Chicago 8:00 as "08:00 AM" with nothing to say whose 8:00 it was.
 *
 * Intl and the IANA database only (through the domain's `time-zone.ts`, and `zone-names.ts`, which also
 * names zones for messages and .ics), so the result never depends on the machine's own zone except where
 * asked (`viewerTimeZone`).
 *
 * Issue 21: the patient's times read in the active language (`intlLocale()`): Intl's dates and
 * times ('vie, 27 de nov', '8:00 a. m.') and the zone in words in Spanish ('8:00 a. m. hora del
 * Centro', domain `zone-names.ts`); English reads as before. The admin's times stay American English.
 */
import { t } from '@lingui/core/macro';
import {
  isValidTimeZone,
  localDateOf,
  localDateTimeToInstant,
  timeZoneOffsetMinutes,
} from '@scheduler/domain/time-zone';
import { zoneAbbreviation, zoneName as domainZoneName } from '@scheduler/domain/zone-names';
import { intlLocale } from '../i18n/catalogs';

export interface ZonedTimeLabel {
  /** 'Fri, Nov 27' ('vie, 27 de nov') */
  date: string;
  /** 'Friday, November 27, 2026' */
  longDate: string;
  /** '8:00 AM' ('8:00 a. m.') */
  time: string;
  /** 'CT' (generic short name; 'GMT+10:30' where the zone has no letters); 'hora del Centro' in Spanish */
  zone: string;
  /** 'Central Time' (for a tooltip or screen readers; the IANA name where Intl has none) */
  zoneLong: string;
  /** '8:00 AM CT' ('8:00 a. m. hora del Centro') */
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
  /** The `Intl` tag: the active language's by default (`intlLocale()`: 'en-US' or 'es-US'). */
  locale?: string;
}

/** The admin's times (English only for now). */
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

/**
 * The generic short name of `timeZone` at `instant`: 'CT', 'ET', 'MT', 'PT', else 'GMT+10:30'; in
 * Spanish (`locale`, the active language's by default) words: 'hora del Centro'.
 */
export function zoneName(timeZone: string, instant: number | Date, locale: string = intlLocale()): string {
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
  const locale = options.locale ?? intlLocale();
  const date = format('date', ms, timeZone, locale);
  const time = format('time', ms, timeZone, locale);
  const zone = zoneName(timeZone, ms, locale);
  return {
    date,
    longDate: format('longDate', ms, timeZone, locale),
    time,
    zone,
    zoneLong: zoneLongNameOf(ms, timeZone, locale),
    full: `${time} ${zone}`,
    yourTime: yourTimeOf(ms, timeZone, options.viewerZone ?? viewerTimeZone(), date, locale),
  };
}

function zoneLongNameOf(ms: number, timeZone: string, locale: string): string {
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
  return viewerDate === date ? t`${viewerTime} your time` : t`${viewerTime} ${viewerDate} your time`;
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
 * A wall-clock time ('08:00' or '08:00:00') as '8:00 AM' ('8:00 a. m.' in Spanish: `locale`, the
 * active language's by default), in the same form as the zoned labels but with no zone: only for
 * the moment a location's zone is not known yet (or no longer known). Null when not well formed.
 * (The spec's '08:00 AM' form, slot-format's formatSlotTime, is not shown.)
 */
export function clockTimeText(timeLocal: string, locale: string = intlLocale()): string | null {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(timeLocal);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return format('time', Date.UTC(2000, 0, 1, hours, minutes), 'UTC', locale);
}

/** 'Fri, Nov 27 at 8:00 AM CT' — one line, for places with no room for two. */
export function zonedDateTimeText(label: ZonedTimeLabel): string {
  const { date, full } = label;
  return t`${date} at ${full}`;
}

// ---------------------------------------------------------------- the admin's times (issue 19)
//
// Every time the admin shows is on the wall clock of the appointment's or location's zone, or,
// for a time that belongs to no location ('Patient since', the audit log), of the practice's zone
// (its first location's), with the zone named: 'Nov 27, 2026, 8:00 AM CT' whatever the browser's zone.

/** Generic names ('CT', for screens with the date beside them) or the offset in force ('CST', as messages say). */
export type ZoneStyle = 'generic' | 'specific';

export interface AdminTimeOptions {
  /** Add the weekday: 'Fri, Nov 27, 2026, 8:00 AM CT'. */
  weekday?: boolean;
  /** Leave the year out: 'Nov 27, 8:00 AM CT'. */
  noYear?: boolean;
  /** 'generic' by default. */
  zoneStyle?: ZoneStyle;
}

/** Shown for an instant that cannot be read. */
export const NO_TIME = '—';

const adminFormatters = new Map<string, Intl.DateTimeFormat>();

function adminFormatter(
  key: string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const cacheKey = `${key} ${timeZone}`;
  let formatter = adminFormatters.get(cacheKey);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat(DEFAULT_LOCALE, { ...options, timeZone });
    if (adminFormatters.size > 500) adminFormatters.clear();
    adminFormatters.set(cacheKey, formatter);
  }
  return formatter;
}

/** The zone itself when valid, else UTC (so that a bad zone still shows a time that says whose it is). */
function usableZone(timeZone: string | null | undefined): string {
  return timeZone && isValidTimeZone(timeZone) ? timeZone : 'UTC';
}

function instantMs(instant: string | number | Date | null | undefined): number | null {
  if (instant === null || instant === undefined) return null;
  const ms =
    instant instanceof Date ? instant.getTime() : typeof instant === 'number' ? instant : Date.parse(instant);
  return Number.isFinite(ms) ? ms : null;
}

/** The short name of `timeZone` at `instant` in the chosen style ('CT' / 'CST'; 'GMT+9' for Tokyo). */
export function zoneLabel(timeZone: string, instant: number | Date, style: ZoneStyle = 'generic'): string {
  const zone = usableZone(timeZone);
  return style === 'generic' ? domainZoneName(zone, instant) : zoneAbbreviation(instant, zone);
}

/**
 * 'Nov 27, 2026, 8:00 AM CT': `instant` on `timeZone`'s wall clock with the zone named (UTC for an
 * unknown zone); '—' for a missing or unreadable instant.
 */
export function formatZonedDateTime(
  instant: string | number | Date | null | undefined,
  timeZone: string | null | undefined,
  options: AdminTimeOptions = {},
): string {
  const ms = instantMs(instant);
  if (ms === null) return NO_TIME;
  const zone = usableZone(timeZone);
  const key = `dateTime${options.weekday ? 'W' : ''}${options.noYear ? '' : 'Y'}`;
  const text = adminFormatter(key, zone, {
    ...(options.weekday ? { weekday: 'short' as const } : {}),
    month: 'short',
    day: 'numeric',
    ...(options.noYear ? {} : { year: 'numeric' as const }),
    hour: 'numeric',
    minute: '2-digit',
  }).format(ms);
  return `${plainSpaces(text)} ${zoneLabel(zone, ms, options.zoneStyle)}`;
}

/** '8:00 AM CT': the time of day on `timeZone`'s wall clock, zone named; '—' when unreadable. */
export function formatZonedTime(
  instant: string | number | Date | null | undefined,
  timeZone: string | null | undefined,
  zoneStyle: ZoneStyle = 'generic',
): string {
  const ms = instantMs(instant);
  if (ms === null) return NO_TIME;
  const zone = usableZone(timeZone);
  const text = adminFormatter('time', zone, { hour: 'numeric', minute: '2-digit' }).format(ms);
  return `${plainSpaces(text)} ${zoneLabel(zone, ms, zoneStyle)}`;
}

/**
 * 'Nov 27, 2026': the date `instant` falls on in `timeZone` (no zone named: a day, not a time;
 * use `formatZonedDateTime` where the hour matters); '—' when unreadable.
 */
export function formatZonedDate(
  instant: string | number | Date | null | undefined,
  timeZone: string | null | undefined,
): string {
  const ms = instantMs(instant);
  if (ms === null) return NO_TIME;
  const text = adminFormatter('date', usableZone(timeZone), {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  }).format(ms);
  return plainSpaces(text);
}

/** The long name of the zone for a tooltip ('Central Time'; the IANA name where Intl has none). */
export function zoneLongName(timeZone: string, instant: number | Date = Date.now()): string {
  const zone = usableZone(timeZone);
  const ms = instant instanceof Date ? instant.getTime() : instant;
  return zoneLongNameOf(ms, zone, DEFAULT_LOCALE);
}

/** Today's date ('YYYY-MM-DD') on `timeZone`'s wall clock (the practice's "today", not the browser's). */
export function todayIn(timeZone: string | null | undefined, now: number | Date = Date.now()): string {
  return localDateOf(now, usableZone(timeZone));
}
