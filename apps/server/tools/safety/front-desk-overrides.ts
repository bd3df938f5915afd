/*
 * Sample-request rules of the front desk's routes (issue 19), spread into OVERRIDES
 * (sample-overrides.ts). A success request needs what no schema generator can invent: a time the
 * provider is free at (found through the route's own GET free-times, on days far ahead that no
 * other sample uses) and, to move or cancel, a fresh appointment of the brand booked through the
 * front desk itself.
 */
import { randomUUID } from 'node:crypto';
import type { FreeTimesResponse, FrontDeskBooking } from '@scheduler/contract/admin/front-desk';
import { addCalendarDays } from '@scheduler/domain/local-date';
import { newPatient, query } from '../../src/test/public-api-fixture.ts';
import type { CatalogueRoute } from './route-catalogue.ts';
import type { BrandObjects, SafetyFixture } from './safety-fixture.ts';
import { NOW } from './safety-fixture.ts';
import type { RequestParts, SampleOptions } from './sample-parts.ts';

type Override = (
  f: SafetyFixture,
  route: CatalogueRoute,
  options: SampleOptions,
  parts: RequestParts & { body: Record<string, unknown> },
) => Promise<void>;

const BASE = '/api/scheduler/admin/front-desk';
interface Time {
  appointmentTypeId: number;
  locationId: number;
  providerId: number;
  startUtc: string;
}

/** One day per request, starting 200 days after the fixture's clock (beyond every other sample). */
let days = 0;

function headersOf(f: SafetyFixture, brand: BrandObjects): Record<string, string> {
  return (brand.name === 'northside' ? f.logins.northsideOwner : f.logins.owner).bearerHeaders;
}

/** A free time of the brand on a day no earlier sample used (its services and locations tried in turn). */
async function freeTime(f: SafetyFixture, brand: BrandObjects): Promise<Time | undefined> {
  const clientId = brand.ids.clientId ?? 0;
  const [services, locations] = await Promise.all([
    f.db.selectFrom('services').select('id').where('client_id', '=', clientId).orderBy('id').execute(),
    f.db.selectFrom('locations').select('id').where('client_id', '=', clientId).orderBy('id').execute(),
  ]);
  for (let attempt = 0; attempt < 14; attempt++) {
    days += 1;
    const date = addCalendarDays(NOW.toISOString().slice(0, 10), 200 + days);
    for (const service of services)
      for (const location of locations) {
        const response = await f.app.inject({
          method: 'GET',
          url: `${BASE}/free-times?${query({ clientId, appointmentTypeId: service.id, locationId: location.id, date })}`,
          headers: headersOf(f, brand),
        });
        if (response.statusCode !== 200) continue;
        const provider = response.json<FreeTimesResponse>().providers.find((p) => p.times.length > 0);
        const time = provider?.times[0];
        if (provider !== undefined && time !== undefined)
          return {
            appointmentTypeId: service.id,
            locationId: location.id,
            providerId: Number(provider.providerId),
            startUtc: time.startUtc,
          };
      }
  }
  return undefined;
}

/** A fresh appointment of the brand, booked through the front desk. */
async function freshAppointment(
  f: SafetyFixture,
  brand: BrandObjects,
): Promise<FrontDeskBooking | undefined> {
  const time = await freeTime(f, brand);
  if (time === undefined) return undefined;
  const response = await f.app.inject({
    method: 'POST',
    url: `${BASE}/book`,
    headers: headersOf(f, brand),
    payload: {
      clientId: brand.ids.clientId,
      patient: { newPatient: newPatient() },
      ...time,
      idempotencyKey: randomUUID(),
    },
  });
  return response.statusCode === 201 ? response.json<FrontDeskBooking>() : undefined;
}

const successOnly = (options: SampleOptions) => options.mode === 'success' && options.replaceId === undefined;

export const FRONT_DESK_OVERRIDES: Record<string, Override> = {
  [`POST ${BASE}/book`]: async (f, _route, options, parts) => {
    if (!successOnly(options)) return;
    const time = await freeTime(f, options.brand);
    if (time === undefined) return;
    Object.assign(parts.body, {
      patient: { newPatient: newPatient() },
      ...time,
      insurance: null,
      idempotencyKey: randomUUID(),
    });
    delete parts.body.overrideReason;
  },
  [`POST ${BASE}/reschedule`]: async (f, _route, options, parts) => {
    if (!successOnly(options)) return;
    const booked = await freshAppointment(f, options.brand);
    const to = await freeTime(f, options.brand);
    if (booked === undefined || to === undefined) return;
    Object.assign(parts.body, {
      appointmentId: Number(booked.appointmentId),
      providerId: to.providerId,
      locationId: to.locationId,
      startUtc: to.startUtc,
    });
    // Only a service the appointment has: the time was found for its own service when they agree.
    if (to.appointmentTypeId !== Number(booked.service.appointmentTypeId)) {
      parts.body.providerId = Number(booked.provider.providerId);
      parts.body.locationId = Number(booked.location.locationId);
      parts.body.startUtc = new Date(Date.parse(booked.startUtc) + 7 * 86_400_000).toISOString();
    }
    delete parts.body.overrideReason;
  },
  [`POST ${BASE}/cancel`]: async (f, _route, options, parts) => {
    if (!successOnly(options)) return;
    const booked = await freshAppointment(f, options.brand);
    if (booked === undefined) return;
    Object.assign(parts.body, { appointmentId: Number(booked.appointmentId), reason: 'Sample cancellation' });
  },
};
