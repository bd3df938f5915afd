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
import { wallClockMs } from './zone-clock.ts';

export { isValidTimeZone } from './zone-clock.ts';
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

const dayStarts = new Map<string, number>();
/** Zone days per zone, by day number (no key text to build on the engine's hot path). */
const zoneDays = new Map<string, Map<number, ZoneDay>>();
let zoneDayCount = 0;

function cacheSet<V>(cache: Map<string, V>, key: string, value: V): void {
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, value);
}

/**
 * The UTC offset at `utcMs` read from a cached local day that holds it, without an Intl call; or
 * undefined when no such day is cached yet, or the instant lies within a minute of the day's
 * offset change (the change is found to the minute).
 */
function cachedOffsetMs(timeZone: string, utcMs: number): number | undefined {
  const days = zoneDays.get(timeZone);
  if (days === undefined) return undefined;
  const utcDay = Math.floor(utcMs / MS_PER_DAY);
  for (let dayNumber = utcDay - 1; dayNumber <= utcDay + 1; dayNumber++) {
    const day = days.get(dayNumber);
    if (day === undefined || utcMs < day.startUtcMs || utcMs >= day.endUtcMs) continue;
    if (Math.abs(utcMs - day.transitionUtcMs) < MS_PER_MINUTE) return undefined;
    return utcMs < day.transitionUtcMs ? day.offsetBeforeMs : day.offsetAfterMs;
  }
  return undefined;
}

/** Instants whose local days are worked out and cached on first use: 1900 to 2200 (see above). */
const CACHED_FROM_MS = Date.UTC(1900, 0, 1);
const CACHED_UNTIL_MS = Date.UTC(2200, 0, 1);

/**
 * The offset at a whole-second instant: from the cached local day that holds it, else by Intl,
 * and then that local day is worked out and cached, so the next instants of the same day (the
 * clock of every search, the times of one day's answers) are arithmetic.
 */
function offsetAtWholeSecond(timeZone: string, wholeSecondMs: number): number {
  const cached = cachedOffsetMs(timeZone, wholeSecondMs);
  if (cached !== undefined) return cached;
  const offsetMs = wallClockMs(timeZone, wholeSecondMs) - wholeSecondMs;
  if (wholeSecondMs >= CACHED_FROM_MS && wholeSecondMs < CACHED_UNTIL_MS)
    zoneDay(timeZone, Math.floor((wholeSecondMs + offsetMs) / MS_PER_DAY));
  return offsetMs;
}

/** UTC offset of `timeZone` at `utcMs` (local wall clock minus UTC), in ms. Throws RangeError for an unknown zone. */
export function zoneOffsetMs(timeZone: string, utcMs: number): number {
  if (!Number.isFinite(utcMs)) throw new RangeError('Invalid instant');
  return offsetAtWholeSecond(timeZone, Math.floor(utcMs / 1000) * 1000);
}

/** The offset by Intl alone, for working out a zone day (which the cached offsets then come from). */
function formattedOffsetMs(timeZone: string, utcMs: number): number {
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
  const wall = new Date(wholeSecondMs + offsetAtWholeSecond(timeZone, wholeSecondMs));
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
    if (formattedOffsetMs(timeZone, middle) === offsetAtLow) low = middle;
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
  const before = formattedOffsetMs(timeZone, wallMs - MS_PER_DAY);
  const after = formattedOffsetMs(timeZone, wallMs + MS_PER_DAY);
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
  const cached = zoneDays.get(timeZone)?.get(dayNumber);
  if (cached !== undefined) return cached;
  const startUtcMs = dayStartUtcMs(timeZone, dayNumber);
  const endUtcMs = dayStartUtcMs(timeZone, dayNumber + 1);
  const justBeforeMs = startUtcMs - MS_PER_MINUTE;
  const lastMinuteMs = endUtcMs - MS_PER_MINUTE;
  const offsetBeforeMs = formattedOffsetMs(timeZone, justBeforeMs);
  const offsetAfterMs = formattedOffsetMs(timeZone, lastMinuteMs);
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
  if (zoneDayCount >= CACHE_LIMIT) {
    zoneDays.clear();
    zoneDayCount = 0;
  }
  let days = zoneDays.get(timeZone);
  if (days === undefined) zoneDays.set(timeZone, (days = new Map<number, ZoneDay>()));
  days.set(dayNumber, day);
  zoneDayCount++;
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
