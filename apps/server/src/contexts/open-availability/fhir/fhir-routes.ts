/*
 * The public FHIR R4 read API of a brand (issue 20): `/fhir/{clientName}/metadata`, read
 * `/fhir/{clientName}/{Type}/{id}` and search `/fhir/{clientName}/{Type}?…` of Location,
 * Practitioner, PractitionerRole, HealthcareService, Schedule and Slot. No patient data. Content
 * type application/fhir+json; every error an OperationOutcome (fhirErrorHandler): 400 naming a bad
 * search parameter, 404 for an unknown id, type, brand or an unpublished brand, and 404 for any
 * other /fhir path (so it never falls to the web app). Rate limited like the booking reads.
 * The route's `clientName` path parameter puts the request on the brand's tenant (PostgreSQL RLS,
 * platform/http/tenant-requests.ts).
 */
import type { Bundle, BundleEntry, BundleLink, Resource } from '@medplum/fhirtypes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readRateLimit } from '../../../platform/http/route-kit.ts';
import type { OpenAvailabilityOptions } from '../options.ts';
import { readPublication } from '../publication/publication-repository.ts';
import type { Publication } from '../publication/publication-repository.ts';
import { capabilityStatement } from './capability.ts';
import { fhirBaseUrl } from './deep-link-url.ts';
import { readResource, searchResources } from './fhir-search.ts';
import type { SearchContext } from './fhir-search.ts';
import { FHIR_CONTENT_TYPE, fhirErrorHandler, fhirNotFound } from './operation-outcome.ts';
import { loadPublishedCatalogue } from './published-catalogue.ts';
import { fhirContextOf } from './resources.ts';
import { isFhirResourceType, parseSearch } from './search-params.ts';
import type { FhirResourceType, ParsedSearch } from './search-params.ts';

/** The brand's URL name in the path (lower-cased like the booking URL's); a wrong one is a 404. */
export const fhirClientParamsSchema = z.object({
  clientName: z.string().trim().toLowerCase().max(100),
});
const typeParamsSchema = fhirClientParamsSchema.extend({ resourceType: z.string().max(100) });
const readParamsSchema = typeParamsSchema.extend({ id: z.string().max(100) });

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The published brand named by the path, or a 404 FhirError (unknown, without a scheduler, or not
 * published). For the other FHIR plugins of the brand too (bulk/, partners/).
 */
export async function requirePublishedBrand(
  db: OpenAvailabilityOptions['db'],
  clientName: string,
): Promise<Publication> {
  const publication = SLUG.test(clientName)
    ? await readPublication(db, { clientSlug: clientName })
    : undefined;
  if (publication === undefined || !publication.published)
    throw fhirNotFound(`No published FHIR endpoint for '${clientName}'`);
  return publication;
}

function sendFhir(reply: FastifyReply, resource: Resource): FastifyReply {
  return reply.type(FHIR_CONTENT_TYPE).header('cache-control', 'no-store').send(resource);
}

function searchUrl(base: string, type: string, search: ParsedSearch, offset: number): string {
  const params = new URLSearchParams(search.pairs.map(([k, v]): [string, string] => [k, v]));
  params.set('_count', String(search.count));
  params.set('_offset', String(offset));
  return `${base}/${type}?${params.toString()}`;
}

/** A searchset Bundle of one page, with its total and self/first/previous/next links. */
export function searchsetBundle(
  base: string,
  type: string,
  search: ParsedSearch,
  matches: readonly Resource[],
): Bundle {
  const { count, offset } = search;
  const page = matches.slice(offset, offset + count);
  const link: BundleLink[] = [
    { relation: 'self', url: searchUrl(base, type, search, offset) },
    { relation: 'first', url: searchUrl(base, type, search, 0) },
  ];
  if (offset > 0 && count > 0)
    link.push({ relation: 'previous', url: searchUrl(base, type, search, Math.max(0, offset - count)) });
  if (count > 0 && offset + count < matches.length)
    link.push({ relation: 'next', url: searchUrl(base, type, search, offset + count) });
  const entry: BundleEntry[] = page.map((resource) => ({
    fullUrl: `${base}/${resource.resourceType}/${resource.id ?? ''}`,
    resource,
    search: { mode: 'match' },
  }));
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    total: matches.length,
    link,
    ...(entry.length > 0 ? { entry } : {}),
  };
}

export const fhirReadRoutes: FastifyPluginAsyncZod<OpenAvailabilityOptions> = (app, options) => {
  const { db, config, now, availability, rateLimits } = options;
  const routeConfig = readRateLimit(rateLimits);
  const tags = ['fhir (public)'];
  app.setErrorHandler(fhirErrorHandler);

  async function searchContext(clientName: string): Promise<SearchContext> {
    const publication = await requirePublishedBrand(db, clientName);
    return {
      ctx: fhirContextOf(config.publicUrl, publication),
      publication,
      catalogue: await loadPublishedCatalogue(db, publication.clientId),
      source: { availability, now },
    };
  }

  function resourceTypeOf(value: string): FhirResourceType {
    if (!isFhirResourceType(value)) throw fhirNotFound(`The resource type '${value}' is not supported here`);
    return value;
  }

  app.get(
    '/fhir/:clientName/metadata',
    {
      config: routeConfig,
      schema: {
        tags,
        summary: "The brand's FHIR CapabilityStatement (FHIR 4.0.1): exactly what this endpoint supports",
        params: fhirClientParamsSchema,
      },
    },
    async (request, reply) => {
      const publication = await requirePublishedBrand(db, request.params.clientName);
      const base = fhirBaseUrl(config.publicUrl, publication.clientSlug);
      const has = (method: 'GET' | 'POST', url: string) => app.hasRoute({ method, url });
      return sendFhir(
        reply,
        capabilityStatement({
          fhirBase: base,
          brandName: publication.clientName,
          date: now(),
          has: {
            bulkPublish: has('GET', '/fhir/:clientName/$bulk-publish'),
            hold: has('POST', '/fhir/:clientName/Appointment/$hold'),
            book: has('POST', '/fhir/:clientName/Appointment/$book'),
            token: has('POST', '/fhir/:clientName/auth/token'),
          },
        }),
      );
    },
  );

  app.get(
    '/fhir/:clientName/:resourceType',
    {
      config: routeConfig,
      schema: {
        tags,
        summary:
          'Search published Location, Practitioner, PractitionerRole, HealthcareService, Schedule or Slot',
        description:
          'A searchset Bundle (total; links self, first, previous, next; paging by _count (default 50, at most 500) and _offset). ' +
          'Slot: schedule=Schedule/{id} and/or start=ge…&start=lt… (repeat for a range), status. Schedule: actor, ' +
          'service-type, active. Slots are exactly the booking API’s (a new patient, no filter). An unknown ' +
          'parameter is a 400 OperationOutcome naming it.',
        params: typeParamsSchema,
      },
    },
    async (request: FastifyRequest<{ Params: z.output<typeof typeParamsSchema> }>, reply) => {
      const { clientName, resourceType } = request.params;
      const sc = await searchContext(clientName);
      const type = resourceTypeOf(resourceType);
      const search = parseSearch(type, request.query);
      const matches = await searchResources(sc, type, search);
      const base = fhirBaseUrl(config.publicUrl, sc.publication.clientSlug);
      return sendFhir(reply, searchsetBundle(base, type, search, matches));
    },
  );

  app.get(
    '/fhir/:clientName/:resourceType/:id',
    {
      config: routeConfig,
      schema: {
        tags,
        summary: 'Read one published resource by id (a Slot while it is free)',
        params: readParamsSchema,
      },
    },
    async (request, reply) => {
      const { clientName, resourceType, id } = request.params;
      const sc = await searchContext(clientName);
      return sendFhir(reply, await readResource(sc, resourceTypeOf(resourceType), id));
    },
  );

  // Any other /fhir path: a 404 OperationOutcome, never the web app's page.
  const unknownPath = () => Promise.reject(fhirNotFound('Unknown FHIR path'));
  for (const url of ['/fhir', '/fhir/*'])
    app.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url,
      config: routeConfig,
      schema: { tags, summary: 'Any other FHIR path: a 404 OperationOutcome', hide: true },
      handler: unknownPath,
    });

  return Promise.resolve();
};
