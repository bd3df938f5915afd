import { describe, expect, it } from 'vitest';
import { buildIcs, escapeIcsText, foldIcsLine, icsFileName, toIcsUtc, type CalendarAppointment } from './ics';

const appointment: CalendarAppointment = {
  appointmentId: 'a1b2',
  startUtc: '2030-03-05T14:30:00.000Z',
  endUtc: '2030-03-05T15:30:00Z',
  timeZone: 'America/New_York',
  serviceName: 'New Patient Exam & Cleaning',
  providerName: 'Dr. Emily Carter, DDS',
  locationName: 'BrightSmile Midtown Manhattan',
  address: '350 Fifth Avenue, Suite 4810, New York, NY 10118',
  phone: '(212) 555-0142',
  mapUrl: 'https://www.google.com/maps/search/?api=1&query=350%20Fifth%20Avenue',
};

/** Unfolds continuation lines, as a calendar application does. */
const unfold = (ics: string) => ics.replace(/\r\n /g, '');

describe('toIcsUtc', () => {
  it('writes an instant in the basic UTC form', () => {
    expect(toIcsUtc('2030-03-05T14:30:00.000Z')).toBe('20300305T143000Z');
    expect(toIcsUtc(new Date(Date.UTC(2030, 0, 2, 3, 4, 5)))).toBe('20300102T030405Z');
  });

  it('refuses a value that is not an instant', () => {
    expect(() => toIcsUtc('tomorrow')).toThrow(RangeError);
  });
});

describe('escapeIcsText', () => {
  it('escapes the characters iCalendar text reserves', () => {
    expect(escapeIcsText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
  });
});

describe('foldIcsLine', () => {
  it('folds long lines at 75 octets without splitting a character', () => {
    const folded = foldIcsLine(`SUMMARY:${'é'.repeat(80)}`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(`SUMMARY:${'é'.repeat(80)}`);
  });

  it('leaves short lines alone', () => {
    expect(foldIcsLine('VERSION:2.0')).toBe('VERSION:2.0');
  });
});

describe('buildIcs', () => {
  const ics = buildIcs(appointment, new Date('2030-03-01T10:00:00Z'), 'book.example.com');

  it('is one calendar with one event, with CRLF line ends', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '').includes('\n')).toBe(false);
  });

  it("has the appointment times on the location's clock with its TZID and VTIMEZONE, and the e-mails' uid", () => {
    const text = unfold(ics);
    expect(text).toContain('METHOD:PUBLISH');
    expect(text).toContain('DTSTART;TZID=America/New_York:20300305T093000');
    expect(text).toContain('DTEND;TZID=America/New_York:20300305T103000');
    expect(text).toContain('DTSTAMP:20300301T100000Z');
    expect(text).toContain('UID:appointment-a1b2@book.example.com');
    const zone = /BEGIN:VTIMEZONE\r\n([\s\S]*?)END:VTIMEZONE/.exec(text)?.[1] ?? '';
    expect(zone).toContain('TZID:America/New_York');
    // The DST change of 10 Mar 2030 (EST → EDT) is one of its observances.
    expect(zone).toContain('DTSTART:20300310T020000');
    expect(zone).toContain('TZNAME:EDT');
    expect(zone).toContain('TZNAME:EST');
    expect(text.indexOf('END:VTIMEZONE')).toBeLessThan(text.indexOf('BEGIN:VEVENT'));
  });

  it('reads a Chicago slot as 8:00 in Chicago, whoever opens it', () => {
    const text = unfold(
      buildIcs(
        {
          ...appointment,
          timeZone: 'America/Chicago',
          startUtc: '2026-11-27T14:00:00Z',
          endUtc: '2026-11-27T14:30:00Z',
        },
        new Date('2026-11-20T10:00:00Z'),
        'book.example.com',
      ),
    );
    expect(text).toContain('DTSTART;TZID=America/Chicago:20261127T080000');
    expect(text).toContain('TZID:America/Chicago');
    expect(text).toContain('TZNAME:CST');
  });

  it('refuses an unknown zone or an invalid instant', () => {
    expect(() => buildIcs({ ...appointment, timeZone: 'Nowhere/Special' }, new Date())).toThrow(RangeError);
    expect(() => buildIcs({ ...appointment, startUtc: 'tomorrow' }, new Date())).toThrow(RangeError);
  });

  it('names the service, provider and place, escaped', () => {
    const text = unfold(ics);
    expect(text).toContain('SUMMARY:New Patient Exam & Cleaning with Dr. Emily Carter\\, DDS');
    expect(text).toContain(
      'LOCATION:BrightSmile Midtown Manhattan\\, 350 Fifth Avenue\\, Suite 4810\\, New York\\, NY 10118',
    );
  });

  it('carries nothing but the appointment (no patient fields)', () => {
    expect(unfold(ics)).not.toMatch(/ATTENDEE|ORGANIZER|MAILTO/i);
  });
});

describe('icsFileName', () => {
  it("names the file after the appointment's local day", () => {
    expect(icsFileName('2030-03-05T02:30:00Z', '2030-03-04')).toBe('appointment-2030-03-04.ics');
    expect(icsFileName('2030-03-05T02:30:00Z')).toBe('appointment-2030-03-05.ics');
  });
});
