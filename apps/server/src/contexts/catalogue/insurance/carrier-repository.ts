/*
 * The brand's insurance carriers and insurance types as the configuration screens edit them,
 * each with its number of plans. Every statement filters by client_id.
 */
import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database.ts';
import { pagedRows } from '../../../platform/db/paging.ts';
import type { ListRequest, ListSpec, PagedRows } from '../../../platform/db/paging.ts';
import { versionedUpdate } from '../../../platform/db/versioned-update.ts';
import type { VersionedOutcome } from '../../../platform/db/versioned-update.ts';
import { guardedDelete, nameTaken, recordExists } from '../record-writes-repository.ts';
import type { DeleteOutcome, VersionedEdit } from '../record-writes-repository.ts';

export interface CarrierRecord {
  carrierId: number;
  name: string;
  planCount: number;
  version: number;
}

export interface InsuranceTypeRecord {
  insuranceTypeId: number;
  name: string;
  sortOrder: number;
  planCount: number;
  version: number;
}

export type CarrierSortKey = 'name' | 'planCount';
export type InsuranceTypeSortKey = 'name' | 'sortOrder';

export interface CarrierRepository {
  list(clientId: number, request: ListRequest<CarrierSortKey>): Promise<PagedRows<CarrierRecord>>;
  find(clientId: number, carrierId: number): Promise<CarrierRecord | undefined>;
  nameTaken(clientId: number, name: string, exceptCarrierId?: number): Promise<boolean>;
  create(clientId: number, name: string, at: number): Promise<number>;
  rename(clientId: number, edit: VersionedEdit<{ name: string }>): Promise<VersionedOutcome>;
  /** 'in-use' while patients' insurance policies refer to the carrier or its plans. */
  delete(clientId: number, carrierId: number): Promise<DeleteOutcome>;
  owns(clientId: number, carrierId: number): Promise<boolean>;
}

export interface InsuranceTypeRepository {
  list(clientId: number, request: ListRequest<InsuranceTypeSortKey>): Promise<PagedRows<InsuranceTypeRecord>>;
  find(clientId: number, insuranceTypeId: number): Promise<InsuranceTypeRecord | undefined>;
  nameTaken(clientId: number, name: string, exceptTypeId?: number): Promise<boolean>;
  create(clientId: number, fields: { name: string; sortOrder: number }): Promise<number>;
  update(
    clientId: number,
    edit: VersionedEdit<{ name?: string | undefined; sortOrder?: number | undefined }>,
  ): Promise<VersionedOutcome>;
  /** 'in-use' while plans have the type. */
  delete(clientId: number, insuranceTypeId: number): Promise<DeleteOutcome>;
  owns(clientId: number, insuranceTypeId: number): Promise<boolean>;
}

const plansOfCarrier = sql`(select count(*) from insurance_plans p where p.carrier_id = insurance_carriers.id)`;
const plansOfType = sql`(select count(*) from insurance_plans p where p.insurance_type_id = insurance_types.id)`;

const CARRIER_LIST: ListSpec<CarrierSortKey> = {
  searchColumns: ['insurance_carriers.name'],
  sortColumns: {
    name: [{ text: 'insurance_carriers.name' }],
    planCount: [{ expression: plansOfCarrier }, { text: 'insurance_carriers.name' }],
  },
  idColumn: 'insurance_carriers.id',
};

const INSURANCE_TYPE_LIST: ListSpec<InsuranceTypeSortKey> = {
  searchColumns: ['insurance_types.name'],
  sortColumns: {
    name: [{ text: 'insurance_types.name' }],
    sortOrder: ['insurance_types.sort_order', { text: 'insurance_types.name' }],
  },
  idColumn: 'insurance_types.id',
};

export function createCarrierRepository(db: Db): CarrierRepository {
  const carriersOf = (clientId: number) =>
    db.selectFrom('insurance_carriers').where('insurance_carriers.client_id', '=', clientId);
  const selectCarrier = <Q extends ReturnType<typeof carriersOf>>(query: Q) =>
    query.select([
      'insurance_carriers.id',
      'insurance_carriers.name',
      'insurance_carriers.version',
      plansOfCarrier.$castTo<number | string>().as('plan_count'),
    ]);
  const toCarrier = (row: {
    id: number;
    name: string;
    version: number;
    plan_count: number | string;
  }): CarrierRecord => ({
    carrierId: row.id,
    name: row.name,
    planCount: Number(row.plan_count),
    version: row.version,
  });

  return {
    async list(clientId, request) {
      const { rows, total } = await pagedRows(carriersOf(clientId), CARRIER_LIST, request, selectCarrier);
      return { rows: rows.map(toCarrier), total };
    },
    async find(clientId, carrierId) {
      const row = await selectCarrier(carriersOf(clientId))
        .where('insurance_carriers.id', '=', carrierId)
        .executeTakeFirst();
      return row && toCarrier(row);
    },
    nameTaken: (clientId, name, exceptCarrierId) =>
      nameTaken(db, 'insurance_carriers', clientId, name, exceptCarrierId),
    async create(clientId, name, at) {
      const row = await db
        .insertInto('insurance_carriers')
        .values({ client_id: clientId, name, created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    rename: (clientId, { id, version, fields }) =>
      versionedUpdate(db, { table: 'insurance_carriers', clientId, id, version }, { name: fields.name }),
    delete: (clientId, carrierId) =>
      guardedDelete(db, 'insurance_carriers', clientId, carrierId, async (trx) => {
        const used = await trx
          .selectFrom('insurance_policies')
          .leftJoin('insurance_plans', 'insurance_plans.id', 'insurance_policies.plan_id')
          .select('insurance_policies.id')
          .where('insurance_policies.client_id', '=', clientId)
          .where((eb) =>
            eb.or([
              eb('insurance_policies.carrier_id', '=', carrierId),
              eb('insurance_plans.carrier_id', '=', carrierId),
            ]),
          )
          .limit(1)
          .executeTakeFirst();
        return used !== undefined;
      }),
    owns: (clientId, carrierId) => recordExists(db, 'insurance_carriers', clientId, carrierId),
  };
}

export function createInsuranceTypeRepository(db: Db): InsuranceTypeRepository {
  const typesOf = (clientId: number) =>
    db.selectFrom('insurance_types').where('insurance_types.client_id', '=', clientId);
  const selectType = <Q extends ReturnType<typeof typesOf>>(query: Q) =>
    query.select([
      'insurance_types.id',
      'insurance_types.name',
      'insurance_types.sort_order',
      'insurance_types.version',
      plansOfType.$castTo<number | string>().as('plan_count'),
    ]);
  const toType = (row: {
    id: number;
    name: string;
    sort_order: number;
    version: number;
    plan_count: number | string;
  }): InsuranceTypeRecord => ({
    insuranceTypeId: row.id,
    name: row.name,
    sortOrder: row.sort_order,
    planCount: Number(row.plan_count),
    version: row.version,
  });

  return {
    async list(clientId, request) {
      const { rows, total } = await pagedRows(typesOf(clientId), INSURANCE_TYPE_LIST, request, selectType);
      return { rows: rows.map(toType), total };
    },
    async find(clientId, insuranceTypeId) {
      const row = await selectType(typesOf(clientId))
        .where('insurance_types.id', '=', insuranceTypeId)
        .executeTakeFirst();
      return row && toType(row);
    },
    nameTaken: (clientId, name, exceptTypeId) =>
      nameTaken(db, 'insurance_types', clientId, name, exceptTypeId),
    async create(clientId, { name, sortOrder }) {
      const row = await db
        .insertInto('insurance_types')
        .values({ client_id: clientId, name, sort_order: sortOrder })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    update: (clientId, { id, version, fields }) =>
      versionedUpdate(
        db,
        { table: 'insurance_types', clientId, id, version },
        { name: fields.name, sort_order: fields.sortOrder },
      ),
    delete: (clientId, insuranceTypeId) =>
      guardedDelete(db, 'insurance_types', clientId, insuranceTypeId, async (trx) => {
        const used = await trx
          .selectFrom('insurance_plans')
          .select('id')
          .where('client_id', '=', clientId)
          .where('insurance_type_id', '=', insuranceTypeId)
          .limit(1)
          .executeTakeFirst();
        return used !== undefined;
      }),
    owns: (clientId, insuranceTypeId) => recordExists(db, 'insurance_types', clientId, insuranceTypeId),
  };
}
