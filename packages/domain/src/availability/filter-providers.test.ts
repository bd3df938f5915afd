import { describe, expect, it } from 'vitest';
import { computeAvailability } from './compute-availability.ts';
import { filterProviders } from './filter-providers.ts';
import type { AvailabilityInput } from './types.ts';

const origin = { latitude: 40.7128, longitude: -74.006 };

const base: AvailabilityInput = {
  now: new Date('2027-01-01T00:00:00Z'),
  window: { earliest: new Date('2027-06-07T00:00:00Z'), latestExclusive: new Date('2027-06-12T00:00:00Z') },
  service: { id: 'checkup', durationMinutes: 30 },
  locations: [
    // About 2.6 miles from the origin.
    { id: 'midtown', timeZone: 'UTC', latitude: 40.75, longitude: -73.99 },
    // About 45 miles from the origin.
    { id: 'trenton', timeZone: 'UTC', latitude: 40.2171, longitude: -74.7429 },
    { id: 'nowhere', timeZone: 'UTC' },
  ],
  providers: [
    { id: 'f', name: 'F', gender: 'F', onlineBookable: true },
    { id: 'm', name: 'M', gender: 'M', onlineBookable: true },
    { id: 'x', name: 'X', gender: null, onlineBookable: true },
  ],
  workingHours: [
    { providerId: 'f', locationId: 'trenton', weekday: 1, startLocal: '09:00', endLocal: '10:00' },
    { providerId: 'f', locationId: 'midtown', weekday: 2, startLocal: '09:00', endLocal: '10:00' },
    { providerId: 'm', locationId: 'trenton', weekday: 1, startLocal: '09:00', endLocal: '10:00' },
    { providerId: 'x', locationId: 'nowhere', weekday: 1, startLocal: '09:00', endLocal: '10:00' },
  ],
  timeOff: [],
  appointments: [],
};

const ids = (list: readonly { providerId: string }[]): string[] => list.map((entry) => entry.providerId);

describe('filterProviders', () => {
  const providers = computeAvailability(base).providers;

  it('keeps everyone when both genders (the default) or none are checked', () => {
    expect(ids(filterProviders(providers, { genders: ['M', 'F'] }))).toEqual(['f', 'm', 'x']);
    expect(ids(filterProviders(providers, { genders: [] }))).toEqual(['f', 'm', 'x']);
    expect(ids(filterProviders(providers, {}))).toEqual(['f', 'm', 'x']);
  });

  it('keeps one gender when only that one is checked', () => {
    expect(ids(filterProviders(providers, { genders: ['F'] }))).toEqual(['f']);
    expect(ids(filterProviders(providers, { genders: ['M'] }))).toEqual(['m']);
  });

  it('keeps providers who accept the insurance plan', () => {
    const acceptedPlanIdsByProvider = new Map([
      ['f', new Set(['aetna', 'cigna'])],
      ['m', new Set(['cigna'])],
    ]);
    expect(
      ids(filterProviders(providers, { insurance: { planId: 'aetna', acceptedPlanIdsByProvider } })),
    ).toEqual(['f']);
    expect(
      ids(filterProviders(providers, { insurance: { planId: 'cigna', acceptedPlanIdsByProvider } })),
    ).toEqual(['f', 'm']);
  });

  it('keeps the locations within the distance and recomputes the next available slot', () => {
    const near = filterProviders(providers, { distance: { origin, maxMiles: 10 } });
    expect(ids(near)).toEqual(['f']);
    expect(near[0]!.locations.map((location) => location.locationId)).toEqual(['midtown']);
    expect(near[0]!.nextAvailable).toMatchObject({ locationId: 'midtown', dateLocal: '2027-06-08' });
    // The unfiltered provider's next slot was on Monday in Trenton.
    expect(providers[0]!.nextAvailable).toMatchObject({ locationId: 'trenton', dateLocal: '2027-06-07' });
    // The range is 0 to 30 miles: asking for more still means 30.
    expect(ids(filterProviders(providers, { distance: { origin, maxMiles: 100 } }))).toEqual(['f']);
    expect(ids(filterProviders(providers, { distance: { origin, maxMiles: 0 } }))).toEqual([]);
  });

  it('combines the filters', () => {
    const acceptedPlanIdsByProvider = new Map([['m', new Set(['cigna'])]]);
    expect(
      ids(
        filterProviders(providers, {
          genders: ['M'],
          insurance: { planId: 'cigna', acceptedPlanIdsByProvider },
          distance: { origin, maxMiles: 30 },
        }),
      ),
    ).toEqual([]);
  });
});
