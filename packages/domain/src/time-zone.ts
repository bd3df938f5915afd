/**
 * Instants ↔ a location's local wall clock, through `Intl` and the IANA zone database only.
 * Nothing here reads the process's own zone (`TZ`), so results are the same on every machine.
 * This is the one implementation of zone arithmetic in the project: the availability engine,
 * the booking window, the server and the seed all go through it.
 *
 * Wall time → instant follows Temporal's `disambiguation` option, 'compatible' by default:
 * - a wall time that happens twice (the repeated hour when clocks go back) is its first
 *   occurrence, the earlier offset;
 * - a wall time that never happens (the hour skipped when clocks go forward) moves forward by
 *   the length of the gap: 02:30 on a New York spring-forward day is 03:30 EDT.
 * The first instant of a local day is the first instant whose wall clock reads that date
 * (local midnight, or the end of the gap where a zone skips midnight).
 *
 * Everything is worked out once per (zone, local date) as a `ZoneDay` (when the day starts and
 * ends in UTC, the offsets around it and the instant they change, if they do), cached; after
 * that a conversion is arithmetic. Assumes at most one offset change per local day and offsets
 * in whole minutes, which holds for every zone since 1900.
 */
import { formatIsoDate, fromDayNumber, parseIsoDate, utcMillisOf } from './local-date.ts';
import type { IsoDate } from './local-date.ts';

export interface LocalDateTimeParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * How a wall time that happens twice (fall-back hour) or never (spring-forward gap) becomes one
 * instant, as Temporal names them: 'compatible' takes the earlier of two and moves a missing time
 * forward by the length of the gap; 'earlier' and 'later' pick that side in both cases.
 */
export type Disambiguation = 'compatible' | 'earlier' | 'later';

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
  /**
   * UTC offset (local minus UTC, ms) in force just before the day starts. It differs from the
   * offset at the start only where the day starts with a gap (a zone that skips midnight).
   */
  readonly offsetBeforeMs: number;
  /** UTC offset in force at the end of the day, in ms (equals `offsetBeforeMs` on most days). */
  readonly offsetAfterMs: number;
  /** Instant the offset changes from `offsetBeforeMs` to `offsetAfterMs`; `Infinity` when it does not. */
  readonly transitionUtcMs: number;
}

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;
const CACHE_LIMIT = 50_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
const eraFormatters = new Map<string, Intl.DateTimeFormat>();
const dayStarts = new Map<string, number>();
const zoneDays = new Map<string, ZoneDay>();

function makeFormatter(timeZone: string, withEra: boolean): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    ...(withEra ? { era: 'short' } : {}),
  });
}

// A formatter per zone is costly to build and pure to reuse: cache it for the process.
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    // Throws RangeError for an unknown zone, before anything is cached.
    formatter = makeFormatter(timeZone, false);
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function eraFormatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = eraFormatters.get(timeZone);
  if (formatter === undefined) {
    formatter = makeFormatter(timeZone, true);
    eraFormatters.set(timeZone, formatter);
  }
  return formatter;
}

function cacheSet<V>(cache: Map<string, V>, key: string, value: V): void {
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, value);
}

/** True for any zone name `Intl` knows (IANA names and their aliases, e.g. 'US/Eastern'). */
export function isValidTimeZone(timeZone: string): boolean {
  if (typeof timeZone !== 'string' || timeZone.trim() === '') return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
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

/** The wall clock at a whole-second instant, read as if it were UTC (ms). */
function wallClockMs(timeZone: string, wholeSecondMs: number): number {
  // en-US with h23 formats as "MM/DD/YYYY, HH:mm:ss"; parsing fixed positions is ~3x faster
  // than formatToParts, which remains the fallback for anything unusual (years before 1000).
  const text = formatterFor(timeZone).format(wholeSecondMs);
  if (text.length === 20) {
    const year = digits(text, 6, 4);
    if (year >= 1000) {
      const wallMs = Date.UTC(
        year,
        digits(text, 0, 2) - 1,
        digits(text, 3, 2),
        digits(text, 12, 2) % 24,
        digits(text, 15, 2),
        digits(text, 18, 2),
      );
      if (!Number.isNaN(wallMs)) return wallMs;
    }
  }
  const parts: Record<string, string> = {};
  for (const part of eraFormatterFor(timeZone).formatToParts(wholeSecondMs)) parts[part.type] = part.value;
  const yearOfEra = Number(parts.year);
  const year = parts.era === 'BC' || parts.era === 'B' ? 1 - yearOfEra : yearOfEra;
  return utcMillisOf(
    year,
    Number(parts.month),
    Number(parts.day),
    Number(parts.hour) % 24,
    Number(parts.minute),
    Number(parts.second),
  );
}

/** UTC offset of `timeZone` at `utcMs` (local wall clock minus UTC), in ms. Throws RangeError for an unknown zone. */
export function zoneOffsetMs(timeZone: string, utcMs: number): number {
  if (!Number.isFinite(utcMs)) throw new RangeError('Invalid instant');
  const wholeSecondMs = Math.floor(utcMs / 1000) * 1000;
  return wallClockMs(timeZone, wholeSecondMs) - wholeSecondMs;
}

function msOf(instant: Date | number): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('Invalid instant');
  return ms;
}

/** Wall-clock parts of `instant` in `timeZone`. Throws RangeError for an unknown zone. */
export function localPartsOf(instant: Date | number, timeZone: string): LocalDateTimeParts {
  const ms = msOf(instant);
  const wholeSecondMs = Math.floor(ms / 1000) * 1000;
  const wall = new Date(wallClockMs(timeZone, wholeSecondMs));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/** The local calendar date 'YYYY-MM-DD' of `instant` in `timeZone`. */
export function localDateOf(instant: Date | number, timeZone: string): IsoDate {
  return formatIsoDate(localPartsOf(instant, timeZone));
}

/** Minutes since local midnight by the wall clock (0–1439) of `instant` in `timeZone`. */
export function localMinutesOf(instant: Date | number, timeZone: string): number {
  const { hour, minute } = localPartsOf(instant, timeZone);
  return hour * 60 + minute;
}

/** Local time minus UTC in minutes at `instant` (New York: -300 in winter, -240 in summer). */
export function timeZoneOffsetMinutes(instant: Date | number, timeZone: string): number {
  return Math.round(zoneOffsetMs(timeZone, msOf(instant)) / MS_PER_MINUTE);
}

/** Local date (days since 1970-01-01) of an instant in `timeZone`. */
export function localDayNumberOf(timeZone: string, utcMs: number): number {
  return Math.floor((utcMs + zoneOffsetMs(timeZone, utcMs)) / MS_PER_DAY);
}

/**
 * The local day (days since 1970-01-01) whose `zoneDay` span [startUtcMs, endUtcMs) holds the
 * instant: the engine's own days. Read from the cached days around the instant's UTC date (every
 * offset is within ±14 hours), without a formatter call once they are cached; the same as
 * `localDayNumberOf` wherever local dates only move forward.
 */
export function zoneDayNumberAt(timeZone: string, utcMs: number): number {
  const utcDay = Math.floor(utcMs / MS_PER_DAY);
  for (const dayNumber of [utcDay, utcDay - 1, utcDay + 1]) {
    const day = zoneDay(timeZone, dayNumber);
    if (utcMs >= day.startUtcMs && utcMs < day.endUtcMs) return dayNumber;
  }
  return localDayNumberOf(timeZone, utcMs);
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

/**
 * The instant of wall time `wallMs` (a wall clock read as UTC) given the offsets either side of
 * a transition at `transitionUtcMs` (`Infinity` for none). The one place the rule is written.
 */
function resolveWall(
  wallMs: number,
  offsetBeforeMs: number,
  offsetAfterMs: number,
  transitionUtcMs: number,
  disambiguation: Disambiguation,
): number {
  const underBefore = wallMs - offsetBeforeMs;
  const underAfter = wallMs - offsetAfterMs;
  const beforeHolds = underBefore < transitionUtcMs;
  const afterHolds = underAfter >= transitionUtcMs;
  if (beforeHolds && afterHolds) return disambiguation === 'later' ? underAfter : underBefore;
  if (beforeHolds) return underBefore;
  if (afterHolds) return underAfter;
  // A gap (clocks jumped forward over it): read it with the offset from before the jump, which
  // moves it forward by the length of the gap, or with the one after it for 'earlier'.
  return disambiguation === 'earlier' ? underAfter : underBefore;
}

/** First instant of a local date in `timeZone`: the first instant whose wall clock reads that date. */
function dayStartUtcMs(timeZone: string, dayNumber: number): number {
  const key = `${timeZone} ${dayNumber}`;
  const cached = dayStarts.get(key);
  if (cached !== undefined) return cached;
  const wallMs = dayNumber * MS_PER_DAY;
  // Every instant that can show this wall time lies within a day of it (offsets are ±14 h).
  const before = zoneOffsetMs(timeZone, wallMs - MS_PER_DAY);
  const after = zoneOffsetMs(timeZone, wallMs + MS_PER_DAY);
  let startMs = wallMs - before;
  if (before !== after) {
    const transition = findTransition(timeZone, wallMs - MS_PER_DAY, wallMs + MS_PER_DAY, before);
    // Midnight itself, its first occurrence, or the end of a gap that swallows it.
    startMs = startMs < transition ? startMs : Math.max(transition, wallMs - after);
  }
  cacheSet(dayStarts, key, startMs);
  return startMs;
}

/** The local day `dayNumber` (days since 1970-01-01) of `timeZone`, cached per (zone, date). */
export function zoneDay(timeZone: string, dayNumber: number): ZoneDay {
  const key = `${timeZone} ${dayNumber}`;
  const cached = zoneDays.get(key);
  if (cached !== undefined) return cached;
  const startUtcMs = dayStartUtcMs(timeZone, dayNumber);
  const endUtcMs = dayStartUtcMs(timeZone, dayNumber + 1);
  const justBeforeMs = startUtcMs - MS_PER_MINUTE;
  const lastMinuteMs = endUtcMs - MS_PER_MINUTE;
  const offsetBeforeMs = zoneOffsetMs(timeZone, justBeforeMs);
  const offsetAfterMs = zoneOffsetMs(timeZone, lastMinuteMs);
  const day: ZoneDay = {
    timeZone,
    dayNumber,
    dateLocal: fromDayNumber(dayNumber),
    weekday: (((dayNumber + 4) % 7) + 7) % 7,
    startUtcMs,
    endUtcMs,
    lengthMinutes: (endUtcMs - startUtcMs) / MS_PER_MINUTE,
    offsetBeforeMs,
    offsetAfterMs,
    transitionUtcMs:
      offsetBeforeMs === offsetAfterMs
        ? Number.POSITIVE_INFINITY
        : findTransition(timeZone, justBeforeMs, lastMinuteMs, offsetBeforeMs),
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
 * The instant (ms) at which the wall clock of `timeZone` shows `minutesOfDay` minutes after
 * midnight of local day `dayNumber`. `minutesOfDay` may run past 1440 or below 0 (it then
 * moves into the next or previous day).
 */
export function wallTimeToUtcMs(
  timeZone: string,
  dayNumber: number,
  minutesOfDay: number,
  disambiguation: Disambiguation = 'compatible',
): number {
  if (!Number.isFinite(minutesOfDay)) throw new RangeError('minutesOfDay must be a finite number');
  if (!Number.isInteger(dayNumber)) throw new RangeError('dayNumber must be an integer');
  const wallMs = dayNumber * MS_PER_DAY + Math.round(minutesOfDay * MS_PER_MINUTE);
  const day = zoneDay(timeZone, Math.floor(wallMs / MS_PER_DAY));
  return resolveWall(wallMs, day.offsetBeforeMs, day.offsetAfterMs, day.transitionUtcMs, disambiguation);
}

/**
 * The instant at which the wall clock of `timeZone` shows `date` plus `minutesOfDay` minutes.
 * `minutesOfDay` may run past 1440 or below 0 (it then moves into the next or previous day).
 */
export function localDateTimeToInstant(
  date: IsoDate,
  minutesOfDay: number,
  timeZone: string,
  disambiguation: Disambiguation = 'compatible',
): Date {
  const parts = parseIsoDate(date);
  if (!parts) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${JSON.stringify(date)}`);
  const dayNumber = Math.round(utcMillisOf(parts.year, parts.month, parts.day) / MS_PER_DAY);
  return new Date(wallTimeToUtcMs(timeZone, dayNumber, minutesOfDay, disambiguation));
}

/**
 * Minutes elapsed since the start of `day` at which its wall clock shows `minuteOfDay`
 * (0–1440; 1440 is the end of the day), by the same rule as `localDateTimeToInstant`
 * ('compatible'), kept within the day. Arithmetic only, no Intl call.
 */
export function elapsedMinutesOfWall(day: ZoneDay, minuteOfDay: number): number {
  const wallMs = day.dayNumber * MS_PER_DAY + minuteOfDay * MS_PER_MINUTE;
  const utcMs = resolveWall(wallMs, day.offsetBeforeMs, day.offsetAfterMs, day.transitionUtcMs, 'compatible');
  return (Math.min(Math.max(utcMs, day.startUtcMs), day.endUtcMs) - day.startUtcMs) / MS_PER_MINUTE;
}

/** Wall-clock minute of the day (0–1439) shown `elapsedMinutes` after the start of `day`. */
export function wallMinuteOfElapsed(day: ZoneDay, elapsedMinutes: number): number {
  const utcMs = day.startUtcMs + elapsedMinutes * MS_PER_MINUTE;
  const offsetMs = utcMs < day.transitionUtcMs ? day.offsetBeforeMs : day.offsetAfterMs;
  return (utcMs + offsetMs - day.dayNumber * MS_PER_DAY) / MS_PER_MINUTE;
}

/**
 * The first instant of local day `date` in `timeZone`: local midnight, or the end of the gap
 * where a zone skips midnight (e.g. America/Santiago on the day its summer time starts).
 * Cached per (zone, date): the booking window asks for the same few days on every search.
 */
export function startOfLocalDay(date: IsoDate, timeZone: string): Date {
  const parts = parseIsoDate(date);
  if (!parts) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${JSON.stringify(date)}`);
  const dayNumber = Math.round(utcMillisOf(parts.year, parts.month, parts.day) / MS_PER_DAY);
  return new Date(dayStartUtcMs(timeZone, dayNumber));
}
