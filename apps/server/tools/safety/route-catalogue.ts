/*
 * The route table of a built app, classified: every route is public (listed in public-routes.ts),
 * needs a session (`authenticate`), or needs a brand permission (`requireStaff`). The harnesses and
 * tests walk this list, so a route added later is covered without editing them, and a route that
 * is neither guarded nor declared public is reported.
 */
import type { Permission } from '@scheduler/domain/roles';
import type * as z from 'zod';
import type { App } from '../../src/app.ts';
import { routeTableOf } from '../../src/app.ts';
import { guardMarkOf } from '../../src/platform/auth/request-guard.ts';
import { PUBLIC_ROUTES } from './public-routes.ts';

export type RouteAccess =
  { kind: 'public'; reason: string } | { kind: 'session' } | { kind: 'staff'; permission: Permission };

export interface RouteSchemas {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
}

export interface CatalogueRoute {
  /** `METHOD /url`, e.g. `GET /api/config/users`. */
  key: string;
  method: string;
  url: string;
  access: RouteAccess;
  schemas: RouteSchemas;
  /** POST, PUT, PATCH, DELETE. */
  unsafe: boolean;
  /** Names of the path parameters (`:userId` → `userId`). */
  pathParams: string[];
}

export interface RouteCatalogue {
  routes: CatalogueRoute[];
  /** Routes with no guard that public-routes.ts does not list. */
  unclassified: string[];
  /** Entries of public-routes.ts that match no unguarded route (stale, or the route gained a guard). */
  stalePublicEntries: string[];
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

function isZod(value: unknown): value is z.ZodType {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

function schemasOf(schema: unknown): RouteSchemas {
  if (typeof schema !== 'object' || schema === null) return {};
  const { params, querystring, body } = schema as Record<string, unknown>;
  return {
    ...(isZod(params) ? { params } : {}),
    ...(isZod(querystring) ? { querystring } : {}),
    ...(isZod(body) ? { body } : {}),
  };
}

function accessOf(hooks: readonly unknown[]): RouteAccess | undefined {
  const marks = hooks.map(guardMarkOf);
  const staff = marks.find((mark) => mark?.kind === 'staff');
  if (staff?.kind === 'staff') return { kind: 'staff', permission: staff.permission };
  if (marks.some((mark) => mark?.kind === 'session')) return { kind: 'session' };
  return undefined;
}

/**
 * The classified routes of an app (HEAD twins of GET routes and OPTIONS are left out).
 * `optionalPublic` lists public entries that may be absent without being stale (default: the web
 * build's `GET /*`, which exists only when apps/web/dist does).
 */
export function routeCatalogue(
  app: App,
  options: { optionalPublic?: readonly string[] } = {},
): RouteCatalogue {
  const table = routeTableOf(app);
  const getUrls = new Set(table.filter((route) => route.method === 'GET').map((route) => route.url));
  const routes: CatalogueRoute[] = [];
  const unclassified: string[] = [];
  const seenPublic = new Set<string>();
  for (const route of table) {
    if (route.method === 'OPTIONS') continue;
    if (route.method === 'HEAD' && getUrls.has(route.url)) continue;
    const key = `${route.method} ${route.url}`;
    let access = accessOf(route.hooks);
    if (access === undefined) {
      const reason = PUBLIC_ROUTES[key];
      if (reason === undefined) {
        unclassified.push(key);
        continue;
      }
      seenPublic.add(key);
      access = { kind: 'public', reason };
    }
    routes.push({
      key,
      method: route.method,
      url: route.url,
      access,
      schemas: schemasOf(route.schema),
      unsafe: !SAFE.has(route.method),
      pathParams: [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? ''),
    });
  }
  const optional = new Set(options.optionalPublic ?? ['GET /*']);
  const stalePublicEntries = Object.keys(PUBLIC_ROUTES).filter(
    (key) => !seenPublic.has(key) && !optional.has(key),
  );
  return { routes, unclassified, stalePublicEntries };
}

/** Staff routes whose permission concerns patient data (must be audited). */
export function touchesPatientData(route: CatalogueRoute): boolean {
  return (
    route.access.kind === 'staff' &&
    (route.access.permission.startsWith('patients:') || route.access.permission.startsWith('waitlist:'))
  );
}
