import type { Db } from '../../../platform/db/database.ts';
import type { LocationRecord } from '../scheduler-scope.ts';
import { SERVICE_COLUMNS, toServiceRecord } from '../services/service-record.ts';
import type { ServiceWithLocations } from '../services/service-record.ts';
import { selectLocations, selectSchedulerScope } from '../scope-repository.ts';
import type { ScopeWithService } from '../scope-repository.ts';

export type ServiceTypeRecord = ServiceWithLocations;

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
        .select([...SERVICE_COLUMNS.map((column) => `sv.${column}` as const), 'sl.location_id'])
        .where('sv.client_id', '=', clientId)
        .orderBy('sv.sort_order')
        .orderBy('sv.id')
        .orderBy('sl.location_id')
        .execute();
      const byId = new Map<number, ServiceTypeRecord>();
      for (const row of rows) {
        let service = byId.get(row.id);
        if (service === undefined) {
          service = { ...toServiceRecord(row), locationIds: [] };
          byId.set(row.id, service);
        }
        if (row.location_id !== null) service.locationIds.push(row.location_id);
      }
      return [...byId.values()];
    },
  };
}
