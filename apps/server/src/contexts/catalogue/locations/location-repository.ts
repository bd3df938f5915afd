/*
 * The brand's locations as the configuration screens edit them. Every statement filters by
 * client_id; rows become the one `LocationRecord` (location-record.ts).
 */
import type { Updateable } from 'kysely';
import type { Db } from '../../../platform/db/database.ts';
import { pagedRows } from '../../../platform/db/paging.ts';
import type { ListRequest, ListSpec, PagedRows } from '../../../platform/db/paging.ts';
import type { LocationsTable } from '../../../platform/db/schema.ts';
import { versionedUpdate } from '../../../platform/db/versioned-update.ts';
import type { VersionedOutcome } from '../../../platform/db/versioned-update.ts';
import { flag, guardedDelete } from '../record-writes-repository.ts';
import type { DeleteOutcome, VersionedEdit } from '../record-writes-repository.ts';
import { toLocationRecord } from './location-record.ts';
import type { LocationRecord } from './location-record.ts';

/** What a new location is made of (the record without its id, version and service flag). */
export type NewLocation = Omit<LocationRecord, 'id' | 'version' | 'offersService'>;
export type LocationFields = Partial<NewLocation>;

export type LocationSortKey = 'name' | 'postalCode' | 'sortOrder';

export interface LocationRepository {
  list(clientId: number, request: ListRequest<LocationSortKey>): Promise<PagedRows<LocationRecord>>;
  find(clientId: number, locationId: number): Promise<LocationRecord | undefined>;
  slugTaken(clientId: number, slug: string, exceptLocationId?: number): Promise<boolean>;
  create(clientId: number, fields: NewLocation, at: number): Promise<number>;
  update(clientId: number, edit: VersionedEdit<LocationFields>): Promise<VersionedOutcome>;
  /** 'in-use' while appointments refer to the location. */
  delete(clientId: number, locationId: number): Promise<DeleteOutcome>;
}

const COLUMN_OF = {
  slug: 'slug',
  name: 'name',
  addressLine1: 'address_line1',
  addressLine2: 'address_line2',
  city: 'city',
  state: 'state',
  postalCode: 'postal_code',
  latitude: 'latitude',
  longitude: 'longitude',
  timeZone: 'time_zone',
  phone: 'phone',
  onlineEnabled: 'online_enabled',
  waitlistEnabled: 'waitlist_enabled',
  sortOrder: 'sort_order',
} as const satisfies Record<keyof NewLocation, keyof LocationsTable>;

/** The columns of the given fields (undefined fields are left alone). */
function locationColumns(fields: LocationFields): Updateable<LocationsTable> {
  const columns: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMN_OF) as [keyof NewLocation, string][]) {
    const value = fields[field];
    if (value !== undefined) columns[column] = typeof value === 'boolean' ? flag(value) : value;
  }
  return columns;
}

const LOCATION_LIST: ListSpec<LocationSortKey> = {
  searchColumns: [
    'locations.name',
    'locations.address_line1',
    'locations.city',
    'locations.state',
    'locations.postal_code',
  ],
  sortColumns: {
    name: [{ text: 'locations.name' }],
    postalCode: ['locations.postal_code', { text: 'locations.name' }],
    sortOrder: ['locations.sort_order', { text: 'locations.name' }],
  },
  idColumn: 'locations.id',
};

export function createLocationRepository(db: Db): LocationRepository {
  const locationsOf = (clientId: number) =>
    db.selectFrom('locations').where('locations.client_id', '=', clientId);

  return {
    async list(clientId, request) {
      const { rows, total } = await pagedRows(locationsOf(clientId), LOCATION_LIST, request, (query) =>
        query.selectAll('locations'),
      );
      return { rows: rows.map((row) => toLocationRecord(row)), total };
    },
    async find(clientId, locationId) {
      const row = await locationsOf(clientId)
        .selectAll('locations')
        .where('locations.id', '=', locationId)
        .executeTakeFirst();
      return row && toLocationRecord(row);
    },
    async slugTaken(clientId, slug, exceptLocationId) {
      let query = db
        .selectFrom('locations')
        .select('id')
        .where('client_id', '=', clientId)
        .where('slug', '=', slug);
      if (exceptLocationId !== undefined) query = query.where('id', '!=', exceptLocationId);
      return (await query.executeTakeFirst()) !== undefined;
    },
    async create(clientId, fields, at) {
      const row = await db
        .insertInto('locations')
        .values({
          client_id: clientId,
          slug: fields.slug,
          name: fields.name,
          address_line1: fields.addressLine1,
          address_line2: fields.addressLine2,
          city: fields.city,
          state: fields.state,
          postal_code: fields.postalCode,
          latitude: fields.latitude,
          longitude: fields.longitude,
          time_zone: fields.timeZone,
          phone: fields.phone,
          online_enabled: flag(fields.onlineEnabled),
          waitlist_enabled: flag(fields.waitlistEnabled),
          sort_order: fields.sortOrder,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    update: (clientId, { id, version, fields, at }) =>
      versionedUpdate(
        db,
        { table: 'locations', clientId, id, version },
        { ...locationColumns(fields), updated_at: at },
      ),
    delete: (clientId, locationId) =>
      guardedDelete(db, 'locations', clientId, locationId, async (trx) => {
        const used = await trx
          .selectFrom('appointments')
          .select('id')
          .where('client_id', '=', clientId)
          .where('location_id', '=', locationId)
          .limit(1)
          .executeTakeFirst();
        return used !== undefined;
      }),
  };
}
