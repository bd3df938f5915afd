import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database.ts';
import { inWriteTransaction } from '../../../platform/db/transaction.ts';

/*
 * The writes of a brand's many-to-many maps. Each replaces a whole set in one transaction and
 * answers 'not-found' when any id is not the brand's.
 *
 * Optimistic concurrency (migration 007): each set has a counter on the row that owns it
 * (providers.locations_version, locations.providers_version…). A write names the version it read;
 * the counter's UPDATE matches on it before anything else is written, so a stale write answers
 * 'stale' and changes nothing. A write bumps the counters of the other side's rows whose sets it
 * changed (adding a location to a provider changes that location's set of providers too).
 */

export type OwnedTable = 'providers' | 'locations' | 'services' | 'insurance_plans';

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

export interface MapWriteRepository {
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

/** Whether every id is a record of the brand in the table. */
export async function ownsAll(
  db: Db,
  table: OwnedTable,
  clientId: number,
  ids: readonly number[],
): Promise<boolean> {
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
  return inWriteTransaction(db, async (trx): Promise<SetOutcome> => {
    if (!(await ownsAll(trx, counter.table, clientId, [id]))) return { kind: 'not-found' };
    for (const [table, ids] of members)
      if (!(await ownsAll(trx, table, clientId, ids))) return { kind: 'not-found' };
    const outcome = await claimSet(trx, counter, clientId, id, version);
    if (outcome.kind !== 'ok') return outcome;
    await write(trx);
    return outcome;
  });
}

export function createMapWriteRepository(db: Db): MapWriteRepository {
  return {
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
