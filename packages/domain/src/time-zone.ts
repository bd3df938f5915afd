/**
 * Instants ↔ a location's local wall clock, through `Intl` and the IANA zone database only.
 * Nothing here reads the process's own zone (`TZ`), so results are the same on every machine.
 */
import { formatIsoDate, parseIsoDate, utcMillisOf } from './local-date.ts';
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

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;

// A formatter per zone is costly to build and pure to reuse: cache it for the process.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // Throws RangeError for an unknown zone, before anything is cached.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      era: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
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

/** Wall-clock parts of `instant` in `timeZone`. Throws RangeError for an unknown zone. */
export function localPartsOf(instant: Date | number, timeZone: string): LocalDateTimeParts {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('Invalid instant');
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(ms)) parts[part.type] = part.value;
  const yearOfEra = Number(parts.year);
  const year = parts.era === 'BC' || parts.era === 'B' ? 1 - yearOfEra : yearOfEra;
  return {
    year,
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
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

function offsetMsAt(ms: number, timeZone: string): number {
  const wholeSecond = Math.floor(ms / 1000) * 1000;
  const p = localPartsOf(wholeSecond, timeZone);
  return utcMillisOf(p.year, p.month, p.day, p.hour, p.minute, p.second) - wholeSecond;
}

/** Local time minus UTC in minutes at `instant` (New York: -300 in winter, -240 in summer). */
export function timeZoneOffsetMinutes(instant: Date | number, timeZone: string): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  return Math.round(offsetMsAt(ms, timeZone) / MS_PER_MINUTE);
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
  if (!Number.isFinite(minutesOfDay)) throw new RangeError('minutesOfDay must be a finite number');
  const wallMs = utcMillisOf(parts.year, parts.month, parts.day) + Math.round(minutesOfDay * MS_PER_MINUTE);

  // Zones change offset at most once within a day either side: the offsets a day before and a
  // day after give the only two candidates.
  const offsetBefore = offsetMsAt(wallMs - MS_PER_DAY, timeZone);
  const offsetAfter = offsetMsAt(wallMs + MS_PER_DAY, timeZone);
  const candidates = [...new Set([wallMs - offsetBefore, wallMs - offsetAfter])]
    .filter((ms) => ms + offsetMsAt(ms, timeZone) === wallMs)
    .sort((a, b) => a - b);

  const first = candidates[0];
  const last = candidates[candidates.length - 1];
  if (first !== undefined && last !== undefined) {
    return new Date(disambiguation === 'later' ? last : first);
  }
  // The wall time falls in a gap (clocks jumped forward over it).
  const movedForward = wallMs - Math.min(offsetBefore, offsetAfter);
  const movedBack = wallMs - Math.max(offsetBefore, offsetAfter);
  return new Date(disambiguation === 'earlier' ? movedBack : movedForward);
}

/**
 * The first instant of local day `date` in `timeZone`: local midnight, or the end of the gap
 * where a zone skips midnight (e.g. America/Santiago on the day its summer time starts).
 */
export function startOfLocalDay(date: IsoDate, timeZone: string): Date {
  const key = `${timeZone}|${date}`;
  let ms = localMidnights.get(key);
  if (ms === undefined) {
    ms = localDateTimeToInstant(date, 0, timeZone, 'compatible').getTime();
    if (localMidnights.size >= LOCAL_MIDNIGHTS_KEPT) localMidnights.clear();
    localMidnights.set(key, ms);
  }
  return new Date(ms);
}

/**
 * startOfLocalDay is a pure function of its inputs and costs four `Intl` conversions; the booking
 * window asks for the same few days on every search (issue 9), so results are kept (bounded).
 */
const localMidnights = new Map<string, number>();
const LOCAL_MIDNIGHTS_KEPT = 20_000;
