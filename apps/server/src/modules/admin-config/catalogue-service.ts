import { DomainError } from '@scheduler/domain/errors';
import type {
  CreateLocationRequest,
  CreatePlanRequest,
  CreateServiceRequest,
  LocationAdmin,
  ServiceAdmin,
  UpdateLocationRequest,
  UpdatePlanRequest,
  UpdateServiceRequest,
} from '@scheduler/domain/schemas/admin-config';
import zipcodes from 'zipcodes';
import type { AuditActor, AuditLog } from '../audit/audit-log.ts';
import type {
  CatalogueRepository,
  DeleteOutcome,
  LocationAdminRecord,
  PlanRecord,
  ServiceAdminRecord,
} from './catalogue-repository.ts';

/**
 * The configuration screens' CRUD of the brand's catalogue: services, locations (postal code →
 * coordinates from the offline `zipcodes` dataset), insurance carriers and plans, and the
 * widget's frame-ancestors allow-list.
 */

export interface PlanView {
  planId: string;
  carrierId: string;
  name: string;
  insuranceTypeId: string | null;
  topRank: number | null;
  active: boolean;
}

export interface CatalogueService {
  listServices(actor: AuditActor): Promise<ServiceAdmin[]>;
  createService(actor: AuditActor, request: CreateServiceRequest): Promise<ServiceAdmin>;
  updateService(actor: AuditActor, serviceId: number, request: UpdateServiceRequest): Promise<ServiceAdmin>;
  deleteService(actor: AuditActor, serviceId: number): Promise<void>;

  listLocations(actor: AuditActor): Promise<LocationAdmin[]>;
  createLocation(actor: AuditActor, request: CreateLocationRequest): Promise<LocationAdmin>;
  updateLocation(
    actor: AuditActor,
    locationId: number,
    request: UpdateLocationRequest,
  ): Promise<LocationAdmin>;
  deleteLocation(actor: AuditActor, locationId: number): Promise<void>;

  createCarrier(actor: AuditActor, name: string): Promise<{ carrierId: string; name: string }>;
  renameCarrier(
    actor: AuditActor,
    carrierId: number,
    name: string,
  ): Promise<{ carrierId: string; name: string }>;
  deleteCarrier(actor: AuditActor, carrierId: number): Promise<void>;
  createPlan(actor: AuditActor, request: CreatePlanRequest): Promise<PlanView>;
  updatePlan(actor: AuditActor, planId: number, request: UpdatePlanRequest): Promise<PlanView>;
  deletePlan(actor: AuditActor, planId: number): Promise<void>;

  widget(actor: AuditActor): Promise<{ clientId: string; clientSlug: string; frameAncestors: string[] }>;
  setFrameAncestors(
    actor: AuditActor,
    frameAncestors: string[],
  ): Promise<{ clientId: string; clientSlug: string; frameAncestors: string[] }>;
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
  };
}

function toLocationAdmin(record: LocationAdminRecord): LocationAdmin {
  const { locationId, ...rest } = record;
  return { locationId: String(locationId), ...rest };
}

function toPlanView(record: PlanRecord): PlanView {
  return {
    planId: String(record.planId),
    carrierId: String(record.carrierId),
    name: record.name,
    insuranceTypeId: record.insuranceTypeId === null ? null : String(record.insuranceTypeId),
    topRank: record.topRank,
    active: record.active,
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
  async function planOrThrow(clientId: number, planId: number): Promise<PlanView> {
    const record = await repository.findPlan(clientId, planId);
    if (record === undefined) throw new DomainError('NOT_FOUND');
    return toPlanView(record);
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
    return { clientId: String(clientId), clientSlug: widget.slug, frameAncestors: widget.frameAncestors };
  }

  return {
    async listServices(actor) {
      return (await repository.listServices(actor.clientId)).map(toServiceAdmin);
    },
    async createService(actor, { clientId: _clientId, ...fields }) {
      const serviceId = await repository.createService(actor.clientId, fields, now());
      await audit.recordFor(actor, 'service.create', { type: 'service', id: serviceId });
      return serviceOrThrow(actor.clientId, serviceId);
    },
    async updateService(actor, serviceId, { clientId: _clientId, ...fields }) {
      if (!(await repository.updateService(actor.clientId, serviceId, fields, now()))) {
        throw new DomainError('NOT_FOUND');
      }
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

    async listLocations(actor) {
      return (await repository.listLocations(actor.clientId)).map(toLocationAdmin);
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
    async updateLocation(actor, locationId, { clientId: _clientId, ...fields }) {
      if (fields.slug !== undefined) await assertSlugFree(actor.clientId, fields.slug, locationId);
      const changes = { ...fields, city: fields.city === '' ? undefined : fields.city };
      if (fields.postalCode !== undefined) {
        const place = placeOf(fields.postalCode);
        Object.assign(changes, { latitude: place.latitude, longitude: place.longitude });
      }
      if (!(await repository.updateLocation(actor.clientId, locationId, changes, now()))) {
        throw new DomainError('NOT_FOUND');
      }
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

    async createCarrier(actor, name) {
      await assertCarrierNameFree(actor.clientId, name);
      const carrierId = await repository.createCarrier(actor.clientId, name, now());
      await audit.recordFor(actor, 'insurance-carrier.create', { type: 'insurance-carrier', id: carrierId });
      return { carrierId: String(carrierId), name };
    },
    async renameCarrier(actor, carrierId, name) {
      await assertCarrierNameFree(actor.clientId, name, carrierId);
      if (!(await repository.renameCarrier(actor.clientId, carrierId, name)))
        throw new DomainError('NOT_FOUND');
      await audit.recordFor(actor, 'insurance-carrier.update', { type: 'insurance-carrier', id: carrierId });
      return { carrierId: String(carrierId), name };
    },
    async deleteCarrier(actor, carrierId) {
      assertDeleted(
        await repository.deleteCarrier(actor.clientId, carrierId),
        "Patients' insurance records use this carrier, so it cannot be deleted. Make its plans inactive instead.",
      );
      await audit.recordFor(actor, 'insurance-carrier.delete', { type: 'insurance-carrier', id: carrierId });
    },
    async createPlan(actor, { clientId: _clientId, ...fields }) {
      await assertPlanReferences(actor.clientId, fields);
      const planId = await repository.createPlan(actor.clientId, fields, now());
      await audit.recordFor(actor, 'insurance-plan.create', { type: 'insurance-plan', id: planId });
      return planOrThrow(actor.clientId, planId);
    },
    async updatePlan(actor, planId, { clientId: _clientId, ...fields }) {
      await assertPlanReferences(actor.clientId, fields);
      if (!(await repository.updatePlan(actor.clientId, planId, fields, now())))
        throw new DomainError('NOT_FOUND');
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

    widget: (actor) => widgetView(actor.clientId),
    async setFrameAncestors(actor, frameAncestors) {
      await repository.setFrameAncestors(actor.clientId, frameAncestors, now());
      await audit.recordFor(actor, 'widget.frame-ancestors.update', {
        type: 'client',
        id: actor.clientId,
        details: { count: frameAncestors.length },
      });
      return widgetView(actor.clientId);
    },
  };
}
