/*
 * The configuration screens' edits of the brand's locations: a ZIP code gives the coordinates
 * (and city and state when omitted) from the offline `zipcodes` dataset. Every change is audited.
 */
import type {
  CreateLocationRequest,
  ListLocationsQuery,
  LocationAdmin,
  UpdateLocationRequest,
} from '@scheduler/contract/admin/locations';
import zipcodes from 'zipcodes';
import type { AuditActor, AuditLog } from '../../../platform/audit/audit-log.ts';
import { pageOf } from '../../../platform/db/paging.ts';
import type { Page } from '../../../platform/db/paging.ts';
import { assertUpdated } from '../../../platform/db/versioned-update.ts';
import { assertDeleted, fieldError, found } from '../record-rules.ts';
import type { LocationRecord } from './location-record.ts';
import type { LocationFields, LocationRepository } from './location-repository.ts';

export interface LocationAdminService {
  list(actor: AuditActor, query: ListLocationsQuery): Promise<Page<LocationAdmin>>;
  create(actor: AuditActor, request: CreateLocationRequest): Promise<LocationAdmin>;
  update(actor: AuditActor, locationId: number, request: UpdateLocationRequest): Promise<LocationAdmin>;
  delete(actor: AuditActor, locationId: number): Promise<void>;
}

function toLocationAdmin(record: LocationRecord): LocationAdmin {
  return {
    locationId: String(record.id),
    slug: record.slug,
    name: record.name,
    addressLine1: record.addressLine1,
    addressLine2: record.addressLine2,
    city: record.city,
    state: record.state,
    postalCode: record.postalCode,
    latitude: record.latitude,
    longitude: record.longitude,
    timeZone: record.timeZone,
    phone: record.phone,
    onlineEnabled: record.onlineEnabled,
    waitlistEnabled: record.waitlistEnabled,
    sortOrder: record.sortOrder,
    version: record.version,
  };
}

/** Coordinates, city and state of a US ZIP code (ZIP+4 uses its first five digits). */
function placeOf(postalCode: string): { latitude: number; longitude: number; city: string; state: string } {
  const place = zipcodes.lookup(postalCode.slice(0, 5));
  if (place === undefined) throw fieldError('postalCode', 'We could not find this ZIP code');
  return { latitude: place.latitude, longitude: place.longitude, city: place.city, state: place.state };
}

export function createLocationAdminService({
  repository,
  audit,
  now = Date.now,
}: {
  repository: LocationRepository;
  audit: AuditLog;
  now?: () => number;
}): LocationAdminService {
  const locationOrThrow = async (clientId: number, locationId: number) =>
    toLocationAdmin(found(await repository.find(clientId, locationId)));
  async function assertSlugFree(clientId: number, slug: string, exceptLocationId?: number): Promise<void> {
    if (await repository.slugTaken(clientId, slug, exceptLocationId)) {
      throw fieldError('slug', 'Another location already uses this short name');
    }
  }

  return {
    async list(actor, query) {
      const { rows, total } = await repository.list(actor.clientId, query);
      return pageOf(query, rows.map(toLocationAdmin), total);
    },
    async create(actor, { clientId: _clientId, ...fields }) {
      await assertSlugFree(actor.clientId, fields.slug);
      const place = placeOf(fields.postalCode);
      const locationId = await repository.create(
        actor.clientId,
        {
          slug: fields.slug,
          name: fields.name,
          addressLine1: fields.addressLine1,
          addressLine2: fields.addressLine2 ?? null,
          city: fields.city !== undefined && fields.city !== '' ? fields.city : place.city,
          state: fields.state ?? place.state,
          postalCode: fields.postalCode,
          latitude: place.latitude,
          longitude: place.longitude,
          timeZone: fields.timeZone,
          phone: fields.phone,
          onlineEnabled: fields.onlineEnabled ?? true,
          waitlistEnabled: fields.waitlistEnabled ?? false,
          sortOrder: fields.sortOrder ?? 0,
        },
        now(),
      );
      await audit.recordFor(actor, 'location.create', { type: 'location', id: locationId });
      return locationOrThrow(actor.clientId, locationId);
    },
    async update(actor, locationId, { clientId: _clientId, version, ...fields }) {
      if (fields.slug !== undefined) await assertSlugFree(actor.clientId, fields.slug, locationId);
      const changes: LocationFields = { ...fields, city: fields.city === '' ? undefined : fields.city };
      if (fields.postalCode !== undefined) {
        const place = placeOf(fields.postalCode);
        Object.assign(changes, { latitude: place.latitude, longitude: place.longitude });
      }
      assertUpdated(
        await repository.update(actor.clientId, { id: locationId, version, fields: changes, at: now() }),
      );
      await audit.recordFor(actor, 'location.update', {
        type: 'location',
        id: locationId,
        details: { fields: Object.keys(fields) },
      });
      return locationOrThrow(actor.clientId, locationId);
    },
    async delete(actor, locationId) {
      assertDeleted(
        await repository.delete(actor.clientId, locationId),
        'This location has appointments, so it cannot be deleted. Turn off online booking instead.',
      );
      await audit.recordFor(actor, 'location.delete', { type: 'location', id: locationId });
    },
  };
}
