/**
 * A provider's calendar feed (issue 20): one RFC 5545 calendar of the provider's appointments that
 * calendar applications subscribe to (METHOD:PUBLISH, read-only). Built with the pieces of the
 * appointment e-mails' builder (ics.ts), so that a feed entry and an e-mail's entry for the same
 * appointment share their UID (`appointment-<id>@<host>`) and SEQUENCE (the appointment's
 * version), and local times read the same:
 * - calendar: PRODID, VERSION, CALSCALE, METHOD:PUBLISH, NAME + X-WR-CALNAME (the provider),
 *   REFRESH-INTERVAL (RFC 7986) + X-PUBLISHED-TTL (how often a subscriber should look again);
 * - one VTIMEZONE per zone used (ics.ts's generator, valid a year either side of `now`);
 * - one VEVENT per appointment: UID, SEQUENCE, DTSTAMP, LAST-MODIFIED, DTSTART/DTEND with the
 *   location's TZID, SUMMARY, LOCATION, STATUS (CONFIRMED, TENTATIVE, or CANCELLED: kept so that
 *   subscribers remove the entry), TRANSP;
 * - CRLF line ends, lines folded at 75 octets.
 * What goes in a summary is the caller's choice, made with `feedEventSummary`: a duration, or a
 * service name and a duration. Nothing about the patient has a field here.
 */
import { appointmentUid, dateTimeLine, escapeIcsText, foldIcsLine, utcStamp, vtimezoneLines } from './ics.ts';

const CRLF = '\r\n';

export type IcsFeedStatus = 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';

export interface IcsFeedEvent {
  appointmentId: string | number;
  /** The appointment's version: grows with every change, as in its e-mails. */
  sequence: number;
  startUtc: Date;
  endUtc: Date;
  /** The location's IANA zone (TZID). */
  timeZone: string;
  summary: string;
  /** The location's name and address. */
  locationText: string;
  status: IcsFeedStatus;
  /** When the appointment last changed (LAST-MODIFIED). */
  lastModified: Date;
}

export interface IcsFeed {
  /** The calendar's display name (NAME, X-WR-CALNAME), e.g. the provider's name. */
  calendarName: string;
  /** The host part of the UIDs, e.g. the PUBLIC_URL's host name. */
  uidHost: string;
  /** PRODID's product part; 'Calendar feed' by default. */
  product?: string;
  /** How often subscribers should fetch it again, in minutes (default 15). */
  refreshMinutes?: number;
  /** Zones to describe even without an event in them (the provider's locations): the calendar always has a component. */
  timeZones?: readonly string[];
  events: readonly IcsFeedEvent[];
  /** When the file is made (DTSTAMP; the VTIMEZONEs cover a year either side of it). */
  now: Date;
}

/** Statuses of appointments (FHIR Appointment.status codes) as a feed shows them. */
export function feedStatusOf(appointmentStatus: string): IcsFeedStatus {
  if (appointmentStatus === 'cancelled' || appointmentStatus === 'entered-in-error') return 'CANCELLED';
  if (appointmentStatus === 'pending') return 'TENTATIVE';
  return 'CONFIRMED';
}

/** 'Booked: 30 min' or, when the practice shows service names, 'Cleaning: 30 min'. */
export function feedEventSummary(durationMinutes: number, serviceName?: string | null): string {
  const label =
    serviceName === undefined || serviceName === null || serviceName.trim() === ''
      ? 'Booked'
      : serviceName.trim();
  return `${label}: ${Math.max(0, Math.round(durationMinutes))} min`;
}

/** `PT15M`, `PT1H30M`. */
function durationText(minutes: number): string {
  const whole = Math.max(1, Math.round(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  return `PT${hours > 0 ? `${hours}H` : ''}${rest > 0 || hours === 0 ? `${rest}M` : ''}`;
}

function eventLines(event: IcsFeedEvent, uidHost: string, stamp: string): string[] {
  if (!Number.isInteger(event.sequence) || event.sequence < 0) {
    throw new RangeError('SEQUENCE must be a whole number ≥ 0');
  }
  return [
    'BEGIN:VEVENT',
    `UID:${appointmentUid(event.appointmentId, uidHost)}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${stamp}`,
    `LAST-MODIFIED:${utcStamp(event.lastModified)}`,
    dateTimeLine('DTSTART', event.startUtc, event.timeZone),
    dateTimeLine('DTEND', event.endUtc, event.timeZone),
    `SUMMARY:${escapeIcsText(event.summary)}`,
    `LOCATION:${escapeIcsText(event.locationText)}`,
    `STATUS:${event.status}`,
    `TRANSP:${event.status === 'CANCELLED' ? 'TRANSPARENT' : 'OPAQUE'}`,
    'END:VEVENT',
  ];
}

/** The feed's text: CRLF line ends, folded at 75 octets, events in the order given. */
export function buildIcsFeed(feed: IcsFeed): string {
  const nowMs = feed.now.getTime();
  const stamp = utcStamp(feed.now);
  const refresh = durationText(feed.refreshMinutes ?? 15);
  const zones = [...new Set([...feed.events.map((e) => e.timeZone), ...(feed.timeZones ?? [])])].sort();
  const name = escapeIcsText(feed.calendarName);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//Scheduler//${(feed.product ?? 'Calendar feed').replace(/[/\r\n]/g, ' ')}//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${name}`,
    `X-WR-CALNAME:${name}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${refresh}`,
    `X-PUBLISHED-TTL:${refresh}`,
    ...zones.flatMap((zone) => vtimezoneLines(zone, nowMs)),
    ...feed.events.flatMap((event) => eventLines(event, feed.uidHost, stamp)),
    'END:VCALENDAR',
  ];
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}
