/*
 * The earliest start in a freed window longer than one appointment (issue 18, a new working-hours
 * block): on the window's grid, after the cut-off, clear of busy times, suiting the entry.
 */
import { describe, expect, it } from 'vitest';
import { earliestFittingStart } from './matching.ts';
import type { FitQuery } from './matching.ts';

const MIN = 60_000;
const base: FitQuery = {
  windowStartMs: 0,
  windowEndMs: 480 * MIN, // an 8-hour block
  durationMs: 60 * MIN,
  stepMs: 15 * MIN,
  earliestMs: 0,
  busy: [],
  allows: () => true,
};

describe('earliestFittingStart', () => {
  it('answers the start of the block when nothing is in the way', () => {
    expect(earliestFittingStart(base)).toBe(0);
  });

  it('skips busy times and starts on the grid after the cut-off', () => {
    expect(earliestFittingStart({ ...base, busy: [[0, 50 * MIN]] })).toBe(60 * MIN);
    expect(earliestFittingStart({ ...base, earliestMs: 7 * MIN })).toBe(15 * MIN);
    // Two holds leave a 45-minute gap (too short) and then room at 2:00.
    expect(
      earliestFittingStart({
        ...base,
        busy: [
          [0, 60 * MIN],
          [105 * MIN, 120 * MIN],
        ],
      }),
    ).toBe(120 * MIN);
  });

  it("honours the entry's times of day and the block's end", () => {
    expect(earliestFittingStart({ ...base, allows: (start) => start >= 240 * MIN })).toBe(240 * MIN);
    expect(earliestFittingStart({ ...base, allows: (start) => start > 420 * MIN })).toBeNull();
    expect(earliestFittingStart({ ...base, durationMs: 500 * MIN })).toBeNull();
  });
});
