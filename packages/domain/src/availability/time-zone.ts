/**
 * IANA time-zone arithmetic for the availability engine, built on Intl only.
 *
 * The engine never converts inside its inner loop: it asks once per (time zone, local date)
 * for a `ZoneDay` (when the local day starts and ends in UTC, the UTC offset in force and
 * the instant where it changes, if it does), then works in integer minutes elapsed since
 * the start of that day. Offsets come from one cached `Intl.DateTimeFormat` per zone.
 *
 * A local wall time maps to the earliest instant whose wall clock reads that time or
 * later. So an ambiguous time (the repeated hour when clocks go back) is its first
 * occurrence, and a time that does not exist (the hour skipped when clocks go forward)
 * is the instant the clocks jump, i.e. the first instant after the gap.
 *
 * Assumes at most one offset change per local day and offsets in whole minutes, which
 * holds for every zone since 1900.
 */
import { formatLocalDate, localMidnightMs, weekdayOfDayNumber } from './local-time.ts';

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;
const CACHE_LIMIT = 50_000;

/** One local calendar day of a time zone, measured in UTC. */
export interface ZoneDay {
  readonly timeZone: string;
  /** Days since 1970-01-01 of the local date. */
  readonly dayNumber: number;
  /** 'YYYY-MM-DD' in the zone. */
  readonly dateLocal: string;
  /** 0 = Sunday … 6 = Saturday. */
  readonly weekday: number;
  /** First instant of the local date. */
  readonly startUtcMs: number;
  /** First instant of the next local date (exclusive end). */
  readonly endUtcMs: number;
  /** 1440, or 1380 / 1500 on a DST day (other values for 30-minute shifts). */
  readonly lengthMinutes: number;
  /** UTC offset (local minus UTC) in force at the start of the day, in ms. */
  readonly offsetBeforeMs: number;
  /** UTC offset in force at the end of the day, in ms (equals `offsetBeforeMs` on most days). */
  readonly offsetAfterMs: number;
  /** Instant the offset changes during the day; `Infinity` when it does not. */
  readonly transitionUtcMs: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const dayStarts = new Map<string, number>();
const zoneDays = new Map<string, ZoneDay>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function digits(text: string, from: number, count: number): number {
  let value = 0;
  for (let index = from; index < from + count; index++) {
    const code = text.charCodeAt(index) - 48;
    if (code < 0 || code > 9) return Number.NaN;
    value = value * 10 + code;
  }
  return value;
}

function wallClockFromParts(formatter: Intl.DateTimeFormat, utcMs: number): number {
  const fields: Record<string, number> = {};
  for (const part of formatter.formatToParts(utcMs)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const date = new Date(0);
  date.setUTCFullYear(fields.year ?? 1970, (fields.month ?? 1) - 1, fields.day ?? 1);
  date.setUTCHours((fields.hour ?? 0) % 24, fields.minute ?? 0, fields.second ?? 0, 0);
  return date.getTime();
}

/** UTC offset of `timeZone` at `utcMs` (local wall clock minus UTC), in ms. */
export function zoneOffsetMs(timeZone: string, utcMs: number): number {
  const formatter = formatterFor(timeZone);
  const wholeSecondMs = Math.floor(utcMs / 1000) * 1000;
  // en-US with h23 formats as "MM/DD/YYYY, HH:mm:ss"; parsing fixed positions is ~3x
  // faster than formatToParts, which remains the fallback for anything unusual.
  const text = formatter.format(wholeSecondMs);
  let wallMs = Number.NaN;
  if (text.length === 20) {
    const month = digits(text, 0, 2);
    const day = digits(text, 3, 2);
    const year = digits(text, 6, 4);
    const hour = digits(text, 12, 2);
    const minute = digits(text, 15, 2);
    const second = digits(text, 18, 2);
    if (year >= 1000) wallMs = Date.UTC(year, month - 1, day, hour % 24, minute, second);
  }
  if (Number.isNaN(wallMs)) wallMs = wallClockFromParts(formatter, wholeSecondMs);
  return wallMs - wholeSecondMs;
}

/** Local date (days since 1970-01-01) of an instant in `timeZone`. */
export function localDayNumberOf(timeZone: string, utcMs: number): number {
  return Math.floor((utcMs + zoneOffsetMs(timeZone, utcMs)) / MS_PER_DAY);
}

/** First minute at which the offset differs from `offsetAtLow`, searching (low, high]. */
function findTransition(timeZone: string, lowMs: number, highMs: number, offsetAtLow: number): number {
  let low = lowMs;
  let high = highMs;
  while (high - low > MS_PER_MINUTE) {
    const middle = low + Math.floor((high - low) / (2 * MS_PER_MINUTE)) * MS_PER_MINUTE;
    if (zoneOffsetMs(timeZone, middle) === offsetAtLow) low = middle;
    else high = middle;
  }
  return high;
}

/** Earliest instant whose wall clock reads `wallMs` or later, given the offsets around it. */
function resolveWall(
  wallMs: number,
  offsetBeforeMs: number,
  offsetAfterMs: number,
  transitionUtcMs: number,
): number {
  const early = wallMs - offsetBeforeMs;
  if (early < transitionUtcMs) return early;
  return Math.max(transitionUtcMs, wallMs - offsetAfterMs);
}

function cacheSet<V>(cache: Map<string, V>, key: string, value: V): void {
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, value);
}

/** First instant of a local date in `timeZone`. */
function dayStartUtcMs(timeZone: string, dayNumber: number): number {
  const key = `${timeZone} ${dayNumber}`;
  const cached = dayStarts.get(key);
  if (cached !== undefined) return cached;
  const wallMs = localMidnightMs(dayNumber);
  // Every instant that can show this wall time lies within a day of it (offsets are ±14 h).
  const before = zoneOffsetMs(timeZone, wallMs - MS_PER_DAY);
  const after = zoneOffsetMs(timeZone, wallMs + MS_PER_DAY);
  const startMs =
    before === after
      ? wallMs - before
      : resolveWall(
          wallMs,
          before,
          after,
          findTransition(timeZone, wallMs - MS_PER_DAY, wallMs + MS_PER_DAY, before),
        );
  cacheSet(dayStarts, key, startMs);
  return startMs;
}

/** The local day `dayNumber` of `timeZone`, cached per (zone, date). */
export function zoneDay(timeZone: string, dayNumber: number): ZoneDay {
  const key = `${timeZone} ${dayNumber}`;
  const cached = zoneDays.get(key);
  if (cached !== undefined) return cached;
  const startUtcMs = dayStartUtcMs(timeZone, dayNumber);
  const endUtcMs = dayStartUtcMs(timeZone, dayNumber + 1);
  const lastMinuteMs = endUtcMs - MS_PER_MINUTE;
  const offsetBeforeMs = zoneOffsetMs(timeZone, startUtcMs);
  const offsetAfterMs = zoneOffsetMs(timeZone, lastMinuteMs);
  const day: ZoneDay = {
    timeZone,
    dayNumber,
    dateLocal: formatLocalDate(dayNumber),
    weekday: weekdayOfDayNumber(dayNumber),
    startUtcMs,
    endUtcMs,
    lengthMinutes: (endUtcMs - startUtcMs) / MS_PER_MINUTE,
    offsetBeforeMs,
    offsetAfterMs,
    transitionUtcMs:
      offsetBeforeMs === offsetAfterMs
        ? Number.POSITIVE_INFINITY
        : findTransition(timeZone, startUtcMs, lastMinuteMs, offsetBeforeMs),
  };
  cacheSet(zoneDays, key, day);
  return day;
}

/** The local days of `timeZone` that overlap [fromUtcMs, toUtcMs), in order. */
export function zoneDaysBetween(timeZone: string, fromUtcMs: number, toUtcMs: number): ZoneDay[] {
  if (!(toUtcMs > fromUtcMs)) return [];
  const first = localDayNumberOf(timeZone, fromUtcMs);
  const last = localDayNumberOf(timeZone, toUtcMs - 1);
  const days: ZoneDay[] = [];
  for (let dayNumber = first; dayNumber <= last; dayNumber++) days.push(zoneDay(timeZone, dayNumber));
  return days;
}

/**
 * Minutes elapsed since the start of `day` at which its wall clock first reads
 * `minuteOfDay` (0–1440; 1440 is the end of the day). Arithmetic only, no Intl call.
 */
export function elapsedMinutesOfWall(day: ZoneDay, minuteOfDay: number): number {
  const wallMs = localMidnightMs(day.dayNumber) + minuteOfDay * MS_PER_MINUTE;
  const utcMs =
    day.transitionUtcMs === Number.POSITIVE_INFINITY
      ? Math.max(day.startUtcMs, wallMs - day.offsetBeforeMs)
      : resolveWall(wallMs, day.offsetBeforeMs, day.offsetAfterMs, day.transitionUtcMs);
  return (Math.min(Math.max(utcMs, day.startUtcMs), day.endUtcMs) - day.startUtcMs) / MS_PER_MINUTE;
}

/** Wall-clock minute of the day (0–1439) shown `elapsedMinutes` after the start of `day`. */
export function wallMinuteOfElapsed(day: ZoneDay, elapsedMinutes: number): number {
  const utcMs = day.startUtcMs + elapsedMinutes * MS_PER_MINUTE;
  const offsetMs = utcMs < day.transitionUtcMs ? day.offsetBeforeMs : day.offsetAfterMs;
  return (utcMs + offsetMs - localMidnightMs(day.dayNumber)) / MS_PER_MINUTE;
}
