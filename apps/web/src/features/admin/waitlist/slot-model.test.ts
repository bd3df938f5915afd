import type { GetProvidersResponse } from '@scheduler/contract/scheduler-api';
import { describe, expect, it } from 'vitest';
import { dayHeading, localTimeToUtc, openSlotsByDay } from './slot-model';

function provider(providerId: string, name: string, slots: [string, string, string][]) {
  return {
    providerId,
    name,
    firstName: name,
    lastName: name,
    credentials: null,
    gender: null,
    bio: null,
    photoUrl: null,
    acceptingNewPatients: true,
    distanceMiles: null,
    locationIds: ['1'],
    nextAvailable: null,
    slots: slots.map(([startUtc, dateLocal, timeLocal]) => ({
      startUtc,
      dateLocal,
      timeLocal,
      locationId: '1',
    })),
    noCapacity: false,
    message: null,
    waitlistAllowed: false,
  };
}

const answer = {
  window: {
    earliest: '2026-03-02T00:00:00Z',
    latestDate: '2026-03-20',
    latestExclusive: '2026-03-21T00:00:00Z',
  },
  availableDates: [],
  providers: [
    provider('2', 'Dr Young', [
      ['2026-03-03T14:00:00Z', '2026-03-03', '09:00'],
      ['2026-03-02T15:00:00Z', '2026-03-02', '10:00'],
    ]),
    provider('1', 'Dr Adams', [
      ['2026-03-03T14:00:00Z', '2026-03-03', '09:00'],
      ['2026-03-05T14:00:00Z', '2026-03-05', '09:00'],
    ]),
  ],
  timeGroups: [],
  groupBy: 'provider',
  locations: [],
} satisfies GetProvidersResponse;

describe('waitlist slot picking', () => {
  it('lists every provider’s free slots by day, time and provider', () => {
    const days = openSlotsByDay(answer);
    expect(days.map((day) => day.dateLocal)).toEqual(['2026-03-02', '2026-03-03', '2026-03-05']);
    expect(days[1]?.slots.map((slot) => slot.providerName)).toEqual(['Dr Adams', 'Dr Young']);
  });

  it('stops after the requested number of days', () => {
    expect(openSlotsByDay(answer, 2).map((day) => day.dateLocal)).toEqual(['2026-03-02', '2026-03-03']);
  });

  it('formats local days without shifting them', () => {
    expect(dayHeading('2026-03-02')).toBe('Mon, Mar 2');
  });

  it('turns a local date and time of the location into UTC, DST included, and refuses malformed input', () => {
    expect(localTimeToUtc('2026-11-26', '09:30', 'America/New_York')).toBe('2026-11-26T14:30:00Z');
    expect(localTimeToUtc('2026-07-01', '09:30', 'America/New_York')).toBe('2026-07-01T13:30:00Z');
    expect(localTimeToUtc('2026-07-01', '', 'America/New_York')).toBeNull();
    expect(localTimeToUtc('', '09:30', 'America/New_York')).toBeNull();
    expect(localTimeToUtc('2026-07-01', '25:00', 'America/New_York')).toBeNull();
  });
});
