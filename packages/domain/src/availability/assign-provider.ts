/** Choosing one provider when several are free at the chosen time (setting appointment 18). */

export type AssignmentStrategy = 'random' | 'leastBusy' | 'firstAvailable';

export interface AssignmentContext {
  /** Uniform in [0, 1); pass a seeded source in tests. Never Math.random inside the domain. */
  readonly random: () => number;
  /** Booked appointments per provider (for 'leastBusy'); a missing provider counts 0. */
  readonly bookedCountByProvider?: ReadonlyMap<string, number> | Readonly<Record<string, number>>;
}

function pickIndex(random: () => number, count: number): number {
  const index = Math.floor(random() * count);
  return Number.isFinite(index) ? Math.min(count - 1, Math.max(0, index)) : 0;
}

function isMap(
  counts: ReadonlyMap<string, number> | Readonly<Record<string, number>>,
): counts is ReadonlyMap<string, number> {
  return counts instanceof Map;
}

function bookedCount(counts: AssignmentContext['bookedCountByProvider'], providerId: string): number {
  if (counts === undefined) return 0;
  const value: number | undefined = isMap(counts) ? counts.get(providerId) : counts[providerId];
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/**
 * Picks one of `candidates` (e.g. a `TimeSlotGroup`'s), or `undefined` when there is none.
 * - 'random': uniformly, with `context.random`;
 * - 'leastBusy': the fewest booked appointments, ties broken with `context.random`;
 * - 'firstAvailable': the first candidate in the order given (pass them in the
 *   scheduler's provider order, e.g. after `sortProviders` and `groupSlotsByTime`).
 */
export function assignProvider<T extends { readonly providerId: string }>(
  candidates: readonly T[],
  strategy: AssignmentStrategy,
  context: AssignmentContext,
): T | undefined {
  if (candidates.length === 0) return undefined;
  switch (strategy) {
    case 'random':
      return candidates[pickIndex(context.random, candidates.length)];
    case 'firstAvailable':
      return candidates[0];
    case 'leastBusy': {
      let fewest = Number.POSITIVE_INFINITY;
      let tied: T[] = [];
      for (const candidate of candidates) {
        const count = bookedCount(context.bookedCountByProvider, candidate.providerId);
        if (count < fewest) {
          fewest = count;
          tied = [candidate];
        } else if (count === fewest) {
          tied.push(candidate);
        }
      }
      return tied.length === 1 ? tied[0] : tied[pickIndex(context.random, tied.length)];
    }
  }
}
