/*
 * The computation shared by the day-by-day searches (computation-cache.ts): made once per
 * fingerprint while the clock keeps its key, shared while it is being made, made again on another
 * fingerprint, a new local day, or after a failure.
 */
import { describe, expect, it } from 'vitest';
import type { BookingWindowSettings } from '@scheduler/domain/booking-window';
import { ComputationCache } from './computation-cache.ts';
import type { Computation } from './compute.ts';

/** 'How soon' 1 business day, 'how far' 30 calendar days: the key changes at New York's midnight. */
const settings: BookingWindowSettings = {
  howSoon: 1,
  startDaysType: 'BusinessDays',
  howFarOut: 30,
  daysType: 'CalendarDays',
};

function made(id: number): Computation {
  return {
    scope: { settings },
    timeZones: ['America/New_York'],
    fingerprint: `f${id}`,
  } as unknown as Computation;
}

describe('the computation shared by day searches', () => {
  it('computes once per fingerprint, shares one being made, and again after a change or a new day', async () => {
    const cache = new ComputationCache();
    let calls = 0;
    const compute = async () => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return made(calls);
    };
    const noon = new Date('2026-12-01T17:00:00Z');
    const [a, b, c] = await Promise.all([
      cache.computation('k', 'F1', noon, compute),
      cache.computation('k', 'F1', new Date(noon.getTime() + 1), compute),
      cache.computation('k', 'F1', new Date(noon.getTime() + 2), compute),
    ]);
    expect(calls).toBe(1);
    expect(b).toBe(a);
    expect(c).toBe(a);
    // Kept: a minute later, the same.
    expect(await cache.computation('k', 'F1', new Date(noon.getTime() + 60_000), compute)).toBe(a);
    expect(calls).toBe(1);
    // Another fingerprint (a booking somewhere): made again.
    const changed = await cache.computation('k', 'F2', new Date(noon.getTime() + 61_000), compute);
    expect(calls).toBe(2);
    expect(changed).not.toBe(a);
    // Other parameters: their own.
    await cache.computation('other', 'F2', noon, compute);
    expect(calls).toBe(3);
    // The next local day in New York: the window moved, made again.
    await cache.computation('k', 'F2', new Date('2026-12-02T06:00:00Z'), compute);
    expect(calls).toBe(4);
    // Without a fingerprint nothing is kept or shared.
    await cache.computation('k', undefined, noon, compute);
    await cache.computation('k', undefined, noon, compute);
    expect(calls).toBe(6);
  });

  it('keeps no failed computation', async () => {
    const cache = new ComputationCache();
    const at = new Date('2026-12-01T17:00:00Z');
    await expect(
      cache.computation('k', 'F', at, () => Promise.reject(new Error('database down'))),
    ).rejects.toThrow('database down');
    expect(await cache.computation('k', 'F', at, () => Promise.resolve(made(7)))).toEqual(made(7));
  });
});
