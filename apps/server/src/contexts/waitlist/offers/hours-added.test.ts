/*
 * The windows a working-hours change adds (issue 18, reason 'hours-added'): only what is new,
 * on the location's wall clock (zone and daylight saving), inside the horizon and effective dates.
 */
import { describe, expect, it } from 'vitest';
import { addedWorkingWindows } from './hours-added.ts';
import type { HoursRow } from './hours-added.ts';

const NY = 'America/New_York';
// Wednesday 25 November 2026, 10:00 in New York.
const NOW = Date.parse('2026-11-25T15:00:00.000Z');
const DAY = 86_400_000;
const row = (weekday: number, start: string, end: string, extra: Partial<HoursRow> = {}): HoursRow => {
  const minutes = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3));
  return {
    locationId: 1,
    weekday,
    startMinute: minutes(start),
    endMinute: minutes(end),
    effectiveFrom: null,
    effectiveTo: null,
    ...extra,
  };
};
const iso = (windows: { startUtcMs: number; endUtcMs: number; locationId: number }[]) =>
  windows.map((w) => [
    w.locationId,
    new Date(w.startUtcMs).toISOString(),
    new Date(w.endUtcMs).toISOString(),
  ]);

describe('addedWorkingWindows', () => {
  const horizon = { fromMs: NOW, toMs: NOW + 7 * DAY, timeZoneOf: () => NY };

  it('answers only the added part of a day: a longer Thursday and a new Saturday', () => {
    const before = [row(4, '09:00', '12:00'), row(5, '09:00', '17:00')];
    const after = [row(4, '09:00', '14:00'), row(5, '09:00', '17:00'), row(6, '08:00', '10:00')];
    expect(iso(addedWorkingWindows(before, after, horizon))).toEqual([
      [1, '2026-11-26T17:00:00.000Z', '2026-11-26T19:00:00.000Z'], // Thu 12:00–14:00 EST
      [1, '2026-11-28T13:00:00.000Z', '2026-11-28T15:00:00.000Z'], // Sat 08:00–10:00 EST
    ]);
  });

  it('answers nothing when hours are only removed or unchanged', () => {
    const before = [row(4, '09:00', '17:00')];
    expect(addedWorkingWindows(before, [row(4, '09:00', '12:00')], horizon)).toEqual([]);
    expect(addedWorkingWindows(before, before, horizon)).toEqual([]);
  });

  it('clips to the horizon (today only from now) and honours effective dates', () => {
    // Wednesday 08:00–12:00 added: today only 10:00–12:00 (now is 10:00); next Wednesday up to
    // the horizon's end, 10:00.
    const today = addedWorkingWindows([], [row(3, '08:00', '12:00')], horizon);
    expect(iso(today)).toEqual([
      [1, '2026-11-25T15:00:00.000Z', '2026-11-25T17:00:00.000Z'],
      [1, '2026-12-02T13:00:00.000Z', '2026-12-02T15:00:00.000Z'],
    ]);
    const later = addedWorkingWindows([], [row(4, '09:00', '10:00', { effectiveFrom: '2026-12-01' })], {
      ...horizon,
      toMs: NOW + 14 * DAY,
    });
    expect(iso(later)).toEqual([[1, '2026-12-03T14:00:00.000Z', '2026-12-03T15:00:00.000Z']]);
  });

  it('starts a window cut by now on the next whole quarter hour of its block', () => {
    // Now is 10:07:30; the new Wednesday 08:00–12:00 block is offered from 10:15 (the slot grid).
    const late = addedWorkingWindows([], [row(3, '08:00', '12:00')], {
      ...horizon,
      fromMs: NOW + 7.5 * 60_000,
    });
    expect(iso(late)[0]).toEqual([1, '2026-11-25T15:15:00.000Z', '2026-11-25T17:00:00.000Z']);
  });

  it("uses each location's own zone and daylight saving", () => {
    const zones: Record<number, string> = { 1: NY, 2: 'America/Los_Angeles' };
    const march = Date.parse('2027-03-12T12:00:00.000Z'); // Friday; DST starts Sunday 14 March
    const windows = addedWorkingWindows(
      [],
      [row(1, '09:00', '10:00', { locationId: 2 }), row(1, '09:00', '10:00')],
      {
        fromMs: march,
        toMs: march + 4 * DAY,
        timeZoneOf: (id) => zones[id] ?? 'UTC',
      },
    );
    expect(iso(windows)).toEqual([
      [1, '2027-03-15T13:00:00.000Z', '2027-03-15T14:00:00.000Z'], // Mon 09:00 EDT
      [2, '2027-03-15T16:00:00.000Z', '2027-03-15T17:00:00.000Z'], // Mon 09:00 PDT
    ]);
  });
});
