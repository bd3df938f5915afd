import {
  brandQuerySchema,
  carrierParamsSchema,
  carrierRequestSchema,
  carrierResponseSchema,
  carriersAdminResponseSchema,
  createInsuranceTypeRequestSchema,
  createLocationRequestSchema,
  createPlanRequestSchema,
  createProviderRequestSchema,
  createServiceRequestSchema,
  deletedResponseSchema,
  insuranceTypeParamsSchema,
  insuranceTypeResponseSchema,
  insuranceTypesAdminResponseSchema,
  listCarriersQuerySchema,
  listInsuranceTypesQuerySchema,
  listLocationsQuerySchema,
  listPlansQuerySchema,
  listServicesQuerySchema,
  locationAdminResponseSchema,
  locationParamsSchema,
  locationsAdminResponseSchema,
  planParamsSchema,
  planResponseSchema,
  plansAdminResponseSchema,
  providerDetailResponseSchema,
  providerParamsSchema,
  serviceAdminResponseSchema,
  serviceParamsSchema,
  servicesAdminResponseSchema,
  updateLocationRequestSchema,
  renameCarrierRequestSchema,
  updateInsuranceTypeRequestSchema,
  updatePlanRequestSchema,
  updateServiceRequestSchema,
  updateWidgetSettingsRequestSchema,
  widgetSettingsResponseSchema,
} from '@scheduler/contract/admin-config';
import type { FastifyRequest } from 'fastify';
import type { ZodType, z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditActor } from '../../platform/audit/audit-log.ts';
import { staffOf } from '../auth/request-guard.ts';
import type { StaffGuard } from '../auth/request-guard.ts';
import type { CatalogueService } from './catalogue-service.ts';
import type { AdminConfigService } from './service.ts';

/*
 * `/api/scheduler/admin/*`: CRUD the configuration screens need that spec section 7 does not
 * name (it lists only the map and settings calls): services, locations, insurance carriers and
 * plans, providers (create/delete), and the widget's frame-ancestors allow-list. Reads need
 * config:read, writes config:write.
 */

export interface AdminCrudRoutesOptions {
  guard: StaffGuard;
  catalogue: CatalogueService;
  config: AdminConfigService;
}

const actorOf = (request: FastifyRequest): AuditActor => staffOf(request).actor;

export const adminCrudRoutes: FastifyPluginAsyncZod<AdminCrudRoutesOptions> = (
  app,
  { guard, catalogue, config },
) => {
  app.addHook('onRequest', guard.authenticate());
  const read = guard.requireStaff({ permission: 'config:read' });
  const write = guard.requireStaff({ permission: 'config:write' });
  const tags = ['scheduler-admin'];
  const deleted = { deleted: true as const };

  /** A paged, searchable, sortable list of the brand's records (config:read). */
  const listOptions = <Query extends ZodType, Response extends ZodType>(
    summary: string,
    querystring: Query,
    response: Response,
  ) => ({ preHandler: read, schema: { tags, summary, querystring, response: { 200: response } } });

  /** DELETE of one record by its id in the path (config:write); answers `{ deleted: true }`. */
  const removeRoute = <Params extends ZodType>(route: {
    url: string;
    summary: string;
    params: Params;
    remove: (actor: AuditActor, params: z.output<Params>) => Promise<void>;
  }) =>
    app.delete(
      route.url,
      {
        preHandler: write,
        schema: {
          tags,
          summary: route.summary,
          params: route.params,
          querystring: brandQuerySchema,
          response: { 200: deletedResponseSchema },
        },
      },
      async (request) => {
        // The type provider cannot resolve a generic schema; the validator has parsed `params` with it.
        await route.remove(actorOf(request), request.params as z.output<Params>);
        return deleted;
      },
    );

  // ── services ─────────────────────────────────────────────────────────────
  app.get(
    '/api/scheduler/admin/services',
    listOptions(
      'The services of the brand, online or not, with their locations: paged, searchable (name, description) and sortable (config:read)',
      listServicesQuerySchema,
      servicesAdminResponseSchema,
    ),
    (request) => catalogue.listServices(actorOf(request), request.query),
  );
  app.post(
    '/api/scheduler/admin/services',
    {
      preHandler: write,
      schema: {
        tags,
        summary: 'Create a service (config:write)',
        body: createServiceRequestSchema,
        response: { 201: serviceAdminResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ service: await catalogue.createService(actorOf(request), request.body) }),
  );
  app.patch(
    '/api/scheduler/admin/services/:serviceId',
    {
      preHandler: write,
      schema: {
        tags,
        summary: 'Edit a service. A stale `version` answers 409 and changes nothing (config:write)',
        params: serviceParamsSchema,
        body: updateServiceRequestSchema,
        response: { 200: serviceAdminResponseSchema },
      },
    },
    async (request) => ({
      service: await catalogue.updateService(actorOf(request), request.params.serviceId, request.body),
    }),
  );
  removeRoute({
    url: '/api/scheduler/admin/services/:serviceId',
    summary: 'Delete a service without appointments (409 otherwise) (config:write)',
    params: serviceParamsSchema,
    remove: (actor, params) => catalogue.deleteService(actor, params.serviceId),
  });

  // ── locations ────────────────────────────────────────────────────────────
  app.get(
    '/api/scheduler/admin/locations',
    listOptions(
      'The locations of the brand: paged, searchable (name, address, ZIP code) and sortable (config:read)',
      listLocationsQuerySchema,
      locationsAdminResponseSchema,
    ),
    (request) => catalogue.listLocations(actorOf(request), request.query),
  );
  app.post(
    '/api/scheduler/admin/locations',
    {
      preHandler: write,
      schema: {
        tags,
        summary:
          'Create a location; coordinates (and city/state when omitted) come from the ZIP code (config:write)',
        body: createLocationRequestSchema,
        response: { 201: locationAdminResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ location: await catalogue.createLocation(actorOf(request), request.body) }),
  );
  app.patch(
    '/api/scheduler/admin/locations/:locationId',
    {
      preHandler: write,
      schema: {
        tags,
        summary:
          'Edit a location; a new ZIP code updates the coordinates. A stale `version` answers 409 (config:write)',
        params: locationParamsSchema,
        body: updateLocationRequestSchema,
        response: { 200: locationAdminResponseSchema },
      },
    },
    async (request) => ({
      location: await catalogue.updateLocation(actorOf(request), request.params.locationId, request.body),
    }),
  );
  removeRoute({
    url: '/api/scheduler/admin/locations/:locationId',
    summary: 'Delete a location without appointments (409 otherwise) (config:write)',
    params: locationParamsSchema,
    remove: (actor, params) => catalogue.deleteLocation(actor, params.locationId),
  });

  // ── insurance ────────────────────────────────────────────────────────────
  app.get(
    '/api/scheduler/admin/insurance/carriers',
    listOptions(
      'Insurance carriers with their number of plans: paged, searchable and sortable (config:read)',
      listCarriersQuerySchema,
      carriersAdminResponseSchema,
    ),
    (request) => catalogue.listCarriers(actorOf(request), request.query),
  );
  app.post(
    '/api/scheduler/admin/insurance/carriers',
    {
      preHandler: write,
      schema: {
        tags,
        summary: 'Create an insurance carrier (config:write)',
        body: carrierRequestSchema,
        response: { 201: carrierResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ carrier: await catalogue.createCarrier(actorOf(request), request.body.name) }),
  );
  app.patch(
    '/api/scheduler/admin/insurance/carriers/:carrierId',
    {
      preHandler: write,
      schema: {
        tags,
        summary: 'Rename an insurance carrier. A stale `version` answers 409 (config:write)',
        params: carrierParamsSchema,
        body: renameCarrierRequestSchema,
        response: { 200: carrierResponseSchema },
      },
    },
    async (request) => ({
      carrier: await catalogue.renameCarrier(
        actorOf(request),
        request.params.carrierId,
        request.body.name,
        request.body.version,
      ),
    }),
  );
  removeRoute({
    url: '/api/scheduler/admin/insurance/carriers/:carrierId',
    summary:
      "Delete a carrier and its plans when no patient's insurance uses them (409 otherwise) (config:write)",
    params: carrierParamsSchema,
    remove: (actor, params) => catalogue.deleteCarrier(actor, params.carrierId),
  });
  app.get(
    '/api/scheduler/admin/insurance/plans',
    listOptions(
      'Insurance plans with their carrier and type: paged, searchable (plan or carrier name) and sortable (config:read)',
      listPlansQuerySchema,
      plansAdminResponseSchema,
    ),
    (request) => catalogue.listPlans(actorOf(request), request.query),
  );
  app.post(
    '/api/scheduler/admin/insurance/plans',
    {
      preHandler: write,
      schema: {
        tags,
        summary: 'Create an insurance plan under a carrier (config:write)',
        body: createPlanRequestSchema,
        response: { 201: planResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ plan: await catalogue.createPlan(actorOf(request), request.body) }),
  );
  app.patch(
    '/api/scheduler/admin/insurance/plans/:planId',
    {
      preHandler: write,
      schema: {
        tags,
        summary:
          'Edit an insurance plan (name, carrier, type, top-package rank, active). A stale `version` answers 409 (config:write)',
        params: planParamsSchema,
        body: updatePlanRequestSchema,
        response: { 200: planResponseSchema },
      },
    },
    async (request) => ({
      plan: await catalogue.updatePlan(actorOf(request), request.params.planId, request.body),
    }),
  );
  removeRoute({
    url: '/api/scheduler/admin/insurance/plans/:planId',
    summary: "Delete a plan no patient's insurance uses (409 otherwise) (config:write)",
    params: planParamsSchema,
    remove: (actor, params) => catalogue.deletePlan(actor, params.planId),
  });

  // ── insurance types ──────────────────────────────────────────────────────
  app.get(
    '/api/scheduler/admin/insurance/types',
    listOptions(
      'Insurance types with their number of plans: paged, searchable and sortable (config:read)',
      listInsuranceTypesQuerySchema,
      insuranceTypesAdminResponseSchema,
    ),
    (request) => catalogue.listInsuranceTypes(actorOf(request), request.query),
  );
  app.post(
    '/api/scheduler/admin/insurance/types',
    {
      preHandler: write,
      schema: {
        tags,
        summary: 'Create an insurance type (names are unique per brand, ignoring case) (config:write)',
        body: createInsuranceTypeRequestSchema,
        response: { 201: insuranceTypeResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ insuranceType: await catalogue.createInsuranceType(actorOf(request), request.body) }),
  );
  app.patch(
    '/api/scheduler/admin/insurance/types/:insuranceTypeId',
    {
      preHandler: write,
      schema: {
        tags,
        summary: 'Rename or reorder an insurance type. A stale `version` answers 409 (config:write)',
        params: insuranceTypeParamsSchema,
        body: updateInsuranceTypeRequestSchema,
        response: { 200: insuranceTypeResponseSchema },
      },
    },
    async (request) => ({
      insuranceType: await catalogue.updateInsuranceType(
        actorOf(request),
        request.params.insuranceTypeId,
        request.body,
      ),
    }),
  );
  removeRoute({
    url: '/api/scheduler/admin/insurance/types/:insuranceTypeId',
    summary: 'Delete an insurance type no plan uses (409 otherwise) (config:write)',
    params: insuranceTypeParamsSchema,
    remove: (actor, params) => catalogue.deleteInsuranceType(actor, params.insuranceTypeId),
  });

  // ── providers (create / delete; editing is PATCH updateProviderInfo) ─────
  app.post(
    '/api/scheduler/admin/providers',
    {
      preHandler: write,
      schema: {
        tags,
        summary:
          'Create a provider (then assign locations, services and plans with the map calls) (config:write)',
        body: createProviderRequestSchema,
        response: { 201: providerDetailResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ provider: await config.createProvider(actorOf(request), request.body) }),
  );
  removeRoute({
    url: '/api/scheduler/admin/providers/:providerId',
    summary: 'Delete a provider without appointments (409 otherwise) (config:write)',
    params: providerParamsSchema,
    remove: (actor, params) => config.deleteProvider(actor, params.providerId),
  });

  // ── widget ───────────────────────────────────────────────────────────────
  app.get(
    '/api/scheduler/admin/widget',
    {
      preHandler: read,
      schema: {
        tags,
        summary:
          "The sites allowed to frame the brand's widget (CSP frame-ancestors) and the list's version (config:read)",
        querystring: brandQuerySchema,
        response: { 200: widgetSettingsResponseSchema },
      },
    },
    (request) => catalogue.widget(actorOf(request)),
  );
  app.put(
    '/api/scheduler/admin/widget',
    {
      preHandler: write,
      schema: {
        tags,
        summary:
          'Replace the sites allowed to frame the widget. A stale `version` answers 409 and changes nothing (config:write)',
        body: updateWidgetSettingsRequestSchema,
        response: { 200: widgetSettingsResponseSchema },
      },
    },
    (request) =>
      catalogue.setFrameAncestors(actorOf(request), request.body.frameAncestors, request.body.version),
  );

  return Promise.resolve();
};
