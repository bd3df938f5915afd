/*
 * The configuration rows of one brand: client, scheduler and settings, locations, services,
 * insurance, providers with their maps, weekly hours and time off. Part of `writeBrand`
 * (brand-writer.ts); the random draws happen in the same order as they always did, so a seed
 * writes the same rows.
 */
import zipcodes from 'zipcodes';
import type { EpochMs } from '../schema.ts';
import type { BrandSpec, ProviderSpec } from './catalogue-spec.ts';
import { DEMO_SCHEDULER_SLUG } from './demo-catalogue.ts';
import type { Random } from './random.ts';
import type { IdAllocator, RowSink } from './row-writer.ts';
import type { HoursBlock, PlannedService, ProviderPlan } from './scheduling.ts';
import { DAY_MS, isoDateOf, localDayOf, minutesOf, zonedToUtc } from './zoned-time.ts';

export interface CatalogueContext {
  now: EpochMs;
  random: Random;
  ids: IdAllocator;
  sink: RowSink;
}

export interface LocationRef {
  id: number;
  timeZone: string;
  online: boolean;
}

export interface ServiceRef {
  id: number;
  spec: BrandSpec['services'][number];
}

export interface InsuranceRefs {
  planIds: number[];
  carrierOfPlan: Map<number, number>;
  relationshipIds: number[];
}

/** What the rest of the brand (patients, appointments, analytics) needs of its configuration. */
export interface WrittenCatalogue extends InsuranceRefs {
  clientId: number;
  schedulerId: number;
  locations: Map<string, LocationRef>;
  locationOf: (slug: string) => LocationRef;
  services: Map<string, ServiceRef>;
  plans: ProviderPlan[];
  /** Online-bookable providers of each online location. */
  providerIdsByLocation: Map<number, number[]>;
}

/** Writes the configuration rows of a brand (no flush: the caller flushes). */
export function writeCatalogue(spec: BrandSpec, context: CatalogueContext): WrittenCatalogue {
  const { clientId, schedulerId } = writeClient(spec, context);
  const locations = writeLocations(spec, context, clientId);
  const locationOf = (slug: string): LocationRef => {
    const location = locations.get(slug);
    if (location === undefined) throw new Error(`Unknown location ${slug} in brand ${spec.slug}`);
    return location;
  };
  const services = writeServices(spec, context, clientId, locationOf);
  const insurance = writeInsurance(spec, context, clientId);
  const scope: ProviderScope = {
    clientId,
    clientSlug: spec.slug,
    schedulerId,
    locationOf,
    services,
    planIds: insurance.planIds,
  };
  const plans: ProviderPlan[] = [];
  const providerIdsByLocation = new Map<number, number[]>();
  spec.providers.forEach((provider, index) => {
    plans.push(writeProvider(provider, index, context, scope, providerIdsByLocation));
  });
  return {
    clientId,
    schedulerId,
    locations,
    locationOf,
    services,
    ...insurance,
    plans,
    providerIdsByLocation,
  };
}

function writeClient(
  spec: BrandSpec,
  { now, ids, sink }: CatalogueContext,
): { clientId: number; schedulerId: number } {
  const clientId = ids.next('clients');
  sink.add('clients', {
    id: clientId,
    slug: spec.slug,
    name: spec.name,
    phone: spec.phone,
    frame_ancestors: JSON.stringify(spec.frameAncestors),
    created_at: now - 400 * DAY_MS,
    updated_at: now - 30 * DAY_MS,
  });
  const schedulerId = ids.next('schedulers');
  sink.add('schedulers', {
    id: schedulerId,
    client_id: clientId,
    slug: DEMO_SCHEDULER_SLUG,
    name: spec.schedulerName,
    created_at: now - 400 * DAY_MS,
    updated_at: now - 30 * DAY_MS,
  });
  for (const [group, order, value] of spec.settings) {
    sink.add('scheduler_settings', {
      client_id: clientId,
      scheduler_id: schedulerId,
      setting_group: group,
      setting_order: order,
      value,
      updated_at: now - 30 * DAY_MS,
    });
  }
  return { clientId, schedulerId };
}

function writeLocations(
  spec: BrandSpec,
  { now, ids, sink }: CatalogueContext,
  clientId: number,
): Map<string, LocationRef> {
  const locations = new Map<string, LocationRef>();
  spec.locations.forEach((location, index) => {
    const place = zipcodes.lookup(location.postalCode);
    if (place === undefined) throw new Error(`Unknown ZIP code ${location.postalCode} for ${location.slug}`);
    const id = ids.next('locations');
    locations.set(location.slug, { id, timeZone: location.timeZone, online: location.onlineEnabled ?? true });
    sink.add('locations', {
      id,
      client_id: clientId,
      slug: location.slug,
      name: location.name,
      address_line1: location.addressLine1,
      address_line2: location.addressLine2 ?? null,
      city: place.city,
      state: place.state,
      postal_code: location.postalCode,
      latitude: place.latitude,
      longitude: place.longitude,
      time_zone: location.timeZone,
      phone: location.phone,
      online_enabled: (location.onlineEnabled ?? true) ? 1 : 0,
      waitlist_enabled: (location.waitlistEnabled ?? false) ? 1 : 0,
      sort_order: index,
      created_at: now - 400 * DAY_MS,
      updated_at: now - 30 * DAY_MS,
    });
  });
  return locations;
}

function writeServices(
  spec: BrandSpec,
  { now, ids, sink }: CatalogueContext,
  clientId: number,
  locationOf: (slug: string) => LocationRef,
): Map<string, ServiceRef> {
  const services = new Map<string, ServiceRef>();
  spec.services.forEach((service, index) => {
    const id = ids.next('services');
    services.set(service.key, { id, spec: service });
    sink.add('services', {
      id,
      client_id: clientId,
      name: service.name,
      description: service.description,
      duration_minutes: service.durationMinutes,
      online_enabled: (service.onlineEnabled ?? true) ? 1 : 0,
      call_to_schedule: (service.callToSchedule ?? false) ? 1 : 0,
      new_patients: (service.newPatients ?? true) ? 1 : 0,
      existing_patients: (service.existingPatients ?? true) ? 1 : 0,
      sort_order: index,
      created_at: now - 400 * DAY_MS,
      updated_at: now - 30 * DAY_MS,
    });
    for (const slug of service.locations ?? spec.locations.map((l) => l.slug)) {
      sink.add('service_locations', {
        client_id: clientId,
        service_id: id,
        location_id: locationOf(slug).id,
      });
    }
  });
  return services;
}

function writeInsurance(
  spec: BrandSpec,
  { now, ids, sink }: CatalogueContext,
  clientId: number,
): InsuranceRefs {
  const typeIds = new Map<string, number>();
  spec.insuranceTypes.forEach((name, index) => {
    const id = ids.next('insurance_types');
    typeIds.set(name, id);
    sink.add('insurance_types', { id, client_id: clientId, name, sort_order: index });
  });
  const carrierIds = new Map<string, number>();
  for (const plan of spec.plans) {
    if (carrierIds.has(plan.carrier)) continue;
    const id = ids.next('insurance_carriers');
    carrierIds.set(plan.carrier, id);
    sink.add('insurance_carriers', {
      id,
      client_id: clientId,
      name: plan.carrier,
      created_at: now - 400 * DAY_MS,
    });
  }
  const planIds: number[] = [];
  const carrierOfPlan = new Map<number, number>();
  for (const plan of spec.plans) {
    const id = ids.next('insurance_plans');
    const carrierId = carrierIds.get(plan.carrier) ?? 0;
    planIds.push(id);
    carrierOfPlan.set(id, carrierId);
    sink.add('insurance_plans', {
      id,
      client_id: clientId,
      carrier_id: carrierId,
      insurance_type_id: typeIds.get(plan.type) ?? null,
      name: plan.name,
      top_package_rank: plan.topRank ?? null,
      active: 1,
      created_at: now - 400 * DAY_MS,
      updated_at: now - 30 * DAY_MS,
    });
  }
  const relationshipIds: number[] = [];
  spec.relationships.forEach((name, index) => {
    const id = ids.next('insurance_relationships');
    relationshipIds.push(id);
    sink.add('insurance_relationships', { id, client_id: clientId, name, sort_order: index });
  });
  return { planIds, carrierOfPlan, relationshipIds };
}

/** What writing a provider needs of the brand's configuration written before it. */
interface ProviderScope {
  clientId: number;
  /** The brand's URL name: the generated avatar's address names it (issue 15, finding 11). */
  clientSlug: string;
  schedulerId: number;
  locationOf: (slug: string) => LocationRef;
  services: Map<string, ServiceRef>;
  planIds: readonly number[];
}

/** One provider: its row, locations, services, insurance plans, hours and time off; returns its plan. */
function writeProvider(
  provider: ProviderSpec,
  index: number,
  context: CatalogueContext,
  scope: ProviderScope,
  providerIdsByLocation: Map<number, number[]>,
): ProviderPlan {
  const { now, random, ids, sink } = context;
  const { clientId, clientSlug, locationOf } = scope;
  const id = ids.next('providers');
  sink.add('providers', {
    id,
    client_id: clientId,
    prefix: provider.prefix,
    first_name: provider.firstName,
    middle_name: null,
    last_name: provider.lastName,
    credentials: provider.credentials,
    specialty: provider.specialty,
    gender: provider.gender,
    bio: provider.bio,
    photo_url: `/api/avatars/${clientSlug}/${id}.svg`,
    online_bookable: (provider.onlineBookable ?? true) ? 1 : 0,
    accepting_new_patients: (provider.acceptingNewPatients ?? true) ? 1 : 0,
    sort_order: index,
    version: 1,
    created_at: now - 300 * DAY_MS,
    updated_at: now - 30 * DAY_MS,
  });
  const locationSlugs = [...new Set(provider.hours.map((h) => h.location))];
  for (const slug of locationSlugs) {
    const location = locationOf(slug);
    sink.add('provider_locations', { client_id: clientId, provider_id: id, location_id: location.id });
    if (location.online && (provider.onlineBookable ?? true)) {
      const list = providerIdsByLocation.get(location.id) ?? [];
      list.push(id);
      providerIdsByLocation.set(location.id, list);
    }
  }
  const planned = writeProviderServices(provider, id, context, scope);
  for (const planId of scope.planIds) {
    if (random.chance(0.85))
      sink.add('provider_insurance_plans', { client_id: clientId, provider_id: id, plan_id: planId });
  }
  const blocks = writeProviderHours(provider, id, context, scope);
  const timeOff = writeProviderTimeOff(provider, id, context, scope);
  return { clientId, schedulerId: scope.schedulerId, providerId: id, blocks, services: planned, timeOff };
}

function writeProviderServices(
  provider: ProviderSpec,
  providerId: number,
  { sink }: CatalogueContext,
  scope: ProviderScope,
): PlannedService[] {
  const planned: PlannedService[] = [];
  for (const key of provider.services) {
    const service = scope.services.get(key);
    if (service === undefined) throw new Error(`Unknown service ${key} for ${provider.lastName}`);
    const override = provider.durationOverrides?.[key];
    sink.add('provider_services', {
      client_id: scope.clientId,
      provider_id: providerId,
      service_id: service.id,
      duration_minutes: override ?? null,
    });
    planned.push({
      serviceId: service.id,
      durationMinutes: override ?? service.spec.durationMinutes,
      newPatientsOnly: service.spec.existingPatients === false,
      weight: service.spec.weight,
    });
  }
  return planned;
}

function writeProviderHours(
  provider: ProviderSpec,
  providerId: number,
  { now, sink }: CatalogueContext,
  scope: ProviderScope,
): HoursBlock[] {
  const blocks: HoursBlock[] = [];
  for (const hours of provider.hours) {
    const location = scope.locationOf(hours.location);
    const today = localDayOf(now, location.timeZone);
    const effectiveFrom = hours.fromDay === undefined ? null : today + hours.fromDay;
    const effectiveTo = hours.toDay === undefined ? null : today + hours.toDay;
    for (const weekday of hours.weekdays) {
      const block: HoursBlock = {
        locationId: location.id,
        timeZone: location.timeZone,
        weekday,
        startMinute: minutesOf(hours.start),
        endMinute: minutesOf(hours.end),
        effectiveFrom,
        effectiveTo,
      };
      blocks.push(block);
      sink.add('working_hours', {
        client_id: scope.clientId,
        provider_id: providerId,
        location_id: location.id,
        weekday,
        start_minute: block.startMinute,
        end_minute: block.endMinute,
        effective_from: effectiveFrom === null ? null : isoDateOf(effectiveFrom),
        effective_to: effectiveTo === null ? null : isoDateOf(effectiveTo),
      });
    }
  }
  return blocks;
}

function writeProviderTimeOff(
  provider: ProviderSpec,
  providerId: number,
  { now, sink }: CatalogueContext,
  scope: ProviderScope,
): ProviderPlan['timeOff'] {
  const homeZone = scope.locationOf(provider.hours[0]?.location ?? '').timeZone;
  return (provider.timeOff ?? []).map((off) => {
    const day = localDayOf(now, homeZone) + off.startDay;
    const startAt = zonedToUtc(day, off.start === undefined ? 0 : minutesOf(off.start), homeZone);
    const endAt =
      off.end === undefined
        ? zonedToUtc(day + off.days, 0, homeZone)
        : zonedToUtc(day, minutesOf(off.end), homeZone);
    sink.add('time_off', {
      client_id: scope.clientId,
      provider_id: providerId,
      location_id: null,
      start_at: startAt,
      end_at: endAt,
      reason: off.reason,
      created_at: Math.min(now, startAt) - 20 * DAY_MS,
    });
    return { startAt, endAt };
  });
}
