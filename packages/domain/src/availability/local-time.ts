/**
 * Calendar and wall-clock helpers that need no time zone: local dates as day numbers
 * (days since 1970-01-01), 'HH:mm' as minutes since midnight. Integers only.
 */

const MS_PER_DAY = 86_400_000;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^(\d{2}):(\d{2})$/;

/** Texts already parsed (valid ones only): a search reads the same few dates and hours per provider. */
const PARSED_LIMIT = 20_000;
const parsedDates = new Map<string, number>();
const parsedTimes = new Map<string, number>();

function remember(cache: Map<string, number>, text: string, value: number): number {
  if (cache.size >= PARSED_LIMIT) cache.clear();
  cache.set(text, value);
  return value;
}

/** Days since 1970-01-01 of a 'YYYY-MM-DD' date; throws RangeError when malformed. */
export function parseLocalDate(dateLocal: string): number {
  const parsed = parsedDates.get(dateLocal);
  if (parsed !== undefined) return parsed;
  const match = DATE_PATTERN.exec(dateLocal);
  if (match) {
    const year = Number(match[1]);
    const month = Number(match[2]);
    const day = Number(match[3]);
    const ms = Date.UTC(year, month - 1, day);
    const check = new Date(ms);
    if (check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day) {
      return remember(parsedDates, dateLocal, ms / MS_PER_DAY);
    }
  }
  throw new RangeError(`Invalid local date "${dateLocal}" (expected YYYY-MM-DD).`);
}

/** Dates already written, by day number: a search writes the same window's days again and again. */
const formatted = new Map<number, string>();

/** 'YYYY-MM-DD' of a day number. */
export function formatLocalDate(dayNumber: number): string {
  let text = formatted.get(dayNumber);
  if (text === undefined) {
    if (formatted.size >= 20_000) formatted.clear();
    text = new Date(dayNumber * MS_PER_DAY).toISOString().slice(0, 10);
    formatted.set(dayNumber, text);
  }
  return text;
}

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function weekdayOfDayNumber(dayNumber: number): number {
  return (((dayNumber + 4) % 7) + 7) % 7;
}

/** The wall clock of a local day's midnight, expressed as if it were a UTC instant. */
export function localMidnightMs(dayNumber: number): number {
  return dayNumber * MS_PER_DAY;
}

/**
 * Minutes since local midnight of an 'HH:mm' time. '24:00' is accepted as the end of the
 * day (1440). Throws RangeError when malformed.
 */
export function parseLocalTime(timeLocal: string): number {
  const parsed = parsedTimes.get(timeLocal);
  if (parsed !== undefined) return parsed;
  const match = TIME_PATTERN.exec(timeLocal);
  if (match) {
    const hours = Number(match[1]);
    const minutes = Number(match[2]);
    if ((hours < 24 && minutes < 60) || (hours === 24 && minutes === 0))
      return remember(parsedTimes, timeLocal, hours * 60 + minutes);
  }
  throw new RangeError(`Invalid local time "${timeLocal}" (expected HH:mm, 00:00 to 24:00).`);
}

/** 'HH:mm' of every minute of the day (index 0–1439). */
export const TIME_LABELS: readonly string[] = Array.from({ length: 1440 }, (_, minute) => {
  const hours = Math.floor(minute / 60);
  const minutes = minute % 60;
  return `${hours < 10 ? '0' : ''}${hours}:${minutes < 10 ? '0' : ''}${minutes}`;
});

/** 'HH:mm' of a minute of the day (0–1439); precomputed, so no string is built per slot. */
export function formatLocalTime(minuteOfDay: number): string {
  // Index with a small integer: a floating-point index (what zone arithmetic returns) takes a slow path.
  const index = minuteOfDay | 0;
  const label = index === minuteOfDay ? TIME_LABELS[index] : undefined;
  if (label !== undefined) return label;
  throw new RangeError(`Minute of day out of range: ${minuteOfDay}.`);
}

export function greatestCommonDivisor(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y !== 0) {
    const rest = x % y;
    x = y;
    y = rest;
  }
  return x;
}
