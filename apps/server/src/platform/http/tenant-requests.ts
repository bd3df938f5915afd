/*
 * Puts each request's database work on its tenant (db/tenant-context.ts), so that on PostgreSQL
 * the row-level security policies (migration 006) confine it to one client's rows:
 *
 *  - onRequest: the request gets its own store, in system scope: the guards look up the session
 *    and the brand membership, which cross brands;
 *  - preValidation: back in that store (body parsing ran on the socket's async context);
 *  - last preHandler of every route (after the guards): the tenant, when the request names one —
 *    the brand `requireStaff` authorised; else the public booking URL's client (`clientName` in
 *    the read calls, `clientSlug` in the booking and waitlist writes); else the client an
 *    analytics call names (`clientId`, its id or URL name).
 *
 * A request that names no client (sign-in, a staff user's own brands and session, static files,
 * health, provider avatars) stays in system scope. Nothing in a route or repository changes.
 *
 * `clientName` / `clientSlug` / `clientId` count only where the route's own schema declares them
 * (its query or body; `clientName` also in its params, as in `/fhir/:clientName/…`, issue 20), so
 * they have passed its validation. A route without them keeps its scope
 * whatever the caller adds: found by the PostgreSQL fuzz, `/api/health?clientId=%00` put the
 * health check on a tenant named by a NUL (503) and `POST /api/config/logout?clientId=…` put the
 * sign-out's audit row under another tenant, which row-level security refused (500). The public
 * booking and waitlist writes name their brand `clientSlug` (issue 15, finding 7: they ran in
 * system scope while only `clientName` counted).
 */
import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { runWithTenantStore, setTenant } from '../db/tenant-context.ts';
import type { TenantSetting } from '../db/tenant-context.ts';
import { staffOf } from '../auth/request-guard.ts';

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

/** Where a route's schema declares the fields that name a client. */
export interface ClientFields {
  query: ReadonlySet<string>;
  body: ReadonlySet<string>;
  /** Path parameters (only `clientName`: a brand's URL name in the path, e.g. the FHIR base). */
  params: ReadonlySet<string>;
}

/** Every name a route gives the client it acts for: a route naming its brand otherwise is unconfined. */
const CLIENT_FIELD_NAMES = ['clientName', 'clientSlug', 'clientId'] as const;
const NO_CLIENT_FIELDS: ClientFields = { query: new Set(), body: new Set(), params: new Set() };
/** By `METHOD url` of the route (Fastify copies a route's config, so it cannot be the key). */
const clientFieldsOfRoute = new Map<string, ClientFields>();
const routeKey = (method: string, url: string | undefined) => `${method.toUpperCase()} ${url ?? ''}`;

/** Keys of a zod object schema, through optional/default/pipe wrappers and unions; none if opaque. */
function schemaKeys(schema: unknown, depth = 0): Set<string> {
  const keys = new Set<string>();
  if (typeof schema !== 'object' || schema === null || depth > 8) return keys;
  const shape = (schema as { shape?: unknown }).shape;
  if (typeof shape === 'object' && shape !== null) for (const key of Object.keys(shape)) keys.add(key);
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def ?? {};
  const inner = [def.innerType, def.in, ...(Array.isArray(def.options) ? (def.options as unknown[]) : [])];
  for (const part of inner) for (const key of schemaKeys(part, depth + 1)) keys.add(key);
  return keys;
}

/** The client-naming fields a route's query, body and params schemas declare. */
export function clientFieldsOf(
  schema: { querystring?: unknown; body?: unknown; params?: unknown } | undefined,
): ClientFields {
  const pick = (part: unknown, names: readonly string[] = CLIENT_FIELD_NAMES) => {
    const keys = schemaKeys(part);
    return new Set(names.filter((name) => keys.has(name)));
  };
  return {
    query: pick(schema?.querystring),
    body: pick(schema?.body),
    params: pick(schema?.params, ['clientName']),
  };
}

/** The tenant a request names once its guards have run, or undefined (system scope). */
export function tenantOfRequest(
  request: FastifyRequest,
  fields: ClientFields = clientFieldsOfRoute.get(routeKey(request.method, request.routeOptions.url)) ??
    NO_CLIENT_FIELDS,
): TenantSetting | undefined {
  const staffClient = staffClientOf(request);
  if (staffClient !== undefined) return { scope: 'tenant', clientId: staffClient };
  const declared = (source: 'query' | 'body' | 'params', name: string): unknown =>
    fields[source].has(name)
      ? field(source === 'query' ? request.query : source === 'body' ? request.body : request.params, name)
      : undefined;
  const clientName =
    declared('params', 'clientName') ??
    declared('query', 'clientName') ??
    declared('body', 'clientName') ??
    declared('query', 'clientSlug') ??
    declared('body', 'clientSlug');
  if (typeof clientName === 'string' && clientName !== '') return { scope: 'tenant', clientSlug: clientName };
  const clientRef = declared('body', 'clientId') ?? declared('query', 'clientId');
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
    const fields = clientFieldsOf(route.schema);
    for (const method of [route.method].flat()) clientFieldsOfRoute.set(routeKey(method, route.url), fields);
    route.preHandler = [...hookList(route.preHandler), enterTenant] as typeof route.preHandler;
  });
}
