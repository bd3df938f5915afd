/*
 * FHIR `date` search parameters on Slot.start (issue 20): `start=ge2026-12-01`,
 * `start=lt2026-12-08T00:00:00-05:00`, repeated (AND). A value is a date (`YYYY`, `YYYY-MM`,
 * `YYYY-MM-DD`) or a dateTime (`YYYY-MM-DDThh:mm[:ss[.sss]]` with `Z` or `±hh:mm`); as FHIR reads it,
 * a value is the range of its precision, and a value without an offset (every date) is read in
 * the zone of the slot's location. Prefixes: eq (default), ge, gt, le, lt; others are refused.
 *
 * For a slot starting at t and a value covering [L, H): eq L ≤ t < H; ge t ≥ L; gt t ≥ H;
 * le t < H; lt t < L.
 */
import { addCalendarDays, isValidIsoDate, toDayNumber } from '@scheduler/domain/local-date';
import { startOfLocalDay, wallTimeToUtcMs } from '@scheduler/domain/time-zone';
import { fhirBadParameter } from './operation-outcome.ts';

export type DatePrefix = 'eq' | 'ge' | 'gt' | 'le' | 'lt';

interface DateValue {
  prefix: DatePrefix;
  /** [L, H) of the value in `timeZone` (the zone only matters for values without an offset). */
  rangeIn(timeZone: string): { low: number; high: number };
}

export interface StartFilter {
  /** Whether the search named any bound. */
  readonly empty: boolean;
  /** Whether a slot starting at `utcMs` at a location in `timeZone` matches every value. */
  matches(utcMs: number, timeZone: string): boolean;
  /** The tightest [from, until) the values allow in `timeZone` (undefined: unbounded). */
  boundsIn(timeZone: string): { from: number | undefined; until: number | undefined };
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$/;
const PARTIAL_DATE = /^(\d{4})(?:-(\d{2}))?$/;
const PREFIX = /^(eq|ne|gt|lt|ge|le|sa|eb|ap)/;

function localRange(fromDate: string, untilDate: string) {
  return (timeZone: string) => ({
    low: startOfLocalDay(fromDate, timeZone).getTime(),
    high: startOfLocalDay(untilDate, timeZone).getTime(),
  });
}

function parseValue(parameter: string, raw: string): DateValue {
  const prefixMatch = PREFIX.exec(raw);
  const prefixText = prefixMatch?.[1] ?? 'eq';
  const text = prefixMatch === null ? raw : raw.slice(prefixText.length);
  if (!['eq', 'ge', 'gt', 'le', 'lt'].includes(prefixText))
    throw fhirBadParameter(
      parameter,
      `${parameter}: the prefix '${prefixText}' is not supported (use eq, ge, gt, le or lt)`,
    );
  const prefix = prefixText as DatePrefix;
  const bad = () =>
    fhirBadParameter(
      parameter,
      `${parameter}: '${text}' is not a FHIR date or dateTime (YYYY-MM-DD, or YYYY-MM-DDThh:mm:ss with Z or ±hh:mm)`,
    );

  // Years 1900…2999 as everywhere in the API (a day after 9999-12-31 is a year the zone code refuses: a 500).
  if (/^\d{4}-\d{2}-\d{2}/.test(text) && (text < '1900' || text >= '3000')) throw bad();
  if (isValidIsoDate(text) && /^\d{4}-\d{2}-\d{2}$/.test(text))
    return { prefix, rangeIn: localRange(text, addCalendarDays(text, 1)) };
  const partial = PARTIAL_DATE.exec(text);
  if (partial !== null) {
    const year = Number(partial[1]);
    const month = partial[2] === undefined ? undefined : Number(partial[2]);
    if (year < 1900 || year > 2999 || (month !== undefined && (month < 1 || month > 12))) throw bad();
    const two = (n: number) => String(n).padStart(2, '0');
    const from = month === undefined ? `${String(year)}-01-01` : `${String(year)}-${two(month)}-01`;
    const until =
      month === undefined
        ? `${String(year + 1)}-01-01`
        : month === 12
          ? `${String(year + 1)}-01-01`
          : `${String(year)}-${two(month + 1)}-01`;
    return { prefix, rangeIn: localRange(from, until) };
  }
  const m = DATE_TIME.exec(text);
  if (m === null) throw bad();
  const [, y, mo, d, h, mi, s, fraction, zone] = m;
  const date = `${y ?? ''}-${mo ?? ''}-${d ?? ''}`;
  const hour = Number(h);
  const minute = Number(mi);
  const second = s === undefined ? 0 : Number(s);
  if (!isValidIsoDate(date) || hour > 23 || minute > 59 || second > 59) throw bad();
  // The precision given: minutes, seconds, or milliseconds.
  const width = s === undefined ? 60_000 : fraction === undefined ? 1000 : 1;
  const millis = fraction === undefined ? 0 : Math.floor(Number(`0${fraction}`) * 1000);
  if (zone !== undefined) {
    let offsetMs = 0;
    if (zone !== 'Z') {
      const sign = zone.startsWith('-') ? -1 : 1;
      const [oh, om] = zone.slice(1).split(':').map(Number);
      if ((oh ?? 99) > 14 || (om ?? 99) > 59) throw bad();
      offsetMs = sign * ((oh ?? 0) * 60 + (om ?? 0)) * 60_000;
    }
    const [yy, mm, dd] = date.split('-').map(Number);
    const low = Date.UTC(yy ?? 0, (mm ?? 1) - 1, dd ?? 1, hour, minute, second, millis) - offsetMs;
    return { prefix, rangeIn: () => ({ low, high: low + width }) };
  }
  return {
    prefix,
    rangeIn: (timeZone) => {
      const low = wallTimeToUtcMs(timeZone, toDayNumber(date), hour * 60 + minute) + second * 1000 + millis;
      return { low, high: low + width };
    },
  };
}

/** Parses every value of the parameter (each a repetition: AND). Throws a 400 FhirError naming it. */
export function parseStartFilter(parameter: string, values: readonly string[]): StartFilter {
  const parsed = values.map((raw) => {
    if (raw.includes(','))
      throw fhirBadParameter(
        parameter,
        `${parameter}: a list of dates (a comma) is not supported; repeat the parameter`,
      );
    return parseValue(parameter, raw);
  });
  const boundsIn = (timeZone: string) => {
    let from: number | undefined;
    let until: number | undefined;
    const raise = (low: number) => {
      from = from === undefined ? low : Math.max(from, low);
    };
    const lower = (high: number) => {
      until = until === undefined ? high : Math.min(until, high);
    };
    for (const value of parsed) {
      const { low, high } = value.rangeIn(timeZone);
      if (value.prefix === 'eq') {
        raise(low);
        lower(high);
      } else if (value.prefix === 'ge') raise(low);
      else if (value.prefix === 'gt') raise(high);
      else if (value.prefix === 'le') lower(high);
      else lower(low);
    }
    return { from, until };
  };
  return {
    empty: parsed.length === 0,
    boundsIn,
    matches(utcMs, timeZone) {
      const { from, until } = boundsIn(timeZone);
      return (from === undefined || utcMs >= from) && (until === undefined || utcMs < until);
    },
  };
}
