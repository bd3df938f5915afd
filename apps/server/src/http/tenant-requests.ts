/*
 * Puts each request's database work on its tenant (db/tenant-context.ts), so that on PostgreSQL
 * the row-level security policies (migration 006) confine it to one client's rows:
 *
 *  - onRequest: the request gets its own store, in system scope: the guards look up the session
 *    and the brand membership, which cross brands;
 *  - preValidation: back in that store (body parsing ran on the socket's async context);
 *  - last preHandler of every route (after the guards): the tenant, when the request names one —
 *    the brand `requireStaff` authorised; else the public booking URL's client (`clientName`);
 *    else the client an analytics call names (`clientId`, its id or URL name).
 *
 * A request that names no client (sign-in, a staff user's own brands and session, static files,
 * health, provider avatars) stays in system scope. Nothing in a route or repository changes.
 */
import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { runWithTenantStore, setTenant } from '../db/tenant-context.ts';
import type { TenantSetting } from '../db/tenant-context.ts';
import { staffOf } from '../modules/auth/request-guard.ts';

const requestScopes = new WeakMap<FastifyRequest, AsyncResource>();

function field(source: unknown, name: string): unknown {
  return typeof source === 'object' && source !== null && name in source
    ? (source as Record<string, unknown>)[name]
    : undefined;
}

function staffClientOf(request: FastifyRequest): number | undefined {
  try {
    return staffOf(request).clientId;
  } catch {
    return undefined; // a route without requireStaff
  }
}

/** The tenant a request names once its guards have run, or undefined (system scope). */
export function tenantOfRequest(request: FastifyRequest): TenantSetting | undefined {
  const staffClient = staffClientOf(request);
  if (staffClient !== undefined) return { scope: 'tenant', clientId: staffClient };
  const clientName = field(request.query, 'clientName') ?? field(request.body, 'clientName');
  if (typeof clientName === 'string' && clientName !== '') return { scope: 'tenant', clientSlug: clientName };
  const clientRef = field(request.body, 'clientId') ?? field(request.query, 'clientId');
  if (typeof clientRef === 'string' && clientRef !== '') return { scope: 'tenant', clientRef };
  if (typeof clientRef === 'number' && Number.isSafeInteger(clientRef)) {
    return { scope: 'tenant', clientId: clientRef };
  }
  return undefined;
}

function enterTenant(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const tenant = tenantOfRequest(request);
  if (tenant !== undefined) setTenant(tenant);
  return Promise.resolve();
}

const hookList = (hooks: unknown): unknown[] =>
  hooks === undefined || hooks === null ? [] : Array.isArray(hooks) ? (hooks as unknown[]) : [hooks];

/** Call on the root instance before any route is registered. */
export function installTenantRequests(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    runWithTenantStore(() => {
      requestScopes.set(request, new AsyncResource('scheduler-tenant'));
      done();
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = requestScopes.get(request);
    if (scope === undefined) done();
    else scope.runInAsyncScope(done);
  });
  app.addHook('onRoute', (route) => {
    route.preHandler = [...hookList(route.preHandler), enterTenant] as typeof route.preHandler;
  });
}
