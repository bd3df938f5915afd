/**
 * THE calendar file builder (RFC 5545): attached to appointment e-mails, and the booking page's
 * "Add to calendar" download (METHOD:PUBLISH, no ORGANIZER; the web imports it, so this file and
 * what it imports stay free of server-only code). Written here rather than with
 * ical-generator: its 10.x line (the last for Node 20) writes DTSTAMP as a floating local time once
 * a VTIMEZONE is added, which §3.8.7.2 forbids, and its VTIMEZONE data package reads files at run
 * time. This builder is small and pure:
 * - METHOD:REQUEST for a booking or a change, METHOD:CANCEL (STATUS:CANCELLED) for a cancellation,
 *   METHOD:PUBLISH for a file a patient saves from the booking page;
 * - UID `appointment-<id>@<host>`: the same for every message about one appointment, so a calendar
 *   updates the entry it has; SEQUENCE must grow with each change (the caller passes it, e.g. the
 *   appointment's version);
 * - DTSTART/DTEND with TZID = the location's IANA zone and a VTIMEZONE generated from the zone
 *   database (Intl, via time-zone.ts): one observance per offset change within a year either side
 *   of the appointment, so the local time reads right in any calendar application.
 * Nothing about the patient goes in it.
 */
import {
  localDateOf,
  localDateTimeToInstant,
  localDayNumberOf,
  localPartsOf,
  zoneDay,
  zoneOffsetMs,
} from '../time-zone.ts';
import { zoneAbbreviation as zoneAbbreviationOf } from '../zone-names.ts';

/** 'CST' / 'CDT', 'GMT+10:30': the same names the messages use (format.ts). */
const zoneAbbreviation = (instant: Date | number, timeZone: string): string =>
  zoneAbbreviationOf(instant, timeZone, { style: 'specific' });

export interface IcsAppointment {
  appointmentId: string | number;
  /** The host part of the UID, e.g. the PUBLIC_URL's host name. */
  uidHost: string;
  /** Grows with every change of the appointment (0 for the first message). */
  sequence: number;
  method: 'REQUEST' | 'CANCEL' | 'PUBLISH';
  startUtc: Date;
  endUtc: Date;
  timeZone: string;
  summary: string;
  locationText: string;
  description: string;
  /** The sender (ORGANIZER): required with REQUEST and CANCEL (iTIP), left out of a PUBLISH download. */
  organizer?: { name: string; email: string };
  /** PRODID's product part; 'Appointment messages' by default. */
  product?: string;
  /** When the file is made (DTSTAMP). */
  now: Date;
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;
const DAY_MS = 86_400_000;
const encoder = new TextEncoder();

/** TEXT value escaping: backslash, semicolon, comma and line breaks. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds a content line at 75 octets (continuation lines start with a space), never inside a character. */
export function foldIcsLine(line: string): string {
  const pieces: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const charSize = encoder.encode(char).length;
    const limit = pieces.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (size + charSize > limit) {
      pieces.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += charSize;
  }
  pieces.push(current);
  return pieces.join(`${CRLF} `);
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** `20261102T140000Z`: an instant in UTC (DTSTAMP, LAST-MODIFIED). */
export function utcStamp(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function localStamp(instant: Date | number, timeZone: string): string {
  const p = localPartsOf(instant, timeZone);
  return `${pad(p.year, 4)}${pad(p.month)}${pad(p.day)}T${pad(p.hour)}${pad(p.minute)}${pad(p.second)}`;
}

/**
 * `DTSTART;TZID=zone:local`, or the UTC form when the local time is the second occurrence of a
 * repeated hour (clocks going back): RFC 5545 reads an ambiguous local time as the first one.
 */
export function dateTimeLine(name: string, instant: Date, timeZone: string): string {
  const parts = localPartsOf(instant, timeZone);
  const minutes = parts.hour * 60 + parts.minute + parts.second / 60;
  const readBack = localDateTimeToInstant(localDateOf(instant, timeZone), minutes, timeZone).getTime();
  return readBack === instant.getTime()
    ? `${name};TZID=${timeZone}:${localStamp(instant, timeZone)}`
    : `${name}:${utcStamp(instant)}`;
}

/** A wall-clock time read with a fixed offset, for an observance's DTSTART (local time before the change). */
function wallStamp(utcMs: number, offsetMs: number): string {
  const d = new Date(utcMs + offsetMs);
  return `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
}

function offsetText(offsetMs: number): string {
  const minutes = Math.round(offsetMs / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

/** The zone's offset changes in [fromMs, toMs): instant, offset before, offset after. */
function transitionsBetween(
  timeZone: string,
  fromMs: number,
  toMs: number,
): { atMs: number; fromMs: number; toMs: number }[] {
  const found: { atMs: number; fromMs: number; toMs: number }[] = [];
  const first = localDayNumberOf(timeZone, fromMs);
  const last = localDayNumberOf(timeZone, toMs);
  for (let dayNumber = first; dayNumber <= last; dayNumber += 1) {
    const day = zoneDay(timeZone, dayNumber);
    if (Number.isFinite(day.transitionUtcMs)) {
      found.push({ atMs: day.transitionUtcMs, fromMs: day.offsetBeforeMs, toMs: day.offsetAfterMs });
    }
  }
  return found;
}

/** A VTIMEZONE for `timeZone` valid a year either side of `aroundUtcMs`. */
export function vtimezoneLines(timeZone: string, aroundUtcMs: number): string[] {
  const transitions = transitionsBetween(timeZone, aroundUtcMs - 366 * DAY_MS, aroundUtcMs + 366 * DAY_MS);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  if (transitions.length === 0) {
    const offset = offsetText(zoneOffsetMs(timeZone, aroundUtcMs));
    lines.push(
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      `TZOFFSETFROM:${offset}`,
      `TZOFFSETTO:${offset}`,
      `TZNAME:${escapeIcsText(zoneAbbreviation(aroundUtcMs, timeZone))}`,
      'END:STANDARD',
    );
  }
  const largest = Math.max(...transitions.flatMap((t) => [t.fromMs, t.toMs]));
  for (const transition of transitions) {
    const component =
      transition.toMs === largest && transition.toMs > transition.fromMs ? 'DAYLIGHT' : 'STANDARD';
    lines.push(
      `BEGIN:${component}`,
      `DTSTART:${wallStamp(transition.atMs, transition.fromMs)}`,
      `TZOFFSETFROM:${offsetText(transition.fromMs)}`,
      `TZOFFSETTO:${offsetText(transition.toMs)}`,
      `TZNAME:${escapeIcsText(zoneAbbreviation(transition.atMs, timeZone))}`,
      `END:${component}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

/** The stable UID of an appointment's calendar entry. */
export function appointmentUid(appointmentId: string | number, uidHost: string): string {
  return `appointment-${String(appointmentId)}@${uidHost}`;
}

/** The .ics text (CRLF line ends, folded) for an appointment e-mail. */
export function buildAppointmentIcs(appointment: IcsAppointment): string {
  const { timeZone } = appointment;
  if (!Number.isInteger(appointment.sequence) || appointment.sequence < 0) {
    throw new RangeError('SEQUENCE must be a whole number ≥ 0');
  }
  const cancelled = appointment.method === 'CANCEL';
  const { organizer } = appointment;
  if (!organizer && appointment.method !== 'PUBLISH') {
    throw new RangeError(`METHOD:${appointment.method} needs an ORGANIZER`);
  }
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//Scheduler//${(appointment.product ?? 'Appointment messages').replace(/[/\r\n]/g, ' ')}//EN`,
    'CALSCALE:GREGORIAN',
    `METHOD:${appointment.method}`,
    ...vtimezoneLines(timeZone, appointment.startUtc.getTime()),
    'BEGIN:VEVENT',
    `UID:${appointmentUid(appointment.appointmentId, appointment.uidHost)}`,
    `SEQUENCE:${appointment.sequence}`,
    `DTSTAMP:${utcStamp(appointment.now)}`,
    dateTimeLine('DTSTART', appointment.startUtc, timeZone),
    dateTimeLine('DTEND', appointment.endUtc, timeZone),
    `SUMMARY:${escapeIcsText(appointment.summary)}`,
    `LOCATION:${escapeIcsText(appointment.locationText)}`,
    `DESCRIPTION:${escapeIcsText(appointment.description)}`,
    ...(organizer
      ? [`ORGANIZER;CN="${organizer.name.replace(/["\r\n]/g, '')}":mailto:${organizer.email}`]
      : []),
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}
