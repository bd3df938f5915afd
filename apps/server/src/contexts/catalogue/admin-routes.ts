/*
 * `/api/scheduler/admin/*` of the catalogue: CRUD the configuration screens need that spec
 * section 7 does not name (it lists only the map and settings calls): services, locations,
 * insurance carriers, plans and types. Reads need config:read, writes config:write.
 */
import {
  carrierParamsSchema,
  carrierRequestSchema,
  carrierResponseSchema,
  carriersAdminResponseSchema,
  createInsuranceTypeRequestSchema,
  createPlanRequestSchema,
  insuranceTypeParamsSchema,
  insuranceTypeResponseSchema,
  insuranceTypesAdminResponseSchema,
  listCarriersQuerySchema,
  listInsuranceTypesQuerySchema,
  listPlansQuerySchema,
  planParamsSchema,
  planResponseSchema,
  plansAdminResponseSchema,
  renameCarrierRequestSchema,
  updateInsuranceTypeRequestSchema,
  updatePlanRequestSchema,
} from '@scheduler/contract/admin/insurance';
import {
  createLocationRequestSchema,
  listLocationsQuerySchema,
  locationAdminResponseSchema,
  locationParamsSchema,
  locationsAdminResponseSchema,
  updateLocationRequestSchema,
} from '@scheduler/contract/admin/locations';
import {
  createServiceRequestSchema,
  listServicesQuerySchema,
  serviceAdminResponseSchema,
  serviceParamsSchema,
  servicesAdminResponseSchema,
  updateServiceRequestSchema,
} from '@scheduler/contract/admin/services';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db/database.ts';
import { staffRouteKit } from '../../platform/http/staff-route-kit.ts';
import type { StaffRouteKit } from '../../platform/http/staff-route-kit.ts';
import { createCarrierRepository, createInsuranceTypeRepository } from './insurance/carrier-repository.ts';
import { createInsuranceAdminService } from './insurance/insurance-admin.ts';
import type { InsuranceAdminService } from './insurance/insurance-admin.ts';
import { createPlanRepository } from './insurance/plan-repository.ts';
import { createLocationAdminService } from './locations/location-admin.ts';
import { createLocationRepository } from './locations/location-repository.ts';
import { createServiceAdminService } from './services/service-admin.ts';
import { createServiceRepository } from './services/service-repository.ts';

const ADMIN = '/api/scheduler/admin';

function insuranceRoutes(kit: StaffRouteKit, insurance: InsuranceAdminService): void {
  kit.crud({
    url: `${ADMIN}/insurance/carriers`,
    idParam: 'carrierId',
    params: carrierParamsSchema,
    key: 'carrier',
    list: {
      summary: 'Insurance carriers with their number of plans: paged, searchable and sortable (config:read)',
      querystring: listCarriersQuerySchema,
      response: carriersAdminResponseSchema,
      handle: (actor, query) => insurance.listCarriers(actor, query),
    },
    create: {
      summary: 'Create an insurance carrier (config:write)',
      body: carrierRequestSchema,
      response: carrierResponseSchema,
      handle: (actor, body) => insurance.createCarrier(actor, body.name),
    },
    edit: {
      summary: 'Rename an insurance carrier. A stale `version` answers 409 (config:write)',
      body: renameCarrierRequestSchema,
      response: carrierResponseSchema,
      handle: (actor, params, body) =>
        insurance.renameCarrier(actor, params.carrierId, body.name, body.version),
    },
    remove: {
      summary:
        "Delete a carrier and its plans when no patient's insurance uses them (409 otherwise) (config:write)",
      handle: (actor, params) => insurance.deleteCarrier(actor, params.carrierId),
    },
  });
  kit.crud({
    url: `${ADMIN}/insurance/plans`,
    idParam: 'planId',
    params: planParamsSchema,
    key: 'plan',
    list: {
      summary:
        'Insurance plans with their carrier and type: paged, searchable (plan or carrier name) and sortable (config:read)',
      querystring: listPlansQuerySchema,
      response: plansAdminResponseSchema,
      handle: (actor, query) => insurance.listPlans(actor, query),
    },
    create: {
      summary: 'Create an insurance plan under a carrier (config:write)',
      body: createPlanRequestSchema,
      response: planResponseSchema,
      handle: (actor, body) => insurance.createPlan(actor, body),
    },
    edit: {
      summary:
        'Edit an insurance plan (name, carrier, type, top-package rank, active). A stale `version` answers 409 (config:write)',
      body: updatePlanRequestSchema,
      response: planResponseSchema,
      handle: (actor, params, body) => insurance.updatePlan(actor, params.planId, body),
    },
    remove: {
      summary: "Delete a plan no patient's insurance uses (409 otherwise) (config:write)",
      handle: (actor, params) => insurance.deletePlan(actor, params.planId),
    },
  });
  kit.crud({
    url: `${ADMIN}/insurance/types`,
    idParam: 'insuranceTypeId',
    params: insuranceTypeParamsSchema,
    key: 'insuranceType',
    list: {
      summary: 'Insurance types with their number of plans: paged, searchable and sortable (config:read)',
      querystring: listInsuranceTypesQuerySchema,
      response: insuranceTypesAdminResponseSchema,
      handle: (actor, query) => insurance.listInsuranceTypes(actor, query),
    },
    create: {
      summary: 'Create an insurance type (names are unique per brand, ignoring case) (config:write)',
      body: createInsuranceTypeRequestSchema,
      response: insuranceTypeResponseSchema,
      handle: (actor, body) => insurance.createInsuranceType(actor, body),
    },
    edit: {
      summary: 'Rename or reorder an insurance type. A stale `version` answers 409 (config:write)',
      body: updateInsuranceTypeRequestSchema,
      response: insuranceTypeResponseSchema,
      handle: (actor, params, body) => insurance.updateInsuranceType(actor, params.insuranceTypeId, body),
    },
    remove: {
      summary: 'Delete an insurance type no plan uses (409 otherwise) (config:write)',
      handle: (actor, params) => insurance.deleteInsuranceType(actor, params.insuranceTypeId),
    },
  });
}

export const catalogueAdminRoutes: FastifyPluginAsyncZod<{ db: Db; now?: () => number }> = (
  app,
  { db, now = Date.now },
) => {
  const { audit, guard } = app.staffAuth;
  const kit = staffRouteKit(app, guard, ['scheduler-admin']);
  const services = createServiceAdminService({ repository: createServiceRepository(db), audit, now });
  const locations = createLocationAdminService({ repository: createLocationRepository(db), audit, now });
  const insurance = createInsuranceAdminService({
    repositories: {
      carriers: createCarrierRepository(db),
      plans: createPlanRepository(db),
      types: createInsuranceTypeRepository(db),
    },
    audit,
    now,
  });

  kit.crud({
    url: `${ADMIN}/services`,
    idParam: 'serviceId',
    params: serviceParamsSchema,
    key: 'service',
    list: {
      summary:
        'The services of the brand, online or not, with their locations: paged, searchable (name, description) and sortable (config:read)',
      querystring: listServicesQuerySchema,
      response: servicesAdminResponseSchema,
      handle: (actor, query) => services.list(actor, query),
    },
    create: {
      summary: 'Create a service (config:write)',
      body: createServiceRequestSchema,
      response: serviceAdminResponseSchema,
      handle: (actor, body) => services.create(actor, body),
    },
    edit: {
      summary: 'Edit a service. A stale `version` answers 409 and changes nothing (config:write)',
      body: updateServiceRequestSchema,
      response: serviceAdminResponseSchema,
      handle: (actor, params, body) => services.update(actor, params.serviceId, body),
    },
    remove: {
      summary: 'Delete a service without appointments (409 otherwise) (config:write)',
      handle: (actor, params) => services.delete(actor, params.serviceId),
    },
  });
  kit.crud({
    url: `${ADMIN}/locations`,
    idParam: 'locationId',
    params: locationParamsSchema,
    key: 'location',
    list: {
      summary:
        'The locations of the brand: paged, searchable (name, address, ZIP code) and sortable (config:read)',
      querystring: listLocationsQuerySchema,
      response: locationsAdminResponseSchema,
      handle: (actor, query) => locations.list(actor, query),
    },
    create: {
      summary:
        'Create a location; coordinates (and city/state when omitted) come from the ZIP code (config:write)',
      body: createLocationRequestSchema,
      response: locationAdminResponseSchema,
      handle: (actor, body) => locations.create(actor, body),
    },
    edit: {
      summary:
        'Edit a location; a new ZIP code updates the coordinates. A stale `version` answers 409 (config:write)',
      body: updateLocationRequestSchema,
      response: locationAdminResponseSchema,
      handle: (actor, params, body) => locations.update(actor, params.locationId, body),
    },
    remove: {
      summary: 'Delete a location without appointments (409 otherwise) (config:write)',
      handle: (actor, params) => locations.delete(actor, params.locationId),
    },
  });
  insuranceRoutes(kit, insurance);
  return Promise.resolve();
};
