import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

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

/** One set of a join table: the rows whose `key` column is the set's owner, `member` the others. */
interface JoinSet {
  table: 'provider_locations' | 'provider_services' | 'service_locations' | 'provider_insurance_plans';
  key: 'provider_id' | 'location_id' | 'service_id' | 'plan_id';
  member: 'provider_id' | 'location_id' | 'service_id' | 'plan_id';
}

const LOCATIONS_OF_PROVIDER: JoinSet = {
  table: 'provider_locations',
  key: 'provider_id',
  member: 'location_id',
};
const PROVIDERS_OF_LOCATION: JoinSet = {
  table: 'provider_locations',
  key: 'location_id',
  member: 'provider_id',
};
const SERVICES_OF_PROVIDER: JoinSet = {
  table: 'provider_services',
  key: 'provider_id',
  member: 'service_id',
};
const LOCATIONS_OF_SERVICE: JoinSet = {
  table: 'service_locations',
  key: 'service_id',
  member: 'location_id',
};
const PLANS_OF_PROVIDER: JoinSet = {
  table: 'provider_insurance_plans',
  key: 'provider_id',
  member: 'plan_id',
};
const PROVIDERS_OF_PLAN: JoinSet = {
  table: 'provider_insurance_plans',
  key: 'plan_id',
  member: 'provider_id',
};

/**
 * Replaces the set `set.key = id` by `members` (with `extra(index)` columns per row) and answers
 * the members it held before.
 */
async function replaceJoinRows(
  db: Db,
  set: JoinSet,
  clientId: number,
  id: number,
  members: readonly number[],
  extra?: (index: number) => Record<string, number | null>,
): Promise<number[]> {
  const table = sql.table(set.table);
  const key = sql.ref(set.key);
  const before = await sql<{ member: number }>`select ${sql.ref(set.member)} as member from ${table}
    where client_id = ${clientId} and ${key} = ${id}`.execute(db);
  await sql`delete from ${table} where client_id = ${clientId} and ${key} = ${id}`.execute(db);
  if (members.length > 0) {
    const extraColumns = Object.keys(extra?.(0) ?? {});
    const columns = ['client_id', set.key, set.member, ...extraColumns].map((column) => sql.ref(column));
    const rows = members.map((member, index) => {
      const more = extra?.(index) ?? {};
      return sql`(${sql.join([clientId, id, member, ...extraColumns.map((column) => more[column] ?? null)])})`;
    });
    await sql`insert into ${table} (${sql.join(columns)}) values ${sql.join(rows)}`.execute(db);
  }
  return before.rows.map((row) => Number(row.member));
}

/** Weekly hours at a location the provider no longer serves would be dead data: drops them. */
async function dropHoursOutside(
  db: Db,
  set: JoinSet,
  clientId: number,
  id: number,
  members: readonly number[],
): Promise<void> {
  let stale = sql`delete from working_hours where client_id = ${clientId} and ${sql.ref(set.key)} = ${id}`;
  if (members.length > 0) stale = sql`${stale} and ${sql.ref(set.member)} not in (${sql.join([...members])})`;
  await stale.execute(db);
}

/**
 * One replace-the-set write: in one transaction, answers 'not-found' unless the set's owner and
 * every id of `members` are the brand's, takes the set (`claimSet`, 'stale' when its version
 * moved), then runs `write`.
 */
async function inClaimedSet(
  db: Db,
  claim: { counter: SetCounter; clientId: number; id: number; version: number },
  members: readonly [OwnedTable, readonly number[]][],
  write: (trx: Db) => Promise<void>,
): Promise<SetOutcome> {
  const { counter, clientId, id, version } = claim;
  return db.transaction().execute(async (trx): Promise<SetOutcome> => {
    if (!(await owns(trx, counter.table, clientId, [id]))) return { kind: 'not-found' };
    for (const [table, ids] of members)
      if (!(await owns(trx, table, clientId, ids))) return { kind: 'not-found' };
    const outcome = await claimSet(trx, counter, clientId, id, version);
    if (outcome.kind !== 'ok') return outcome;
    await write(trx);
    return outcome;
  });
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

    replaceProviderLocations(clientId, providerId, locationIds, version, at) {
      const claim = { counter: PROVIDER_LOCATIONS, clientId, id: providerId, version };
      return inClaimedSet(db, claim, [['locations', locationIds]], async (trx) => {
        const before = await replaceJoinRows(trx, LOCATIONS_OF_PROVIDER, clientId, providerId, locationIds);
        await dropHoursOutside(trx, LOCATIONS_OF_PROVIDER, clientId, providerId, locationIds);
        await bumpSets(trx, LOCATION_PROVIDERS, clientId, changedIds(before, locationIds));
        await touchProviders(trx, clientId, [providerId], at);
      });
    },

    replaceLocationProviders(clientId, locationId, providerIds, version, at) {
      const claim = { counter: LOCATION_PROVIDERS, clientId, id: locationId, version };
      return inClaimedSet(db, claim, [['providers', providerIds]], async (trx) => {
        const before = await replaceJoinRows(trx, PROVIDERS_OF_LOCATION, clientId, locationId, providerIds);
        await dropHoursOutside(trx, PROVIDERS_OF_LOCATION, clientId, locationId, providerIds);
        const changed = changedIds(before, providerIds);
        await bumpSets(trx, PROVIDER_LOCATIONS, clientId, changed);
        await touchProviders(trx, clientId, changed, at);
      });
    },

    replaceProviderServices(clientId, providerId, services, version, at) {
      const claim = { counter: PROVIDER_SERVICES, clientId, id: providerId, version };
      const serviceIds = services.map((s) => s.serviceId);
      return inClaimedSet(db, claim, [['services', serviceIds]], async (trx) => {
        await replaceJoinRows(trx, SERVICES_OF_PROVIDER, clientId, providerId, serviceIds, (index) => ({
          duration_minutes: services[index]?.durationMinutes ?? null,
        }));
        await touchProviders(trx, clientId, [providerId], at);
      });
    },

    replaceServiceLocations(clientId, serviceId, locationIds, version, at) {
      const claim = { counter: SERVICE_LOCATIONS, clientId, id: serviceId, version };
      return inClaimedSet(db, claim, [['locations', locationIds]], async (trx) => {
        await replaceJoinRows(trx, LOCATIONS_OF_SERVICE, clientId, serviceId, locationIds);
        await trx
          .updateTable('services')
          .set({ updated_at: at })
          .where('client_id', '=', clientId)
          .where('id', '=', serviceId)
          .execute();
      });
    },

    replaceProviderPlans(clientId, providerId, planIds, version, at) {
      const claim = { counter: PROVIDER_PLANS, clientId, id: providerId, version };
      return inClaimedSet(db, claim, [['insurance_plans', planIds]], async (trx) => {
        const before = await replaceJoinRows(trx, PLANS_OF_PROVIDER, clientId, providerId, planIds);
        await bumpSets(trx, PLAN_PROVIDERS, clientId, changedIds(before, planIds));
        await touchProviders(trx, clientId, [providerId], at);
      });
    },

    replacePlanProviders(clientId, planId, providerIds, version, at) {
      const claim = { counter: PLAN_PROVIDERS, clientId, id: planId, version };
      return inClaimedSet(db, claim, [['providers', providerIds]], async (trx) => {
        const before = await replaceJoinRows(trx, PROVIDERS_OF_PLAN, clientId, planId, providerIds);
        const changed = changedIds(before, providerIds);
        await bumpSets(trx, PROVIDER_PLANS, clientId, changed);
        await touchProviders(trx, clientId, changed, at);
      });
    },
  };
}
