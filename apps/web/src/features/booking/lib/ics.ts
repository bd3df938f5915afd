/**
 * "Add to calendar": an iCalendar (RFC 5545) file built in the browser from the booking
 * response. It names the service, provider and place of the appointment; nothing about the
 * patient goes in it.
 */

export interface CalendarAppointment {
  appointmentId: string;
  startUtc: string;
  endUtc: string;
  serviceName: string;
  providerName: string;
  locationName: string;
  address: string;
  phone: string | null;
  mapUrl: string;
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** '2030-03-05T14:30:00.000Z' → '20300305T143000Z'. Throws RangeError on an invalid instant. */
export function toIcsUtc(instant: string | Date): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not an instant: ${String(instant)}`);
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

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
  const encoder = new TextEncoder();
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

export function buildIcs(appointment: CalendarAppointment, now: Date): string {
  const summary = `${appointment.serviceName} with ${appointment.providerName}`;
  const description = [
    `${appointment.serviceName} with ${appointment.providerName} at ${appointment.locationName}.`,
    appointment.phone ? `Office phone: ${appointment.phone}` : null,
    `Map: ${appointment.mapUrl}`,
  ]
    .filter((line): line is string => line !== null)
    .join('\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Scheduler//Online booking//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeIcsText(appointment.appointmentId)}@scheduler`,
    `DTSTAMP:${toIcsUtc(now)}`,
    `DTSTART:${toIcsUtc(appointment.startUtc)}`,
    `DTEND:${toIcsUtc(appointment.endUtc)}`,
    `SUMMARY:${escapeIcsText(summary)}`,
    `LOCATION:${escapeIcsText(`${appointment.locationName}, ${appointment.address}`)}`,
    `DESCRIPTION:${escapeIcsText(description)}`,
    'STATUS:CONFIRMED',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}

/** A file name for the download: 'appointment-2030-03-05.ics'. */
export function icsFileName(startUtc: string, dateLocal?: string): string {
  const day = dateLocal && /^\d{4}-\d{2}-\d{2}$/.test(dateLocal) ? dateLocal : startUtc.slice(0, 10);
  return `appointment-${day}.ics`;
}
