import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distanceMiles, locationDistanceMiles } from './distance.ts';

describe('distanceMiles', () => {
  it('measures great-circle miles', () => {
    expect(distanceMiles(40.7128, -74.006, 40.7128, -74.006)).toBe(0);
    // New York City to Los Angeles is about 2,445 miles as the crow flies.
    expect(distanceMiles(40.7128, -74.006, 34.0522, -118.2437)).toBeCloseTo(2445.6, 0);
    // One degree of latitude is about 69.1 miles.
    expect(distanceMiles(10, 20, 11, 20)).toBeCloseTo(69.09, 1);
    // Across the antimeridian.
    expect(distanceMiles(0, 179.5, 0, -179.5)).toBeCloseTo(69.09, 1);
  });

  it('is symmetric, never negative and at most half the circumference', () => {
    const latitude = fc.double({ min: -90, max: 90, noNaN: true });
    const longitude = fc.double({ min: -180, max: 180, noNaN: true });
    fc.assert(
      fc.property(latitude, longitude, latitude, longitude, (lat1, lon1, lat2, lon2) => {
        const there = distanceMiles(lat1, lon1, lat2, lon2);
        expect(there).toBeGreaterThanOrEqual(0);
        expect(there).toBeLessThanOrEqual(Math.PI * 3958.7613 + 1e-6);
        expect(Math.abs(there - distanceMiles(lat2, lon2, lat1, lon1))).toBeLessThan(1e-6);
      }),
    );
  });

  it('has no distance for a location without coordinates', () => {
    expect(
      locationDistanceMiles({ latitude: null, longitude: -74 }, { latitude: 40, longitude: -74 }),
    ).toBeUndefined();
    expect(locationDistanceMiles({}, { latitude: 40, longitude: -74 })).toBeUndefined();
  });
});
