/*
 * Local-time ↔ UTC conversion for seed data, with Intl only (no date library). Correct on
 * DST days: the offset is looked up for the instant itself, with a second pass for the
 * hours around a transition.
 */
import type { EpochMs, IsoDate } from '../schema.ts';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

const formatters = new Map<string, Intl.DateTimeFormat>();

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

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function localParts(instant: EpochMs, timeZone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** Offset of the zone from UTC at that instant, in ms (New York in winter: -5 h). */
function offsetAt(instant: EpochMs, timeZone: string): number {
  const p = localParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - (instant - (((instant % 1000) + 1000) % 1000));
}

/** A local calendar date as a UTC-midnight day number (days since 1970-01-01). */
export type DayNumber = number;

export function dayNumberOf(date: IsoDate): DayNumber {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Math.round(Date.UTC(y, m - 1, d) / DAY_MS);
}

export function isoDateOf(day: DayNumber): IsoDate {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(day: DayNumber): number {
  return new Date(day * DAY_MS).getUTCDay();
}

/** The local calendar day of an instant in a zone. */
export function localDayOf(instant: EpochMs, timeZone: string): DayNumber {
  const p = localParts(instant, timeZone);
  return Math.round(Date.UTC(p.year, p.month - 1, p.day) / DAY_MS);
}

/** The instant at which the local clock in `timeZone` shows `minutes` after midnight on `day`. */
export function zonedToUtc(day: DayNumber, minutes: number, timeZone: string): EpochMs {
  const wallClockAsUtc = day * DAY_MS + minutes * MINUTE_MS;
  const first = wallClockAsUtc - offsetAt(wallClockAsUtc, timeZone);
  return wallClockAsUtc - offsetAt(first, timeZone);
}

/** `'HH:mm'` → minutes after midnight. */
export function minutesOf(clock: string): number {
  const [h, m] = clock.split(':').map(Number) as [number, number];
  return h * 60 + m;
}
