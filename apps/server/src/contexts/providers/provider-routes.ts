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
  providerDetailResponseSchema,
  providerParamsSchema,
  providerQuerySchema,
  updateProviderInfoRequestSchema,
} from '@scheduler/contract/admin/providers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db/database.ts';
import { staffRouteKit } from '../../platform/http/staff-route-kit.ts';
import { createMapReadRepository } from './maps/map-reads-repository.ts';
import { createMapReadService } from './maps/map-reads.ts';
import { mapRoutes } from './maps/map-routes.ts';
import { createMapWriteService } from './maps/map-writes.ts';
import { createMapWriteRepository } from './maps/set-writes-repository.ts';
import { createProviderAdminService } from './provider-admin.ts';
import { createProviderRepository } from './provider-repository.ts';
import type { HoursReplacedHook } from './provider-repository.ts';

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
  return Promise.resolve();
};
