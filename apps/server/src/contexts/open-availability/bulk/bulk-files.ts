/*
 * The SMART Scheduling Links publication of a brand (issue 20): the manifest and its NDJSON files,
 * one minified resource per line, produced as they are sent (async generators: a file is never
 * whole in memory).
 *
 *   bulk/Location.ndjson, bulk/PractitionerRole.ndjson, bulk/HealthcareService.ndjson,
 *   bulk/Schedule.ndjson  the published catalogue (fhir/published-catalogue.ts), mapped by
 *                         fhir/resources.ts as the read API maps it (fhir/fhir-search.ts);
 *   bulk/Slot-{locationId}.ndjson  the free Slots at one location: per published service offered
 *                         there, the booking API's own search of that service at every location for
 *                         a new patient (AvailabilityService.searchFreeDays: the same computation as
 *                         getProviders with locationId=all, over its whole window; once per service
 *                         for all the Slot files of a state, bulk-snapshots.ts), the location's
 *                         part read a day at a time.
 */
import { DomainError } from '@scheduler/domain/errors';
import type { Db } from '../../../platform/db/database.ts';
import { asTenant } from '../../../platform/db/tenant-context.ts';
import type { AvailabilityService, SearchFreeDays } from '../../scheduling/index.ts';
import { fhirBaseUrl } from '../fhir/deep-link-url.ts';
import { loadPublishedCatalogue, selectPublishedLocations } from '../fhir/published-catalogue.ts';
import type { PublishedCatalogue, PublishedSchedule } from '../fhir/published-catalogue.ts';
import type { FhirContext, LocationInput, ServiceInput } from '../fhir/resources.ts';
import { toHealthcareService, toLocation, toPractitionerRole, toSchedule } from '../fhir/resources.ts';
import type { Publication } from '../publication/publication-repository.ts';
import { instantOf } from './bulk-state.ts';
import type { BulkState } from './bulk-state.ts';
import type { PublicationSnapshots } from './bulk-snapshots.ts';
import { SlotLines } from './slot-lines.ts';

/** The files of a publication, by the name in their URL. */
export type BulkFile =
  | { type: 'Location' | 'PractitionerRole' | 'HealthcareService' | 'Schedule' }
  | { type: 'Slot'; locationId: number };

const CATALOGUE_TYPES = ['Location', 'PractitionerRole', 'HealthcareService', 'Schedule'] as const;
const SLOT_FILE = /^Slot-([1-9][0-9]{0,14})\.ndjson$/;

/** The file a URL's last segment names, or undefined. */
export function parseBulkFileName(name: string): BulkFile | undefined {
  for (const type of CATALOGUE_TYPES) if (name === `${type}.ndjson`) return { type };
  const slot = SLOT_FILE.exec(name);
  return slot === null ? undefined : { type: 'Slot', locationId: Number(slot[1]) };
}

export function bulkFileName(file: BulkFile): string {
  return file.type === 'Slot' ? `Slot-${String(file.locationId)}.ndjson` : `${file.type}.ndjson`;
}

/** The manifest's URL: `${fhirBase}/$bulk-publish`. */
export function manifestUrl(publicUrl: string, clientSlug: string): string {
  return `${fhirBaseUrl(publicUrl, clientSlug)}/$bulk-publish`;
}

export function bulkFileUrl(publicUrl: string, clientSlug: string, file: BulkFile): string {
  return `${fhirBaseUrl(publicUrl, clientSlug)}/bulk/${bulkFileName(file)}`;
}

export interface ManifestOutput {
  type: BulkFile['type'];
  url: string;
  extension: { state: string[] };
}

export interface BulkManifest {
  transactionTime: string;
  request: string;
  output: ManifestOutput[];
  error: never[];
}

/**
 * The manifest: the catalogue files (their `state` every state of the brand's locations), then one
 * Slot file per published location (its state).
 */
export async function buildManifest(
  db: Db,
  publication: Publication,
  state: BulkState,
  publicUrl: string,
): Promise<BulkManifest> {
  const locations = await asTenant(publication.clientId, () =>
    selectPublishedLocations(db, publication.clientId),
  );
  const states = [...new Set(locations.map((l) => l.state).filter((s) => s.trim() !== ''))].sort();
  const url = (file: BulkFile): string => bulkFileUrl(publicUrl, publication.clientSlug, file);
  return {
    transactionTime: instantOf(state.lastModifiedMs),
    request: manifestUrl(publicUrl, publication.clientSlug),
    output: [
      ...CATALOGUE_TYPES.map((type) => ({ type, url: url({ type }), extension: { state: states } })),
      ...locations.map((location) => ({
        type: 'Slot' as const,
        url: url({ type: 'Slot', locationId: location.id }),
        extension: { state: location.state.trim() === '' ? [] : [location.state] },
      })),
    ],
    error: [],
  };
}

/** What producing a file needs. */
export interface BulkFileContext {
  db: Db;
  availability: AvailabilityService;
  publication: Publication;
  fhir: FhirContext;
  state: BulkState;
  /** What the files of this state share (bulk-snapshots.ts). */
  snapshots: PublicationSnapshots;
}

/** Lines are sent in chunks of about this many characters. */
const CHUNK = 64 * 1024;

/** The published catalogue (fhir/published-catalogue.ts, as the read API), on the brand's tenant. */
function catalogueOf(ctx: BulkFileContext): Promise<PublishedCatalogue> {
  const { db, publication, state, snapshots } = ctx;
  const clientId = publication.clientId;
  return snapshots.shared(clientId, state.etag, 'catalogue', () =>
    asTenant(clientId, () => loadPublishedCatalogue(db, clientId)),
  );
}

/**
 * The booking API's search of `service` at every location for a new patient over its whole window,
 * at the snapshot's clock; undefined when it refuses (the service went offline since the catalogue
 * was read: nothing to book online).
 */
function searchOf(ctx: BulkFileContext, service: ServiceInput): Promise<SearchFreeDays | undefined> {
  const { availability, publication, state, snapshots } = ctx;
  const clientId = publication.clientId;
  return snapshots.shared(clientId, state.etag, `search:${String(service.id)}`, async () => {
    try {
      return await asTenant(clientId, () =>
        availability.searchFreeDays(
          {
            clientName: publication.clientSlug,
            scheduler: publication.scheduler.slug,
            appointmentTypeId: String(service.id),
            locationId: 'all',
            isExistingPatient: 'false',
          },
          state.snapshotAt,
        ),
      );
    } catch (error) {
      if (isRefusal(error)) return undefined;
      throw error;
    }
  });
}

/** Resources as NDJSON chunks. */
function* ndjson(resources: Iterable<object>): Generator<string> {
  let chunk = '';
  for (const resource of resources) {
    chunk += `${JSON.stringify(resource)}\n`;
    if (chunk.length >= CHUNK) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk !== '') yield chunk;
}

/** The catalogue's resources of one type, as the read API maps them (fhir/fhir-search.ts). */
function* catalogueResources(
  fhir: FhirContext,
  catalogue: PublishedCatalogue,
  type: (typeof CATALOGUE_TYPES)[number],
): Generator<object> {
  const { locations, providers, services, schedules } = catalogue;
  /** The catalogue's locations (display order) where `schedules` have one. */
  const locationsIn = (list: readonly PublishedSchedule[]) => {
    const ids = new Set(list.map((s) => s.locationId));
    return locations.filter((l) => ids.has(l.id));
  };
  if (type === 'Location') for (const location of locations) yield toLocation(location);
  if (type === 'HealthcareService')
    for (const service of services)
      yield toHealthcareService(fhir, {
        service,
        locations: locationsIn(schedules.filter((s) => s.serviceId === service.id)),
      });
  if (type === 'PractitionerRole')
    for (const provider of providers) {
      const own = schedules.filter((s) => s.providerId === provider.id);
      const serviceIds = new Set(own.map((s) => s.serviceId));
      yield toPractitionerRole(fhir, {
        provider,
        locations: locationsIn(own),
        services: services.filter((s) => serviceIds.has(s.id)),
      });
    }
  if (type === 'Schedule')
    for (const schedule of schedules) {
      const provider = catalogue.providerById.get(schedule.providerId);
      const location = catalogue.locationById.get(schedule.locationId);
      const service = catalogue.serviceById.get(schedule.serviceId);
      if (provider !== undefined && location !== undefined && service !== undefined)
        yield toSchedule(fhir, { provider, location, service });
    }
}

async function* catalogueFile(
  ctx: BulkFileContext,
  type: (typeof CATALOGUE_TYPES)[number],
): AsyncGenerator<string> {
  yield* ndjson(catalogueResources(ctx.fhir, await catalogueOf(ctx), type));
}

/** A refusal of the search (the service or location went offline since the catalogue was read). */
function isRefusal(error: unknown): boolean {
  return error instanceof DomainError && error.status < 500;
}

/** What a Slot file is read from, once the location is known to be published. */
interface SlotFilePlan {
  location: LocationInput;
  services: ServiceInput[];
  /** `{providerId}-{serviceId}` of the location's Schedules. */
  scheduled: Set<string>;
}

/** The Slot file of a location: undefined when the location is not published. */
async function planSlotFile(ctx: BulkFileContext, locationId: number): Promise<SlotFilePlan | undefined> {
  const catalogue = await catalogueOf(ctx);
  const location = catalogue.locationById.get(locationId);
  if (location === undefined) return undefined;
  const here = catalogue.schedules.filter((s) => s.locationId === locationId);
  const serviceIds = new Set(here.map((s) => s.serviceId));
  return {
    location,
    services: catalogue.services.filter((s) => serviceIds.has(s.id)),
    scheduled: new Set(here.map((s) => `${String(s.providerId)}-${String(s.serviceId)}`)),
  };
}

async function* slotFile(ctx: BulkFileContext, plan: SlotFilePlan): AsyncGenerator<string> {
  const { location, services, scheduled } = plan;
  const locationId = String(location.id);
  for (const service of services) {
    const found = await searchOf(ctx, service);
    if (found === undefined) continue;
    let chunk = '';
    for (const provider of found.providers) {
      // Every Slot's Schedule is in the Schedule file (the same providers, read a moment apart).
      if (!scheduled.has(`${provider.providerId}-${String(service.id)}`)) continue;
      for (const days of provider.locations) {
        if (days.locationId !== locationId) continue;
        const lines = new SlotLines(ctx.fhir, {
          providerId: Number(provider.providerId),
          locationId: location.id,
          service,
          timeZone: location.timeZone,
          locationPhone: location.phone,
        });
        for (const date of days.dates) {
          chunk += lines.day(days.slotsOn(date));
          if (chunk.length >= CHUNK) {
            yield chunk;
            chunk = '';
          }
        }
      }
    }
    if (chunk !== '') yield chunk;
  }
}

/**
 * A file's lines as chunks of text, produced as they are read; undefined for a Slot file of a
 * location that is not published (a 404).
 */
export async function openBulkFile(
  ctx: BulkFileContext,
  file: BulkFile,
): Promise<AsyncGenerator<string> | undefined> {
  if (file.type !== 'Slot') return catalogueFile(ctx, file.type);
  const plan = await planSlotFile(ctx, file.locationId);
  return plan === undefined ? undefined : slotFile(ctx, plan);
}
