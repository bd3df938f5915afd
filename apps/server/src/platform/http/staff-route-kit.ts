/*
 * The one shape of a staff configuration route, so that no context writes its own: every route
 * authenticates first (the plugin's onRequest hook: 401 before any validation), then
 * `requireStaff` checks the brand and the permission, and the handler receives the signed-in
 * staff member as the audit actor. `crud` registers the four calls of an edited record
 * (paged list, create, edit, delete) in that order.
 */
import { brandQuerySchema, deletedResponseSchema } from '@scheduler/contract/admin/paging';
import type { Permission } from '@scheduler/domain/roles';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodType, z } from 'zod';
import type { AuditActor } from '../audit/audit-log.ts';
import { staffOf } from '../auth/request-guard.ts';
import type { StaffGuard } from '../auth/request-guard.ts';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

export const actorOf = (request: FastifyRequest): AuditActor => staffOf(request).actor;

interface RouteText {
  summary: string;
  /** Default config:read for reads, config:write for writes. */
  permission?: Permission;
}

/** A GET with a query; `handle` answers the response schema's shape (checked here, as the type provider would). */
export interface ReadRoute<Query extends ZodType, Response extends ZodType = ZodType> extends RouteText {
  querystring: Query;
  response: Response;
  handle: (actor: AuditActor, query: z.output<Query>) => Promise<z.input<Response>>;
}

export interface WriteRoute<Body extends ZodType, Response extends ZodType = ZodType> extends RouteText {
  body: Body;
  response: Response;
  handle: (actor: AuditActor, body: z.output<Body>) => Promise<z.input<Response>>;
}

/** The four calls of one kind of record under `url` (`url/:id` for edit and delete). */
export interface CrudRoutes<
  Params extends ZodType,
  Query extends ZodType,
  CreateBody extends ZodType,
  EditBody extends ZodType,
> {
  url: string;
  /** The path parameter, e.g. 'serviceId'. */
  idParam: string;
  params: Params;
  /** The answer's key of one record, e.g. 'service' ({ service: … }). */
  key: string;
  list: { summary: string; querystring: Query; response: ZodType; handle: ReadRoute<Query>['handle'] };
  create: {
    summary: string;
    body: CreateBody;
    response: ZodType;
    handle: (actor: AuditActor, body: z.output<CreateBody>) => Promise<unknown>;
  };
  edit: {
    summary: string;
    body: EditBody;
    response: ZodType;
    handle: (actor: AuditActor, params: z.output<Params>, body: z.output<EditBody>) => Promise<unknown>;
  };
  remove: RemoveRoute<Params>;
}

export interface RemoveRoute<Params extends ZodType> {
  summary: string;
  handle: (actor: AuditActor, params: z.output<Params>) => Promise<void>;
}

export interface StaffRouteKit {
  get<Query extends ZodType, Response extends ZodType>(url: string, route: ReadRoute<Query, Response>): void;
  write<Body extends ZodType, Response extends ZodType>(
    method: 'post' | 'patch' | 'put',
    url: string,
    route: WriteRoute<Body, Response>,
  ): void;
  /** POST `url`: answers 201 with `{ [key]: record }`. */
  create<Body extends ZodType>(url: string, key: string, route: WriteRoute<Body>): void;
  /** DELETE `url` (an id in the path): answers `{ deleted: true }`. */
  remove<Params extends ZodType>(url: string, params: Params, route: RemoveRoute<Params>): void;
  crud<Params extends ZodType, Query extends ZodType, CreateBody extends ZodType, EditBody extends ZodType>(
    routes: CrudRoutes<Params, Query, CreateBody, EditBody>,
  ): void;
}

/**
 * The route kit of one staff plugin: adds the authentication hook to `app` (the plugin's scope)
 * and registers routes tagged `tags`. The type provider cannot resolve a generic schema; the
 * validator has parsed query, body and params with it, hence the casts.
 */
export function staffRouteKit(app: ZodApp, guard: StaffGuard, tags: string[]): StaffRouteKit {
  app.addHook('onRequest', guard.authenticate());
  const read = guard.requireStaff({ permission: 'config:read' });
  const write = guard.requireStaff({ permission: 'config:write' });
  const guardOf = (permission: Permission | undefined, fallback: typeof read) =>
    permission === undefined ? fallback : guard.requireStaff({ permission });
  const deleted = { deleted: true as const };

  const kit: StaffRouteKit = {
    get(url, route) {
      // Widened: the answer's type is tied to the schema by `handle`'s own type.
      const response: ZodType = route.response;
      app.get(
        url,
        {
          preHandler: guardOf(route.permission, read),
          schema: {
            tags,
            summary: route.summary,
            querystring: route.querystring,
            response: { 200: response },
          },
        },
        (request): Promise<unknown> =>
          route.handle(actorOf(request), request.query as z.output<typeof route.querystring>),
      );
    },
    write(method, url, route) {
      const response: ZodType = route.response;
      app[method](
        url,
        {
          preHandler: guardOf(route.permission, write),
          schema: {
            tags,
            summary: route.summary,
            body: route.body,
            response: { 200: response },
          },
        },
        (request): Promise<unknown> =>
          route.handle(actorOf(request), request.body as z.output<typeof route.body>),
      );
    },
    create(url, key, route) {
      app.post(
        url,
        {
          preHandler: guardOf(route.permission, write),
          schema: { tags, summary: route.summary, body: route.body, response: { 201: route.response } },
        },
        async (request, reply) =>
          reply.status(201).send({
            [key]: await route.handle(actorOf(request), request.body as z.output<typeof route.body>),
          }),
      );
    },
    remove(url, params, route) {
      app.delete(
        url,
        {
          preHandler: write,
          schema: {
            tags,
            summary: route.summary,
            params,
            querystring: brandQuerySchema,
            response: { 200: deletedResponseSchema },
          },
        },
        async (request) => {
          await route.handle(actorOf(request), request.params as z.output<typeof params>);
          return deleted;
        },
      );
    },
    crud(routes) {
      const one = `${routes.url}/:${routes.idParam}`;
      kit.get(routes.url, routes.list);
      kit.create(routes.url, routes.key, routes.create);
      app.patch(
        one,
        {
          preHandler: write,
          schema: {
            tags,
            summary: routes.edit.summary,
            params: routes.params,
            body: routes.edit.body,
            response: { 200: routes.edit.response },
          },
        },
        async (request) => ({
          [routes.key]: await routes.edit.handle(
            actorOf(request),
            request.params as z.output<typeof routes.params>,
            request.body as z.output<typeof routes.edit.body>,
          ),
        }),
      );
      kit.remove(one, routes.params, routes.remove);
    },
  };
  return kit;
}
