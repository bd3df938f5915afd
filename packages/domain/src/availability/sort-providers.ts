/** Provider order for the find-appointment screen (setting appointment 4). */
import type { AvailabilityProvider, ProviderAvailability } from './types.ts';

export type ProviderSort = 'alphabetic' | 'nextAvailable' | 'distance';

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function byName(left: ProviderAvailability, right: ProviderAvailability): number {
  return (
    collator.compare(left.provider.name, right.provider.name) ||
    (left.providerId < right.providerId ? -1 : left.providerId > right.providerId ? 1 : 0)
  );
}

function nextStart(entry: ProviderAvailability): number {
  return entry.nextAvailable?.startUtcMs ?? Number.POSITIVE_INFINITY;
}

/**
 * A sorted copy of `providers`:
 * - 'alphabetic': by name (case- and accent-insensitive, numbers in numeric order), then id;
 * - 'nextAvailable': earliest next slot first, providers without capacity last, ties by name;
 * - 'distance': nearest first by `distancesMiles` (see `providerDistancesMiles`), unknown
 *   distances last, ties by name.
 */
export function sortProviders<P extends AvailabilityProvider, R extends ProviderAvailability<P>>(
  providers: readonly R[],
  sort: ProviderSort,
  distancesMiles?: ReadonlyMap<string, number>,
): R[] {
  const distanceOf = (entry: R): number => {
    const miles = distancesMiles?.get(entry.providerId);
    return miles !== undefined && Number.isFinite(miles) ? miles : Number.POSITIVE_INFINITY;
  };
  const compare = (left: R, right: R): number => {
    switch (sort) {
      case 'alphabetic':
        return byName(left, right);
      case 'nextAvailable': {
        const a = nextStart(left);
        const b = nextStart(right);
        return a === b ? byName(left, right) : a < b ? -1 : 1;
      }
      case 'distance': {
        const a = distanceOf(left);
        const b = distanceOf(right);
        return a === b ? byName(left, right) : a < b ? -1 : 1;
      }
    }
  };
  return [...providers].sort(compare);
}
