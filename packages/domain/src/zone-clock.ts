/**
 * A zone's wall clock at an instant, read from `Intl` (the IANA zone database): the one place
 * time-zone.ts asks Intl: once per local day of a zone (its cached `ZoneDay`), and for instants
 * outside 1900–2200 or within a minute of an offset change.
 */
import { utcMillisOf } from './local-date.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();
const eraFormatters = new Map<string, Intl.DateTimeFormat>();

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
export function wallClockMs(timeZone: string, wholeSecondMs: number): number {
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
