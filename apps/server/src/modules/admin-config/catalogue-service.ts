import { DomainError } from '@scheduler/domain/errors';
import type {
  CarrierAdmin,
  CreateInsuranceTypeRequest,
  CreateLocationRequest,
  CreatePlanRequest,
  CreateServiceRequest,
  InsuranceTypeAdmin,
  ListCarriersQuery,
  ListInsuranceTypesQuery,
  ListLocationsQuery,
  ListPlansQuery,
  ListServicesQuery,
  LocationAdmin,
  PlanAdmin,
  ServiceAdmin,
  UpdateInsuranceTypeRequest,
  UpdateLocationRequest,
  UpdatePlanRequest,
  UpdateServiceRequest,
} from '@scheduler/contract/admin-config';
import zipcodes from 'zipcodes';
import type { AuditActor, AuditLog } from '../../platform/audit/audit-log.ts';
import { assertUpdated, pageOf } from './admin-records-repository.ts';
import type {
  CarrierRecord,
  CatalogueRepository,
  DeleteOutcome,
  InsuranceTypeRecord,
  LocationAdminRecord,
  PlanRecord,
  ServiceAdminRecord,
} from './catalogue-repository.ts';

/**
 * The configuration screens' CRUD of the brand's catalogue: services, locations (postal code →
 * coordinates from the offline `zipcodes` dataset), insurance carriers and plans, and the
 * widget's frame-ancestors allow-list.
 */

export interface Page<Item> {
  items: Item[];
  page: number;
  pageSize: number;
  total: number;
}

export interface CatalogueService {
  listServices(actor: AuditActor, query: ListServicesQuery): Promise<Page<ServiceAdmin>>;
  createService(actor: AuditActor, request: CreateServiceRequest): Promise<ServiceAdmin>;
  updateService(actor: AuditActor, serviceId: number, request: UpdateServiceRequest): Promise<ServiceAdmin>;
  deleteService(actor: AuditActor, serviceId: number): Promise<void>;

  listLocations(actor: AuditActor, query: ListLocationsQuery): Promise<Page<LocationAdmin>>;
  createLocation(actor: AuditActor, request: CreateLocationRequest): Promise<LocationAdmin>;
  updateLocation(
    actor: AuditActor,
    locationId: number,
    request: UpdateLocationRequest,
  ): Promise<LocationAdmin>;
  deleteLocation(actor: AuditActor, locationId: number): Promise<void>;

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

  widget(actor: AuditActor): Promise<WidgetSettings>;
  /** A stale `version` answers 409 and changes nothing. */
  setFrameAncestors(actor: AuditActor, frameAncestors: string[], version: number): Promise<WidgetSettings>;
}

interface WidgetSettings {
  clientId: string;
  clientSlug: string;
  frameAncestors: string[];
  version: number;
}

function toServiceAdmin(record: ServiceAdminRecord): ServiceAdmin {
  return {
    appointmentTypeId: String(record.serviceId),
    name: record.name,
    description: record.description,
    durationMinutes: record.durationMinutes,
    onlineEnabled: record.onlineEnabled,
    callToSchedule: record.callToSchedule,
    newPatients: record.newPatients,
    existingPatients: record.existingPatients,
    sortOrder: record.sortOrder,
    locationIds: record.locationIds.map(String),
    version: record.version,
    locationsVersion: record.locationsVersion,
  };
}

function toLocationAdmin(record: LocationAdminRecord): LocationAdmin {
  const { locationId, ...rest } = record;
  return { locationId: String(locationId), ...rest };
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

function fieldError(path: string, message: string): DomainError {
  return new DomainError('VALIDATION', undefined, { fields: [{ path, message }] });
}

/** Coordinates, city and state of a US ZIP code (ZIP+4 uses its first five digits). */
function placeOf(postalCode: string): { latitude: number; longitude: number; city: string; state: string } {
  const place = zipcodes.lookup(postalCode.slice(0, 5));
  if (place === undefined) throw fieldError('postalCode', 'We could not find this ZIP code');
  return { latitude: place.latitude, longitude: place.longitude, city: place.city, state: place.state };
}

function assertDeleted(outcome: DeleteOutcome, inUseMessage: string): void {
  if (outcome === 'not-found') throw new DomainError('NOT_FOUND');
  if (outcome === 'in-use') throw new DomainError('CONFLICT', inUseMessage);
}

export function createCatalogueService({
  repository,
  audit,
  now = Date.now,
}: {
  repository: CatalogueRepository;
  audit: AuditLog;
  now?: () => number;
}): CatalogueService {
  async function serviceOrThrow(clientId: number, serviceId: number): Promise<ServiceAdmin> {
    const record = await repository.findService(clientId, serviceId);
    if (record === undefined) throw new DomainError('NOT_FOUND');
    return toServiceAdmin(record);
  }
  async function locationOrThrow(clientId: number, locationId: number): Promise<LocationAdmin> {
    const record = await repository.findLocation(clientId, locationId);
    if (record === undefined) throw new DomainError('NOT_FOUND');
    return toLocationAdmin(record);
  }
  async function planOrThrow(clientId: number, planId: number): Promise<PlanAdmin> {
    const record = await repository.findPlan(clientId, planId);
    if (record === undefined) throw new DomainError('NOT_FOUND');
    return toPlanAdmin(record);
  }
  async function carrierOrThrow(clientId: number, carrierId: number): Promise<CarrierAdmin> {
    const record = await repository.findCarrier(clientId, carrierId);
    if (record === undefined) throw new DomainError('NOT_FOUND');
    return toCarrierAdmin(record);
  }
  async function insuranceTypeOrThrow(
    clientId: number,
    insuranceTypeId: number,
  ): Promise<InsuranceTypeAdmin> {
    const record = await repository.findInsuranceType(clientId, insuranceTypeId);
    if (record === undefined) throw new DomainError('NOT_FOUND');
    return toInsuranceTypeAdmin(record);
  }
  async function assertTypeNameFree(clientId: number, name: string, exceptTypeId?: number): Promise<void> {
    if (await repository.insuranceTypeNameTaken(clientId, name, exceptTypeId)) {
      throw fieldError('name', 'Another insurance type already has this name');
    }
  }
  async function assertSlugFree(clientId: number, slug: string, exceptLocationId?: number): Promise<void> {
    if (await repository.slugTaken(clientId, slug, exceptLocationId)) {
      throw fieldError('slug', 'Another location already uses this short name');
    }
  }
  async function assertCarrierNameFree(
    clientId: number,
    name: string,
    exceptCarrierId?: number,
  ): Promise<void> {
    if (await repository.carrierNameTaken(clientId, name, exceptCarrierId)) {
      throw fieldError('name', 'Another carrier already has this name');
    }
  }
  async function assertPlanReferences(
    clientId: number,
    request: { carrierId?: number | undefined; insuranceTypeId?: number | null | undefined },
  ): Promise<void> {
    if (request.carrierId !== undefined && !(await repository.ownsCarrier(clientId, request.carrierId))) {
      throw fieldError('carrierId', 'Choose a valid carrier');
    }
    if (
      request.insuranceTypeId !== undefined &&
      request.insuranceTypeId !== null &&
      !(await repository.ownsInsuranceType(clientId, request.insuranceTypeId))
    ) {
      throw fieldError('insuranceTypeId', 'Choose a valid insurance type');
    }
  }
  async function widgetView(clientId: number) {
    const widget = await repository.widget(clientId);
    if (widget === undefined) throw new DomainError('NOT_FOUND');
    return {
      clientId: String(clientId),
      clientSlug: widget.slug,
      frameAncestors: widget.frameAncestors,
      version: widget.version,
    };
  }

  return {
    async listServices(actor, query) {
      const { rows, total } = await repository.listServices(actor.clientId, query);
      return pageOf(query, rows.map(toServiceAdmin), total);
    },
    async createService(actor, { clientId: _clientId, ...fields }) {
      const serviceId = await repository.createService(actor.clientId, fields, now());
      await audit.recordFor(actor, 'service.create', { type: 'service', id: serviceId });
      return serviceOrThrow(actor.clientId, serviceId);
    },
    async updateService(actor, serviceId, { clientId: _clientId, version, ...fields }) {
      assertUpdated(
        await repository.updateService(actor.clientId, { id: serviceId, version, fields, at: now() }),
      );
      await audit.recordFor(actor, 'service.update', {
        type: 'service',
        id: serviceId,
        details: { fields: Object.keys(fields) },
      });
      return serviceOrThrow(actor.clientId, serviceId);
    },
    async deleteService(actor, serviceId) {
      assertDeleted(
        await repository.deleteService(actor.clientId, serviceId),
        'This service has appointments, so it cannot be deleted. Turn off online booking instead.',
      );
      await audit.recordFor(actor, 'service.delete', { type: 'service', id: serviceId });
    },

    async listLocations(actor, query) {
      const { rows, total } = await repository.listLocations(actor.clientId, query);
      return pageOf(query, rows.map(toLocationAdmin), total);
    },
    async createLocation(actor, { clientId: _clientId, ...fields }) {
      await assertSlugFree(actor.clientId, fields.slug);
      const place = placeOf(fields.postalCode);
      const locationId = await repository.createLocation(
        actor.clientId,
        {
          slug: fields.slug,
          name: fields.name,
          addressLine1: fields.addressLine1,
          addressLine2: fields.addressLine2 ?? null,
          city: fields.city !== undefined && fields.city !== '' ? fields.city : place.city,
          state: fields.state ?? place.state,
          postalCode: fields.postalCode,
          latitude: place.latitude,
          longitude: place.longitude,
          timeZone: fields.timeZone,
          phone: fields.phone,
          onlineEnabled: fields.onlineEnabled ?? true,
          waitlistEnabled: fields.waitlistEnabled ?? false,
          sortOrder: fields.sortOrder ?? 0,
        },
        now(),
      );
      await audit.recordFor(actor, 'location.create', { type: 'location', id: locationId });
      return locationOrThrow(actor.clientId, locationId);
    },
    async updateLocation(actor, locationId, { clientId: _clientId, version, ...fields }) {
      if (fields.slug !== undefined) await assertSlugFree(actor.clientId, fields.slug, locationId);
      const changes = { ...fields, city: fields.city === '' ? undefined : fields.city };
      if (fields.postalCode !== undefined) {
        const place = placeOf(fields.postalCode);
        Object.assign(changes, { latitude: place.latitude, longitude: place.longitude });
      }
      assertUpdated(
        await repository.updateLocation(actor.clientId, {
          id: locationId,
          version,
          fields: changes,
          at: now(),
        }),
      );
      await audit.recordFor(actor, 'location.update', {
        type: 'location',
        id: locationId,
        details: { fields: Object.keys(fields) },
      });
      return locationOrThrow(actor.clientId, locationId);
    },
    async deleteLocation(actor, locationId) {
      assertDeleted(
        await repository.deleteLocation(actor.clientId, locationId),
        'This location has appointments, so it cannot be deleted. Turn off online booking instead.',
      );
      await audit.recordFor(actor, 'location.delete', { type: 'location', id: locationId });
    },

    async listCarriers(actor, query) {
      const { rows, total } = await repository.listCarriers(actor.clientId, query);
      return pageOf(query, rows.map(toCarrierAdmin), total);
    },
    async createCarrier(actor, name) {
      await assertCarrierNameFree(actor.clientId, name);
      const carrierId = await repository.createCarrier(actor.clientId, name, now());
      await audit.recordFor(actor, 'insurance-carrier.create', { type: 'insurance-carrier', id: carrierId });
      return carrierOrThrow(actor.clientId, carrierId);
    },
    async renameCarrier(actor, carrierId, name, version) {
      await assertCarrierNameFree(actor.clientId, name, carrierId);
      assertUpdated(
        await repository.renameCarrier(actor.clientId, {
          id: carrierId,
          version,
          fields: { name },
          at: now(),
        }),
      );
      await audit.recordFor(actor, 'insurance-carrier.update', { type: 'insurance-carrier', id: carrierId });
      return carrierOrThrow(actor.clientId, carrierId);
    },
    async deleteCarrier(actor, carrierId) {
      assertDeleted(
        await repository.deleteCarrier(actor.clientId, carrierId),
        "Patients' insurance records use this carrier, so it cannot be deleted. Make its plans inactive instead.",
      );
      await audit.recordFor(actor, 'insurance-carrier.delete', { type: 'insurance-carrier', id: carrierId });
    },
    async listPlans(actor, query) {
      const { rows, total } = await repository.listPlans(actor.clientId, query);
      return pageOf(query, rows.map(toPlanAdmin), total);
    },
    async createPlan(actor, { clientId: _clientId, ...fields }) {
      await assertPlanReferences(actor.clientId, fields);
      const planId = await repository.createPlan(actor.clientId, fields, now());
      await audit.recordFor(actor, 'insurance-plan.create', { type: 'insurance-plan', id: planId });
      return planOrThrow(actor.clientId, planId);
    },
    async updatePlan(actor, planId, { clientId: _clientId, version, ...fields }) {
      await assertPlanReferences(actor.clientId, fields);
      assertUpdated(await repository.updatePlan(actor.clientId, { id: planId, version, fields, at: now() }));
      await audit.recordFor(actor, 'insurance-plan.update', {
        type: 'insurance-plan',
        id: planId,
        details: { fields: Object.keys(fields) },
      });
      return planOrThrow(actor.clientId, planId);
    },
    async deletePlan(actor, planId) {
      assertDeleted(
        await repository.deletePlan(actor.clientId, planId),
        "Patients' insurance records use this plan, so it cannot be deleted. Make it inactive instead.",
      );
      await audit.recordFor(actor, 'insurance-plan.delete', { type: 'insurance-plan', id: planId });
    },

    async listInsuranceTypes(actor, query) {
      const { rows, total } = await repository.listInsuranceTypes(actor.clientId, query);
      return pageOf(query, rows.map(toInsuranceTypeAdmin), total);
    },
    async createInsuranceType(actor, { name, sortOrder }) {
      await assertTypeNameFree(actor.clientId, name);
      const insuranceTypeId = await repository.createInsuranceType(actor.clientId, {
        name,
        sortOrder: sortOrder ?? 0,
      });
      await audit.recordFor(actor, 'insurance-type.create', { type: 'insurance-type', id: insuranceTypeId });
      return insuranceTypeOrThrow(actor.clientId, insuranceTypeId);
    },
    async updateInsuranceType(actor, insuranceTypeId, { clientId: _clientId, version, ...fields }) {
      if (fields.name !== undefined) await assertTypeNameFree(actor.clientId, fields.name, insuranceTypeId);
      assertUpdated(
        await repository.updateInsuranceType(actor.clientId, {
          id: insuranceTypeId,
          version,
          fields,
          at: now(),
        }),
      );
      await audit.recordFor(actor, 'insurance-type.update', {
        type: 'insurance-type',
        id: insuranceTypeId,
        details: { fields: Object.keys(fields) },
      });
      return insuranceTypeOrThrow(actor.clientId, insuranceTypeId);
    },
    async deleteInsuranceType(actor, insuranceTypeId) {
      assertDeleted(
        await repository.deleteInsuranceType(actor.clientId, insuranceTypeId),
        'Plans use this insurance type, so it cannot be deleted. Give those plans another type first.',
      );
      await audit.recordFor(actor, 'insurance-type.delete', { type: 'insurance-type', id: insuranceTypeId });
    },

    widget: (actor) => widgetView(actor.clientId),
    async setFrameAncestors(actor, frameAncestors, version) {
      assertUpdated(await repository.setFrameAncestors(actor.clientId, frameAncestors, version, now()));
      await audit.recordFor(actor, 'widget.frame-ancestors.update', {
        type: 'client',
        id: actor.clientId,
        details: { count: frameAncestors.length },
      });
      return widgetView(actor.clientId);
    },
  };
}
