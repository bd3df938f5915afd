/** Great-circle distances for the distance filter and the distance sort. */
import type { ProviderAvailability } from './types.ts';

/** Mean Earth radius (IUGG), in statute miles. */
export const EARTH_RADIUS_MILES = 3958.7613;

export interface GeoPoint {
  readonly latitude: number;
  readonly longitude: number;
}

const RADIANS_PER_DEGREE = Math.PI / 180;

/** Great-circle distance in miles between two points given in decimal degrees (haversine). */
export function distanceMiles(
  latitude1: number,
  longitude1: number,
  latitude2: number,
  longitude2: number,
): number {
  const phi1 = latitude1 * RADIANS_PER_DEGREE;
  const phi2 = latitude2 * RADIANS_PER_DEGREE;
  const sinHalfDeltaPhi = Math.sin((phi2 - phi1) / 2);
  const sinHalfDeltaLambda = Math.sin(((longitude2 - longitude1) * RADIANS_PER_DEGREE) / 2);
  const h =
    sinHalfDeltaPhi * sinHalfDeltaPhi +
    Math.cos(phi1) * Math.cos(phi2) * sinHalfDeltaLambda * sinHalfDeltaLambda;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Distance from `origin` to a location, or `undefined` when the location has no coordinates. */
export function locationDistanceMiles(
  location: { readonly latitude?: number | null; readonly longitude?: number | null },
  origin: GeoPoint,
): number | undefined {
  const { latitude, longitude } = location;
  if (
    typeof latitude !== 'number' ||
    typeof longitude !== 'number' ||
    !Number.isFinite(latitude) ||
    !Number.isFinite(longitude)
  ) {
    return undefined;
  }
  return distanceMiles(origin.latitude, origin.longitude, latitude, longitude);
}

/**
 * Per provider, the distance from `origin` to the nearest of its locations that has
 * coordinates (providers with none are absent from the map). Feeds `sortProviders`.
 */
export function providerDistancesMiles(
  providers: readonly ProviderAvailability[],
  origin: GeoPoint,
): Map<string, number> {
  const distances = new Map<string, number>();
  for (const entry of providers) {
    for (const { location } of entry.locations) {
      const miles = locationDistanceMiles(location, origin);
      if (miles === undefined) continue;
      const known = distances.get(entry.providerId);
      if (known === undefined || miles < known) distances.set(entry.providerId, miles);
    }
  }
  return distances;
}
