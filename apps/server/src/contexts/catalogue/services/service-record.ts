/*
 * The one record of a service (appointment type) and its one row mapper: the booking flow, the
 * slot search, the booking and the configuration screens all read a service as this.
 */
export interface ServiceRecord {
  id: number;
  name: string;
  description: string | null;
  durationMinutes: number;
  onlineEnabled: boolean;
  callToSchedule: boolean;
  newPatients: boolean;
  existingPatients: boolean;
  sortOrder: number;
  /** Optimistic concurrency: bumped by every edit. */
  version: number;
  /** The version of the service's set of locations. */
  locationsVersion: number;
}

/** A service with the ids of the locations offering it, in location order. */
export interface ServiceWithLocations extends ServiceRecord {
  locationIds: number[];
}

/** A `services` row as selected (the columns of `SERVICE_COLUMNS`). */
export interface ServiceRow {
  id: number;
  name: string;
  description: string | null;
  duration_minutes: number;
  online_enabled: number;
  call_to_schedule: number;
  new_patients: number;
  existing_patients: number;
  sort_order: number;
  version: number;
  locations_version: number;
}

/** The columns of a `ServiceRow` (prefix them with the table's alias in a join). */
export const SERVICE_COLUMNS = [
  'id',
  'name',
  'description',
  'duration_minutes',
  'online_enabled',
  'call_to_schedule',
  'new_patients',
  'existing_patients',
  'sort_order',
  'version',
  'locations_version',
] as const;

export function toServiceRecord(row: ServiceRow): ServiceRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    durationMinutes: row.duration_minutes,
    onlineEnabled: row.online_enabled === 1,
    callToSchedule: row.call_to_schedule === 1,
    newPatients: row.new_patients === 1,
    existingPatients: row.existing_patients === 1,
    sortOrder: row.sort_order,
    version: row.version,
    locationsVersion: row.locations_version,
  };
}
