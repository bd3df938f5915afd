import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/*
 * The many-to-many maps of a brand: provider ↔ location, provider ↔ service (with an optional
 * duration of the provider's own), service ↔ location and provider ↔ insurance plan. Writes
 * replace a whole set in one transaction and answer 'not-found' when any id is not the brand's.
 *
 * Optimistic concurrency (migration 007): each set has a counter on the row that owns it
 * (providers.locations_version, locations.providers_version…). A write names the version it read;
 * the counter's UPDATE matches on it before anything else is written, so a stale write answers
 * 'stale' and changes nothing. A write bumps the counters of the other side's rows whose sets it
 * changed (adding a location to a provider changes that location's set of providers too).
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
  /** The versions of the provider's sets (read before the links: a later change only makes them older). */
  locationsVersion: number;
  servicesVersion: number;
  plansVersion: number;
}

export interface LocationRecord extends NamedRecord {
  /** The version of the location's set of providers. */
  providersVersion: number;
}

export interface PlanRecord {
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

export interface ServiceRecord {
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

/** 'ok' with the set's new version. */
export type SetOutcome = { kind: 'ok'; version: number } | { kind: 'not-found' } | { kind: 'stale' };

/** The row and column holding the version of one kind of set. */
type SetCounter =
  | { table: 'providers'; column: 'locations_version' | 'services_version' | 'plans_version' }
  | { table: 'locations'; column: 'providers_version' }
  | { table: 'services'; column: 'locations_version' }
  | { table: 'insurance_plans'; column: 'providers_version' };

const PROVIDER_LOCATIONS: SetCounter = { table: 'providers', column: 'locations_version' };
const PROVIDER_SERVICES: SetCounter = { table: 'providers', column: 'services_version' };
const PROVIDER_PLANS: SetCounter = { table: 'providers', column: 'plans_version' };
const LOCATION_PROVIDERS: SetCounter = { table: 'locations', column: 'providers_version' };
const SERVICE_LOCATIONS: SetCounter = { table: 'services', column: 'locations_version' };
const PLAN_PROVIDERS: SetCounter = { table: 'insurance_plans', column: 'providers_version' };

type OwnedTable = 'providers' | 'locations' | 'services' | 'insurance_plans';

export interface MappingRepository {
  providers(clientId: number): Promise<ProviderName[]>;
  locations(clientId: number): Promise<LocationRecord[]>;
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
    version: number,
    at: number,
  ): Promise<SetOutcome>;
  replaceLocationProviders(
    clientId: number,
    locationId: number,
    providerIds: number[],
    version: number,
    at: number,
  ): Promise<SetOutcome>;
  replaceProviderServices(
    clientId: number,
    providerId: number,
    services: { serviceId: number; durationMinutes: number | null }[],
    version: number,
    at: number,
  ): Promise<SetOutcome>;
  replaceServiceLocations(
    clientId: number,
    serviceId: number,
    locationIds: number[],
    version: number,
    at: number,
  ): Promise<SetOutcome>;
  replaceProviderPlans(
    clientId: number,
    providerId: number,
    planIds: number[],
    version: number,
    at: number,
  ): Promise<SetOutcome>;
  replacePlanProviders(
    clientId: number,
    planId: number,
    providerIds: number[],
    version: number,
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

/**
 * `UPDATE table SET column = column + 1 WHERE client_id = ? AND id = ? AND column = ?`: takes the
 * set for this write, or answers 'stale' (nothing written) when someone changed it since `version`.
 */
async function claimSet(
  db: Db,
  counter: SetCounter,
  clientId: number,
  id: number,
  version: number,
): Promise<SetOutcome> {
  const column = sql.ref(counter.column);
  const result = await sql`update ${sql.table(counter.table)} set ${column} = ${column} + 1
    where client_id = ${clientId} and id = ${id} and ${column} = ${version}`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0 ? { kind: 'ok', version: version + 1 } : { kind: 'stale' };
}

/** Bumps the set counters of other rows whose sets a write changed. */
async function bumpSets(
  db: Db,
  counter: SetCounter,
  clientId: number,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  const column = sql.ref(counter.column);
  await sql`update ${sql.table(counter.table)} set ${column} = ${column} + 1
    where client_id = ${clientId} and id in (${sql.join([...new Set(ids)])})`.execute(db);
}

/** The ids in one list and not in the other, both ways. */
function changedIds(before: readonly number[], after: readonly number[]): number[] {
  const kept = new Set(after);
  const previous = new Set(before);
  return [...before.filter((id) => !kept.has(id)), ...after.filter((id) => !previous.has(id))];
}

export function createMappingRepository(db: Db): MappingRepository {
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

    async replaceProviderLocations(clientId, providerId, locationIds, version, at) {
      return db.transaction().execute(async (trx): Promise<SetOutcome> => {
        if (
          !(await owns(trx, 'providers', clientId, [providerId])) ||
          !(await owns(trx, 'locations', clientId, locationIds))
        )
          return { kind: 'not-found' };
        const outcome = await claimSet(trx, PROVIDER_LOCATIONS, clientId, providerId, version);
        if (outcome.kind !== 'ok') return outcome;
        const before = await trx
          .selectFrom('provider_locations')
          .select('location_id')
          .where('client_id', '=', clientId)
          .where('provider_id', '=', providerId)
          .execute();
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
        await bumpSets(
          trx,
          LOCATION_PROVIDERS,
          clientId,
          changedIds(
            before.map((row) => row.location_id),
            locationIds,
          ),
        );
        await touchProviders(trx, clientId, [providerId], at);
        return outcome;
      });
    },

    async replaceLocationProviders(clientId, locationId, providerIds, version, at) {
      return db.transaction().execute(async (trx): Promise<SetOutcome> => {
        if (
          !(await owns(trx, 'locations', clientId, [locationId])) ||
          !(await owns(trx, 'providers', clientId, providerIds))
        )
          return { kind: 'not-found' };
        const outcome = await claimSet(trx, LOCATION_PROVIDERS, clientId, locationId, version);
        if (outcome.kind !== 'ok') return outcome;
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
        const changed = changedIds(
          before.map((row) => row.provider_id),
          providerIds,
        );
        await bumpSets(trx, PROVIDER_LOCATIONS, clientId, changed);
        await touchProviders(trx, clientId, changed, at);
        return outcome;
      });
    },

    async replaceProviderServices(clientId, providerId, services, version, at) {
      return db.transaction().execute(async (trx): Promise<SetOutcome> => {
        if (
          !(await owns(trx, 'providers', clientId, [providerId])) ||
          !(await owns(
            trx,
            'services',
            clientId,
            services.map((s) => s.serviceId),
          ))
        )
          return { kind: 'not-found' };
        const outcome = await claimSet(trx, PROVIDER_SERVICES, clientId, providerId, version);
        if (outcome.kind !== 'ok') return outcome;
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
        return outcome;
      });
    },

    async replaceServiceLocations(clientId, serviceId, locationIds, version, at) {
      return db.transaction().execute(async (trx): Promise<SetOutcome> => {
        if (
          !(await owns(trx, 'services', clientId, [serviceId])) ||
          !(await owns(trx, 'locations', clientId, locationIds))
        )
          return { kind: 'not-found' };
        const outcome = await claimSet(trx, SERVICE_LOCATIONS, clientId, serviceId, version);
        if (outcome.kind !== 'ok') return outcome;
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
        return outcome;
      });
    },

    async replaceProviderPlans(clientId, providerId, planIds, version, at) {
      return db.transaction().execute(async (trx): Promise<SetOutcome> => {
        if (
          !(await owns(trx, 'providers', clientId, [providerId])) ||
          !(await owns(trx, 'insurance_plans', clientId, planIds))
        )
          return { kind: 'not-found' };
        const outcome = await claimSet(trx, PROVIDER_PLANS, clientId, providerId, version);
        if (outcome.kind !== 'ok') return outcome;
        const before = await trx
          .selectFrom('provider_insurance_plans')
          .select('plan_id')
          .where('client_id', '=', clientId)
          .where('provider_id', '=', providerId)
          .execute();
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
        await bumpSets(
          trx,
          PLAN_PROVIDERS,
          clientId,
          changedIds(
            before.map((row) => row.plan_id),
            planIds,
          ),
        );
        await touchProviders(trx, clientId, [providerId], at);
        return outcome;
      });
    },

    async replacePlanProviders(clientId, planId, providerIds, version, at) {
      return db.transaction().execute(async (trx): Promise<SetOutcome> => {
        if (
          !(await owns(trx, 'insurance_plans', clientId, [planId])) ||
          !(await owns(trx, 'providers', clientId, providerIds))
        )
          return { kind: 'not-found' };
        const outcome = await claimSet(trx, PLAN_PROVIDERS, clientId, planId, version);
        if (outcome.kind !== 'ok') return outcome;
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
        const changed = changedIds(
          before.map((row) => row.provider_id),
          providerIds,
        );
        await bumpSets(trx, PROVIDER_PLANS, clientId, changed);
        await touchProviders(trx, clientId, changed, at);
        return outcome;
      });
    },
  };
}
