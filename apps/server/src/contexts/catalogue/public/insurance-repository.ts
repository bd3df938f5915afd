import type { Db } from '../../../platform/db/database.ts';
import { selectSchedulerScope } from '../scope-repository.ts';
import type { ScopeWithService } from '../scope-repository.ts';

export interface CarrierWithPlans {
  id: number;
  name: string;
  plans: { id: number; name: string; insuranceTypeId: number | null; topRank: number | null }[];
}

export interface TopPackageRecord {
  planId: number;
  carrierId: number;
  name: string;
  rank: number;
}

export interface ProviderPlanRecord {
  providerId: number;
  onlineBookable: boolean;
  /** Null when no plan was asked about or it is not an active plan of the client. */
  planId: number | null;
  /** The provider accepts the plan. */
  accepted: boolean;
}

/** An active plan of the client with its carrier (insurance/postInsurance). */
export interface PlanRecord {
  planId: number;
  planName: string;
  carrierId: number;
  carrierName: string;
}

export interface InsuranceRepository {
  findScope(clientSlug: string, schedulerSlug: string): Promise<ScopeWithService | undefined>;
  listCarriers(clientId: number): Promise<CarrierWithPlans[]>;
  /** The ranked top packages; with `providerId`, only those the provider accepts. */
  listTopPackages(clientId: number, providerId?: number): Promise<TopPackageRecord[]>;
  listTypes(clientId: number): Promise<{ id: number; name: string }[]>;
  /** The provider (of the client) and whether it accepts `planId`; undefined for no such provider. */
  findProviderPlan(
    clientId: number,
    providerId: number,
    planId: number | null,
  ): Promise<ProviderPlanRecord | undefined>;
  /** The client's plan `planId` with its carrier; undefined when unknown, another client's or inactive. */
  findActivePlan(clientId: number, planId: number): Promise<PlanRecord | undefined>;
}

export function createInsuranceRepository(db: Db): InsuranceRepository {
  return {
    findScope: (clientSlug, schedulerSlug) => selectSchedulerScope(db, clientSlug, schedulerSlug),

    async listCarriers(clientId) {
      const rows = await db
        .selectFrom('insurance_carriers as c')
        .innerJoin('insurance_plans as p', 'p.carrier_id', 'c.id')
        .select([
          'c.id as carrier_id',
          'c.name as carrier_name',
          'p.id as plan_id',
          'p.name as plan_name',
          'p.insurance_type_id',
          'p.top_package_rank',
        ])
        .where('c.client_id', '=', clientId)
        .where('p.active', '=', 1)
        .orderBy('c.name')
        .orderBy('c.id')
        .orderBy('p.name')
        .execute();
      const carriers = new Map<number, CarrierWithPlans>();
      for (const row of rows) {
        let carrier = carriers.get(row.carrier_id);
        if (carrier === undefined) {
          carrier = { id: row.carrier_id, name: row.carrier_name, plans: [] };
          carriers.set(row.carrier_id, carrier);
        }
        carrier.plans.push({
          id: row.plan_id,
          name: row.plan_name,
          insuranceTypeId: row.insurance_type_id,
          topRank: row.top_package_rank,
        });
      }
      return [...carriers.values()];
    },

    async listTopPackages(clientId, providerId) {
      let select = db
        .selectFrom('insurance_plans')
        .select(['id', 'carrier_id', 'name', 'top_package_rank'])
        .where('client_id', '=', clientId)
        .where('active', '=', 1)
        .where('top_package_rank', 'is not', null);
      if (providerId !== undefined)
        select = select.where((eb) =>
          eb.exists(
            eb
              .selectFrom('provider_insurance_plans as pip')
              .innerJoin('providers as pr', 'pr.id', 'pip.provider_id')
              .select('pip.plan_id')
              .whereRef('pip.plan_id', '=', 'insurance_plans.id')
              .where('pip.provider_id', '=', providerId)
              .where('pr.client_id', '=', clientId),
          ),
        );
      const rows = await select.orderBy('top_package_rank').orderBy('id').execute();
      return rows.map((row) => ({
        planId: row.id,
        carrierId: row.carrier_id,
        name: row.name,
        rank: row.top_package_rank ?? 0,
      }));
    },

    listTypes: (clientId) =>
      db
        .selectFrom('insurance_types')
        .select(['id', 'name'])
        .where('client_id', '=', clientId)
        .orderBy('sort_order')
        .orderBy('id')
        .execute(),

    async findProviderPlan(clientId, providerId, planId) {
      const row = await db
        .selectFrom('providers as pr')
        .leftJoin('insurance_plans as ip', (join) =>
          join
            .onRef('ip.client_id', '=', 'pr.client_id')
            .on('ip.id', '=', planId ?? -1)
            .on('ip.active', '=', 1),
        )
        .leftJoin('provider_insurance_plans as pip', (join) =>
          join.onRef('pip.provider_id', '=', 'pr.id').onRef('pip.plan_id', '=', 'ip.id'),
        )
        .select(['pr.id', 'pr.online_bookable', 'ip.id as plan_id', 'pip.plan_id as accepted_plan_id'])
        .where('pr.client_id', '=', clientId)
        .where('pr.id', '=', providerId)
        .executeTakeFirst();
      return (
        row && {
          providerId: row.id,
          onlineBookable: row.online_bookable === 1,
          planId: row.plan_id,
          accepted: row.accepted_plan_id !== null,
        }
      );
    },

    async findActivePlan(clientId, planId) {
      const row = await db
        .selectFrom('insurance_plans as p')
        .innerJoin('insurance_carriers as c', 'c.id', 'p.carrier_id')
        .select(['p.id as plan_id', 'p.name as plan_name', 'c.id as carrier_id', 'c.name as carrier_name'])
        .where('p.client_id', '=', clientId)
        .where('c.client_id', '=', clientId)
        .where('p.id', '=', planId)
        .where('p.active', '=', 1)
        .executeTakeFirst();
      return (
        row && {
          planId: row.plan_id,
          planName: row.plan_name,
          carrierId: row.carrier_id,
          carrierName: row.carrier_name,
        }
      );
    },
  };
}
