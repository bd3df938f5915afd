/*
 * Bad-input fuzzing over the route table (issue 8, item 4). For every route, fast-check derives
 * cases from a valid request (sample-requests.ts): a field replaced by a hostile value (wrong type,
 * huge, unicode, SQL, script, path traversal), a field dropped, unknown or prototype keys added, the
 * whole body replaced by random JSON, malformed JSON, a wrong content type, hostile path and query
 * values; plus one oversized body per route. Each answer must be
 *
 *  - below 500;
 *  - for 4xx, the one error shape `{ error: { code, message } }`;
 *  - for 4xx, without a row written: no row inserted or deleted in any table, as counted by row
 *    triggers the harness installs (db/snapshots.ts).
 *
 * Public routes are called anonymously, the others as owner@ (bearer, or the cookie with its
 * X-XSRF-TOKEN). The same code runs 20 cases per route in `npm test` and ≥ 1,000 in
 * `npm run safety:fuzz`. The hostile values and mutations are in fuzz-mutations.ts.
 */
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { anonymous, bearer, callerHeaders, cookie, errorOf, nextIp } from './route-calls.ts';
import type { Caller } from './route-calls.ts';
import type { CatalogueRoute } from './route-catalogue.ts';
import type { SafetyFixture } from './safety-fixture.ts';
import { changedCounts, installRowChangeCounter, listTables } from './db/snapshots.ts';
import type { RowChangeCounter } from './db/snapshots.ts';
import { injectOptions, sampleFor } from './sample-requests.ts';
import { asText, mutatedRequest, mutation } from './fuzz-mutations.ts';

/** Written by a refused request on purpose: failed sign-ins are counted (decision 006). */
const WRITES_ON_REFUSAL = new Set(['login_attempts']);

export interface FuzzReport {
  routes: number;
  cases: number;
  byStatus: Record<string, number>;
  clientErrors: number;
  serverErrors: number;
  failures: string[];
}

export interface FuzzOptions {
  casesPerRoute: number;
  seed: number;
  /** Only these routes (by key); default every route. */
  only?: (route: CatalogueRoute) => boolean;
  /** Called after each route (CLI progress). */
  onRoute?: (route: CatalogueRoute, done: number, total: number) => void;
  /** Keep at most this many failure lines. */
  maxFailures?: number;
}

/** Changes to the session or the users come last, so that they cannot starve the other routes. */
function order(routes: readonly CatalogueRoute[]): CatalogueRoute[] {
  const late = (route: CatalogueRoute) =>
    route.method === 'DELETE' ||
    route.url.startsWith('/api/config/users') ||
    // Staff accounts (issue 15): ending sessions, changing a password or two-factor sign-in.
    route.url.startsWith('/api/config/sessions') ||
    route.url.startsWith('/api/config/password') ||
    route.url.startsWith('/api/config/two-factor') ||
    route.key === 'POST /api/config/logout';
  return [...routes.filter((r) => !late(r)), ...routes.filter(late)];
}

export async function fuzzRoutes(f: SafetyFixture, options: FuzzOptions): Promise<FuzzReport> {
  const tables = (await listTables(f.db))
    .map((table) => table.name)
    .filter((name) => !WRITES_ON_REFUSAL.has(name));
  const report: FuzzReport = {
    routes: 0,
    cases: 0,
    byStatus: {},
    clientErrors: 0,
    serverErrors: 0,
    failures: [],
  };
  const routes = order(f.catalogue.routes.filter(options.only ?? (() => true)));
  const rowChanges = await installRowChangeCounter(f.db, tables);
  try {
    await fuzzEachRoute(f, options, routes, rowChanges, report);
  } finally {
    await rowChanges.close();
  }
  return report;
}

async function fuzzEachRoute(
  f: SafetyFixture,
  options: FuzzOptions,
  routes: readonly CatalogueRoute[],
  rowChanges: RowChangeCounter,
  report: FuzzReport,
): Promise<void> {
  const maxFailures = options.maxFailures ?? 50;
  let counts: Record<string, number> = {};
  let routeIndex = 0;

  for (const route of routes) {
    routeIndex++;
    report.routes++;
    const brand = f.brands.brightsmile;
    const base = await sampleFor(f, route, {
      brand,
      mode: route.pathParams.length > 0 ? 'success' : 'probe',
    });
    let session = route.access.kind === 'session' && route.unsafe ? await f.login('owner') : f.logins.owner;
    const cases = fc.sample(fc.tuple(mutation, fc.boolean()), {
      seed: options.seed + routeIndex,
      numRuns: options.casesPerRoute,
    });
    const requests: { label: string; request: InjectOptions; caller: Caller }[] = cases.map(
      ([change, viaCookie], index) => ({
        label: `case ${index} (${change.kind})`,
        request: mutatedRequest(route, base.parts, change),
        caller: route.access.kind === 'public' ? anonymous : viaCookie ? cookie(session) : bearer(session),
      }),
    );
    // One body above the 1 MiB limit per route.
    if (route.unsafe) {
      requests.push({
        label: 'oversized body',
        request: {
          ...injectOptions(route, base.parts),
          payload: JSON.stringify({ pad: 'x'.repeat(1_100_000) }),
          headers: { 'content-type': 'application/json' },
        },
        caller: route.access.kind === 'public' ? anonymous : bearer(session),
      });
    }

    // The valid request may have made a victim, and a session was signed in: count from here.
    counts = await rowChanges.read();
    for (const { label, request, caller } of requests) {
      const response: LightMyRequestResponse = await f.app.inject({
        ...request,
        headers: { ...callerHeaders(caller), ...(request.headers as Record<string, string> | undefined) },
        remoteAddress: nextIp(),
      });
      report.cases++;
      const status = response.statusCode;
      const bucket = `${Math.floor(status / 100)}xx`;
      report.byStatus[bucket] = (report.byStatus[bucket] ?? 0) + 1;
      const fail = (what: string) => {
        if (report.failures.length < maxFailures) {
          report.failures.push(
            `${route.key} ${label}: ${what} — ${request.method} ${asText(request.url)} ${asText(request.payload).slice(0, 160)}`,
          );
        }
      };
      if (status >= 500) {
        report.serverErrors++;
        fail(`${status} ${response.body.slice(0, 120)}`);
      }
      const after = await rowChanges.read();
      if (status >= 400 && status < 500) {
        report.clientErrors++;
        if (errorOf(response) === undefined)
          fail(`${status} without {error:{code,message}}: ${response.body.slice(0, 120)}`);
        const changed = changedCounts(counts, after);
        if (Object.keys(changed).length > 0)
          fail(`${status} but rows were written: ${JSON.stringify(changed)}`);
      }
      counts = after;
      // A case that signed the session out: continue with a new one.
      if (route.key === 'POST /api/config/logout' && status < 300 && caller.kind !== 'anonymous') {
        session = await f.login('owner');
        for (const item of requests) {
          if (item.caller.kind !== 'anonymous') item.caller = { ...item.caller, login: session };
        }
        counts = await rowChanges.read();
      }
    }
    // A session route may have ended the owner's other sessions (issue 15: sessions/end-others,
    // sessions/:sessionId, a password change): the shared owner session is signed in again.
    if (route.access.kind === 'session' && route.unsafe) f.logins.owner = await f.login('owner');
    options.onRoute?.(route, routeIndex, routes.length);
  }
}
