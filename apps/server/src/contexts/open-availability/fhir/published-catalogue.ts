/*
 * What a brand publishes (issue 20, COORDINATION "What is published"): the scheduler's view for a
 * NEW patient with no insurance, gender or distance filter.
 *  - services: online, not call-to-schedule, offered to new patients;
 *  - locations: online;
 *  - providers: online-bookable, not retired;
 *  - schedules: a published provider offering a published service at a published location that
 *    offers the service (provider_services ⋈ provider_locations ⋈ service_locations).
 * Providers and services appear only with at least one schedule; locations when online. Four
 * small statements per call (a brand's catalogue: a few hundred rows at most). Slots are never
 * computed here: they come from the booking API's availability service (fhir-slots.ts).
 */
import type { Db } from '../../../platform/db/database.ts';
import type { ProvidersTable, ServicesTable } from '../../../platform/db/schema.ts';
import { LOCATION_COLUMNS, toLocationRecord } from '../../catalogue/index.ts';
import type { LocationInput, ProviderInput, ServiceInput } from './resources.ts';

export interface PublishedService extends ServiceInput {
  durationMinutes: number;
}

export interface PublishedSchedule {
  providerId: number;
  locationId: number;
  serviceId: number;
  /** The provider's duration for the service, else the service's. */
  durationMinutes: number;
}

export interface PublishedCatalogue {
  /** In the brand's display order. */
  locations: LocationInput[];
  providers: ProviderInput[];
  services: PublishedService[];
  /** Ordered by provider, location, service (the providers' display order). */
  schedules: PublishedSchedule[];
  locationById: ReadonlyMap<number, LocationInput>;
  providerById: ReadonlyMap<number, ProviderInput>;
  serviceById: ReadonlyMap<number, PublishedService>;
}

function toServiceInput(
  s: Pick<ServicesTable, 'name' | 'description' | 'duration_minutes'> & { id: number },
): PublishedService {
  return { id: s.id, name: s.name, description: s.description, durationMinutes: s.duration_minutes };
}

function toProviderInput(
  p: Pick<
    ProvidersTable,
    'prefix' | 'first_name' | 'middle_name' | 'last_name' | 'credentials' | 'specialty' | 'gender'
  > & { id: number },
): ProviderInput {
  return {
    id: p.id,
    prefix: p.prefix,
    firstName: p.first_name,
    middleName: p.middle_name,
    lastName: p.last_name,
    credentials: p.credentials,
    specialty: p.specialty,
    gender: p.gender,
  };
}

/** The brand's online locations, in display order (the catalogue's own location record). */
export async function selectPublishedLocations(db: Db, clientId: number): Promise<LocationInput[]> {
  const rows = await db
    .selectFrom('locations')
    .select(LOCATION_COLUMNS)
    .where('client_id', '=', clientId)
    .where('online_enabled', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map((row) => toLocationRecord(row));
}

export async function loadPublishedCatalogue(db: Db, clientId: number): Promise<PublishedCatalogue> {
  const locations = await selectPublishedLocations(db, clientId);
  const serviceRows = await db
    .selectFrom('services')
    .select(['id', 'name', 'description', 'duration_minutes'])
    .where('client_id', '=', clientId)
    .where('online_enabled', '=', 1)
    .where('call_to_schedule', '=', 0)
    .where('new_patients', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  const providerRows = await db
    .selectFrom('providers')
    .select(['id', 'prefix', 'first_name', 'middle_name', 'last_name', 'credentials', 'specialty', 'gender'])
    .where('client_id', '=', clientId)
    .where('online_bookable', '=', 1)
    .where('retired_at', 'is', null)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  const links = await db
    .selectFrom('provider_services as ps')
    .innerJoin('provider_locations as pl', (join) =>
      join.onRef('pl.provider_id', '=', 'ps.provider_id').onRef('pl.client_id', '=', 'ps.client_id'),
    )
    .innerJoin('service_locations as sl', (join) =>
      join.onRef('sl.service_id', '=', 'ps.service_id').onRef('sl.location_id', '=', 'pl.location_id'),
    )
    .select(['ps.provider_id', 'pl.location_id', 'ps.service_id', 'ps.duration_minutes'])
    .where('ps.client_id', '=', clientId)
    .execute();

  const allServices = serviceRows.map(toServiceInput);
  const allProviders = providerRows.map(toProviderInput);
  const locationById = new Map(locations.map((l) => [l.id, l]));
  const allServiceById = new Map(allServices.map((s) => [s.id, s]));
  const allProviderById = new Map(allProviders.map((p) => [p.id, p]));
  const order = (list: readonly { id: number }[]) => new Map(list.map((item, index) => [item.id, index]));
  const providerOrder = order(allProviders);
  const locationOrder = order(locations);
  const serviceOrder = order(allServices);

  const schedules: PublishedSchedule[] = [];
  for (const link of links) {
    const service = allServiceById.get(link.service_id);
    if (
      service === undefined ||
      !allProviderById.has(link.provider_id) ||
      !locationById.has(link.location_id)
    )
      continue;
    schedules.push({
      providerId: link.provider_id,
      locationId: link.location_id,
      serviceId: link.service_id,
      durationMinutes: link.duration_minutes ?? service.durationMinutes,
    });
  }
  const rank = (map: ReadonlyMap<number, number>, id: number) => map.get(id) ?? Number.MAX_SAFE_INTEGER;
  schedules.sort(
    (a, b) =>
      rank(providerOrder, a.providerId) - rank(providerOrder, b.providerId) ||
      rank(locationOrder, a.locationId) - rank(locationOrder, b.locationId) ||
      rank(serviceOrder, a.serviceId) - rank(serviceOrder, b.serviceId),
  );
  const scheduled = (key: 'providerId' | 'serviceId') => new Set(schedules.map((s) => s[key]));
  const scheduledProviders = scheduled('providerId');
  const scheduledServices = scheduled('serviceId');
  const providers = allProviders.filter((p) => scheduledProviders.has(p.id));
  const services = allServices.filter((s) => scheduledServices.has(s.id));
  return {
    locations,
    providers,
    services,
    schedules,
    locationById,
    providerById: new Map(providers.map((p) => [p.id, p])),
    serviceById: new Map(services.map((s) => [s.id, s])),
  };
}
