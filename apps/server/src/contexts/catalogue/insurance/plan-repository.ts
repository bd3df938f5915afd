/*
 * The brand's insurance plans as the configuration screens edit them, with their carrier's and
 * type's names. Every statement filters by client_id.
 */
import { sql } from 'kysely';
import type { Updateable } from 'kysely';
import type { Db } from '../../../platform/db/database.ts';
import { pagedRows } from '../../../platform/db/paging.ts';
import type { ListRequest, ListSpec, PagedRows } from '../../../platform/db/paging.ts';
import type { InsurancePlansTable } from '../../../platform/db/schema.ts';
import { versionedUpdate } from '../../../platform/db/versioned-update.ts';
import type { VersionedOutcome } from '../../../platform/db/versioned-update.ts';
import { flag, guardedDelete } from '../record-writes-repository.ts';
import type { DeleteOutcome, VersionedEdit } from '../record-writes-repository.ts';

export interface PlanRecord {
  planId: number;
  carrierId: number;
  carrierName: string;
  name: string;
  insuranceTypeId: number | null;
  insuranceTypeName: string | null;
  topRank: number | null;
  active: boolean;
  version: number;
}

export type PlanFields = Partial<
  Omit<PlanRecord, 'planId' | 'carrierName' | 'insuranceTypeName' | 'version'>
>;

export type PlanSortKey = 'carrier' | 'name' | 'topRank';

export interface PlanRepository {
  list(clientId: number, request: ListRequest<PlanSortKey>): Promise<PagedRows<PlanRecord>>;
  find(clientId: number, planId: number): Promise<PlanRecord | undefined>;
  create(
    clientId: number,
    fields: PlanFields & { carrierId: number; name: string },
    at: number,
  ): Promise<number>;
  update(clientId: number, edit: VersionedEdit<PlanFields>): Promise<VersionedOutcome>;
  /** 'in-use' while patients' insurance policies refer to the plan. */
  delete(clientId: number, planId: number): Promise<DeleteOutcome>;
}

function planColumns(fields: PlanFields): Updateable<InsurancePlansTable> {
  const columns: Updateable<InsurancePlansTable> = {};
  if (fields.carrierId !== undefined) columns.carrier_id = fields.carrierId;
  if (fields.name !== undefined) columns.name = fields.name;
  if (fields.insuranceTypeId !== undefined) columns.insurance_type_id = fields.insuranceTypeId;
  if (fields.topRank !== undefined) columns.top_package_rank = fields.topRank;
  if (fields.active !== undefined) columns.active = flag(fields.active);
  return columns;
}

const PLAN_LIST: ListSpec<PlanSortKey> = {
  searchColumns: ['insurance_plans.name', 'insurance_carriers.name'],
  sortColumns: {
    carrier: [{ text: 'insurance_carriers.name' }, { text: 'insurance_plans.name' }],
    name: [{ text: 'insurance_plans.name' }, { text: 'insurance_carriers.name' }],
    // Ranked plans first (1, 2, …), then the others.
    topRank: [
      { expression: sql`coalesce(insurance_plans.top_package_rank, 1000000)` },
      { text: 'insurance_carriers.name' },
      { text: 'insurance_plans.name' },
    ],
  },
  idColumn: 'insurance_plans.id',
};

function toPlan(row: {
  id: number;
  carrier_id: number;
  carrier_name: string;
  name: string;
  insurance_type_id: number | null;
  type_name: string | null;
  top_package_rank: number | null;
  active: number;
  version: number;
}): PlanRecord {
  return {
    planId: row.id,
    carrierId: row.carrier_id,
    carrierName: row.carrier_name,
    name: row.name,
    insuranceTypeId: row.insurance_type_id,
    insuranceTypeName: row.type_name,
    topRank: row.top_package_rank,
    active: row.active === 1,
    version: row.version,
  };
}

export function createPlanRepository(db: Db): PlanRepository {
  const plansOf = (clientId: number) =>
    db
      .selectFrom('insurance_plans')
      .innerJoin('insurance_carriers', 'insurance_carriers.id', 'insurance_plans.carrier_id')
      .leftJoin('insurance_types', 'insurance_types.id', 'insurance_plans.insurance_type_id')
      .where('insurance_plans.client_id', '=', clientId);
  const selectPlan = <Q extends ReturnType<typeof plansOf>>(query: Q) =>
    query.select([
      'insurance_plans.id',
      'insurance_plans.carrier_id',
      'insurance_carriers.name as carrier_name',
      'insurance_plans.name',
      'insurance_plans.insurance_type_id',
      'insurance_types.name as type_name',
      'insurance_plans.top_package_rank',
      'insurance_plans.active',
      'insurance_plans.version',
    ]);

  return {
    async list(clientId, request) {
      const { rows, total } = await pagedRows(plansOf(clientId), PLAN_LIST, request, selectPlan);
      return { rows: rows.map(toPlan), total };
    },
    async find(clientId, planId) {
      const row = await selectPlan(plansOf(clientId))
        .where('insurance_plans.id', '=', planId)
        .executeTakeFirst();
      return row && toPlan(row);
    },
    async create(clientId, fields, at) {
      const row = await db
        .insertInto('insurance_plans')
        .values({
          client_id: clientId,
          carrier_id: fields.carrierId,
          name: fields.name,
          insurance_type_id: fields.insuranceTypeId ?? null,
          top_package_rank: fields.topRank ?? null,
          active: flag(fields.active ?? true),
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    update: (clientId, { id, version, fields, at }) =>
      versionedUpdate(
        db,
        { table: 'insurance_plans', clientId, id, version },
        { ...planColumns(fields), updated_at: at },
      ),
    delete: (clientId, planId) =>
      guardedDelete(db, 'insurance_plans', clientId, planId, async (trx) => {
        const used = await trx
          .selectFrom('insurance_policies')
          .select('id')
          .where('client_id', '=', clientId)
          .where('plan_id', '=', planId)
          .limit(1)
          .executeTakeFirst();
        return used !== undefined;
      }),
  };
}
