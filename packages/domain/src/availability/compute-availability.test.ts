import { describe, expect, it } from 'vitest';
import { localDateTimeToInstant } from '../time-zone.ts';
import { computeAvailability, isSlotBookable, resolveSlotStepMinutes } from './compute-availability.ts';
import type {
  AvailabilityInput,
  AvailabilityProvider,
  BusyPeriod,
  ProviderLocationAvailability,
  WorkingHoursRow,
} from './types.ts';

// All times are pinned: `now` and the window are fixed instants, never the real clock.
const NOW = new Date('2027-01-01T00:00:00Z');

const drSmith: AvailabilityProvider = { id: 'smith', name: 'Dr Smith', gender: 'F', onlineBookable: true };
const drJones: AvailabilityProvider = { id: 'jones', name: 'Dr Jones', gender: 'M', onlineBookable: true };

function hours(
  providerId: string,
  locationId: string,
  weekday: number,
  startLocal: string,
  endLocal: string,
  extra: Partial<WorkingHoursRow> = {},
): WorkingHoursRow {
  return { providerId, locationId, weekday, startLocal, endLocal, ...extra };
}

function busy(providerId: string, startIso: string, endIso: string): BusyPeriod {
  return { providerId, startUtc: new Date(startIso), endUtc: new Date(endIso) };
}

function input(overrides: Partial<AvailabilityInput>): AvailabilityInput {
  return {
    now: NOW,
    window: { earliest: new Date('2027-06-07T00:00:00Z'), latestExclusive: new Date('2027-06-14T00:00:00Z') },
    service: { id: 'checkup', durationMinutes: 30 },
    locations: [
      { id: 'downtown', timeZone: 'UTC', latitude: 40.7128, longitude: -74.006 },
      { id: 'uptown', timeZone: 'UTC', latitude: 40.8, longitude: -73.95 },
    ],
    providers: [drSmith],
    workingHours: [],
    timeOff: [],
    appointments: [],
    ...overrides,
  };
}

function at(input: AvailabilityInput, providerId: string, locationId: string): ProviderLocationAvailability {
  const entry = computeAvailability(input).providers.find((provider) => provider.providerId === providerId);
  const availability = entry?.locations.find((location) => location.locationId === locationId);
  if (!availability) throw new Error(`no availability for ${providerId} at ${locationId}`);
  return availability;
}

function localTimes(availability: ProviderLocationAvailability): string[] {
  return availability.slots.map((slot) => `${slot.dateLocal} ${slot.timeLocal}`);
}

function isoStarts(availability: ProviderLocationAvailability): string[] {
  return availability.slots.map((slot) => new Date(slot.startUtcMs).toISOString());
}

describe('computeAvailability', () => {
  it('offers the weekly hours of each weekday, in order', () => {
    // 2027-06-07 is a Monday.
    const result = at(
      input({
        workingHours: [
          hours('smith', 'downtown', 3, '13:00', '14:00'),
          hours('smith', 'downtown', 1, '09:00', '10:00'),
        ],
      }),
      'smith',
      'downtown',
    );
    expect(localTimes(result)).toEqual([
      '2027-06-07 09:00',
      '2027-06-07 09:15',
      '2027-06-07 09:30',
      '2027-06-09 13:00',
      '2027-06-09 13:15',
      '2027-06-09 13:30',
    ]);
    expect(result.slots[0]).toEqual({
      startUtcMs: Date.parse('2027-06-07T09:00:00Z'),
      endUtcMs: Date.parse('2027-06-07T09:30:00Z'),
      dateLocal: '2027-06-07',
      timeLocal: '09:00',
    });
    expect(result.nextAvailable).toEqual(result.slots[0]);
    expect(result.noCapacity).toBe(false);
  });

  it('respects effective dates, both ends inclusive', () => {
    const result = at(
      input({
        window: {
          earliest: new Date('2027-06-07T00:00:00Z'),
          latestExclusive: new Date('2027-06-29T00:00:00Z'),
        },
        workingHours: [
          hours('smith', 'downtown', 1, '09:00', '09:30', { effectiveTo: '2027-06-14' }),
          hours('smith', 'downtown', 1, '15:00', '15:30', { effectiveFrom: '2027-06-21', effectiveTo: null }),
          hours('smith', 'downtown', 1, '12:00', '12:30', {
            effectiveFrom: '2027-06-15',
            effectiveTo: '2027-06-20',
          }),
        ],
      }),
      'smith',
      'downtown',
    );
    expect(localTimes(result)).toEqual([
      '2027-06-07 09:00',
      '2027-06-14 09:00',
      '2027-06-21 15:00',
      '2027-06-28 15:00',
    ]);
  });

  it('removes time off, including time off that spans several days', () => {
    const result = at(
      input({
        workingHours: [1, 2, 3].map((weekday) => hours('smith', 'downtown', weekday, '09:00', '11:00')),
        timeOff: [
          busy('smith', '2027-06-07T10:10:00Z', '2027-06-09T09:30:00Z'),
          busy('jones', '2027-06-09T00:00:00Z', '2027-06-10T00:00:00Z'),
        ],
      }),
      'smith',
      'downtown',
    );
    expect(localTimes(result)).toEqual([
      '2027-06-07 09:00',
      '2027-06-07 09:15',
      '2027-06-07 09:30',
      // 09:45–10:15 would overlap the time off that starts at 10:10.
      '2027-06-09 09:30',
      '2027-06-09 09:45',
      '2027-06-09 10:00',
      '2027-06-09 10:15',
      '2027-06-09 10:30',
    ]);
  });

  it('blocks the provider everywhere when an appointment is booked at another location', () => {
    const base = input({
      providers: [drSmith, drJones],
      workingHours: [
        hours('smith', 'downtown', 1, '09:00', '10:00'),
        hours('smith', 'uptown', 1, '09:00', '10:00'),
        hours('jones', 'uptown', 1, '09:00', '10:00'),
      ],
      appointments: [busy('smith', '2027-06-07T09:00:00Z', '2027-06-07T09:30:00Z')],
    });
    expect(localTimes(at(base, 'smith', 'uptown'))).toEqual(['2027-06-07 09:30']);
    expect(localTimes(at(base, 'smith', 'downtown'))).toEqual(['2027-06-07 09:30']);
    expect(localTimes(at(base, 'jones', 'uptown'))).toEqual([
      '2027-06-07 09:00',
      '2027-06-07 09:15',
      '2027-06-07 09:30',
    ]);
  });

  it('treats busy periods as half-open: a slot may start when an appointment ends', () => {
    const result = at(
      input({
        workingHours: [hours('smith', 'downtown', 1, '09:00', '10:30')],
        appointments: [busy('smith', '2027-06-07T09:15:00Z', '2027-06-07T09:45:00Z')],
      }),
      'smith',
      'downtown',
    );
    expect(localTimes(result)).toEqual(['2027-06-07 09:45', '2027-06-07 10:00']);
  });

  it('keeps slots inside the window: start at or after the earliest instant, end by the latest', () => {
    const workingHours = [hours('smith', 'downtown', 1, '09:00', '12:00')];
    const window = {
      earliest: new Date('2027-06-07T10:07:00Z'),
      latestExclusive: new Date('2027-06-07T11:30:00Z'),
    };
    expect(localTimes(at(input({ workingHours, window }), 'smith', 'downtown'))).toEqual([
      '2027-06-07 10:15',
      '2027-06-07 10:30',
      '2027-06-07 10:45',
      '2027-06-07 11:00',
    ]);
    // A slot may start exactly at the earliest instant.
    const exact = {
      earliest: new Date('2027-06-07T10:15:00Z'),
      latestExclusive: new Date('2027-06-07T12:00:00Z'),
    };
    expect(at(input({ workingHours, window: exact }), 'smith', 'downtown').slots[0]?.timeLocal).toBe('10:15');
    // `now` later than the window's start wins: nothing in the past.
    const late = at(
      input({ workingHours, window: exact, now: new Date('2027-06-07T11:00:01Z') }),
      'smith',
      'downtown',
    );
    expect(localTimes(late)).toEqual(['2027-06-07 11:15', '2027-06-07 11:30']);
    // An empty window yields no capacity.
    const empty = {
      earliest: new Date('2027-06-07T12:00:00Z'),
      latestExclusive: new Date('2027-06-07T12:00:00Z'),
    };
    expect(at(input({ workingHours, window: empty }), 'smith', 'downtown').noCapacity).toBe(true);
  });

  it('yields local 08:00 to 11:30 starts on the New York spring-forward day, at the right instants', () => {
    const result = at(
      input({
        locations: [{ id: 'nyc', timeZone: 'America/New_York' }],
        window: {
          earliest: new Date('2027-03-13T00:00:00Z'),
          latestExclusive: new Date('2027-03-16T00:00:00Z'),
        },
        workingHours: [0, 1, 2, 3, 4, 5, 6].map((weekday) =>
          hours('smith', 'nyc', weekday, '08:00', '12:00'),
        ),
      }),
      'smith',
      'nyc',
    );
    const sunday = result.slots.filter((slot) => slot.dateLocal === '2027-03-14');
    expect(sunday.map((slot) => slot.timeLocal)).toEqual([
      '08:00',
      '08:15',
      '08:30',
      '08:45',
      '09:00',
      '09:15',
      '09:30',
      '09:45',
      '10:00',
      '10:15',
      '10:30',
      '10:45',
      '11:00',
      '11:15',
      '11:30',
    ]);
    expect(new Date(sunday[0]!.startUtcMs).toISOString()).toBe('2027-03-14T12:00:00.000Z');
    expect(new Date(sunday.at(-1)!.startUtcMs).toISOString()).toBe('2027-03-14T15:30:00.000Z');
    const saturday = result.slots.filter((slot) => slot.dateLocal === '2027-03-13');
    expect(new Date(saturday[0]!.startUtcMs).toISOString()).toBe('2027-03-13T13:00:00.000Z');
    expect(saturday).toHaveLength(15);
  });

  it('yields local 08:00 to 11:30 starts on the New York fall-back day, at the right instants', () => {
    const result = at(
      input({
        locations: [{ id: 'nyc', timeZone: 'America/New_York' }],
        window: {
          earliest: new Date('2027-11-06T00:00:00Z'),
          latestExclusive: new Date('2027-11-09T00:00:00Z'),
        },
        workingHours: [
          hours('smith', 'nyc', 0, '08:00', '12:00'),
          hours('smith', 'nyc', 6, '08:00', '12:00'),
        ],
      }),
      'smith',
      'nyc',
    );
    const sunday = result.slots.filter((slot) => slot.dateLocal === '2027-11-07');
    expect(sunday.map((slot) => slot.timeLocal)).toEqual([
      '08:00',
      '08:15',
      '08:30',
      '08:45',
      '09:00',
      '09:15',
      '09:30',
      '09:45',
      '10:00',
      '10:15',
      '10:30',
      '10:45',
      '11:00',
      '11:15',
      '11:30',
    ]);
    expect(new Date(sunday[0]!.startUtcMs).toISOString()).toBe('2027-11-07T13:00:00.000Z');
    const saturday = result.slots.filter((slot) => slot.dateLocal === '2027-11-06');
    expect(new Date(saturday[0]!.startUtcMs).toISOString()).toBe('2027-11-06T12:00:00.000Z');
  });

  it('labels the repeated hour twice when hours cover the fall-back night', () => {
    const result = at(
      input({
        locations: [{ id: 'nyc', timeZone: 'America/New_York' }],
        service: { id: 'night', durationMinutes: 30 },
        slotStepMinutes: 30,
        window: {
          earliest: new Date('2027-11-07T00:00:00Z'),
          latestExclusive: new Date('2027-11-08T00:00:00Z'),
        },
        workingHours: [hours('smith', 'nyc', 0, '00:30', '03:00')],
      }),
      'smith',
      'nyc',
    );
    expect(localTimes(result).map((label) => label.slice(11))).toEqual([
      '00:30',
      '01:00',
      '01:30',
      '01:00',
      '01:30',
      '02:00',
      '02:30',
    ]);
    expect(isoStarts(result)).toEqual([
      '2027-11-07T04:30:00.000Z',
      '2027-11-07T05:00:00.000Z',
      '2027-11-07T05:30:00.000Z',
      '2027-11-07T06:00:00.000Z',
      '2027-11-07T06:30:00.000Z',
      '2027-11-07T07:00:00.000Z',
      '2027-11-07T07:30:00.000Z',
    ]);
  });

  it('moves hours that start or end in the spring-forward gap forward by the gap, as localDateTimeToInstant does', () => {
    const springDay = (startLocal: string, endLocal: string) =>
      at(
        input({
          locations: [{ id: 'nyc', timeZone: 'America/New_York' }],
          service: { id: 'short', durationMinutes: 30 },
          slotStepMinutes: 30,
          window: {
            earliest: new Date('2027-03-14T00:00:00Z'),
            latestExclusive: new Date('2027-03-15T00:00:00Z'),
          },
          workingHours: [hours('smith', 'nyc', 0, startLocal, endLocal)],
        }),
        'smith',
        'nyc',
      );
    // 02:30 does not exist on 2027-03-14: it is 03:30 EDT, like localDateTimeToInstant's 'compatible'.
    const fromGap = springDay('02:30', '05:00');
    expect(localTimes(fromGap).map((label) => label.slice(11))).toEqual(['03:30', '04:00', '04:30']);
    expect(isoStarts(fromGap)[0]).toBe(
      localDateTimeToInstant('2027-03-14', 150, 'America/New_York').toISOString(),
    );
    // Hours across the change: 01:00 EST to 02:30 (= 03:30 EDT) is 90 minutes of work.
    const intoGap = springDay('01:00', '02:30');
    expect(localTimes(intoGap).map((label) => label.slice(11))).toEqual(['01:00', '01:30', '03:00']);
    expect(isoStarts(intoGap)).toEqual([
      '2027-03-14T06:00:00.000Z',
      '2027-03-14T06:30:00.000Z',
      '2027-03-14T07:00:00.000Z',
    ]);
  });

  it('steps a 45-minute service every 15 minutes and needs the whole 45 minutes free', () => {
    const workingHours = [hours('smith', 'downtown', 1, '09:00', '11:00')];
    const service = { id: 'long', durationMinutes: 45 };
    expect(
      localTimes(at(input({ workingHours, service }), 'smith', 'downtown')).map((label) => label.slice(11)),
    ).toEqual(['09:00', '09:15', '09:30', '09:45', '10:00', '10:15']);
    const appointments = [busy('smith', '2027-06-07T10:00:00Z', '2027-06-07T10:30:00Z')];
    const result = at(input({ workingHours, service, appointments }), 'smith', 'downtown');
    expect(localTimes(result).map((label) => label.slice(11))).toEqual(['09:00', '09:15']);
    expect(result.slots[0]!.endUtcMs - result.slots[0]!.startUtcMs).toBe(45 * 60_000);
  });

  it('defaults the step to 15 minutes, or to the duration when that is shorter', () => {
    expect(resolveSlotStepMinutes(45)).toBe(15);
    expect(resolveSlotStepMinutes(10)).toBe(10);
    expect(resolveSlotStepMinutes(10, 30)).toBe(30);
    expect(() => resolveSlotStepMinutes(0)).toThrow(RangeError);
    expect(() => resolveSlotStepMinutes(30, 2.5)).toThrow(RangeError);
    const result = at(
      input({
        service: { id: 'short', durationMinutes: 10 },
        workingHours: [hours('smith', 'downtown', 1, '09:00', '09:40')],
      }),
      'smith',
      'downtown',
    );
    expect(localTimes(result).map((label) => label.slice(11))).toEqual(['09:00', '09:10', '09:20', '09:30']);
  });

  it('counts the grid from the start of each interval, to the minute when needed', () => {
    const result = at(
      input({
        service: { id: 'odd', durationMinutes: 7 },
        workingHours: [hours('smith', 'downtown', 1, '09:03', '09:30')],
        appointments: [busy('smith', '2027-06-07T09:11:30Z', '2027-06-07T09:12:00Z')],
      }),
      'smith',
      'downtown',
    );
    expect(localTimes(result).map((label) => label.slice(11))).toEqual(['09:03', '09:17']);
  });

  it('requires a slot to fit inside one interval and merges overlapping rows without duplicates', () => {
    const split = at(
      input({
        workingHours: [
          hours('smith', 'downtown', 1, '09:00', '09:45'),
          hours('smith', 'downtown', 1, '09:45', '10:30'),
        ],
      }),
      'smith',
      'downtown',
    );
    expect(localTimes(split).map((label) => label.slice(11))).toEqual(['09:00', '09:15', '09:45', '10:00']);
    const overlapping = at(
      input({
        workingHours: [
          hours('smith', 'downtown', 1, '09:00', '10:00'),
          hours('smith', 'downtown', 1, '09:30', '10:30'),
        ],
      }),
      'smith',
      'downtown',
    );
    expect(localTimes(overlapping).map((label) => label.slice(11))).toEqual([
      '09:00',
      '09:15',
      '09:30',
      '09:45',
      '10:00',
    ]);
  });

  it("accepts '24:00' as the end of the day and ignores empty intervals", () => {
    const result = at(
      input({
        workingHours: [
          hours('smith', 'downtown', 1, '23:00', '24:00'),
          hours('smith', 'downtown', 2, '10:00', '10:00'),
        ],
      }),
      'smith',
      'downtown',
    );
    expect(localTimes(result)).toEqual(['2027-06-07 23:00', '2027-06-07 23:15', '2027-06-07 23:30']);
  });

  it('uses a provider-specific duration when one is given', () => {
    const slow = { ...drJones, durationMinutes: 60 };
    const result = computeAvailability(
      input({
        providers: [drSmith, slow],
        workingHours: [
          hours('smith', 'downtown', 1, '09:00', '10:00'),
          hours('jones', 'downtown', 1, '09:00', '10:00'),
        ],
      }),
    );
    expect(result.providers.map((entry) => entry.locations[0]!.slots.length)).toEqual([3, 1]);
    expect(result.providers[1]!.locations[0]!.slots[0]!.endUtcMs).toBe(Date.parse('2027-06-07T10:00:00Z'));
  });

  it('leaves out providers who are not bookable online unless asked', () => {
    const offline = { ...drJones, onlineBookable: false };
    const base = input({
      providers: [drSmith, offline],
      workingHours: [hours('jones', 'downtown', 1, '09:00', '10:00')],
    });
    expect(computeAvailability(base).providers.map((entry) => entry.providerId)).toEqual(['smith']);
    const staff = computeAvailability({ ...base, options: { includeOfflineProviders: true } });
    expect(staff.providers.map((entry) => entry.providerId)).toEqual(['smith', 'jones']);
  });

  it('flags providers, provider locations and locations without capacity', () => {
    const result = computeAvailability(
      input({
        providers: [drSmith, drJones],
        workingHours: [
          hours('smith', 'downtown', 1, '09:00', '09:30'),
          hours('smith', 'uptown', 1, '09:00', '09:30'),
          hours('jones', 'uptown', 1, '09:00', '09:30'),
        ],
        appointments: [busy('jones', '2027-06-07T09:00:00Z', '2027-06-07T09:30:00Z')],
        timeOff: [busy('smith', '2027-06-07T00:00:00Z', '2027-06-07T09:05:00Z')],
      }),
    );
    const [smith, jones] = result.providers;
    expect(smith!.noCapacity).toBe(true);
    expect(smith!.locations.map((location) => [location.locationId, location.noCapacity])).toEqual([
      ['downtown', true],
      ['uptown', true],
    ]);
    expect(jones!.noCapacity).toBe(true);
    expect(jones!.nextAvailable).toBeNull();
    expect(result.locations).toEqual([
      { locationId: 'downtown', noCapacity: true },
      { locationId: 'uptown', noCapacity: true },
    ]);
  });

  it("gives each provider's next available slot across locations", () => {
    const result = computeAvailability(
      input({
        workingHours: [
          hours('smith', 'downtown', 2, '09:00', '10:00'),
          hours('smith', 'uptown', 1, '14:00', '15:00'),
        ],
      }),
    );
    const smith = result.providers[0]!;
    expect(smith.nextAvailable).toMatchObject({
      locationId: 'uptown',
      dateLocal: '2027-06-07',
      timeLocal: '14:00',
    });
    expect(smith.locations.map((location) => location.nextAvailable?.dateLocal)).toEqual([
      '2027-06-08',
      '2027-06-07',
    ]);
    expect(result.locations).toEqual([
      { locationId: 'downtown', noCapacity: false },
      { locationId: 'uptown', noCapacity: false },
    ]);
  });

  it('refuses malformed working hours loudly', () => {
    expect(() =>
      computeAvailability(input({ workingHours: [hours('smith', 'downtown', 1, '9:00', '10:00')] })),
    ).toThrow(RangeError);
    expect(() =>
      computeAvailability(input({ workingHours: [hours('smith', 'downtown', 7, '09:00', '10:00')] })),
    ).toThrow(RangeError);
    expect(() =>
      computeAvailability(
        input({
          workingHours: [hours('smith', 'downtown', 1, '09:00', '10:00', { effectiveFrom: '2027-02-30' })],
        }),
      ),
    ).toThrow(RangeError);
  });

  it('gives the same answer on every call', () => {
    const base = input({
      providers: [drSmith, drJones],
      workingHours: [
        hours('smith', 'downtown', 1, '09:00', '12:00'),
        hours('jones', 'uptown', 1, '09:00', '12:00'),
      ],
      appointments: [busy('smith', '2027-06-07T10:00:00Z', '2027-06-07T10:20:00Z')],
    });
    expect(computeAvailability(base)).toEqual(computeAvailability(base));
  });
});

describe('isSlotBookable', () => {
  const base = input({
    providers: [drSmith, drJones],
    workingHours: [
      hours('smith', 'downtown', 1, '09:00', '11:00'),
      hours('jones', 'downtown', 1, '09:00', '11:00'),
    ],
    appointments: [busy('smith', '2027-06-07T10:00:00Z', '2027-06-07T10:30:00Z')],
  });

  it('accepts a slot the engine offers', () => {
    expect(isSlotBookable(base, 'smith', 'downtown', new Date('2027-06-07T09:30:00Z'))).toBe(true);
    expect(isSlotBookable(base, 'jones', 'downtown', Date.parse('2027-06-07T10:00:00Z'))).toBe(true);
  });

  it('refuses a slot that another patient booked a moment ago', () => {
    expect(isSlotBookable(base, 'smith', 'downtown', new Date('2027-06-07T09:45:00Z'))).toBe(false);
    const taken = {
      ...base,
      appointments: [...base.appointments, busy('jones', '2027-06-07T10:00:00Z', '2027-06-07T10:30:00Z')],
    };
    expect(isSlotBookable(taken, 'jones', 'downtown', new Date('2027-06-07T10:00:00Z'))).toBe(false);
  });

  it('refuses starts off the grid, outside the hours, outside the window or for unknown ids', () => {
    expect(isSlotBookable(base, 'jones', 'downtown', new Date('2027-06-07T09:05:00Z'))).toBe(false);
    expect(isSlotBookable(base, 'jones', 'downtown', new Date('2027-06-07T10:45:00Z'))).toBe(false);
    expect(isSlotBookable(base, 'jones', 'downtown', new Date('2027-06-14T09:00:00Z'))).toBe(false);
    expect(
      isSlotBookable(
        { ...base, now: new Date('2027-06-07T09:01:00Z') },
        'jones',
        'downtown',
        new Date('2027-06-07T09:00:00Z'),
      ),
    ).toBe(false);
    expect(isSlotBookable(base, 'nobody', 'downtown', new Date('2027-06-07T09:00:00Z'))).toBe(false);
    expect(isSlotBookable(base, 'jones', 'uptown', new Date('2027-06-07T09:00:00Z'))).toBe(false);
  });

  it('agrees with the engine on every offered and refused start of a DST day', () => {
    const dst = input({
      locations: [{ id: 'nyc', timeZone: 'America/New_York' }],
      window: {
        earliest: new Date('2027-11-06T00:00:00Z'),
        latestExclusive: new Date('2027-11-09T00:00:00Z'),
      },
      workingHours: [hours('smith', 'nyc', 0, '00:00', '12:00')],
      appointments: [busy('smith', '2027-11-07T06:10:00Z', '2027-11-07T06:40:00Z')],
    });
    const offered = new Set(at(dst, 'smith', 'nyc').slots.map((slot) => slot.startUtcMs));
    for (
      let startMs = Date.parse('2027-11-07T00:00:00Z');
      startMs < Date.parse('2027-11-08T00:00:00Z');
      startMs += 5 * 60_000
    ) {
      expect(isSlotBookable(dst, 'smith', 'nyc', startMs)).toBe(offered.has(startMs));
    }
  });
});
