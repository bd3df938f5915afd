/*
 * The replace-the-set writes of the maps (spec section 7): a stale `version` answers 409 and
 * changes nothing; every change is audited.
 */
import type { CreateInsuranceProviderConfigRequest } from '@scheduler/contract/admin/maps';
import { DomainError } from '@scheduler/domain/errors';
import { STALE_RECORD_MESSAGE } from '@scheduler/domain/messages';
import type { AuditActor, AuditLog } from '../../../platform/audit/audit-log.ts';
import type { MapWriteRepository, SetOutcome } from './set-writes-repository.ts';

const ids = (values: readonly number[]): string[] => values.map(String);

export interface MapWriteService {
  assignProviderLocations(
    actor: AuditActor,
    providerId: number,
    locationIds: number[],
    version: number,
  ): Promise<{ providerId: string; locationIds: string[]; version: number }>;
  assignProviderServices(
    actor: AuditActor,
    providerId: number,
    services: { appointmentTypeId: number; durationMinutes: number | null }[],
    version: number,
  ): Promise<{
    providerId: string;
    services: { appointmentTypeId: string; durationMinutes: number | null }[];
    version: number;
  }>;
  assignServiceLocations(
    actor: AuditActor,
    serviceId: number,
    locationIds: number[],
    version: number,
  ): Promise<{ appointmentTypeId: string; locationIds: string[]; version: number }>;
  assignLocationProviders(
    actor: AuditActor,
    locationId: number,
    providerIds: number[],
    version: number,
  ): Promise<{ locationId: string; providerIds: string[]; version: number }>;
  assignInsuranceProviders(
    actor: AuditActor,
    request: CreateInsuranceProviderConfigRequest,
  ): Promise<
    | { providerId: string; planIds: string[]; version: number }
    | { planId: string; providerIds: string[]; version: number }
  >;
}

export function createMapWriteService({
  mappings,
  audit,
  now = Date.now,
}: {
  mappings: MapWriteRepository;
  audit: AuditLog;
  now?: () => number;
}): MapWriteService {
  /** The set's new version, or the API's 404 / 409 (a stale write changed nothing). */
  const versionAfter = (outcome: SetOutcome): number => {
    if (outcome.kind === 'not-found') throw new DomainError('NOT_FOUND');
    if (outcome.kind === 'stale') throw new DomainError('CONFLICT', STALE_RECORD_MESSAGE);
    return outcome.version;
  };

  return {
    async assignProviderLocations(actor, providerId, locationIds, version) {
      const next = versionAfter(
        await mappings.replaceProviderLocations(actor.clientId, providerId, locationIds, version, now()),
      );
      await audit.recordFor(actor, 'provider.locations.replace', {
        type: 'provider',
        id: providerId,
        details: { locationIds },
      });
      return { providerId: String(providerId), locationIds: ids(locationIds), version: next };
    },

    async assignProviderServices(actor, providerId, services, version) {
      const next = versionAfter(
        await mappings.replaceProviderServices(
          actor.clientId,
          providerId,
          services.map((s) => ({ serviceId: s.appointmentTypeId, durationMinutes: s.durationMinutes })),
          version,
          now(),
        ),
      );
      await audit.recordFor(actor, 'provider.services.replace', {
        type: 'provider',
        id: providerId,
        details: { serviceIds: services.map((s) => s.appointmentTypeId) },
      });
      return {
        providerId: String(providerId),
        services: services.map((s) => ({
          appointmentTypeId: String(s.appointmentTypeId),
          durationMinutes: s.durationMinutes,
        })),
        version: next,
      };
    },

    async assignServiceLocations(actor, serviceId, locationIds, version) {
      const next = versionAfter(
        await mappings.replaceServiceLocations(actor.clientId, serviceId, locationIds, version, now()),
      );
      await audit.recordFor(actor, 'service.locations.replace', {
        type: 'service',
        id: serviceId,
        details: { locationIds },
      });
      return { appointmentTypeId: String(serviceId), locationIds: ids(locationIds), version: next };
    },

    async assignLocationProviders(actor, locationId, providerIds, version) {
      const next = versionAfter(
        await mappings.replaceLocationProviders(actor.clientId, locationId, providerIds, version, now()),
      );
      await audit.recordFor(actor, 'location.providers.replace', {
        type: 'location',
        id: locationId,
        details: { providerIds },
      });
      return { locationId: String(locationId), providerIds: ids(providerIds), version: next };
    },

    async assignInsuranceProviders(actor, request) {
      if ('planIds' in request) {
        const next = versionAfter(
          await mappings.replaceProviderPlans(
            actor.clientId,
            request.providerId,
            request.planIds,
            request.version,
            now(),
          ),
        );
        await audit.recordFor(actor, 'provider.insurance.replace', {
          type: 'provider',
          id: request.providerId,
          details: { planIds: request.planIds },
        });
        return { providerId: String(request.providerId), planIds: ids(request.planIds), version: next };
      }
      const next = versionAfter(
        await mappings.replacePlanProviders(
          actor.clientId,
          request.planId,
          request.providerIds,
          request.version,
          now(),
        ),
      );
      await audit.recordFor(actor, 'insurance-plan.providers.replace', {
        type: 'insurance-plan',
        id: request.planId,
        details: { providerIds: request.providerIds },
      });
      return { planId: String(request.planId), providerIds: ids(request.providerIds), version: next };
    },
  };
}
