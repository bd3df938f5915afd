/*
 * The configuration screens' edits of the brand's services (appointment types). Every change is
 * audited.
 */
import type {
  CreateServiceRequest,
  ListServicesQuery,
  ServiceAdmin,
  UpdateServiceRequest,
} from '@scheduler/contract/admin/services';
import type { AuditActor, AuditLog } from '../../../platform/audit/audit-log.ts';
import { pageOf } from '../../../platform/db/paging.ts';
import type { Page } from '../../../platform/db/paging.ts';
import { assertUpdated } from '../../../platform/db/versioned-update.ts';
import { assertDeleted, found } from '../record-rules.ts';
import type { ServiceAdminRecord, ServiceRepository } from './service-repository.ts';

export interface ServiceAdminService {
  list(actor: AuditActor, query: ListServicesQuery): Promise<Page<ServiceAdmin>>;
  create(actor: AuditActor, request: CreateServiceRequest): Promise<ServiceAdmin>;
  update(actor: AuditActor, serviceId: number, request: UpdateServiceRequest): Promise<ServiceAdmin>;
  delete(actor: AuditActor, serviceId: number): Promise<void>;
}

function toServiceAdmin(record: ServiceAdminRecord): ServiceAdmin {
  return {
    appointmentTypeId: String(record.id),
    name: record.name,
    description: record.description,
    durationMinutes: record.durationMinutes,
    onlineEnabled: record.onlineEnabled,
    callToSchedule: record.callToSchedule,
    newPatients: record.newPatients,
    existingPatients: record.existingPatients,
    sortOrder: record.sortOrder,
    locationIds: record.locationIds.map(String),
    version: record.version,
    locationsVersion: record.locationsVersion,
    patientCancelCutoffHours: record.patientCancelCutoffHours,
    patientRescheduleCutoffHours: record.patientRescheduleCutoffHours,
    patientRescheduleLimit: record.patientRescheduleLimit,
  };
}

export function createServiceAdminService({
  repository,
  audit,
  now = Date.now,
}: {
  repository: ServiceRepository;
  audit: AuditLog;
  now?: () => number;
}): ServiceAdminService {
  const serviceOrThrow = async (clientId: number, serviceId: number) =>
    toServiceAdmin(found(await repository.find(clientId, serviceId)));

  return {
    async list(actor, query) {
      const { rows, total } = await repository.list(actor.clientId, query);
      return pageOf(query, rows.map(toServiceAdmin), total);
    },
    async create(actor, { clientId: _clientId, ...fields }) {
      const serviceId = await repository.create(actor.clientId, fields, now());
      await audit.recordFor(actor, 'service.create', { type: 'service', id: serviceId });
      return serviceOrThrow(actor.clientId, serviceId);
    },
    async update(actor, serviceId, { clientId: _clientId, version, ...fields }) {
      assertUpdated(await repository.update(actor.clientId, { id: serviceId, version, fields, at: now() }));
      await audit.recordFor(actor, 'service.update', {
        type: 'service',
        id: serviceId,
        details: { fields: Object.keys(fields) },
      });
      return serviceOrThrow(actor.clientId, serviceId);
    },
    async delete(actor, serviceId) {
      assertDeleted(
        await repository.delete(actor.clientId, serviceId),
        'This service has appointments, so it cannot be deleted. Turn off online booking instead.',
      );
      await audit.recordFor(actor, 'service.delete', { type: 'service', id: serviceId });
    },
  };
}
