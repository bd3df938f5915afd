/*
 * The configuration screens' providers: the paged list, one provider's detail (locations,
 * services, plans, working hours, time off), edits, creation and deletion. Every change is
 * audited.
 */
import type {
  CreateProviderRequest,
  GetAllProvidersQuery,
  ProviderDetail,
  ProviderSummary,
  UpdateProviderInfoRequest,
} from '@scheduler/contract/admin/providers';
import { minutesOfTimeOfDay, timeOfDayOfMinutes } from '@scheduler/contract/admin/providers';
import { DomainError } from '@scheduler/domain/errors';
import { STALE_RECORD_MESSAGE } from '@scheduler/domain/messages';
import { providerDisplayName } from '@scheduler/domain/providers';
import type { AuditActor, AuditLog } from '../../platform/audit/audit-log.ts';
import { pageOf } from '../../platform/db/paging.ts';
import type { Page } from '../../platform/db/paging.ts';
import type {
  ProviderDetailRecord,
  ProviderFields,
  ProviderListRecord,
  ProviderRepository,
} from './provider-repository.ts';

const iso = (epochMs: number): string => new Date(epochMs).toISOString();

export interface ProviderAdminService {
  listProviders(actor: AuditActor, query: GetAllProvidersQuery): Promise<Page<ProviderSummary>>;
  providerDetail(actor: AuditActor, providerId: number): Promise<ProviderDetail>;
  updateProvider(actor: AuditActor, request: UpdateProviderInfoRequest): Promise<ProviderDetail>;
  createProvider(actor: AuditActor, request: CreateProviderRequest): Promise<ProviderDetail>;
  deleteProvider(actor: AuditActor, providerId: number): Promise<void>;
}

function toSummary(record: ProviderListRecord): ProviderSummary {
  return {
    providerId: String(record.id),
    name: providerDisplayName(record),
    prefix: record.prefix,
    firstName: record.firstName,
    lastName: record.lastName,
    credentials: record.credentials,
    specialty: record.specialty,
    gender: record.gender,
    photoUrl: record.photoUrl,
    onlineBookable: record.onlineBookable,
    acceptingNewPatients: record.acceptingNewPatients,
    sortOrder: record.sortOrder,
    locationIds: record.locationIds.map(String),
    version: record.version,
    updatedAt: iso(record.updatedAt),
    retiredAt: record.retiredAt === null ? null : iso(record.retiredAt),
  };
}

function toDetail(record: ProviderDetailRecord): ProviderDetail {
  return {
    ...toSummary(record),
    locationsVersion: record.locationsVersion,
    servicesVersion: record.servicesVersion,
    plansVersion: record.plansVersion,
    middleName: record.middleName,
    bio: record.bio,
    locations: record.locations.map((l) => ({
      locationId: String(l.locationId),
      name: l.name,
      timeZone: l.timeZone,
    })),
    services: record.services.map((s) => ({
      appointmentTypeId: String(s.serviceId),
      name: s.name,
      durationMinutes: s.customDuration ?? s.serviceDuration,
      customDurationMinutes: s.customDuration,
    })),
    insurancePlans: record.plans.map((p) => ({
      planId: String(p.planId),
      name: p.name,
      carrierId: String(p.carrierId),
      carrierName: p.carrierName,
    })),
    workingHours: record.workingHours.map((w) => ({
      locationId: String(w.locationId),
      weekday: w.weekday,
      startTime: timeOfDayOfMinutes(w.startMinute),
      endTime: timeOfDayOfMinutes(w.endMinute),
      effectiveFrom: w.effectiveFrom,
      effectiveTo: w.effectiveTo,
    })),
    timeOff: record.timeOff.map((t) => ({
      timeOffId: String(t.timeOffId),
      locationId: t.locationId === null ? null : String(t.locationId),
      startUtc: iso(t.startAt),
      endUtc: iso(t.endAt),
      reason: t.reason,
    })),
  };
}

export function createProviderAdminService({
  providers,
  audit,
  now = Date.now,
}: {
  providers: ProviderRepository;
  audit: AuditLog;
  now?: () => number;
}): ProviderAdminService {
  async function detailOrThrow(clientId: number, providerId: number): Promise<ProviderDetail> {
    const record = await providers.detail(clientId, providerId);
    if (record === undefined) throw new DomainError('NOT_FOUND');
    return toDetail(record);
  }

  return {
    async listProviders(actor, query) {
      const { items, total } = await providers.list(actor.clientId, query);
      return pageOf(query, items.map(toSummary), total);
    },

    providerDetail: (actor, providerId) => detailOrThrow(actor.clientId, providerId),

    async updateProvider(actor, request) {
      const { clientId: _clientId, providerId, version, workingHours, timeOff, ...fields } = request;
      const changes: ProviderFields = fields;
      const outcome = await providers.update({
        clientId: actor.clientId,
        providerId,
        version,
        fields: changes,
        workingHours: workingHours?.map((row) => ({
          locationId: row.locationId,
          weekday: row.weekday,
          startMinute: minutesOfTimeOfDay(row.startTime),
          endMinute: minutesOfTimeOfDay(row.endTime),
          effectiveFrom: row.effectiveFrom,
          effectiveTo: row.effectiveTo,
        })),
        timeOff: timeOff?.map((row) => ({
          locationId: row.locationId,
          startAt: Date.parse(row.startUtc),
          endAt: Date.parse(row.endUtc),
          reason: row.reason,
        })),
        at: now(),
      });
      switch (outcome.kind) {
        case 'not-found':
          throw new DomainError('NOT_FOUND');
        case 'stale':
          throw new DomainError('CONFLICT', STALE_RECORD_MESSAGE);
        case 'invalid-location':
          throw new DomainError('VALIDATION', undefined, {
            fields: [{ path: outcome.path, message: 'Choose a location where this provider works' }],
          });
        case 'ok':
          break;
      }
      await audit.recordFor(actor, 'provider.update', {
        type: 'provider',
        id: providerId,
        details: {
          fields: [
            ...Object.keys(fields),
            ...(workingHours === undefined ? [] : ['workingHours']),
            ...(timeOff === undefined ? [] : ['timeOff']),
          ],
        },
      });
      return detailOrThrow(actor.clientId, providerId);
    },

    async createProvider(actor, request) {
      const { clientId: _clientId, ...fields } = request;
      const providerId = await providers.create(actor.clientId, fields, now());
      await audit.recordFor(actor, 'provider.create', { type: 'provider', id: providerId });
      return detailOrThrow(actor.clientId, providerId);
    },

    async deleteProvider(actor, providerId) {
      const outcome = await providers.delete(actor.clientId, providerId);
      if (outcome === 'not-found') throw new DomainError('NOT_FOUND');
      if (outcome === 'in-use') {
        throw new DomainError(
          'CONFLICT',
          'This provider has appointments, so it cannot be deleted. Turn off online booking instead.',
        );
      }
      await audit.recordFor(actor, 'provider.delete', { type: 'provider', id: providerId });
    },
  };
}
