/*
 * The configuration screens' edits of the brand's insurance: carriers, their plans and the
 * insurance types. Names of carriers and of types are unique per brand, ignoring case. Every
 * change is audited.
 */
import type {
  CarrierAdmin,
  CreateInsuranceTypeRequest,
  CreatePlanRequest,
  InsuranceTypeAdmin,
  ListCarriersQuery,
  ListInsuranceTypesQuery,
  ListPlansQuery,
  PlanAdmin,
  UpdateInsuranceTypeRequest,
  UpdatePlanRequest,
} from '@scheduler/contract/admin/insurance';
import type { AuditActor, AuditLog } from '../../../platform/audit/audit-log.ts';
import { pageOf } from '../../../platform/db/paging.ts';
import type { Page } from '../../../platform/db/paging.ts';
import { assertUpdated } from '../../../platform/db/versioned-update.ts';
import { assertDeleted, fieldError, found } from '../record-rules.ts';
import type {
  CarrierRecord,
  CarrierRepository,
  InsuranceTypeRecord,
  InsuranceTypeRepository,
} from './carrier-repository.ts';
import type { PlanRecord, PlanRepository } from './plan-repository.ts';

export interface InsuranceAdminService {
  listCarriers(actor: AuditActor, query: ListCarriersQuery): Promise<Page<CarrierAdmin>>;
  createCarrier(actor: AuditActor, name: string): Promise<CarrierAdmin>;
  renameCarrier(actor: AuditActor, carrierId: number, name: string, version: number): Promise<CarrierAdmin>;
  deleteCarrier(actor: AuditActor, carrierId: number): Promise<void>;
  listPlans(actor: AuditActor, query: ListPlansQuery): Promise<Page<PlanAdmin>>;
  createPlan(actor: AuditActor, request: CreatePlanRequest): Promise<PlanAdmin>;
  updatePlan(actor: AuditActor, planId: number, request: UpdatePlanRequest): Promise<PlanAdmin>;
  deletePlan(actor: AuditActor, planId: number): Promise<void>;
  listInsuranceTypes(actor: AuditActor, query: ListInsuranceTypesQuery): Promise<Page<InsuranceTypeAdmin>>;
  createInsuranceType(actor: AuditActor, request: CreateInsuranceTypeRequest): Promise<InsuranceTypeAdmin>;
  updateInsuranceType(
    actor: AuditActor,
    insuranceTypeId: number,
    request: UpdateInsuranceTypeRequest,
  ): Promise<InsuranceTypeAdmin>;
  deleteInsuranceType(actor: AuditActor, insuranceTypeId: number): Promise<void>;
}

function toPlanAdmin(record: PlanRecord): PlanAdmin {
  return {
    planId: String(record.planId),
    carrierId: String(record.carrierId),
    carrierName: record.carrierName,
    name: record.name,
    insuranceTypeId: record.insuranceTypeId === null ? null : String(record.insuranceTypeId),
    insuranceTypeName: record.insuranceTypeName,
    topRank: record.topRank,
    active: record.active,
    version: record.version,
  };
}

function toCarrierAdmin(record: CarrierRecord): CarrierAdmin {
  return {
    carrierId: String(record.carrierId),
    name: record.name,
    planCount: record.planCount,
    version: record.version,
  };
}

function toInsuranceTypeAdmin(record: InsuranceTypeRecord): InsuranceTypeAdmin {
  return {
    insuranceTypeId: String(record.insuranceTypeId),
    name: record.name,
    sortOrder: record.sortOrder,
    planCount: record.planCount,
    version: record.version,
  };
}

interface InsuranceRepositories {
  carriers: CarrierRepository;
  plans: PlanRepository;
  types: InsuranceTypeRepository;
}

/** The checks of the carrier and type a plan refers to, and of unique names. */
function insuranceChecks({ carriers, types }: InsuranceRepositories) {
  return {
    async carrierNameFree(clientId: number, name: string, exceptCarrierId?: number): Promise<void> {
      if (await carriers.nameTaken(clientId, name, exceptCarrierId)) {
        throw fieldError('name', 'Another carrier already has this name');
      }
    },
    async typeNameFree(clientId: number, name: string, exceptTypeId?: number): Promise<void> {
      if (await types.nameTaken(clientId, name, exceptTypeId)) {
        throw fieldError('name', 'Another insurance type already has this name');
      }
    },
    async planReferences(
      clientId: number,
      request: { carrierId?: number | undefined; insuranceTypeId?: number | null | undefined },
    ): Promise<void> {
      if (request.carrierId !== undefined && !(await carriers.owns(clientId, request.carrierId))) {
        throw fieldError('carrierId', 'Choose a valid carrier');
      }
      if (
        request.insuranceTypeId !== undefined &&
        request.insuranceTypeId !== null &&
        !(await types.owns(clientId, request.insuranceTypeId))
      ) {
        throw fieldError('insuranceTypeId', 'Choose a valid insurance type');
      }
    },
  };
}

export function createInsuranceAdminService({
  repositories,
  audit,
  now = Date.now,
}: {
  repositories: InsuranceRepositories;
  audit: AuditLog;
  now?: () => number;
}): InsuranceAdminService {
  const { carriers, plans, types } = repositories;
  const check = insuranceChecks(repositories);
  const carrierOrThrow = async (clientId: number, id: number) =>
    toCarrierAdmin(found(await carriers.find(clientId, id)));
  const planOrThrow = async (clientId: number, id: number) =>
    toPlanAdmin(found(await plans.find(clientId, id)));
  const typeOrThrow = async (clientId: number, id: number) =>
    toInsuranceTypeAdmin(found(await types.find(clientId, id)));

  return {
    async listCarriers(actor, query) {
      const { rows, total } = await carriers.list(actor.clientId, query);
      return pageOf(query, rows.map(toCarrierAdmin), total);
    },
    async createCarrier(actor, name) {
      await check.carrierNameFree(actor.clientId, name);
      const carrierId = await carriers.create(actor.clientId, name, now());
      await audit.recordFor(actor, 'insurance-carrier.create', { type: 'insurance-carrier', id: carrierId });
      return carrierOrThrow(actor.clientId, carrierId);
    },
    async renameCarrier(actor, carrierId, name, version) {
      await check.carrierNameFree(actor.clientId, name, carrierId);
      assertUpdated(
        await carriers.rename(actor.clientId, { id: carrierId, version, fields: { name }, at: now() }),
      );
      await audit.recordFor(actor, 'insurance-carrier.update', { type: 'insurance-carrier', id: carrierId });
      return carrierOrThrow(actor.clientId, carrierId);
    },
    async deleteCarrier(actor, carrierId) {
      assertDeleted(
        await carriers.delete(actor.clientId, carrierId),
        "Patients' insurance records use this carrier, so it cannot be deleted. Make its plans inactive instead.",
      );
      await audit.recordFor(actor, 'insurance-carrier.delete', { type: 'insurance-carrier', id: carrierId });
    },

    async listPlans(actor, query) {
      const { rows, total } = await plans.list(actor.clientId, query);
      return pageOf(query, rows.map(toPlanAdmin), total);
    },
    async createPlan(actor, { clientId: _clientId, ...fields }) {
      await check.planReferences(actor.clientId, fields);
      const planId = await plans.create(actor.clientId, fields, now());
      await audit.recordFor(actor, 'insurance-plan.create', { type: 'insurance-plan', id: planId });
      return planOrThrow(actor.clientId, planId);
    },
    async updatePlan(actor, planId, { clientId: _clientId, version, ...fields }) {
      await check.planReferences(actor.clientId, fields);
      assertUpdated(await plans.update(actor.clientId, { id: planId, version, fields, at: now() }));
      await audit.recordFor(actor, 'insurance-plan.update', {
        type: 'insurance-plan',
        id: planId,
        details: { fields: Object.keys(fields) },
      });
      return planOrThrow(actor.clientId, planId);
    },
    async deletePlan(actor, planId) {
      assertDeleted(
        await plans.delete(actor.clientId, planId),
        "Patients' insurance records use this plan, so it cannot be deleted. Make it inactive instead.",
      );
      await audit.recordFor(actor, 'insurance-plan.delete', { type: 'insurance-plan', id: planId });
    },

    async listInsuranceTypes(actor, query) {
      const { rows, total } = await types.list(actor.clientId, query);
      return pageOf(query, rows.map(toInsuranceTypeAdmin), total);
    },
    async createInsuranceType(actor, { name, sortOrder }) {
      await check.typeNameFree(actor.clientId, name);
      const insuranceTypeId = await types.create(actor.clientId, { name, sortOrder: sortOrder ?? 0 });
      await audit.recordFor(actor, 'insurance-type.create', { type: 'insurance-type', id: insuranceTypeId });
      return typeOrThrow(actor.clientId, insuranceTypeId);
    },
    async updateInsuranceType(actor, insuranceTypeId, { clientId: _clientId, version, ...fields }) {
      if (fields.name !== undefined) await check.typeNameFree(actor.clientId, fields.name, insuranceTypeId);
      assertUpdated(await types.update(actor.clientId, { id: insuranceTypeId, version, fields, at: now() }));
      await audit.recordFor(actor, 'insurance-type.update', {
        type: 'insurance-type',
        id: insuranceTypeId,
        details: { fields: Object.keys(fields) },
      });
      return typeOrThrow(actor.clientId, insuranceTypeId);
    },
    async deleteInsuranceType(actor, insuranceTypeId) {
      assertDeleted(
        await types.delete(actor.clientId, insuranceTypeId),
        'Plans use this insurance type, so it cannot be deleted. Give those plans another type first.',
      );
      await audit.recordFor(actor, 'insurance-type.delete', { type: 'insurance-type', id: insuranceTypeId });
    },
  };
}
