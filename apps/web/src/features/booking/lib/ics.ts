/**
 * "Add to calendar": an iCalendar (RFC 5545) file built in the browser from the booking
 * response, by THE project's one .ics builder (`@scheduler/domain/messages/ics`, the one the
 * appointment e-mails attach): DTSTART;TZID=<the location's IANA zone> with its VTIMEZONE, so the
 * entry reads 8:00 AM in Chicago whatever zone the patient's calendar is in. METHOD:PUBLISH, no
 * ORGANIZER. The UID is the e-mails' one (`appointment-<id>@<host>`), so a calendar that gets both
 * keeps one entry. It names the service, provider and place; nothing about the patient goes in it.
 */
import { msg } from '@lingui/core/macro';
import { i18n } from '../../../i18n/catalogs';
import { buildAppointmentIcs } from '@scheduler/domain/messages/ics';

export { escapeIcsText, foldIcsLine } from '@scheduler/domain/messages/ics';

export interface CalendarAppointment {
  appointmentId: string;
  startUtc: string;
  endUtc: string;
  /** The location's IANA zone ('America/Chicago'). */
  timeZone: string;
  serviceName: string;
  providerName: string;
  locationName: string;
  address: string;
  phone: string | null;
  mapUrl: string;
}

/** '2030-03-05T14:30:00.000Z' → '20300305T143000Z'. Throws RangeError on an invalid instant. */
export function toIcsUtc(instant: string | Date): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not an instant: ${String(instant)}`);
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function instantOf(value: string): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not an instant: ${value}`);
  return date;
}

/** The page's host name (the e-mails' UID host when the booking page and PUBLIC_URL share it). */
function pageHost(): string {
  return typeof location === 'undefined' || !location.hostname ? 'scheduler' : location.hostname;
}

/** The .ics text of a booked appointment. Throws RangeError for an invalid instant or zone. */
export function buildIcs(appointment: CalendarAppointment, now: Date, uidHost: string = pageHost()): string {
  // In the page's language (the file is built when the patient asks for it).
  const { serviceName: service, providerName: provider, locationName: location, phone, mapUrl } = appointment;
  const summary = i18n._(msg`${service} with ${provider}`);
  const description = [
    i18n._(msg`${service} with ${provider} at ${location}.`),
    phone ? i18n._(msg`Office phone: ${phone}`) : null,
    i18n._(msg`Map: ${mapUrl}`),
  ]
    .filter((line): line is string => line !== null)
    .join('\n');
  return buildAppointmentIcs({
    appointmentId: appointment.appointmentId,
    uidHost,
    sequence: 0,
    method: 'PUBLISH',
    product: 'Online booking', // PRODID: not shown to the patient
    startUtc: instantOf(appointment.startUtc),
    endUtc: instantOf(appointment.endUtc),
    timeZone: appointment.timeZone,
    summary,
    locationText: `${appointment.locationName}, ${appointment.address}`,
    description,
    now,
  });
}

/** A file name for the download: 'appointment-2030-03-05.ics'. */
export function icsFileName(startUtc: string, dateLocal?: string): string {
  const day = dateLocal && /^\d{4}-\d{2}-\d{2}$/.test(dateLocal) ? dateLocal : startUtc.slice(0, 10);
  return `appointment-${day}.ics`;
}
