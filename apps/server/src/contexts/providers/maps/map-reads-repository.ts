/*
 * The reads of a brand's many-to-many maps: provider ↔ location, provider ↔ service (with an
 * optional duration of the provider's own), service ↔ location and provider ↔ insurance plan,
 * each side with the version of its sets (read before the links: a later change only makes
 * them older).
 */
import type { Db } from '../../../platform/db/database.ts';
import { ownsAll } from './set-writes-repository.ts';
import type { OwnedTable } from './set-writes-repository.ts';

export interface NamedRecord {
  id: number;
  name: string;
}

export interface ProviderName {
  id: number;
  prefix: string | null;
  firstName: string;
  lastName: string;
  /** The versions of the provider's sets (read before the links: a later change only makes them older). */
  locationsVersion: number;
  servicesVersion: number;
  plansVersion: number;
}

export interface MapLocation extends NamedRecord {
  /** The version of the location's set of providers. */
  providersVersion: number;
}

export interface MapPlan {
  planId: number;
  name: string;
  carrierId: number;
  carrierName: string;
  /** The version of the plan's set of providers. */
  providersVersion: number;
}

export interface Link {
  left: number;
  right: number;
}

export interface MapService {
  id: number;
  name: string;
  durationMinutes: number;
  /** The version of the service's set of locations. */
  locationsVersion: number;
}

export interface ProviderServiceLink {
  providerId: number;
  serviceId: number;
  durationMinutes: number | null;
}

export interface InsuranceControlRecords {
  carriers: NamedRecord[];
  plans: {
    planId: number;
    carrierId: number;
    name: string;
    insuranceTypeId: number | null;
    topRank: number | null;
    active: boolean;
  }[];
  types: NamedRecord[];
}

export interface MapReadRepository {
  providers(clientId: number): Promise<ProviderName[]>;
  locations(clientId: number): Promise<MapLocation[]>;
  services(clientId: number): Promise<MapService[]>;
  plans(clientId: number): Promise<MapPlan[]>;
  insuranceControl(clientId: number): Promise<InsuranceControlRecords>;
  /** provider → location */
  providerLocations(clientId: number): Promise<Link[]>;
  providerServices(clientId: number): Promise<ProviderServiceLink[]>;
  /** service → location */
  serviceLocations(clientId: number): Promise<Link[]>;
  /** provider → plan */
  providerPlans(clientId: number, providerId?: number): Promise<Link[]>;
  /** Whether every id is a record of the brand in the table. */
  owns(table: OwnedTable, clientId: number, ids: readonly number[]): Promise<boolean>;
}

type EntityReads = Pick<
  MapReadRepository,
  'providers' | 'locations' | 'services' | 'plans' | 'insuranceControl'
>;
type LinkReads = Omit<MapReadRepository, keyof EntityReads>;

/** The records on each side of the maps, in display order. */
function entityReads(db: Db): EntityReads {
  return {
    async providers(clientId) {
      const rows = await db
        .selectFrom('providers')
        .select([
          'id',
          'prefix',
          'first_name',
          'last_name',
          'locations_version',
          'services_version',
          'plans_version',
        ])
        .where('client_id', '=', clientId)
        .orderBy('last_name')
        .orderBy('first_name')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        prefix: r.prefix,
        firstName: r.first_name,
        lastName: r.last_name,
        locationsVersion: r.locations_version,
        servicesVersion: r.services_version,
        plansVersion: r.plans_version,
      }));
    },

    async locations(clientId) {
      const rows = await db
        .selectFrom('locations')
        .select(['id', 'name', 'providers_version'])
        .where('client_id', '=', clientId)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ id: r.id, name: r.name, providersVersion: r.providers_version }));
    },

    async services(clientId) {
      const rows = await db
        .selectFrom('services')
        .select(['id', 'name', 'duration_minutes', 'locations_version'])
        .where('client_id', '=', clientId)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        durationMinutes: r.duration_minutes,
        locationsVersion: r.locations_version,
      }));
    },

    async plans(clientId) {
      const rows = await db
        .selectFrom('insurance_plans')
        .innerJoin('insurance_carriers', 'insurance_carriers.id', 'insurance_plans.carrier_id')
        .select([
          'insurance_plans.id',
          'insurance_plans.name',
          'insurance_plans.providers_version',
          'insurance_carriers.id as carrier_id',
          'insurance_carriers.name as carrier_name',
        ])
        .where('insurance_plans.client_id', '=', clientId)
        .orderBy('insurance_carriers.name')
        .orderBy('insurance_plans.name')
        .orderBy('insurance_plans.id')
        .execute();
      return rows.map((r) => ({
        planId: r.id,
        name: r.name,
        carrierId: r.carrier_id,
        carrierName: r.carrier_name,
        providersVersion: r.providers_version,
      }));
    },

    async insuranceControl(clientId) {
      const [carriers, plans, types] = await Promise.all([
        db
          .selectFrom('insurance_carriers')
          .select(['id', 'name'])
          .where('client_id', '=', clientId)
          .orderBy('name')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('insurance_plans')
          .select(['id', 'carrier_id', 'name', 'insurance_type_id', 'top_package_rank', 'active'])
          .where('client_id', '=', clientId)
          .orderBy('name')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('insurance_types')
          .select(['id', 'name'])
          .where('client_id', '=', clientId)
          .orderBy('sort_order')
          .orderBy('id')
          .execute(),
      ]);
      return {
        carriers,
        types,
        plans: plans.map((p) => ({
          planId: p.id,
          carrierId: p.carrier_id,
          name: p.name,
          insuranceTypeId: p.insurance_type_id,
          topRank: p.top_package_rank,
          active: p.active === 1,
        })),
      };
    },
  };
}

/** The links of each map, and the brand's ownership check. */
function linkReads(db: Db): LinkReads {
  return {
    async providerLocations(clientId) {
      const rows = await db
        .selectFrom('provider_locations')
        .select(['provider_id', 'location_id'])
        .where('client_id', '=', clientId)
        .orderBy('provider_id')
        .orderBy('location_id')
        .execute();
      return rows.map((r) => ({ left: r.provider_id, right: r.location_id }));
    },

    async providerServices(clientId) {
      const rows = await db
        .selectFrom('provider_services')
        .select(['provider_id', 'service_id', 'duration_minutes'])
        .where('client_id', '=', clientId)
        .orderBy('provider_id')
        .orderBy('service_id')
        .execute();
      return rows.map((r) => ({
        providerId: r.provider_id,
        serviceId: r.service_id,
        durationMinutes: r.duration_minutes,
      }));
    },

    async serviceLocations(clientId) {
      const rows = await db
        .selectFrom('service_locations')
        .select(['service_id', 'location_id'])
        .where('client_id', '=', clientId)
        .orderBy('service_id')
        .orderBy('location_id')
        .execute();
      return rows.map((r) => ({ left: r.service_id, right: r.location_id }));
    },

    async providerPlans(clientId, providerId) {
      let query = db
        .selectFrom('provider_insurance_plans')
        .select(['provider_id', 'plan_id'])
        .where('client_id', '=', clientId);
      if (providerId !== undefined) query = query.where('provider_id', '=', providerId);
      const rows = await query.orderBy('provider_id').orderBy('plan_id').execute();
      return rows.map((r) => ({ left: r.provider_id, right: r.plan_id }));
    },

    owns: (table, clientId, ids) => ownsAll(db, table, clientId, ids),
  };
}

export function createMapReadRepository(db: Db): MapReadRepository {
  return { ...entityReads(db), ...linkReads(db) };
}
