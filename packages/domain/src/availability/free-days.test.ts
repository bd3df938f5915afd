import { describe, expect, it } from 'vitest';
import { computeAvailability, isSlotBookable } from './compute-availability.ts';
import { computeFreeDays } from './free-days.ts';
import type { LocationDays } from './free-days.ts';
import type { AvailabilityInput, AvailabilityProvider, WorkingHoursRow } from './types.ts';

// Pinned instants: Monday 7 June 2027 to Monday 14 June 2027, New York (EDT, UTC−4).
const NOW = new Date('2027-01-01T00:00:00Z');
const drSmith: AvailabilityProvider = { id: 'smith', name: 'Dr Smith', onlineBookable: true };

function weekdays(locationId: string, startLocal: string, endLocal: string): WorkingHoursRow[] {
  return [1, 2, 3, 4, 5].map((weekday) => ({
    providerId: 'smith',
    locationId,
    weekday,
    startLocal,
    endLocal,
  }));
}

function input(overrides: Partial<AvailabilityInput> = {}): AvailabilityInput {
  return {
    now: NOW,
    window: { earliest: new Date('2027-06-07T04:00:00Z'), latestExclusive: new Date('2027-06-14T04:00:00Z') },
    service: { id: 'checkup', durationMinutes: 30 },
    locations: [
      { id: 'nyc', timeZone: 'America/New_York' },
      { id: 'sydney', timeZone: 'Australia/Sydney' },
    ],
    providers: [drSmith],
    workingHours: weekdays('nyc', '09:00', '10:00'),
    timeOff: [],
    appointments: [],
    ...overrides,
  };
}

function nyc(overrides: Partial<AvailabilityInput> = {}): LocationDays {
  const days = computeFreeDays(input(overrides)).providers[0]?.locations.find(
    (location) => location.locationId === 'nyc',
  );
  if (days === undefined) throw new Error('no free days at nyc');
  return days;
}

const labels = (slots: readonly { dateLocal: string; timeLocal: string }[]): string[] =>
  slots.map((slot) => `${slot.dateLocal} ${slot.timeLocal}`);

describe('computeFreeDays', () => {
  it('lists the local dates with a slot and builds slots only for the dates asked', () => {
    const days = nyc({
      // Wednesday fully booked.
      appointments: [
        {
          providerId: 'smith',
          startUtc: new Date('2027-06-09T13:00:00Z'),
          endUtc: new Date('2027-06-09T14:00:00Z'),
        },
      ],
    });
    expect(days.dates).toEqual(['2027-06-07', '2027-06-08', '2027-06-10', '2027-06-11']);
    expect(days.slotCount).toBe(12);
    expect(labels(days.slotsOn('2027-06-08'))).toEqual([
      '2027-06-08 09:00',
      '2027-06-08 09:15',
      '2027-06-08 09:30',
    ]);
    expect(days.slotsOn('2027-06-09')).toEqual([]);
    expect(days.slotsOn('2027-06-08', '2027-06-11')).toHaveLength(6);
    expect(days.slotsOn('2027-06-11', '2027-06-08')).toEqual([]);
    expect(labels([days.firstSlotFrom('2027-06-09')!])).toEqual(['2027-06-10 09:00']);
    expect(days.firstSlotFrom('2027-06-12')).toBeNull();
    expect(days.nextAvailable?.startUtcMs).toBe(Date.parse('2027-06-07T13:00:00Z'));
    expect(days.allSlots()).toHaveLength(12);
  });

  it('leaves out a closed local date at that location only, and isSlotBookable agrees', () => {
    const closures = [{ locationId: 'nyc', dateLocal: '2027-06-08' }];
    const both = [...weekdays('nyc', '09:00', '10:00'), ...weekdays('sydney', '09:00', '10:00')];
    const result = computeFreeDays(input({ workingHours: both, closures }));
    const [nycDays, sydneyDays] = result.providers[0]?.locations ?? [];
    expect(nycDays?.dates).toEqual(['2027-06-07', '2027-06-09', '2027-06-10', '2027-06-11']);
    expect(nycDays?.slotsOn('2027-06-08')).toEqual([]);
    expect(nycDays?.firstSlotFrom('2027-06-08')?.dateLocal).toBe('2027-06-09');
    // Sydney's Tuesday 8 June 09:00 AEST (Monday 23:00 UTC) stays open.
    expect(sydneyDays?.dates[0]).toBe('2027-06-08');
    expect(result.providers[0]?.nextAvailable).toMatchObject({ locationId: 'nyc', dateLocal: '2027-06-07' });

    const closedStart = Date.parse('2027-06-08T13:00:00Z');
    expect(isSlotBookable(input(), 'smith', 'nyc', closedStart)).toBe(true);
    expect(isSlotBookable(input({ closures }), 'smith', 'nyc', closedStart)).toBe(false);
    expect(isSlotBookable(input({ closures }), 'smith', 'nyc', closedStart + 86_400_000)).toBe(true);
    const slots = computeAvailability(input({ closures })).providers[0]?.locations[0]?.slots ?? [];
    expect(slots.some((slot) => slot.dateLocal === '2027-06-08')).toBe(false);
    expect(slots).toHaveLength(12);
  });

  it('reports no capacity and no dates when every day is closed', () => {
    const closures = ['07', '08', '09', '10', '11'].map((day) => ({
      locationId: 'nyc',
      dateLocal: `2027-06-${day}`,
    }));
    const result = computeFreeDays(input({ closures }));
    const days = result.providers[0]?.locations[0];
    expect(days?.dates).toEqual([]);
    expect(days?.noCapacity).toBe(true);
    expect(days?.nextAvailable).toBeNull();
    expect(result.providers[0]?.noCapacity).toBe(true);
    expect(result.locations).toEqual([
      { locationId: 'nyc', noCapacity: true },
      { locationId: 'sydney', noCapacity: true },
    ]);
  });

  it('rejects a malformed local date', () => {
    const days = nyc();
    expect(() => days.slotsOn('7 June')).toThrow(RangeError);
    expect(() => days.firstSlotFrom('2027-02-30')).toThrow(RangeError);
  });
});
