import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignProvider } from './assign-provider.ts';

const candidates = [{ providerId: 'a' }, { providerId: 'b' }, { providerId: 'c' }];

describe('assignProvider', () => {
  it('picks uniformly with the random source given', () => {
    expect(assignProvider(candidates, 'random', { random: () => 0 })?.providerId).toBe('a');
    expect(assignProvider(candidates, 'random', { random: () => 0.5 })?.providerId).toBe('b');
    expect(assignProvider(candidates, 'random', { random: () => 0.999 })?.providerId).toBe('c');
    // A misbehaving source never picks outside the list.
    expect(assignProvider(candidates, 'random', { random: () => 1 })?.providerId).toBe('c');
    expect(assignProvider(candidates, 'random', { random: () => Number.NaN })?.providerId).toBe('a');
  });

  it('picks the provider with the fewest bookings, breaking ties at random', () => {
    const bookedCountByProvider = new Map([
      ['a', 4],
      ['b', 1],
    ]);
    // 'c' has no bookings recorded: 0.
    expect(
      assignProvider(candidates, 'leastBusy', { random: () => 0.9, bookedCountByProvider })?.providerId,
    ).toBe('c');
    const tied = { a: 2, b: 1, c: 1 };
    expect(
      assignProvider(candidates, 'leastBusy', { random: () => 0, bookedCountByProvider: tied })?.providerId,
    ).toBe('b');
    expect(
      assignProvider(candidates, 'leastBusy', { random: () => 0.6, bookedCountByProvider: tied })?.providerId,
    ).toBe('c');
  });

  it('takes the first candidate in the order given for firstAvailable', () => {
    expect(assignProvider(candidates, 'firstAvailable', { random: () => 0.9 })?.providerId).toBe('a');
  });

  it('returns nothing when there is no candidate', () => {
    expect(assignProvider([], 'random', { random: () => 0 })).toBeUndefined();
  });

  it('always returns one of the candidates', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom('random' as const, 'leastBusy' as const, 'firstAvailable' as const),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.dictionary(fc.string({ minLength: 1, maxLength: 3 }), fc.nat(5)),
        (ids, strategy, value, counts) => {
          const list = ids.map((providerId) => ({ providerId }));
          const chosen = assignProvider(list, strategy, {
            random: () => value,
            bookedCountByProvider: counts,
          });
          expect(list).toContain(chosen);
          if (strategy === 'leastBusy') {
            const fewest = Math.min(...ids.map((id) => (Object.hasOwn(counts, id) ? counts[id]! : 0)));
            expect(Object.hasOwn(counts, chosen!.providerId) ? counts[chosen!.providerId] : 0).toBe(fewest);
          }
        },
      ),
    );
  });
});
