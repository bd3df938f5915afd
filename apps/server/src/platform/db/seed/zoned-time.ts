/*
 * Local-time ↔ UTC conversion for seed data. The zone arithmetic is the domain's
 * (`@scheduler/domain/time-zone`), so seeded working hours, time off and appointments land on
 * the same instants as the availability engine computes (DST days and gaps included); this file
 * only adapts it to the seed's day numbers and epoch milliseconds.
 */
import { localDayNumberOf, wallTimeToUtcMs } from '@scheduler/domain/time-zone';
import type { EpochMs, IsoDate } from '../schema.ts';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

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
  return localDayNumberOf(timeZone, instant);
}

/**
 * The instant at which the local clock in `timeZone` shows `minutes` after midnight on `day`
 * (a time in a spring-forward gap moves forward by the gap; a repeated one is its first occurrence).
 */
export function zonedToUtc(day: DayNumber, minutes: number, timeZone: string): EpochMs {
  return wallTimeToUtcMs(timeZone, day, minutes);
}

/** `'HH:mm'` → minutes after midnight. */
export function minutesOf(clock: string): number {
  const [h, m] = clock.split(':').map(Number) as [number, number];
  return h * 60 + m;
}
