/*
 * A valid request for any route of the route table, aimed at one brand's objects: generated from
 * the route's zod schemas (zod-examples.ts), then adjusted by the few overrides below for rules no
 * schema states (a current `version`, a slot that is really free, a setting that exists).
 *
 *  - `probe` requests are for guards: valid, aimed at the brand's canonical objects.
 *  - `success` requests should succeed: a route that deletes or changes a record named in its path
 *    works on a fresh "victim" made through the collection's POST route; a status change takes an
 *    appointment no one changed yet; a booking takes a free slot.
 *
 * Every problem (a part the schema refuses) is reported, so a new route whose rules the generator
 * cannot guess fails the tests with a message that says where to add an override (in
 * sample-overrides.ts).
 */
import type { InjectOptions } from 'fastify';
import type { CatalogueRoute } from './route-catalogue.ts';
import type { BrandObjects, SafetyFixture } from './safety-fixture.ts';
import { NOW } from './safety-fixture.ts';
import { OMIT, exampleOf, idKindOf } from './zod-examples.ts';
import type { ExampleContext } from './zod-examples.ts';
import { OVERRIDES } from './sample-overrides.ts';
import { check } from './sample-parts.ts';
import type { RequestParts, Sample, SampleOptions } from './sample-parts.ts';

/** An id that no brand has. */
export const MISSING_ID = 2_000_000_000;

const DAY_MS = 24 * 60 * 60 * 1000;
const futureInstant = new Date(NOW.getTime() + 7 * DAY_MS);

let counterValue = 0;
const counter = { next: () => ++counterValue };

function exampleContext(options: SampleOptions, usedIds: Set<string>): ExampleContext {
  const { brand, replaceId } = options;
  return {
    ids: (kind) => (replaceId?.kind === kind ? replaceId.value : brand.ids[kind]),
    named: (field) => {
      if (field === 'clientName' || field === 'clientSlug') return brand.slug;
      if (field === 'scheduler' || field === 'schedulerSlug') return brand.schedulerSlug;
      return undefined;
    },
    usedIds,
    counter,
    futureDate: futureInstant.toISOString().slice(0, 10),
    futureInstant: futureInstant.toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
}

function toStrings(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined || item === null) continue;
    out[key] = Array.isArray(item) ? item.map(String).join(',') : String(item as string | number);
  }
  return out;
}

/** The collection's POST route of `DELETE|PATCH|PUT …/:id` (where victims come from). */
function collectionPost(f: SafetyFixture, route: CatalogueRoute): CatalogueRoute | undefined {
  const collection = route.url.replace(/\/:[A-Za-z0-9_]+$/, '');
  if (collection === route.url) return undefined;
  return f.catalogue.routes.find((candidate) => candidate.key === `POST ${collection}`);
}

function findId(value: unknown, kind: string): string | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findId(item, kind);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (idKindOf(key) === kind && (typeof item === 'string' || typeof item === 'number')) return String(item);
  }
  for (const item of Object.values(value)) {
    const found = findId(item, kind);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A fresh record for a route that deletes or changes the record in its path (made by owner@). */
async function victimFor(
  f: SafetyFixture,
  route: CatalogueRoute,
  brand: BrandObjects,
): Promise<string | undefined> {
  const post = collectionPost(f, route);
  const param = route.pathParams.at(-1);
  const kind = param === undefined ? undefined : idKindOf(param);
  if (post === undefined || kind === undefined) return undefined;
  const sample = await sampleFor(f, post, { brand });
  const response = await f.app.inject({
    ...injectOptions(post, sample.parts),
    headers: f.logins.owner.bearerHeaders,
  });
  if (response.statusCode >= 300) return undefined;
  return findId(response.json(), kind);
}

export async function sampleFor(
  f: SafetyFixture,
  route: CatalogueRoute,
  options: SampleOptions,
): Promise<Sample> {
  const usedIds = new Set<string>();
  const ctx = exampleContext(options, usedIds);
  const { schemas } = route;

  const paramsExample = schemas.params === undefined ? {} : exampleOf(schemas.params, 'params', ctx);
  const params = toStrings(paramsExample === OMIT ? {} : paramsExample);
  for (const name of route.pathParams) {
    if (params[name] !== undefined) continue;
    const kind = idKindOf(name);
    const id = kind === undefined ? undefined : ctx.ids(kind);
    if (kind !== undefined && id !== undefined) usedIds.add(kind);
    params[name] = id === undefined ? 'safety' : String(id);
  }
  const queryExample = schemas.querystring === undefined ? {} : exampleOf(schemas.querystring, 'query', ctx);
  let body: unknown = schemas.body === undefined ? undefined : exampleOf(schemas.body, 'body', ctx);
  if (body === OMIT) body = undefined;
  const parts: RequestParts = { params, query: toStrings(queryExample === OMIT ? {} : queryExample), body };

  const override = OVERRIDES[route.key];
  if (override !== undefined && typeof parts.body === 'object' && parts.body !== null) {
    await override(f, route, options, parts as RequestParts & { body: Record<string, unknown> });
  } else if (override !== undefined && parts.body === undefined) {
    // A route without a body schema: the override may still add a body (unsafe routes) or headers.
    const withBody: RequestParts & { body: Record<string, unknown> } = { ...parts, body: {} };
    await override(f, route, options, withBody);
    if (withBody.headers !== undefined) parts.headers = withBody.headers;
    if (route.unsafe) parts.body = withBody.body;
  }

  if (options.mode === 'success' && options.replaceId === undefined && route.pathParams.length > 0) {
    const victim = await victimFor(f, route, options.brand);
    const param = route.pathParams.at(-1);
    if (victim !== undefined && param !== undefined) parts.params[param] = victim;
  }

  const problems: string[] = [];
  check(schemas.params, parts.params, 'params', problems);
  check(schemas.querystring, parts.query, 'query', problems);
  check(schemas.body, parts.body, 'body', problems);
  return { parts, usedIds: [...usedIds], problems };
}

/** A path segment, percent-encoded (a lone surrogate becomes U+FFFD, as a browser would send it). */
export function encodePathSegment(value: string): string {
  const wellFormed = value.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '\uFFFD',
  );
  return encodeURIComponent(wellFormed);
}

/** The inject options of a request (no caller headers; the sample's own, if any). */
export function injectOptions(route: CatalogueRoute, parts: RequestParts): InjectOptions {
  let url = route.url;
  for (const [name, value] of Object.entries(parts.params)) {
    url = url.replace(`:${name}`, encodePathSegment(value));
  }
  const search = new URLSearchParams(parts.query).toString();
  return {
    method: route.method as InjectOptions['method'],
    url: search === '' ? url : `${url}?${search}`,
    ...(parts.body === undefined ? {} : { payload: parts.body as InjectOptions['payload'] }),
    ...(parts.headers === undefined ? {} : { headers: { ...parts.headers } }),
  };
}
