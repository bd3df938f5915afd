import type {
  GetConfigResponse,
  Location,
  SchedulerScope as SchedulerScopeQuery,
  ServiceType,
} from '@scheduler/contract/scheduler-api';
import { formatPhoneForDisplay } from '@scheduler/domain/text';
import { localDateOf } from '@scheduler/domain/time-zone';
import type { SchedulerConfigRepository } from './config-repository.ts';
import { parseRecordId, requireScope, toLocationResponse } from '../scheduler-scope.ts';
import { US_STATES } from './us-states.ts';

/** Used for "today" when a client has no location yet. */
const FALLBACK_TIME_ZONE = 'America/New_York';

export interface SchedulerConfigService {
  getConfig(query: SchedulerScopeQuery): Promise<GetConfigResponse>;
  getLocations(
    query: SchedulerScopeQuery & { appointmentTypeId?: string },
  ): Promise<{ locations: Location[] }>;
  getServiceTypes(query: SchedulerScopeQuery): Promise<{ serviceTypes: ServiceType[] }>;
  getStates(): { states: { code: string; name: string }[] };
}

export function createSchedulerConfigService(
  repository: SchedulerConfigRepository,
  now: () => Date,
): SchedulerConfigService {
  async function scopeOf(query: SchedulerScopeQuery) {
    const found = await repository.findScope(query.clientName, query.scheduler);
    return requireScope(found?.scope);
  }

  return {
    async getConfig(query) {
      const scope = await scopeOf(query);
      const locations = await repository.listLocations(scope.clientId);
      const mainZone = locations[0]?.timeZone ?? FALLBACK_TIME_ZONE;
      return {
        rulesConfig: [
          {
            clientid: String(scope.clientId),
            clientName: scope.clientName,
            schedulerId: String(scope.schedulerId),
            schedulerName: scope.schedulerName,
            phone: scope.clientPhone.trim() ? formatPhoneForDisplay(scope.clientPhone) : '',
            settings: scope.settingRows.map((row) => ({ ...row })),
          },
        ],
        today: localDateOf(now(), mainZone),
      };
    },

    async getLocations(query) {
      const scope = await scopeOf(query);
      if (query.appointmentTypeId === undefined) {
        return { locations: (await repository.listLocations(scope.clientId)).map(toLocationResponse) };
      }
      const serviceId = parseRecordId(query.appointmentTypeId);
      if (serviceId === undefined) return { locations: [] };
      const locations = await repository.listLocations(scope.clientId, serviceId);
      return { locations: locations.filter((l) => l.offersService).map(toLocationResponse) };
    },

    async getServiceTypes(query) {
      const scope = await scopeOf(query);
      const services = await repository.listServiceTypes(scope.clientId);
      return {
        serviceTypes: services.map((service) => ({
          appointmentTypeId: String(service.id),
          name: service.name,
          description: service.description,
          durationMinutes: service.durationMinutes,
          onlineEnabled: service.onlineEnabled,
          callToSchedule: service.callToSchedule,
          newPatients: service.newPatients,
          existingPatients: service.existingPatients,
          locationIds: service.locationIds.map(String),
        })),
      };
    },

    getStates() {
      return { states: US_STATES.map((state) => ({ ...state })) };
    },
  };
}
