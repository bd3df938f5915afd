/*
 * Issue 18, "a new working-hours block" frees time: the windows a provider's working-hours change
 * ADDS (new hours minus old hours), as concrete UTC windows per location between `fromMs` and
 * `toMs` (the offer horizon, e.g. now → the end of the booking window), each to be passed to
 * `timeFreed(trx, { reason: 'hours-added', … })` inside the transaction that saves the hours.
 * Pure: no database. Rows follow the working_hours table (weekday 0 = Sunday, minutes of the
 * local day, optional effective dates 'YYYY-MM-DD' inclusive).
 *
 * Wired by hours-added-freed.ts (the providers' update calls it in its transaction). A window cut
 * by `fromMs` (today's block, partly past) starts on the next whole GRID_MINUTES counted from the
 * block's wall-clock start, so the offered times stay on the booking page's slot grid.
 */
import { wallTimeToUtcMs, zoneDaysBetween } from '@scheduler/domain/time-zone';

export interface HoursRow {
  locationId: number;
  weekday: number;
  startMinute: number;
  endMinute: number;
  effectiveFrom: string | null;
  effectiveTo: string | null;
}

export interface AddedWindow {
  locationId: number;
  startUtcMs: number;
  endUtcMs: number;
}

type Interval = [number, number];

/** The slot grid a cut window keeps (the availability engine's default step). */
const GRID_MINUTES = 15;
const GRID_MS = GRID_MINUTES * 60_000;

/** The rows' minute intervals on one local day, merged and sorted. */
function intervalsOn(
  rows: readonly HoursRow[],
  locationId: number,
  weekday: number,
  date: string,
): Interval[] {
  const list = rows
    .filter(
      (row) =>
        row.locationId === locationId &&
        row.weekday === weekday &&
        row.endMinute > row.startMinute &&
        (row.effectiveFrom === null || row.effectiveFrom <= date) &&
        (row.effectiveTo === null || date <= row.effectiveTo),
    )
    .map((row): Interval => [row.startMinute, row.endMinute])
    .sort((a, b) => a[0] - b[0]);
  const merged: Interval[] = [];
  for (const [start, end] of list) {
    const last = merged[merged.length - 1];
    if (last !== undefined && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** `after` minus `before` (both merged and sorted). */
function subtract(after: readonly Interval[], before: readonly Interval[]): Interval[] {
  const result: Interval[] = [];
  for (const [start, end] of after) {
    let cursor = start;
    for (const [bStart, bEnd] of before) {
      if (bEnd <= cursor || bStart >= end) continue;
      if (bStart > cursor) result.push([cursor, bStart]);
      cursor = Math.max(cursor, bEnd);
    }
    if (cursor < end) result.push([cursor, end]);
  }
  return result;
}

/** The windows the change adds, per location and local day, clipped to [fromMs, toMs). */
export function addedWorkingWindows(
  before: readonly HoursRow[],
  after: readonly HoursRow[],
  horizon: { fromMs: number; toMs: number; timeZoneOf: (locationId: number) => string },
): AddedWindow[] {
  const windows: AddedWindow[] = [];
  const locations = [...new Set(after.map((row) => row.locationId))].sort((a, b) => a - b);
  for (const locationId of locations) {
    const zone = horizon.timeZoneOf(locationId);
    for (const day of zoneDaysBetween(zone, horizon.fromMs, horizon.toMs)) {
      const added = subtract(
        intervalsOn(after, locationId, day.weekday, day.dateLocal),
        intervalsOn(before, locationId, day.weekday, day.dateLocal),
      );
      for (const [start, end] of added) {
        const wallStartMs = wallTimeToUtcMs(zone, day.dayNumber, start);
        const startUtcMs =
          wallStartMs >= horizon.fromMs
            ? wallStartMs
            : wallStartMs + Math.ceil((horizon.fromMs - wallStartMs) / GRID_MS) * GRID_MS;
        const endUtcMs = Math.min(wallTimeToUtcMs(zone, day.dayNumber, end), horizon.toMs);
        if (endUtcMs > startUtcMs) windows.push({ locationId, startUtcMs, endUtcMs });
      }
    }
  }
  return windows;
}
