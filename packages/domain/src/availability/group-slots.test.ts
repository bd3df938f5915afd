import { describe, expect, it } from 'vitest';
import { computeAvailability } from './compute-availability.ts';
import { groupSlotsByTime } from './group-slots.ts';
import type { AvailabilityInput } from './types.ts';

const base: AvailabilityInput = {
  now: new Date('2027-01-01T00:00:00Z'),
  window: { earliest: new Date('2027-06-07T00:00:00Z'), latestExclusive: new Date('2027-06-08T00:00:00Z') },
  service: { id: 'checkup', durationMinutes: 30 },
  locations: [
    { id: 'nyc', timeZone: 'America/New_York' },
    { id: 'bronx', timeZone: 'America/New_York' },
    { id: 'london', timeZone: 'Europe/London' },
  ],
  providers: [
    { id: 'a', name: 'Avery', onlineBookable: true },
    { id: 'b', name: 'Blake', onlineBookable: true },
  ],
  workingHours: [
    { providerId: 'a', locationId: 'nyc', weekday: 1, startLocal: '09:00', endLocal: '10:00' },
    { providerId: 'b', locationId: 'bronx', weekday: 1, startLocal: '09:15', endLocal: '10:00' },
    { providerId: 'b', locationId: 'london', weekday: 1, startLocal: '14:00', endLocal: '14:30' },
  ],
  timeOff: [],
  appointments: [],
};

describe('groupSlotsByTime', () => {
  it('lists each distinct time once with every provider free then', () => {
    const groups = groupSlotsByTime(computeAvailability(base));
    expect(
      groups.map((group) => [
        group.timeZone,
        group.timeLocal,
        group.candidates.map((candidate) => `${candidate.providerId}@${candidate.locationId}`),
      ]),
    ).toEqual([
      // 14:00 in London is 09:00 in New York: same instant, separate groups per zone.
      ['America/New_York', '09:00', ['a@nyc']],
      ['Europe/London', '14:00', ['b@london']],
      ['America/New_York', '09:15', ['a@nyc', 'b@bronx']],
      ['America/New_York', '09:30', ['a@nyc', 'b@bronx']],
    ]);
    expect(groups[0]!.startUtcMs).toBe(Date.parse('2027-06-07T13:00:00Z'));
    expect(groups[2]!.candidates[1]!.slot.startUtcMs).toBe(Date.parse('2027-06-07T13:15:00Z'));
  });

  it('keeps one location when asked, and works on a filtered provider list', () => {
    const result = computeAvailability(base);
    expect(groupSlotsByTime(result, { locationId: 'bronx' }).map((group) => group.timeLocal)).toEqual([
      '09:15',
      '09:30',
    ]);
    expect(
      groupSlotsByTime({ providers: result.providers.filter((entry) => entry.providerId === 'a') }).map(
        (group) => group.timeLocal,
      ),
    ).toEqual(['09:00', '09:15', '09:30']);
    expect(groupSlotsByTime({ providers: [] })).toEqual([]);
  });
});
