/**
 * react-big-calendar draws `Date`s on the BROWSER's wall clock; the schedule must show the
 * LOCATION's (a front desk in Tokyo looking at a Chicago practice sees Chicago's 8:00 AM at 8:00).
 * So every instant is handed to the calendar as a "calendar date": a browser-local Date whose wall
 * clock reads what the location's wall clock reads at that instant; what the calendar hands back
 * (a clicked time, a drop) is read the other way. Pure functions of the domain's zone rules.
 *
 * A location wall time that does not exist on the browser's clock (the browser's own spring-forward
 * hour) moves forward by the gap, as `new Date(y, m, d, h, min)` does; the viewer's zone is then the
 * only one affected, and only within that hour.
 */
import { formatIsoDate } from '@scheduler/domain/local-date';
import { localDateTimeToInstant, zoneOffsetMs } from '@scheduler/domain/time-zone';

const QUARTER_HOUR_MS = 900_000;
const offsets = new Map<string, number>();

/**
 * The zone's UTC offset at `ms`, asked of Intl once per zone and quarter hour of UTC: offsets and
 * their changes fall on whole quarter hours (a schedule of 300 appointments then asks ~40 times,
 * not 600).
 */
export function offsetAt(timeZone: string, ms: number): number {
  const bucket = Math.floor(ms / QUARTER_HOUR_MS);
  const key = `${timeZone} ${bucket}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = zoneOffsetMs(timeZone, bucket * QUARTER_HOUR_MS);
    if (offsets.size > 20_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** The browser-local Date whose wall clock shows `instant` on `timeZone`'s wall clock. */
export function toCalendarDate(instant: number | string | Date, timeZone: string): Date {
  const ms =
    instant instanceof Date ? instant.getTime() : typeof instant === 'number' ? instant : Date.parse(instant);
  const wall = new Date(Math.floor(ms / 1000) * 1000 + offsetAt(timeZone, ms));
  return new Date(
    wall.getUTCFullYear(),
    wall.getUTCMonth(),
    wall.getUTCDate(),
    wall.getUTCHours(),
    wall.getUTCMinutes(),
    wall.getUTCSeconds(),
  );
}

/** The local date 'YYYY-MM-DD' a calendar date shows. */
export function calendarDateText(date: Date): string {
  return formatIsoDate({ year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() });
}

/** The instant (epoch ms) at which `timeZone`'s wall clock shows what the calendar date shows. */
export function fromCalendarDate(date: Date, timeZone: string): number {
  const minutes = date.getHours() * 60 + date.getMinutes() + date.getSeconds() / 60;
  return localDateTimeToInstant(calendarDateText(date), minutes, timeZone).getTime();
}

/** Midnight (browser-local) of a location date 'YYYY-MM-DD', as the calendar's `date`. */
export function calendarDayOf(dateText: string): Date {
  const [year = 1970, month = 1, day = 1] = dateText.split('-').map(Number);
  return new Date(year, month - 1, day);
}
