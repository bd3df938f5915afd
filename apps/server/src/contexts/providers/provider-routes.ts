/*
 * The providers' staff calls (spec section 7): the paged list, one provider's detail and its
 * edit, the maps' reads and their replace-the-set writes (`providerRoutes`); and the create and
 * delete calls of `/api/scheduler/admin/providers` (`providerAdminRoutes`). Reads need
 * config:read, writes config:write.
 */
import {
  createProviderRequestSchema,
  getAllProvidersQuerySchema,
  getAllProvidersResponseSchema,
  providerAppointmentsResponseSchema,
  providerDetailResponseSchema,
  providerParamsSchema,
  providerQuerySchema,
  providerRetirementRequestSchema,
  providerRetirementResponseSchema,
  updateProviderInfoRequestSchema,
} from '@scheduler/contract/admin/providers';
import { brandQuerySchema } from '@scheduler/contract/admin/paging';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db/database.ts';
import { staffOf } from '../../platform/auth/request-guard.ts';
import { staffRouteKit } from '../../platform/http/staff-route-kit.ts';
import { createMapReadRepository } from './maps/map-reads-repository.ts';
import { createMapReadService } from './maps/map-reads.ts';
import { mapRoutes } from './maps/map-routes.ts';
import { createMapWriteService } from './maps/map-writes.ts';
import { createMapWriteRepository } from './maps/set-writes-repository.ts';
import { createProviderAdminService } from './provider-admin.ts';
import { createProviderRepository } from './provider-repository.ts';
import type { HoursReplacedHook } from './provider-repository.ts';
import { createProviderRetirementService } from './provider-retirement.ts';

interface ProviderRoutesOptions {
  db: Db;
  now?: () => number;
  /** Issue 18: runs in the edit's transaction when a provider's working hours are replaced (waitlist offers of added hours). */
  hoursReplaced?: HoursReplacedHook | undefined;
}

export const providerRoutes: FastifyPluginAsyncZod<ProviderRoutesOptions> = (
  app,
  { db, now = Date.now, hoursReplaced },
) => {
  const { audit, guard } = app.staffAuth;
  const kit = staffRouteKit(app, guard, ['scheduler-admin']);
  const providers = createProviderAdminService({
    providers: createProviderRepository(db, { hoursReplaced }),
    audit,
    now,
  });

  kit.get('/api/scheduler/getAllProviders', {
    summary: 'Providers of the brand, paged, searchable and sortable (config:read)',
    querystring: getAllProvidersQuerySchema,
    response: getAllProvidersResponseSchema,
    handle: (actor, query) => providers.listProviders(actor, query),
  });
  kit.get('/api/scheduler/getProviderByProviderId', {
    summary:
      'One provider with locations, services, plans, working hours, time off and version (config:read)',
    querystring: providerQuerySchema,
    response: providerDetailResponseSchema,
    handle: async (actor, query) => ({ provider: await providers.providerDetail(actor, query.providerId) }),
  });
  kit.write('patch', '/api/scheduler/updateProviderInfo', {
    summary:
      'Edit a provider (any subset of fields; workingHours / timeOff replace the whole set). A stale `version` answers 409 (config:write)',
    body: updateProviderInfoRequestSchema,
    response: providerDetailResponseSchema,
    handle: async (actor, body) => ({ provider: await providers.updateProvider(actor, body) }),
  });
  mapRoutes(kit, {
    reads: createMapReadService(createMapReadRepository(db)),
    writes: createMapWriteService({ mappings: createMapWriteRepository(db), audit, now }),
  });
  return Promise.resolve();
};

export const providerAdminRoutes: FastifyPluginAsyncZod<ProviderRoutesOptions> = (
  app,
  { db, now = Date.now },
) => {
  const { audit, guard } = app.staffAuth;
  const kit = staffRouteKit(app, guard, ['scheduler-admin']);
  const providers = createProviderAdminService({ providers: createProviderRepository(db), audit, now });

  kit.create('/api/scheduler/admin/providers', 'provider', {
    summary:
      'Create a provider (then assign locations, services and plans with the map calls) (config:write)',
    body: createProviderRequestSchema,
    response: providerDetailResponseSchema,
    handle: (actor, body) => providers.createProvider(actor, body),
  });
  kit.remove('/api/scheduler/admin/providers/:providerId', providerParamsSchema, {
    summary: 'Delete a provider without appointments (409 otherwise) (config:write)',
    handle: (actor, params) => providers.deleteProvider(actor, params.providerId),
  });
  retirementRoutes(app, { db, now, providers });
  return Promise.resolve();
};

/**
 * Issue 19: retire or restore a provider (config:write; the answer lists its upcoming appointments
 * for rebooking, audited), and its upcoming appointments (patients:read, audited). The path names
 * the provider, as the delete call does.
 */
function retirementRoutes(
  app: Parameters<typeof providerAdminRoutes>[0],
  {
    db,
    now,
    providers,
  }: { db: Db; now: () => number; providers: ReturnType<typeof createProviderAdminService> },
): void {
  const { audit, guard } = app.staffAuth;
  const retirement = createProviderRetirementService({ db, audit, now });
  app.patch(
    '/api/scheduler/admin/providers/:providerId',
    {
      preHandler: guard.requireStaff({ permission: 'config:write' }),
      schema: {
        tags: ['scheduler-admin'],
        summary:
          'Retire (`retired: true`) or restore (`retired: false`) a provider: kept for history, never bookable while retired; answers its upcoming appointments to rebook. A stale `version` answers 409 (config:write; audited)',
        params: providerParamsSchema,
        body: providerRetirementRequestSchema,
        response: { 200: providerRetirementResponseSchema },
      },
    },
    async (request) => {
      const { actor } = staffOf(request);
      const { providerId } = request.params;
      const appointmentsToRebook = await retirement.setRetired(actor, {
        providerId,
        version: request.body.version,
        retired: request.body.retired,
      });
      return { provider: await providers.providerDetail(actor, providerId), appointmentsToRebook };
    },
  );
  app.get(
    '/api/scheduler/admin/providers/:providerId/upcoming-appointments',
    {
      preHandler: guard.requireStaff({ permission: 'patients:read' }),
      schema: {
        tags: ['scheduler-admin'],
        summary:
          "A provider's upcoming active appointments, e.g. to rebook after its retirement (patients:read; audited)",
        params: providerParamsSchema,
        querystring: brandQuerySchema,
        response: { 200: providerAppointmentsResponseSchema },
      },
    },
    async (request) => ({
      appointments: await retirement.upcomingAppointments(staffOf(request).actor, request.params.providerId),
    }),
  );
}
