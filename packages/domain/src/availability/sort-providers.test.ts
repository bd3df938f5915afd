import { describe, expect, it } from 'vitest';
import { computeAvailability } from './compute-availability.ts';
import { providerDistancesMiles } from './distance.ts';
import { sortProviders } from './sort-providers.ts';
import type { AvailabilityInput } from './types.ts';

const base: AvailabilityInput = {
  now: new Date('2027-01-01T00:00:00Z'),
  window: { earliest: new Date('2027-06-07T00:00:00Z'), latestExclusive: new Date('2027-06-12T00:00:00Z') },
  service: { id: 'checkup', durationMinutes: 30 },
  locations: [
    { id: 'near', timeZone: 'UTC', latitude: 40.75, longitude: -73.99 },
    { id: 'far', timeZone: 'UTC', latitude: 40.95, longitude: -73.99 },
    { id: 'unknown', timeZone: 'UTC' },
  ],
  providers: [
    { id: 'p1', name: 'dr. Zhou', onlineBookable: true },
    { id: 'p2', name: 'Dr. Álvarez', onlineBookable: true },
    { id: 'p3', name: 'Dr. Baker', onlineBookable: true },
    { id: 'p4', name: 'Dr. Baker', onlineBookable: true },
  ],
  workingHours: [
    { providerId: 'p1', locationId: 'near', weekday: 1, startLocal: '09:00', endLocal: '10:00' },
    { providerId: 'p2', locationId: 'far', weekday: 2, startLocal: '09:00', endLocal: '10:00' },
    { providerId: 'p2', locationId: 'unknown', weekday: 3, startLocal: '09:00', endLocal: '10:00' },
    { providerId: 'p3', locationId: 'unknown', weekday: 1, startLocal: '08:00', endLocal: '09:00' },
  ],
  timeOff: [],
  appointments: [],
};

const ids = (list: readonly { providerId: string }[]): string[] => list.map((entry) => entry.providerId);

describe('sortProviders', () => {
  const providers = computeAvailability(base).providers;

  it('sorts alphabetically, ignoring case and accents, then by id', () => {
    expect(ids(sortProviders(providers, 'alphabetic'))).toEqual(['p2', 'p3', 'p4', 'p1']);
  });

  it('puts the earliest next slot first and providers without capacity last', () => {
    expect(ids(sortProviders(providers, 'nextAvailable'))).toEqual(['p3', 'p1', 'p2', 'p4']);
  });

  it('puts the nearest provider first and unknown distances last', () => {
    const distances = providerDistancesMiles(providers, { latitude: 40.7128, longitude: -74.006 });
    expect([...distances.keys()].sort()).toEqual(['p1', 'p2']);
    expect(ids(sortProviders(providers, 'distance', distances))).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(ids(sortProviders(providers, 'distance'))).toEqual(['p2', 'p3', 'p4', 'p1']);
  });

  it('returns a copy and leaves the input alone', () => {
    const before = ids(providers);
    sortProviders(providers, 'alphabetic');
    expect(ids(providers)).toEqual(before);
  });
});
