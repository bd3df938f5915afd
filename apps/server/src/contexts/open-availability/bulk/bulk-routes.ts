/*
 * Issue 20: the SMART Scheduling Links publisher of a brand, public and holding no patient data.
 *  - `GET /fhir/{clientName}/$bulk-publish`: the manifest (bulk-files.ts), JSON, whatever the
 *    Accept header (none, application/json and application/fhir+json alike, as the spec asks);
 *  - `GET /fhir/{clientName}/bulk/{file}.ndjson`: its files, `application/fhir+ndjson`, streamed
 *    from an async generator (never whole in memory).
 * Both carry `Cache-Control: public, max-age=300`, a strong `ETag` and `Last-Modified`, and answer
 * 304 to a matching `If-None-Match` (or, without one, a current `If-Modified-Since`): bulk-state.ts.
 * An unknown or unpublished brand, or an unknown file, is a 404 OperationOutcome.
 */
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readRateLimit } from '../../../platform/http/route-kit.ts';
import { asTenant } from '../../../platform/db/tenant-context.ts';
import { fhirErrorHandler, fhirNotFound } from '../fhir/operation-outcome.ts';
import { fhirContextOf } from '../fhir/resources.ts';
import type { OpenAvailabilityOptions } from '../options.ts';
import { readPublication } from '../publication/publication-repository.ts';
import type { Publication } from '../publication/publication-repository.ts';
import { buildManifest, openBulkFile, parseBulkFileName } from './bulk-files.ts';
import { selectBulkVersions } from './bulk-repository.ts';
import { PublicationSnapshots } from './bulk-snapshots.ts';
import { FirstSeen, bulkStateOf, cacheHeaders, notModified } from './bulk-state.ts';
import type { BulkState } from './bulk-state.ts';

export const NDJSON_CONTENT_TYPE = 'application/fhir+ndjson';
const MANIFEST_CONTENT_TYPE = 'application/json; charset=utf-8';

/** FHIR instant (the spec's `_since`, which a server may ignore: this one does, after checking it). */
const INSTANT =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?(Z|[+-]((0\d|1[0-3]):[0-5]\d|14:00))$/;

const brandParams = z.object({ clientName: z.string().min(1).max(100) });
const fileParams = brandParams.extend({ file: z.string().min(1).max(64) });
const manifestQuery = z.object({
  _since: z.string().regex(INSTANT, { error: 'an instant with seconds and an offset' }).optional(),
});

export const bulkPublishRoutes: FastifyPluginAsyncZod<OpenAvailabilityOptions> = (app, options) => {
  const { db, now, config, availability, rateLimits } = options;
  const firstSeen = new FirstSeen();
  const snapshots = new PublicationSnapshots();
  app.setErrorHandler(fhirErrorHandler);

  /** The published brand and the state of its publication now; 404 when not published. */
  async function published(clientName: string): Promise<{ publication: Publication; state: BulkState }> {
    const publication = await readPublication(db, { clientSlug: clientName });
    if (publication === undefined || !publication.published)
      throw fhirNotFound(`No published brand named ${JSON.stringify(clientName)}`);
    const versions = await asTenant(publication.clientId, () => selectBulkVersions(db, publication.clientId));
    return { publication, state: bulkStateOf(publication, versions, config.publicUrl, now(), firstSeen) };
  }

  /** 304 with the validators when the client's copy is current. */
  function answeredNotModified(request: FastifyRequest, reply: FastifyReply, state: BulkState): boolean {
    if (!notModified(request, state)) return false;
    void reply.status(304).headers(cacheHeaders(state)).send();
    return true;
  }

  app.get(
    '/fhir/:clientName/$bulk-publish',
    {
      config: readRateLimit(rateLimits),
      schema: {
        tags: ['fhir (public)'],
        summary: 'SMART Scheduling Links bulk publication manifest',
        description:
          'The manifest of the brand’s published open times: transactionTime, request, output (Location, ' +
          'PractitionerRole, HealthcareService and Schedule files, then one Slot file per location with ' +
          'extension.state) and error. JSON whatever the Accept header. Cache-Control max-age=300, ETag, ' +
          'Last-Modified; 304 on If-None-Match / If-Modified-Since. `_since` is accepted and ignored (the ' +
          'files are always complete). 404 OperationOutcome for an unknown or unpublished brand.',
        params: brandParams,
        querystring: manifestQuery,
      },
    },
    async (request, reply) => {
      const { publication, state } = await published(request.params.clientName);
      if (answeredNotModified(request, reply, state)) return reply;
      const manifest = await buildManifest(db, publication, state, config.publicUrl);
      return reply.headers(cacheHeaders(state)).type(MANIFEST_CONTENT_TYPE).send(JSON.stringify(manifest));
    },
  );

  app.get(
    '/fhir/:clientName/bulk/:file',
    {
      config: readRateLimit(rateLimits),
      schema: {
        tags: ['fhir (public)'],
        summary: 'A file of the SMART Scheduling Links publication (NDJSON)',
        description:
          'Location.ndjson, PractitionerRole.ndjson, HealthcareService.ndjson, Schedule.ndjson, or ' +
          'Slot-{locationId}.ndjson (the free Slots at one location over the booking window, exactly the ' +
          'booking API’s for a new patient, each with the booking-deep-link and booking-phone extensions): ' +
          'application/fhir+ndjson, one resource per line, streamed. Same caching headers as the manifest.',
        params: fileParams,
      },
    },
    async (request, reply) => {
      const file = parseBulkFileName(request.params.file);
      if (file === undefined) throw fhirNotFound(`No bulk file named ${JSON.stringify(request.params.file)}`);
      const { publication, state } = await published(request.params.clientName);
      if (answeredNotModified(request, reply, state)) return reply;
      const chunks = await openBulkFile(
        {
          db,
          availability,
          publication,
          fhir: fhirContextOf(config.publicUrl, publication),
          state,
          snapshots,
        },
        file,
      );
      if (chunks === undefined)
        throw fhirNotFound(`No bulk file named ${JSON.stringify(request.params.file)}`);
      const body = Readable.from(chunks, { objectMode: false });
      body.on('error', (error) => {
        request.log.error({ err: error }, 'bulk file failed while streaming');
      });
      return reply.headers(cacheHeaders(state)).type(NDJSON_CONTENT_TYPE).send(body);
    },
  );
  return Promise.resolve();
};
