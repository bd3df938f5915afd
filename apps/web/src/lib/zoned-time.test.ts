import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatZonedDate,
  formatZonedDateTime,
  formatZonedTime,
  localTimeLabel,
  todayIn,
  viewerTimeZone,
  zoneLabel,
  zonedDateTimeText,
  zonedTimeLabel,
  zoneName,
} from './zoned-time';

// Fri, Nov 27 2026, 8:00 AM in Chicago (CST, UTC-6) = 14:00 UTC.
const CHICAGO_EIGHT = '2026-11-27T14:00:00.000Z';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('zonedTimeLabel', () => {
  it("shows a Chicago slot on Chicago's clock with its zone, and a Los Angeles patient's own time beside it", () => {
    expect(zonedTimeLabel(CHICAGO_EIGHT, 'America/Chicago', { viewerZone: 'America/Los_Angeles' })).toEqual({
      date: 'Fri, Nov 27',
      longDate: 'Friday, November 27, 2026',
      time: '8:00 AM',
      zone: 'CT',
      zoneLong: 'Central Time',
      full: '8:00 AM CT',
      yourTime: '6:00 AM your time',
    });
  });

  it('gives no "your time" when the viewer is in the same zone, or another zone with the same offset', () => {
    expect(
      zonedTimeLabel(CHICAGO_EIGHT, 'America/Chicago', { viewerZone: 'America/Chicago' }).yourTime,
    ).toBeNull();
    // Winnipeg keeps Chicago's offset all year.
    expect(
      zonedTimeLabel(CHICAGO_EIGHT, 'America/Chicago', { viewerZone: 'America/Winnipeg' }).yourTime,
    ).toBeNull();
    // An unknown viewer zone is never guessed at.
    expect(
      zonedTimeLabel(CHICAGO_EIGHT, 'America/Chicago', { viewerZone: 'Nowhere/Special' }).yourTime,
    ).toBeNull();
  });

  it("adds the viewer's date when their day differs", () => {
    // 06:30Z is 00:30 Friday in Chicago but still 22:30 Thursday in Los Angeles.
    const label = zonedTimeLabel('2026-11-27T06:30:00.000Z', 'America/Chicago', {
      viewerZone: 'America/Los_Angeles',
    });
    expect(label.full).toBe('12:30 AM CT');
    expect(label.date).toBe('Fri, Nov 27');
    expect(label.yourTime).toBe('10:30 PM Thu, Nov 26 your time');
  });

  it('follows daylight saving time on the day it changes (Chicago, Sun Mar 8 2026)', () => {
    // 1:30 AM CST (07:30Z) and 3:30 AM CDT (08:30Z) are one hour apart on the clock that skipped 2:00.
    expect(
      zonedTimeLabel('2026-03-08T07:30:00Z', 'America/Chicago', { viewerZone: 'America/Chicago' }).full,
    ).toBe('1:30 AM CT');
    expect(
      zonedTimeLabel('2026-03-08T08:30:00Z', 'America/Chicago', { viewerZone: 'America/Chicago' }).full,
    ).toBe('3:30 AM CT');
    // Phoenix does not move: an Arizona patient is 1 hour behind Chicago before the change, 2 after.
    expect(
      zonedTimeLabel('2026-03-08T07:30:00Z', 'America/Chicago', { viewerZone: 'America/Phoenix' }).yourTime,
    ).toBe('12:30 AM your time');
    expect(
      zonedTimeLabel('2026-03-08T08:30:00Z', 'America/Chicago', { viewerZone: 'America/Phoenix' }).yourTime,
    ).toBe('1:30 AM your time');
    // Across the change, the local hour a slot starts at reads right from a local date and time.
    expect(localTimeLabel('2026-03-08', '09:00', 'America/Chicago', { viewerZone: 'UTC' })).toMatchObject({
      full: '9:00 AM CT',
      yourTime: '2:00 PM your time',
    });
    expect(localTimeLabel('2026-03-07', '09:00', 'America/Chicago', { viewerZone: 'UTC' })?.yourTime).toBe(
      '3:00 PM your time',
    );
  });

  it("names a zone without letters by its offset (Lord Howe's half hour)", () => {
    // Lord Howe: UTC+10:30 in (southern) winter, +11 in summer.
    const winter = zonedTimeLabel('2026-06-26T22:00:00Z', 'Australia/Lord_Howe', {
      viewerZone: 'Australia/Sydney',
    });
    expect(winter.zone).toBe('GMT+10:30');
    expect(winter.full).toBe('8:30 AM GMT+10:30');
    expect(winter.yourTime).toBe('8:00 AM your time');
    expect(winter.zoneLong).toBe('Lord Howe Time');
    expect(zonedTimeLabel(0, 'UTC', { viewerZone: 'UTC' }).zoneLong).toBe('UTC');
    expect(zoneName('Australia/Lord_Howe', Date.parse('2026-12-26T22:00:00Z'))).toBe('GMT+11');
  });

  it('accepts an instant as a string, a number or a Date, and refuses invalid ones', () => {
    const ms = Date.parse(CHICAGO_EIGHT);
    const options = { viewerZone: 'America/Chicago' };
    expect(zonedTimeLabel(ms, 'America/Chicago', options)).toEqual(
      zonedTimeLabel(CHICAGO_EIGHT, 'America/Chicago', options),
    );
    expect(zonedTimeLabel(new Date(ms), 'America/Chicago', options).full).toBe('8:00 AM CT');
    expect(() => zonedTimeLabel('not a date', 'America/Chicago', options)).toThrow(RangeError);
    expect(() => zonedTimeLabel(ms, 'Nowhere/Special', options)).toThrow(RangeError);
  });

  it('uses the browser zone when no viewer zone is given', () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat('en-US').resolvedOptions(),
      timeZone: 'America/Los_Angeles',
    });
    expect(viewerTimeZone()).toBe('America/Los_Angeles');
    expect(zonedTimeLabel(CHICAGO_EIGHT, 'America/Chicago').yourTime).toBe('6:00 AM your time');
  });

  it('writes one line for tight places', () => {
    const label = zonedTimeLabel(CHICAGO_EIGHT, 'America/Chicago', { viewerZone: 'America/Chicago' });
    expect(zonedDateTimeText(label)).toBe('Fri, Nov 27 at 8:00 AM CT');
  });
});

describe('zoneName', () => {
  it('gives the generic short names of US zones whatever the season', () => {
    const winter = Date.parse('2026-01-15T18:00:00Z');
    const summer = Date.parse('2026-07-15T18:00:00Z');
    for (const instant of [winter, summer]) {
      expect(zoneName('America/New_York', instant)).toBe('ET');
      expect(zoneName('America/Chicago', instant)).toBe('CT');
      expect(zoneName('America/Denver', instant)).toBe('MT');
      expect(zoneName('America/Los_Angeles', instant)).toBe('PT');
      expect(zoneName('America/Phoenix', instant)).toBe('MST');
      expect(zoneName('Pacific/Honolulu', instant)).toBe('HST');
    }
    expect(zoneName('UTC', winter)).toBe('UTC');
    expect(zoneName('Europe/Berlin', winter)).toBe('CET');
    expect(zoneName('Asia/Tokyo', winter)).toBe('GMT+9');
  });
});

describe('localTimeLabel', () => {
  it('reads a slot given as local date and time, and refuses malformed ones', () => {
    expect(
      localTimeLabel('2026-11-27', '08:00:00', 'America/Chicago', { viewerZone: 'America/Los_Angeles' }),
    ).toEqual(zonedTimeLabel(CHICAGO_EIGHT, 'America/Chicago', { viewerZone: 'America/Los_Angeles' }));
    expect(localTimeLabel('2026-11-27', '8 AM', 'America/Chicago')).toBeNull();
    expect(localTimeLabel('27/11/2026', '08:00', 'America/Chicago')).toBeNull();
  });
});

describe("the admin's times (issue 19)", () => {
  it("shows a Chicago 8:00 AM appointment as 8:00 AM CT, whatever the browser's zone", () => {
    const browser = viewerTimeZone();
    expect(formatZonedDateTime(CHICAGO_EIGHT, 'America/Chicago')).toBe('Nov 27, 2026, 8:00 AM CT');
    expect(formatZonedDateTime(CHICAGO_EIGHT, 'America/Chicago', { weekday: true })).toBe(
      'Fri, Nov 27, 2026, 8:00 AM CT',
    );
    expect(formatZonedDateTime(CHICAGO_EIGHT, 'America/Chicago', { noYear: true })).toBe(
      'Nov 27, 8:00 AM CT',
    );
    expect(formatZonedTime(CHICAGO_EIGHT, 'America/Chicago')).toBe('8:00 AM CT');
    // The browser's own zone is never read: pretending to be in Tokyo changes nothing.
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat().resolvedOptions(),
      timeZone: 'Asia/Tokyo',
    });
    expect(viewerTimeZone()).toBe('Asia/Tokyo');
    expect(formatZonedDateTime(CHICAGO_EIGHT, 'America/Chicago')).toBe('Nov 27, 2026, 8:00 AM CT');
    expect(browser).not.toBe('');
  });

  it('names a zone without letters by its offset (Tokyo) and another location by its own', () => {
    expect(formatZonedDateTime(CHICAGO_EIGHT, 'Asia/Tokyo')).toBe('Nov 27, 2026, 11:00 PM GMT+9');
    expect(formatZonedTime(CHICAGO_EIGHT, 'America/New_York')).toBe('9:00 AM ET');
    expect(formatZonedTime(CHICAGO_EIGHT, 'America/Los_Angeles')).toBe('6:00 AM PT');
  });

  it('follows daylight saving time: the same 8:00 AM on both sides of the March change', () => {
    // US clocks go forward on Sunday March 8, 2026: 8:00 AM Chicago is 14:00Z before, 13:00Z after.
    expect(formatZonedTime('2026-03-07T14:00:00.000Z', 'America/Chicago')).toBe('8:00 AM CT');
    expect(formatZonedTime('2026-03-09T13:00:00.000Z', 'America/Chicago')).toBe('8:00 AM CT');
    expect(formatZonedTime('2026-03-07T14:00:00.000Z', 'America/Chicago', 'specific')).toBe('8:00 AM CST');
    expect(formatZonedTime('2026-03-09T13:00:00.000Z', 'America/Chicago', 'specific')).toBe('8:00 AM CDT');
    expect(zoneLabel('Europe/London', Date.parse('2026-07-01T12:00:00Z'), 'specific')).toBe('BST');
    expect(zoneLabel('Europe/London', Date.parse('2026-01-01T12:00:00Z'), 'specific')).toBe('GMT');
  });

  it("gives the date in the zone's own day", () => {
    // 03:00Z on Nov 28 is still Nov 27 in Chicago, already Nov 28 in Tokyo.
    expect(formatZonedDate('2026-11-28T03:00:00.000Z', 'America/Chicago')).toBe('Nov 27, 2026');
    expect(formatZonedDate('2026-11-28T03:00:00.000Z', 'Asia/Tokyo')).toBe('Nov 28, 2026');
    expect(todayIn('America/Chicago', Date.parse('2026-11-28T03:00:00.000Z'))).toBe('2026-11-27');
    expect(todayIn('Asia/Tokyo', Date.parse('2026-11-28T03:00:00.000Z'))).toBe('2026-11-28');
  });

  it('says UTC for an unknown zone and shows a dash for a missing or unreadable instant', () => {
    expect(formatZonedDateTime(CHICAGO_EIGHT, 'Nowhere/Special')).toBe('Nov 27, 2026, 2:00 PM UTC');
    expect(formatZonedDateTime(null, 'America/Chicago')).toBe('—');
    expect(formatZonedTime('nonsense', 'America/Chicago')).toBe('—');
    expect(formatZonedDate(undefined, 'America/Chicago')).toBe('—');
  });
});
