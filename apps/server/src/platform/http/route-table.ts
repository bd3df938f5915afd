import type { FastifyInstance } from 'fastify';

/** A route as registered: what the safety harnesses (apps/server/tools/safety) need to classify and call it. */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** The route's `config` (rate limits…). */
  config: unknown;
  /** The route's `schema` (zod: params, querystring, body, response). */
  schema: unknown;
  /** Route-level onRequest, preValidation and preHandler hooks, in that order. */
  hooks: unknown[];
}

const routeTables = new WeakMap<object, RegisteredRoute[]>();

/** Every route of an app with a route table, one entry per method (HEAD twins included). */
export function routeTableOf(app: FastifyInstance): readonly RegisteredRoute[] {
  return routeTables.get(app) ?? [];
}

const hookList = (hooks: unknown): unknown[] =>
  hooks === undefined || hooks === null ? [] : Array.isArray(hooks) ? (hooks as unknown[]) : [hooks];

/** Records every route registered from now on (call first, before any other hook or plugin). */
export function installRouteTable(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  routeTables.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routes.push({
        method,
        url: route.url,
        config: route.config,
        schema: route.schema,
        hooks: [
          ...hookList(route.onRequest),
          ...hookList(route.preValidation),
          ...hookList(route.preHandler),
        ],
      });
    }
  });
}
