/*
 * `/api/scheduler/admin/open-availability` (issue 20): a brand's publication settings. Reading
 * needs config:read, changing config:write (owners and admins); every change is audited; a stale
 * `version` answers 409 and changes nothing. Staff routes authenticate first (401 before any
 * validation) and unsafe ones pass the CSRF rules of the staff guard (staffRouteKit).
 */
import {
  OPEN_AVAILABILITY_PATH,
  openAvailabilityQuerySchema,
  openAvailabilitySettingsSchema,
  updateOpenAvailabilityRequestSchema,
} from '@scheduler/contract/admin/open-availability';
import type { OpenAvailabilitySettings } from '@scheduler/contract/admin/open-availability';
import { DomainError } from '@scheduler/domain/errors';
import { STALE_RECORD_MESSAGE } from '@scheduler/domain/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditActor } from '../../../platform/audit/audit-log.ts';
import { staffRouteKit } from '../../../platform/http/staff-route-kit.ts';
import { fhirBaseUrl } from '../fhir/deep-link-url.ts';
import type { OpenAvailabilityOptions } from '../options.ts';
import { listSchedulers, readPublication, writePublication } from './publication-repository.ts';
import type { PublicationChanges } from './publication-repository.ts';

export const publicationRoutes: FastifyPluginAsyncZod<OpenAvailabilityOptions> = (app, options) => {
  const { db, config, now } = options;
  const { audit, guard } = app.staffAuth;
  const kit = staffRouteKit(app, guard, ['scheduler-admin']);

  async function view(clientId: number): Promise<OpenAvailabilitySettings> {
    const publication = await readPublication(db, { clientId });
    if (publication === undefined)
      throw new DomainError('NOT_FOUND', 'This brand has no scheduler to publish');
    const schedulers = await listSchedulers(db, clientId);
    const base = fhirBaseUrl(config.publicUrl, publication.clientSlug);
    return {
      published: publication.published,
      schedulerId: String(publication.scheduler.id),
      schedulers: schedulers.map((s) => ({ schedulerId: String(s.id), name: s.name, slug: s.slug })),
      feedServiceNames: publication.feedServiceNames,
      fhirBaseUrl: base,
      bulkPublishUrl: `${base}/$bulk-publish`,
      version: publication.version,
    };
  }

  async function update(actor: AuditActor, version: number, changes: PublicationChanges) {
    if (changes.schedulerId !== undefined && changes.schedulerId !== null) {
      const schedulers = await listSchedulers(db, actor.clientId);
      if (!schedulers.some((s) => s.id === changes.schedulerId))
        throw new DomainError('VALIDATION', 'Choose one of the brand’s schedulers', {
          fields: [{ path: 'schedulerId', message: 'Choose one of the brand’s schedulers', in: 'body' }],
        });
    }
    if ((await readPublication(db, { clientId: actor.clientId })) === undefined)
      throw new DomainError('NOT_FOUND', 'This brand has no scheduler to publish');
    const outcome = await writePublication(db, actor.clientId, version, changes, now().getTime());
    if (outcome === 'stale') throw new DomainError('CONFLICT', STALE_RECORD_MESSAGE);
    await audit.recordFor(actor, 'open-availability.update', {
      type: 'client',
      id: actor.clientId,
      details: { changed: Object.keys(changes).sort(), ...changes },
    });
    return view(actor.clientId);
  }

  kit.get(OPEN_AVAILABILITY_PATH, {
    summary:
      "The brand's open availability: published or not, the published scheduler, calendar feeds' service names, the FHIR base and $bulk-publish addresses, and the settings' version (config:read)",
    querystring: openAvailabilityQuerySchema,
    response: openAvailabilitySettingsSchema,
    handle: (actor) => view(actor.clientId),
  });
  kit.write('put', OPEN_AVAILABILITY_PATH, {
    summary:
      'Change the open availability settings (what is left out stays). Unpublished: every /fhir path of the brand answers 404. A stale `version` answers 409 and changes nothing (config:write; audited)',
    body: updateOpenAvailabilityRequestSchema,
    response: openAvailabilitySettingsSchema,
    handle: (actor, body) => {
      const { version, published, schedulerId, feedServiceNames } = body;
      return update(actor, version, {
        ...(published === undefined ? {} : { published }),
        ...(schedulerId === undefined ? {} : { schedulerId }),
        ...(feedServiceNames === undefined ? {} : { feedServiceNames }),
      });
    },
  });
  return Promise.resolve();
};
