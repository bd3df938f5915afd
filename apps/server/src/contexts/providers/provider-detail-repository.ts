/*
 * One provider with everything the edit screen shows: locations, services (with the provider's
 * own durations), insurance plans, working hours and time off, and the versions of its sets.
 */
import type { Db } from '../../platform/db/database.ts';
import { PROVIDER_COLUMNS, toProviderRecord } from './provider-record.ts';
import type { ProviderDetailRecord } from './provider-record.ts';

export async function selectProviderDetail(
  db: Db,
  clientId: number,
  providerId: number,
): Promise<ProviderDetailRecord | undefined> {
  const row = await db
    .selectFrom('providers')
    .select([
      ...PROVIDER_COLUMNS,
      'providers.locations_version',
      'providers.services_version',
      'providers.plans_version',
    ])
    .where('providers.client_id', '=', clientId)
    .where('providers.id', '=', providerId)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const [locations, services, plans, workingHours, timeOff] = await Promise.all([
    db
      .selectFrom('provider_locations')
      .innerJoin('locations', 'locations.id', 'provider_locations.location_id')
      .select(['locations.id', 'locations.name', 'locations.time_zone'])
      .where('provider_locations.client_id', '=', clientId)
      .where('provider_locations.provider_id', '=', providerId)
      .orderBy('locations.sort_order')
      .orderBy('locations.id')
      .execute(),
    db
      .selectFrom('provider_services')
      .innerJoin('services', 'services.id', 'provider_services.service_id')
      .select([
        'services.id',
        'services.name',
        'services.duration_minutes as service_duration',
        'provider_services.duration_minutes as custom_duration',
      ])
      .where('provider_services.client_id', '=', clientId)
      .where('provider_services.provider_id', '=', providerId)
      .orderBy('services.sort_order')
      .orderBy('services.id')
      .execute(),
    db
      .selectFrom('provider_insurance_plans')
      .innerJoin('insurance_plans', 'insurance_plans.id', 'provider_insurance_plans.plan_id')
      .innerJoin('insurance_carriers', 'insurance_carriers.id', 'insurance_plans.carrier_id')
      .select([
        'insurance_plans.id',
        'insurance_plans.name',
        'insurance_carriers.id as carrier_id',
        'insurance_carriers.name as carrier_name',
      ])
      .where('provider_insurance_plans.client_id', '=', clientId)
      .where('provider_insurance_plans.provider_id', '=', providerId)
      .orderBy('insurance_carriers.name')
      .orderBy('insurance_plans.name')
      .execute(),
    db
      .selectFrom('working_hours')
      .select(['location_id', 'weekday', 'start_minute', 'end_minute', 'effective_from', 'effective_to'])
      .where('client_id', '=', clientId)
      .where('provider_id', '=', providerId)
      .orderBy('location_id')
      .orderBy('weekday')
      .orderBy('start_minute')
      .execute(),
    db
      .selectFrom('time_off')
      .select(['id', 'location_id', 'start_at', 'end_at', 'reason'])
      .where('client_id', '=', clientId)
      .where('provider_id', '=', providerId)
      .orderBy('start_at')
      .execute(),
  ]);
  return {
    ...toProviderRecord(row),
    locationsVersion: row.locations_version,
    servicesVersion: row.services_version,
    plansVersion: row.plans_version,
    locationIds: locations.map((l) => l.id),
    locations: locations.map((l) => ({ locationId: l.id, name: l.name, timeZone: l.time_zone })),
    services: services.map((s) => ({
      serviceId: s.id,
      name: s.name,
      serviceDuration: s.service_duration,
      customDuration: s.custom_duration,
    })),
    plans: plans.map((p) => ({
      planId: p.id,
      name: p.name,
      carrierId: p.carrier_id,
      carrierName: p.carrier_name,
    })),
    workingHours: workingHours.map((w) => ({
      locationId: w.location_id,
      weekday: w.weekday,
      startMinute: w.start_minute,
      endMinute: w.end_minute,
      effectiveFrom: w.effective_from,
      effectiveTo: w.effective_to,
    })),
    timeOff: timeOff.map((t) => ({
      timeOffId: t.id,
      locationId: t.location_id,
      startAt: Number(t.start_at),
      endAt: Number(t.end_at),
      reason: t.reason,
    })),
  };
}
