import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildAppointmentIcs } from './ics.ts';
import { buildIcsFeed, feedEventSummary, feedStatusOf } from './ics-feed.ts';
import type { IcsFeed, IcsFeedEvent } from './ics-feed.ts';

const chicago: IcsFeedEvent = {
  appointmentId: 41,
  sequence: 3,
  startUtc: new Date('2026-11-30T15:00:00Z'),
  endUtc: new Date('2026-11-30T15:30:00Z'),
  timeZone: 'America/Chicago',
  summary: 'Booked: 30 min',
  locationText: 'Downtown Clinic, 120 Main Street, Springfield, IL 62701',
  status: 'CONFIRMED',
  lastModified: new Date('2026-11-20T09:15:00Z'),
};
const losAngeles: IcsFeedEvent = {
  ...chicago,
  appointmentId: 42,
  sequence: 1,
  startUtc: new Date('2026-12-01T18:00:00Z'),
  endUtc: new Date('2026-12-01T19:00:00Z'),
  timeZone: 'America/Los_Angeles',
  summary: 'Booked: 60 min',
  locationText: 'Westside, 9 Ocean Ave, Santa Monica, CA 90401',
  status: 'CANCELLED',
};
const feed: IcsFeed = {
  calendarName: 'Dr. Emily Carter',
  uidHost: 'scheduler.example.com',
  events: [chicago, losAngeles],
  now: new Date('2026-11-25T15:00:00Z'),
};

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return { calendar, events: calendar.getAllSubcomponents('vevent') };
}

describe('buildIcsFeed', () => {
  it('writes a PUBLISH calendar with its name, refresh hints, one VTIMEZONE per zone and one VEVENT per appointment', () => {
    const text = buildIcsFeed(feed);
    const { calendar, events } = parse(text);
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('calscale')).toBe('GREGORIAN');
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//Scheduler//Calendar feed//EN');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Dr. Emily Carter');
    expect(text).toContain('\r\nREFRESH-INTERVAL;VALUE=DURATION:PT15M\r\n');
    expect(text).toContain('\r\nX-PUBLISHED-TTL:PT15M\r\n');
    expect(calendar.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid'))).toEqual([
      'America/Chicago',
      'America/Los_Angeles',
    ]);
    expect(events).toHaveLength(2);
    const [first, second] = events.map((e) => new ICAL.Event(e));
    expect(first?.uid).toBe('appointment-41@scheduler.example.com');
    expect(first?.sequence).toBe(3);
    expect(events[0]?.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('America/Chicago');
    expect(first?.startDate.zone?.tzid).toBe('America/Chicago');
    expect(first?.startDate.toJSDate().toISOString()).toBe('2026-11-30T15:00:00.000Z');
    expect(first?.endDate.toJSDate().toISOString()).toBe('2026-11-30T15:30:00.000Z');
    expect(text).toContain('DTSTART;TZID=America/Chicago:20261130T090000');
    expect(first?.summary).toBe('Booked: 30 min');
    expect(first?.location).toBe(chicago.locationText);
    expect(events[0]?.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(events[0]?.getFirstPropertyValue('dtstamp')?.toString()).toBe('2026-11-25T15:00:00Z');
    expect(events[0]?.getFirstPropertyValue('last-modified')?.toString()).toBe('2026-11-20T09:15:00Z');
    expect(second?.startDate.zone?.tzid).toBe('America/Los_Angeles');
    expect(second?.startDate.toJSDate().toISOString()).toBe('2026-12-01T18:00:00.000Z');
    expect(events[1]?.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(events[1]?.getFirstPropertyValue('transp')).toBe('TRANSPARENT');
  });

  it('uses the UID of the e-mails’ calendar entry for the same appointment', () => {
    const mail = buildAppointmentIcs({
      appointmentId: 41,
      uidHost: 'scheduler.example.com',
      sequence: 3,
      method: 'PUBLISH',
      startUtc: chicago.startUtc,
      endUtc: chicago.endUtc,
      timeZone: chicago.timeZone,
      summary: 'x',
      locationText: 'y',
      description: 'z',
      now: feed.now,
    });
    const mailUid = parse(mail).events[0]?.getFirstPropertyValue('uid');
    expect(parse(buildIcsFeed(feed)).events[0]?.getFirstPropertyValue('uid')).toBe(mailUid);
  });

  it('ends every line with CRLF and folds long lines at 75 octets without splitting a character', () => {
    const long = {
      ...chicago,
      locationText: `Clínica Dental Zoë — ${'Ünïcödé Straße, '.repeat(12)}Chicago, IL 60601`,
    };
    const text = buildIcsFeed({ ...feed, events: [long] });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = text.split('\r\n').slice(0, -1);
    expect(lines.every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    expect(text).not.toContain('\uFFFD');
    expect(new ICAL.Event(parse(text).events[0]).location).toBe(long.locationText);
  });

  it('escapes TEXT values (commas, semicolons, backslashes, line breaks)', () => {
    const text = buildIcsFeed({
      ...feed,
      calendarName: 'Carter; Lee, DDS',
      events: [{ ...chicago, summary: 'Cleaning, deep; x\\y: 30 min', locationText: 'A\nB' }],
    });
    expect(text).toContain('X-WR-CALNAME:Carter\\; Lee\\, DDS');
    expect(text).toContain('\r\nNAME:Carter\\; Lee\\, DDS\r\n');
    const { events } = parse(text);
    const event = new ICAL.Event(events[0]);
    expect(event.summary).toBe('Cleaning, deep; x\\y: 30 min');
    expect(event.location).toBe('A\nB');
  });

  it('describes the zones given even without events, and takes another refresh interval', () => {
    const text = buildIcsFeed({ ...feed, events: [], timeZones: ['America/New_York'], refreshMinutes: 90 });
    const { calendar, events } = parse(text);
    expect(events).toHaveLength(0);
    expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe(
      'America/New_York',
    );
    expect(text).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H30M');
  });

  it('refuses a negative SEQUENCE', () => {
    expect(() => buildIcsFeed({ ...feed, events: [{ ...chicago, sequence: -1 }] })).toThrow(RangeError);
  });
});

describe('feedEventSummary and feedStatusOf', () => {
  it('titles an event by its duration, or by service name and duration', () => {
    expect(feedEventSummary(30)).toBe('Booked: 30 min');
    expect(feedEventSummary(45, null)).toBe('Booked: 45 min');
    expect(feedEventSummary(30, '  ')).toBe('Booked: 30 min');
    expect(feedEventSummary(30, 'Cleaning')).toBe('Cleaning: 30 min');
  });

  it('maps appointment statuses: cancelled and entered-in-error are CANCELLED, pending TENTATIVE', () => {
    expect(feedStatusOf('cancelled')).toBe('CANCELLED');
    expect(feedStatusOf('entered-in-error')).toBe('CANCELLED');
    expect(feedStatusOf('pending')).toBe('TENTATIVE');
    for (const status of ['booked', 'arrived', 'checked-in', 'fulfilled', 'noshow']) {
      expect(feedStatusOf(status)).toBe('CONFIRMED');
    }
  });
});
