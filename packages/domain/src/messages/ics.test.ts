import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { appointmentUid, buildAppointmentIcs } from './ics.ts';
import type { IcsAppointment } from './ics.ts';

const base: IcsAppointment = {
  appointmentId: 12,
  uidHost: 'scheduler.example.com',
  sequence: 0,
  method: 'REQUEST',
  startUtc: new Date('2026-11-02T14:00:00Z'),
  endUtc: new Date('2026-11-02T14:30:00Z'),
  timeZone: 'America/New_York',
  summary: 'Appointment at Downtown Clinic, Riverside; Family Health',
  locationText: 'Downtown Clinic, 120 Main Street, Springfield, IL 62701',
  description: 'Confirmation number K7M-4QXD\nCall (217) 555-0142',
  organizer: { name: 'Riverside Family Health', email: 'no-reply@example.com' },
  now: new Date('2026-10-20T12:00:00Z'),
};

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const event = calendar.getFirstSubcomponent('vevent');
  if (!event) throw new Error('no VEVENT');
  return { calendar, event };
}

describe('buildAppointmentIcs', () => {
  it('parses, with METHOD:REQUEST, a stable UID, SEQUENCE and the location TZID resolving to the right instant', () => {
    const text = buildAppointmentIcs(base);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    const { calendar, event } = parse(text);
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(event.getFirstPropertyValue('uid')).toBe('appointment-12@scheduler.example.com');
    expect(event.getFirstPropertyValue('sequence')).toBe(0);
    expect(text).toContain('DTSTART;TZID=America/New_York:20261102T090000');
    const vevent = new ICAL.Event(event);
    expect(vevent.startDate.toJSDate().toISOString()).toBe('2026-11-02T14:00:00.000Z');
    expect(vevent.endDate.toJSDate().toISOString()).toBe('2026-11-02T14:30:00.000Z');
    expect(vevent.summary).toBe(base.summary);
    expect(vevent.description).toBe(base.description);
    expect(event.getFirstPropertyValue('dtstamp')?.toString()).toBe('2026-10-20T12:00:00Z');
  });

  it('keeps the UID and raises SEQUENCE for a change; METHOD:CANCEL + STATUS:CANCELLED for a cancellation', () => {
    const moved = parse(
      buildAppointmentIcs({ ...base, sequence: 1, startUtc: new Date('2026-11-03T15:00:00Z') }),
    );
    expect(moved.event.getFirstPropertyValue('uid')).toBe(appointmentUid(12, 'scheduler.example.com'));
    expect(moved.event.getFirstPropertyValue('sequence')).toBe(1);
    const cancelled = parse(buildAppointmentIcs({ ...base, sequence: 2, method: 'CANCEL' }));
    expect(cancelled.calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(cancelled.event.getFirstPropertyValue('status')).toBe('CANCELLED');
  });

  it('resolves a summer time in Europe through its VTIMEZONE', () => {
    const { event } = parse(
      buildAppointmentIcs({
        ...base,
        timeZone: 'Europe/Berlin',
        startUtc: new Date('2026-07-10T07:00:00Z'),
        endUtc: new Date('2026-07-10T07:30:00Z'),
      }),
    );
    expect(new ICAL.Event(event).startDate.toJSDate().toISOString()).toBe('2026-07-10T07:00:00.000Z');
  });

  it('writes the second 1:30 of a fall-back night in UTC (a local 1:30 would mean the first)', () => {
    const text = buildAppointmentIcs({
      ...base,
      startUtc: new Date('2026-11-01T06:30:00Z'), // 01:30 EST, the second one
      endUtc: new Date('2026-11-01T07:00:00Z'),
    });
    expect(text).toContain('DTSTART:20261101T063000Z');
    expect(new ICAL.Event(parse(text).event).startDate.toJSDate().toISOString()).toBe(
      '2026-11-01T06:30:00.000Z',
    );
  });

  it('refuses a negative SEQUENCE', () => {
    expect(() => buildAppointmentIcs({ ...base, sequence: -1 })).toThrow(RangeError);
  });

  it('writes a PUBLISH file without ORGANIZER for the booking page, and refuses REQUEST without one', () => {
    const { organizer: _organizer, ...withoutOrganizer } = base;
    const text = buildAppointmentIcs({ ...withoutOrganizer, method: 'PUBLISH', product: 'Online booking' });
    expect(text).toContain('PRODID:-//Scheduler//Online booking//EN');
    expect(text).not.toMatch(/ORGANIZER/);
    const { calendar, event } = parse(text);
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(new ICAL.Event(event).startDate.toJSDate().toISOString()).toBe('2026-11-02T14:00:00.000Z');
    expect(() => buildAppointmentIcs({ ...withoutOrganizer, method: 'REQUEST' })).toThrow(RangeError);
  });

  it('names a zone without letters by its offset in the VTIMEZONE (Lord Howe)', () => {
    const text = buildAppointmentIcs({
      ...base,
      timeZone: 'Australia/Lord_Howe',
      startUtc: new Date('2026-06-26T22:00:00Z'),
      endUtc: new Date('2026-06-26T22:30:00Z'),
    });
    expect(text).toContain('DTSTART;TZID=Australia/Lord_Howe:20260627T083000');
    expect(text).toContain('TZOFFSETTO:+1030');
    expect(text).toContain('TZNAME:GMT+10:30');
    expect(new ICAL.Event(parse(text).event).startDate.toJSDate().toISOString()).toBe(
      '2026-06-26T22:00:00.000Z',
    );
  });
});
