/*
 * The SQL of the bulk publication (issue 20): the counters its ETag is made of (bulk-state.ts), and
 * the published locations its manifest lists, as fhir/published-catalogue.ts reads them (online,
 * in display order), without the rest of the catalogue the files need.
 */
import type { Db } from '../../../platform/db/database.ts';
import type { LocationInput } from '../fhir/resources.ts';
import type { BulkVersions } from './bulk-state.ts';

/** The client's configuration counter and the sum of its providers' busy versions. */
export async function selectBulkVersions(db: Db, clientId: number): Promise<BulkVersions> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('search_config_versions')
        .select('version')
        .where('client_id', '=', clientId)
        .as('config_version'),
      eb
        .selectFrom('provider_busy_versions as bv')
        .innerJoin('providers as p', 'p.id', 'bv.provider_id')
        .select((inner) => inner.fn.sum<number | string | null>('bv.version').as('busy_sum'))
        .where('p.client_id', '=', clientId)
        .as('busy_sum'),
    ])
    .executeTakeFirst();
  return {
    configVersion: Number(row?.config_version ?? 0),
    busySum: Number(row?.busy_sum ?? 0),
  };
}

/** Online locations, in display order (the catalogue's, fhir/published-catalogue.ts). */
export async function selectPublishedLocations(db: Db, clientId: number): Promise<LocationInput[]> {
  const rows = await db
    .selectFrom('locations')
    .select([
      'id',
      'name',
      'address_line1',
      'address_line2',
      'city',
      'state',
      'postal_code',
      'latitude',
      'longitude',
      'time_zone',
      'phone',
    ])
    .where('client_id', '=', clientId)
    .where('online_enabled', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    addressLine1: row.address_line1,
    addressLine2: row.address_line2,
    city: row.city,
    state: row.state,
    postalCode: row.postal_code,
    latitude: row.latitude,
    longitude: row.longitude,
    timeZone: row.time_zone,
    phone: row.phone,
  }));
}
