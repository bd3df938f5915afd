/*
 * A provider's kept busy periods (kept-busy.ts): read whole, moved by changed ranges, turned into
 * the engine's periods for a range, and counted.
 */
import { describe, expect, it } from 'vitest';
import { applyBusyDeltas, changesSince, countBetween, keptBusyOf, periodsOf } from './kept-busy.ts';

const pairsOf = (periods: { startUtc: Date; endUtc: Date }[]) =>
  periods.map((p) => [p.startUtc.getTime(), p.endUtc.getTime()]);

describe('kept busy periods', () => {
  const read = () =>
    keptBusyOf({ appointments: [300, 400, 100, 200, 200, 250, 240, 260], timeOff: [50, 60] }, 3, 0, 1000);
  const kept = read();

  it('merges touching and overlapping appointments, keeps time off apart, and counts starts', () => {
    const periods = periodsOf(kept, '7');
    expect(pairsOf(periods)).toEqual([
      [50, 60],
      [100, 260],
      [300, 400],
    ]);
    expect(periods.every((p) => p.providerId === '7')).toBe(true);
    expect(kept.appointments).toEqual([100, 200, 200, 250, 240, 260, 300, 400]);
    expect(countBetween(kept, 200, 300)).toBe(2);
    expect(countBetween(kept, 0, 1000)).toBe(4);
    expect(countBetween(kept, 401, 500)).toBe(0);
  });

  it('gives the periods overlapping a range only, a run crossing its edge whole', () => {
    expect(pairsOf(periodsOf(kept, '7', 255, 350))).toEqual([
      [100, 260],
      [300, 400],
    ]);
    expect(pairsOf(periodsOf(kept, '7', 60, 100))).toEqual([]);
    expect(pairsOf(periodsOf(kept, '7', 0, 55))).toEqual([[50, 60]]);
  });

  it('moves the kept periods by the logged changes, in version order, as a multiset', () => {
    const moved = read();
    const changes = [
      // Version 4 cancelled [200, 250); version 5 booked [500, 530) twice (two appointments) and
      // took time off [700, 800); version 6 changed nothing busy (a cancelled one moved).
      { version: 4, kind: 1, delta: -1, startAt: 200, endAt: 250 },
      { version: 5, kind: 1, delta: 1, startAt: 500, endAt: 530 },
      { version: 5, kind: 1, delta: 1, startAt: 500, endAt: 530 },
      { version: 5, kind: 0, delta: 1, startAt: 700, endAt: 800 },
      { version: 6, kind: 1, delta: 0, startAt: 900, endAt: 930 },
    ];
    expect(applyBusyDeltas(moved, changes)).toBe(true);
    expect(moved.version).toBe(6);
    expect(moved.appointments).toEqual([100, 200, 240, 260, 300, 400, 500, 530, 500, 530]);
    expect(moved.timeOff).toEqual([50, 60, 700, 800]);
    expect(pairsOf(periodsOf(moved, '7'))).toEqual([
      [50, 60],
      [700, 800],
      [100, 200],
      [240, 260],
      [300, 400],
      [500, 530],
    ]);
    expect(countBetween(moved, 500, 501)).toBe(2);
    expect(changesSince(moved, 3)?.map((c) => c.version)).toEqual([4, 5, 5, 5]);
    expect(changesSince(moved, 5)).toEqual([]);
    expect(changesSince(moved, 2)).toBeUndefined();
    // The same changes again (another search read them too): those at or below its version are skipped.
    expect(applyBusyDeltas(moved, changes)).toBe(true);
    expect(moved.appointments).toEqual([100, 200, 240, 260, 300, 400, 500, 530, 500, 530]);
    // One of the two removed: the other stays.
    expect(applyBusyDeltas(moved, [{ version: 7, kind: 1, delta: -1, startAt: 500, endAt: 530 }])).toBe(true);
    expect(moved.appointments).toEqual([100, 200, 240, 260, 300, 400, 500, 530]);
  });

  it('refuses a removal of a period it does not hold, and ignores periods outside its range', () => {
    expect(applyBusyDeltas(read(), [{ version: 4, kind: 1, delta: -1, startAt: 100, endAt: 150 }])).toBe(
      false,
    );
    expect(applyBusyDeltas(read(), [{ version: 4, kind: 0, delta: -1, startAt: 100, endAt: 200 }])).toBe(
      false,
    );
    const outside = read();
    const before = [...outside.appointments];
    expect(
      applyBusyDeltas(outside, [
        { version: 4, kind: 1, delta: 1, startAt: 1500, endAt: 1600 },
        { version: 5, kind: 1, delta: -1, startAt: 1700, endAt: 1800 },
      ]),
    ).toBe(true);
    expect(outside.appointments).toEqual(before);
    expect(outside.version).toBe(5);
    expect(changesSince(outside, 3)?.length).toBe(2);
  });

  it('keeps a bounded list of changes and says when an older version is no longer covered', () => {
    const current = read();
    for (let version = 4; version < 4 + 100; version++)
      applyBusyDeltas(current, [{ version, kind: 1, delta: 1, startAt: 2000 + version, endAt: 2100 }]);
    expect(current.changes.length).toBe(64);
    expect(current.changesFrom).toBe(103 - 64);
    expect(changesSince(current, 103 - 64)?.length).toBe(64);
    expect(changesSince(current, 103 - 65)).toBeUndefined();
  });
});
