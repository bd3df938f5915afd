/*
 * The one record of a location and its one row mapper: the booking flow, the slot search, the
 * booking, the waitlist and the configuration screens all read a location as this.
 */
import type { LocationsTable } from '../../../platform/db/schema.ts';

export interface LocationRecord {
  id: number;
  slug: string;
  name: string;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string;
  postalCode: string;
  latitude: number | null;
  longitude: number | null;
  timeZone: string;
  phone: string;
  onlineEnabled: boolean;
  waitlistEnabled: boolean;
  sortOrder: number;
  /** Optimistic concurrency: bumped by every edit. */
  version: number;
  /** Whether the service asked about is offered here (true when none was asked about). */
  offersService: boolean;
}

/** A `locations` row as selected (`selectAll('locations')` or the same columns by name). */
export type LocationRow = Pick<
  { [K in keyof LocationsTable]: K extends 'id' | 'version' ? number : LocationsTable[K] },
  | 'id'
  | 'slug'
  | 'name'
  | 'address_line1'
  | 'address_line2'
  | 'city'
  | 'state'
  | 'postal_code'
  | 'latitude'
  | 'longitude'
  | 'time_zone'
  | 'phone'
  | 'online_enabled'
  | 'waitlist_enabled'
  | 'sort_order'
  | 'version'
>;

/** The columns of a `LocationRow`, for queries that join (`l.` + each). */
export const LOCATION_COLUMNS = [
  'id',
  'slug',
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
  'online_enabled',
  'waitlist_enabled',
  'sort_order',
  'version',
] as const;

export function toLocationRecord(row: LocationRow, offersService = true): LocationRecord {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    addressLine1: row.address_line1,
    addressLine2: row.address_line2,
    city: row.city,
    state: row.state,
    postalCode: row.postal_code,
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
    timeZone: row.time_zone,
    phone: row.phone,
    onlineEnabled: row.online_enabled === 1,
    waitlistEnabled: row.waitlist_enabled === 1,
    sortOrder: row.sort_order,
    version: row.version,
    offersService,
  };
}
