import { describe, expect, it } from 'vitest';
import { bookingDeepLink, fhirBaseUrl } from './deep-link-url.ts';
import { fhirProblems } from './fhir-validation.test-support.ts';
import { parseRecordIdOf, parseScheduleId, parseSlotId, scheduleIdOf, slotIdOf } from './ids.ts';
import { FhirError, fhirBadParameter, operationOutcome } from './operation-outcome.ts';
import {
  BOOKING_DEEP_LINK_URL,
  BOOKING_PHONE_URL,
  fhirInstantInZone,
  toHealthcareService,
  toLocation,
  toPractitioner,
  toPractitionerRole,
  toSchedule,
  toSlot,
} from './resources.ts';
import type { FhirContext, LocationInput, ProviderInput, ServiceInput } from './resources.ts';

const ctx: FhirContext = {
  publicUrl: 'https://book.example.com',
  clientSlug: 'brightsmile',
  schedulerSlug: 'main',
  brandPhone: '(555) 010-0000',
};
const location: LocationInput = {
  id: 3,
  name: 'Downtown',
  addressLine1: '1 Main St',
  addressLine2: null,
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
  latitude: 39.8,
  longitude: -89.6,
  timeZone: 'America/Chicago',
  phone: '',
};
const provider: ProviderInput = {
  id: 7,
  prefix: 'Dr.',
  firstName: 'Emily',
  middleName: null,
  lastName: 'Carter',
  credentials: 'DDS, MS',
  specialty: 'General Dentist',
  gender: 'F',
};
const service: ServiceInput = { id: 11, name: 'Cleaning', description: 'A cleaning' };

describe('FHIR ids', () => {
  it('round-trips schedule and slot ids and refuses malformed ones', () => {
    expect(scheduleIdOf({ providerId: 7, locationId: 3, serviceId: 11 })).toBe('7-3-11');
    expect(parseScheduleId('7-3-11')).toEqual({ providerId: 7, locationId: 3, serviceId: 11 });
    const startMs = Date.UTC(2026, 0, 5, 15, 30);
    const id = slotIdOf({ providerId: 7, locationId: 3, serviceId: 11, startMs });
    expect(id).toBe(`7-3-11-${String(startMs / 60000)}`);
    expect(parseSlotId(id)).toEqual({ providerId: 7, locationId: 3, serviceId: 11, startMs });
    for (const bad of ['', '7-3', '7-3-x', '07-3-11', '7-3-11-', '-1-2-3', '7--3-11', '7-3-11-5-6'])
      expect(parseScheduleId(bad)).toBeUndefined();
    for (const bad of ['7-3-11', '7-3-11-x', '7-3-11-01', 'a-b-c-d'])
      expect(parseSlotId(bad)).toBeUndefined();
    expect(parseRecordIdOf('12')).toBe(12);
    expect(parseRecordIdOf('012')).toBeUndefined();
    expect(parseRecordIdOf('1e3')).toBeUndefined();
  });
});

describe('deep link', () => {
  it('points at the find-appointment step of the brand and scheduler with the slot', () => {
    expect(bookingDeepLink({ ...ctx, slotId: '7-3-11-100' })).toBe(
      'https://book.example.com/brightsmile/main/all/findappointment?slot=7-3-11-100',
    );
    expect(fhirBaseUrl('https://book.example.com/', 'brightsmile')).toBe(
      'https://book.example.com/fhir/brightsmile',
    );
  });
});

describe('FHIR resources', () => {
  it('formats instants with seconds in the zone’s offset (standard and daylight time)', () => {
    expect(fhirInstantInZone(Date.UTC(2026, 0, 5, 15, 30), 'America/Chicago')).toBe(
      '2026-01-05T09:30:00-06:00',
    );
    expect(fhirInstantInZone(Date.UTC(2026, 6, 5, 15, 30), 'America/Chicago')).toBe(
      '2026-07-05T10:30:00-05:00',
    );
    expect(fhirInstantInZone(Date.UTC(2026, 6, 5, 15, 30), 'Asia/Kolkata')).toBe('2026-07-05T21:00:00+05:30');
  });

  it('maps the catalogue to valid R4 resources', () => {
    const resources = [
      toLocation(location),
      toLocation({ ...location, latitude: null, addressLine2: 'Suite 2', phone: '(555) 010-0003' }),
      toPractitioner(provider),
      toPractitioner({ ...provider, gender: null, prefix: null, credentials: null, specialty: null }),
      toPractitionerRole(ctx, { provider, locations: [location], services: [service] }),
      toHealthcareService(ctx, { service, locations: [location] }),
      toSchedule(ctx, { provider, location, service }),
      operationOutcome({ code: 'not-found', diagnostics: 'Unknown Slot' }),
      new FhirError(400, { code: 'invalid', diagnostics: 'x', expression: ['start'] }).outcome,
      fhirBadParameter('foo', 'Unknown search parameter foo').outcome,
    ];
    for (const r of resources) expect(fhirProblems(r)).toEqual([]);
  });

  it('maps a slot with its deep link, the booking phone and the location’s offset', () => {
    const startMs = Date.UTC(2026, 2, 8, 14, 0); // the day Chicago moves to daylight time
    const slot = toSlot(ctx, {
      providerId: 7,
      locationId: 3,
      service,
      startMs,
      durationMinutes: 45,
      timeZone: 'America/Chicago',
      locationPhone: '',
    });
    expect(fhirProblems(slot)).toEqual([]);
    expect(slot).toMatchObject({
      id: `7-3-11-${String(startMs / 60000)}`,
      status: 'free',
      start: '2026-03-08T09:00:00-05:00',
      end: '2026-03-08T09:45:00-05:00',
      schedule: { reference: 'Schedule/7-3-11' },
      serviceType: [{ text: 'Cleaning' }],
    });
    expect(slot.extension).toEqual([
      {
        url: BOOKING_DEEP_LINK_URL,
        valueUrl: `https://book.example.com/brightsmile/main/all/findappointment?slot=${slot.id ?? ''}`,
      },
      { url: BOOKING_PHONE_URL, valueString: '(555) 010-0000' },
    ]);
  });

  it('the validation helper catches what the R4 validator lets through', () => {
    const slot = toSlot(ctx, {
      providerId: 7,
      locationId: 3,
      service,
      startMs: Date.UTC(2026, 0, 5, 15, 30),
      durationMinutes: 30,
      timeZone: 'UTC',
      locationPhone: '1',
    });
    expect(fhirProblems({ ...slot, status: 'open' }).join()).toMatch(/status/);
    expect(fhirProblems({ ...slot, start: '2026-01-05T15:30:00' }).join()).toMatch(/start/);
    expect(fhirProblems({ ...slot, end: slot.start }).join()).toMatch(/end after/);
    expect(
      fhirProblems({ ...toSchedule(ctx, { provider, location, service }), active: 'yes' }).length,
    ).toBeGreaterThan(0);
    expect(
      fhirProblems({
        resourceType: 'Bundle',
        type: 'searchset',
        entry: [{ resource: { ...slot, status: 'open' } }],
      }).join(),
    ).toMatch(/status/);
  });
});
