/** Patient-side provider filters: gender, insurance accepted, distance (spec sections 3 and 9). */
import { locationDistanceMiles } from './distance.ts';
import type { GeoPoint } from './distance.ts';
import type {
  AvailabilityProvider,
  LocatedSlot,
  ProviderAvailability,
  ProviderLocationAvailability,
} from './types.ts';

export const MAX_DISTANCE_MILES = 30;

export interface ProviderFilter {
  /**
   * Gender codes to keep (the UI's 'M' / 'F' checkboxes). Applied only when the list is
   * non-empty and does not hold both 'M' and 'F': with both checked (the default) or none,
   * every provider stays, including those with another or no gender recorded.
   */
  readonly genders?: readonly string[];
  /** Keep providers that accept `planId`. Leave out for self-pay or "no insurance check". */
  readonly insurance?: {
    readonly planId: string;
    readonly acceptedPlanIdsByProvider: ReadonlyMap<string, ReadonlySet<string>>;
  };
  /**
   * Keep the locations within `maxMiles` (clamped to 0–30) of `origin` (e.g. the patient's
   * postal code); a location without coordinates is dropped, and so is a provider left
   * without locations.
   */
  readonly distance?: { readonly origin: GeoPoint; readonly maxMiles: number };
}

function genderFilter(genders: readonly string[] | undefined): ReadonlySet<string> | null {
  if (genders === undefined || genders.length === 0) return null;
  const set = new Set(genders);
  return set.has('M') && set.has('F') ? null : set;
}

function summarise<P extends AvailabilityProvider>(
  entry: ProviderAvailability<P>,
  locations: readonly ProviderLocationAvailability[],
): ProviderAvailability<P> {
  let nextAvailable: LocatedSlot | null = null;
  for (const availability of locations) {
    const first = availability.nextAvailable;
    if (first !== null && (nextAvailable === null || first.startUtcMs < nextAvailable.startUtcMs)) {
      nextAvailable = { ...first, locationId: availability.locationId };
    }
  }
  return { ...entry, locations, nextAvailable, noCapacity: nextAvailable === null };
}

/** The providers (and, for distance, their locations) that pass every filter given. Order is kept. */
export function filterProviders<P extends AvailabilityProvider>(
  providers: readonly ProviderAvailability<P>[],
  filter: ProviderFilter,
): ProviderAvailability<P>[] {
  const genders = genderFilter(filter.genders);
  const maxMiles = filter.distance ? Math.min(MAX_DISTANCE_MILES, Math.max(0, filter.distance.maxMiles)) : 0;
  const kept: ProviderAvailability<P>[] = [];
  for (const entry of providers) {
    if (genders !== null && !genders.has(entry.provider.gender ?? '')) continue;
    if (
      filter.insurance &&
      filter.insurance.acceptedPlanIdsByProvider.get(entry.providerId)?.has(filter.insurance.planId) !== true
    )
      continue;
    if (!filter.distance) {
      kept.push(entry);
      continue;
    }
    const origin = filter.distance.origin;
    const near = entry.locations.filter(({ location }) => {
      const miles = locationDistanceMiles(location, origin);
      return miles !== undefined && miles <= maxMiles;
    });
    if (near.length === 0) continue;
    kept.push(near.length === entry.locations.length ? entry : summarise(entry, near));
  }
  return kept;
}
