import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/*
 * The many-to-many maps of a brand: provider ↔ location, provider ↔ service (with an optional
 * duration of the provider's own), service ↔ location and provider ↔ insurance plan. Writes
 * replace a whole set in one transaction and answer 'not-found' when any id is not the brand's.
 */

export interface NamedRecord {
  id: number;
  name: string;
}

export interface ProviderName {
  id: number;
  prefix: string | null;
  firstName: string;
  lastName: string;
}

export interface PlanRecord {
  planId: number;
  name: string;
  carrierId: number;
  carrierName: string;
}

export interface Link {
  left: number;
  right: number;
}

export interface ServiceRecord {
  id: number;
  name: string;
  durationMinutes: number;
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

export type SetOutcome = 'ok' | 'not-found';

type OwnedTable = 'providers' | 'locations' | 'services' | 'insurance_plans';

export interface MappingRepository {
  providers(clientId: number): Promise<ProviderName[]>;
  locations(clientId: number): Promise<NamedRecord[]>;
  services(clientId: number): Promise<ServiceRecord[]>;
  plans(clientId: number): Promise<PlanRecord[]>;
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

  replaceProviderLocations(
    clientId: number,
    providerId: number,
    locationIds: number[],
    at: number,
  ): Promise<SetOutcome>;
  replaceLocationProviders(
    clientId: number,
    locationId: number,
    providerIds: number[],
    at: number,
  ): Promise<SetOutcome>;
  replaceProviderServices(
    clientId: number,
    providerId: number,
    services: { serviceId: number; durationMinutes: number | null }[],
    at: number,
  ): Promise<SetOutcome>;
  replaceServiceLocations(
    clientId: number,
    serviceId: number,
    locationIds: number[],
    at: number,
  ): Promise<SetOutcome>;
  replaceProviderPlans(
    clientId: number,
    providerId: number,
    planIds: number[],
    at: number,
  ): Promise<SetOutcome>;
  replacePlanProviders(
    clientId: number,
    planId: number,
    providerIds: number[],
    at: number,
  ): Promise<SetOutcome>;
}

async function owns(db: Db, table: OwnedTable, clientId: number, ids: readonly number[]): Promise<boolean> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return true;
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('client_id', '=', clientId)
    .where('id', 'in', unique)
    .executeTakeFirst();
  return Number(row?.n ?? 0) === unique.length;
}

/** Bumps the version of providers whose detail (locations, services, plans) changed. */
async function touchProviders(
  db: Db,
  clientId: number,
  providerIds: readonly number[],
  at: number,
): Promise<void> {
  if (providerIds.length === 0) return;
  await db
    .updateTable('providers')
    .set({ version: sql<number>`version + 1`, updated_at: at })
    .where('client_id', '=', clientId)
    .where('id', 'in', [...new Set(providerIds)])
    .execute();
}

export function createMappingRepository(db: Db): MappingRepository {
  return {
    async providers(clientId) {
      const rows = await db
        .selectFrom('providers')
        .select(['id', 'prefix', 'first_name', 'last_name'])
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
      }));
    },

    async locations(clientId) {
      return db
        .selectFrom('locations')
        .select(['id', 'name'])
        .where('client_id', '=', clientId)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },

    async services(clientId) {
      const rows = await db
        .selectFrom('services')
        .select(['id', 'name', 'duration_minutes'])
        .where('client_id', '=', clientId)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ id: r.id, name: r.name, durationMinutes: r.duration_minutes }));
    },

    async plans(clientId) {
      const rows = await db
        .selectFrom('insurance_plans')
        .innerJoin('insurance_carriers', 'insurance_carriers.id', 'insurance_plans.carrier_id')
        .select([
          'insurance_plans.id',
          'insurance_plans.name',
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

    owns(table, clientId, ids) {
      return owns(db, table, clientId, ids);
    },

    async replaceProviderLocations(clientId, providerId, locationIds, at) {
      return db.transaction().execute(async (trx) => {
        if (
          !(await owns(trx, 'providers', clientId, [providerId])) ||
          !(await owns(trx, 'locations', clientId, locationIds))
        )
          return 'not-found';
        await trx
          .deleteFrom('provider_locations')
          .where('client_id', '=', clientId)
          .where('provider_id', '=', providerId)
          .execute();
        if (locationIds.length > 0) {
          await trx
            .insertInto('provider_locations')
            .values(
              locationIds.map((locationId) => ({
                client_id: clientId,
                provider_id: providerId,
                location_id: locationId,
              })),
            )
            .execute();
        }
        // Weekly hours at a location the provider no longer serves would be dead data.
        let stale = trx
          .deleteFrom('working_hours')
          .where('client_id', '=', clientId)
          .where('provider_id', '=', providerId);
        if (locationIds.length > 0) stale = stale.where('location_id', 'not in', locationIds);
        await stale.execute();
        await touchProviders(trx, clientId, [providerId], at);
        return 'ok';
      });
    },

    async replaceLocationProviders(clientId, locationId, providerIds, at) {
      return db.transaction().execute(async (trx) => {
        if (
          !(await owns(trx, 'locations', clientId, [locationId])) ||
          !(await owns(trx, 'providers', clientId, providerIds))
        )
          return 'not-found';
        const before = await trx
          .selectFrom('provider_locations')
          .select('provider_id')
          .where('client_id', '=', clientId)
          .where('location_id', '=', locationId)
          .execute();
        await trx
          .deleteFrom('provider_locations')
          .where('client_id', '=', clientId)
          .where('location_id', '=', locationId)
          .execute();
        if (providerIds.length > 0) {
          await trx
            .insertInto('provider_locations')
            .values(
              providerIds.map((providerId) => ({
                client_id: clientId,
                provider_id: providerId,
                location_id: locationId,
              })),
            )
            .execute();
        }
        let stale = trx
          .deleteFrom('working_hours')
          .where('client_id', '=', clientId)
          .where('location_id', '=', locationId);
        if (providerIds.length > 0) stale = stale.where('provider_id', 'not in', providerIds);
        await stale.execute();
        const kept = new Set(providerIds);
        const previous = new Set(before.map((row) => row.provider_id));
        const changed = [
          ...before.map((row) => row.provider_id).filter((id) => !kept.has(id)),
          ...providerIds.filter((id) => !previous.has(id)),
        ];
        await touchProviders(trx, clientId, changed, at);
        return 'ok';
      });
    },

    async replaceProviderServices(clientId, providerId, services, at) {
      return db.transaction().execute(async (trx) => {
        if (
          !(await owns(trx, 'providers', clientId, [providerId])) ||
          !(await owns(
            trx,
            'services',
            clientId,
            services.map((s) => s.serviceId),
          ))
        )
          return 'not-found';
        await trx
          .deleteFrom('provider_services')
          .where('client_id', '=', clientId)
          .where('provider_id', '=', providerId)
          .execute();
        if (services.length > 0) {
          await trx
            .insertInto('provider_services')
            .values(
              services.map((s) => ({
                client_id: clientId,
                provider_id: providerId,
                service_id: s.serviceId,
                duration_minutes: s.durationMinutes,
              })),
            )
            .execute();
        }
        await touchProviders(trx, clientId, [providerId], at);
        return 'ok';
      });
    },

    async replaceServiceLocations(clientId, serviceId, locationIds, at) {
      return db.transaction().execute(async (trx) => {
        if (
          !(await owns(trx, 'services', clientId, [serviceId])) ||
          !(await owns(trx, 'locations', clientId, locationIds))
        )
          return 'not-found';
        await trx
          .deleteFrom('service_locations')
          .where('client_id', '=', clientId)
          .where('service_id', '=', serviceId)
          .execute();
        if (locationIds.length > 0) {
          await trx
            .insertInto('service_locations')
            .values(
              locationIds.map((locationId) => ({
                client_id: clientId,
                service_id: serviceId,
                location_id: locationId,
              })),
            )
            .execute();
        }
        await trx
          .updateTable('services')
          .set({ updated_at: at })
          .where('client_id', '=', clientId)
          .where('id', '=', serviceId)
          .execute();
        return 'ok';
      });
    },

    async replaceProviderPlans(clientId, providerId, planIds, at) {
      return db.transaction().execute(async (trx) => {
        if (
          !(await owns(trx, 'providers', clientId, [providerId])) ||
          !(await owns(trx, 'insurance_plans', clientId, planIds))
        )
          return 'not-found';
        await trx
          .deleteFrom('provider_insurance_plans')
          .where('client_id', '=', clientId)
          .where('provider_id', '=', providerId)
          .execute();
        if (planIds.length > 0) {
          await trx
            .insertInto('provider_insurance_plans')
            .values(
              planIds.map((planId) => ({ client_id: clientId, provider_id: providerId, plan_id: planId })),
            )
            .execute();
        }
        await touchProviders(trx, clientId, [providerId], at);
        return 'ok';
      });
    },

    async replacePlanProviders(clientId, planId, providerIds, at) {
      return db.transaction().execute(async (trx) => {
        if (
          !(await owns(trx, 'insurance_plans', clientId, [planId])) ||
          !(await owns(trx, 'providers', clientId, providerIds))
        )
          return 'not-found';
        const before = await trx
          .selectFrom('provider_insurance_plans')
          .select('provider_id')
          .where('client_id', '=', clientId)
          .where('plan_id', '=', planId)
          .execute();
        await trx
          .deleteFrom('provider_insurance_plans')
          .where('client_id', '=', clientId)
          .where('plan_id', '=', planId)
          .execute();
        if (providerIds.length > 0) {
          await trx
            .insertInto('provider_insurance_plans')
            .values(
              providerIds.map((providerId) => ({
                client_id: clientId,
                provider_id: providerId,
                plan_id: planId,
              })),
            )
            .execute();
        }
        const kept = new Set(providerIds);
        const previous = new Set(before.map((row) => row.provider_id));
        await touchProviders(
          trx,
          clientId,
          [
            ...before.map((row) => row.provider_id).filter((id) => !kept.has(id)),
            ...providerIds.filter((id) => !previous.has(id)),
          ],
          at,
        );
        return 'ok';
      });
    },
  };
}
