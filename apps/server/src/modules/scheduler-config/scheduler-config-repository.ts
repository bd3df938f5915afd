import type { Db } from '../../platform/db/database.ts';
import type { LocationRecord, ServiceRecord } from './scheduler-scope.ts';
import { selectLocations, selectSchedulerScope } from './scope-repository.ts';
import type { ScopeWithService } from './scope-repository.ts';

export interface ServiceTypeRecord extends ServiceRecord {
  locationIds: number[];
}

export interface SchedulerConfigRepository {
  findScope(clientSlug: string, schedulerSlug: string): Promise<ScopeWithService | undefined>;
  /** The client's locations in display order; with `serviceId`, `offersService` says which offer it. */
  listLocations(clientId: number, serviceId?: number): Promise<LocationRecord[]>;
  /** The client's services in display order, with the ids of the locations offering each. */
  listServiceTypes(clientId: number): Promise<ServiceTypeRecord[]>;
}

export function createSchedulerConfigRepository(db: Db): SchedulerConfigRepository {
  return {
    findScope: (clientSlug, schedulerSlug) => selectSchedulerScope(db, clientSlug, schedulerSlug),

    listLocations: (clientId, serviceId) =>
      selectLocations(db, clientId, serviceId === undefined ? {} : { serviceId }),

    async listServiceTypes(clientId) {
      const rows = await db
        .selectFrom('services as sv')
        .leftJoin('service_locations as sl', 'sl.service_id', 'sv.id')
        .select([
          'sv.id',
          'sv.name',
          'sv.description',
          'sv.duration_minutes',
          'sv.online_enabled',
          'sv.call_to_schedule',
          'sv.new_patients',
          'sv.existing_patients',
          'sl.location_id',
        ])
        .where('sv.client_id', '=', clientId)
        .orderBy('sv.sort_order')
        .orderBy('sv.id')
        .orderBy('sl.location_id')
        .execute();
      const byId = new Map<number, ServiceTypeRecord>();
      for (const row of rows) {
        let service = byId.get(row.id);
        if (service === undefined) {
          service = {
            id: row.id,
            name: row.name,
            description: row.description,
            durationMinutes: row.duration_minutes,
            onlineEnabled: row.online_enabled === 1,
            callToSchedule: row.call_to_schedule === 1,
            newPatients: row.new_patients === 1,
            existingPatients: row.existing_patients === 1,
            locationIds: [],
          };
          byId.set(row.id, service);
        }
        if (row.location_id !== null) service.locationIds.push(row.location_id);
      }
      return [...byId.values()];
    },
  };
}
