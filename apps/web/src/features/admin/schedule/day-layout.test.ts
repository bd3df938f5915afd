import { describe, expect, it } from 'vitest';
import { layoutDay } from './day-layout';

const at = (hour: number, minute = 0, day = 27) => new Date(2026, 10, day, hour, minute);
const block = (id: string, start: Date, end: Date) => ({ event: id, start, end });
const DAY = new Date(2026, 10, 27);

describe('schedule day layout', () => {
  it('places a block by its minutes within the hours shown (8:00 to 18:00 here)', () => {
    const [only] = layoutDay([block('a', at(9), at(9, 30))], DAY, 8 * 60, 18 * 60);
    expect(only?.style).toEqual({ top: 10, height: 5, width: 100, xOffset: 0 });
  });

  it('puts overlapping blocks side by side and lets a later block reuse a freed lane', () => {
    const laid = layoutDay(
      [block('a', at(9), at(10)), block('b', at(9, 30), at(10, 30)), block('c', at(10), at(11))],
      DAY,
      8 * 60,
      18 * 60,
    );
    const byId = Object.fromEntries(laid.map((item) => [item.event, item.style]));
    expect(byId.a).toMatchObject({ width: 50, xOffset: 0 });
    expect(byId.b).toMatchObject({ width: 50, xOffset: 50 });
    // 'c' starts when 'a' ends: it takes a's lane, in the same cluster as 'b'.
    expect(byId.c).toMatchObject({ width: 50, xOffset: 0 });
  });

  it('gives blocks that do not overlap the whole width', () => {
    const laid = layoutDay([block('a', at(9), at(10)), block('b', at(10), at(11))], DAY, 8 * 60, 18 * 60);
    expect(laid.map((item) => item.style.width)).toEqual([100, 100]);
  });

  it('clips blocks to the hours shown and to the day', () => {
    const laid = layoutDay(
      [block('early', at(7), at(8, 30)), block('overnight', at(17), at(2, 0, 28))],
      DAY,
      8 * 60,
      18 * 60,
    );
    const byId = Object.fromEntries(laid.map((item) => [item.event, item.style]));
    expect(byId.early).toMatchObject({ top: 0, height: 5 });
    expect(byId.overnight).toMatchObject({ top: 90, height: 10 });
  });
});
