import { DomainError } from '@scheduler/domain/errors';
import { ageOn } from '@scheduler/domain/local-date';
import type { GetWaitListQuery, WaitlistEntry } from '@scheduler/contract/admin/waitlist';
import type { WaitListChangeResponse } from '@scheduler/contract/waitlist';
import { localDateOf } from '@scheduler/domain/time-zone';
import type { AuditActor, AuditLog } from '../../../platform/audit/audit-log.ts';
import type { WaitlistStatus } from '../../../platform/db/schema.ts';
import { providerDisplayName } from '@scheduler/domain/providers';
import type { StaffWaitlistRepository } from './waitlist-list-repository.ts';
import {
  WAITLIST_APPOINTMENT_NOT_FOUND_MESSAGE,
  WAITLIST_ENTRY_NOT_FOUND_MESSAGE,
} from '@scheduler/domain/messages';

/** The staff waitlist. Every read writes an audit entry before the data leaves. */

const iso = (epochMs: number): string => new Date(epochMs).toISOString();

function statusesOf(filter: GetWaitListQuery['status']): WaitlistStatus[] {
  if (filter === 'open') return ['waiting', 'contacted'];
  if (filter === 'all') return [];
  return [filter];
}

export interface StaffWaitlistService {
  waitlist(
    actor: AuditActor,
    query: GetWaitListQuery,
  ): Promise<{ items: WaitlistEntry[]; page: number; pageSize: number; total: number }>;
  /**
   * A new status for one of the brand's waitlist entries (audited with the old and new status and,
   * for a booking, the appointment). 404 for an entry or appointment the brand does not have.
   */
  changeWaitlistStatus(
    actor: AuditActor,
    change: { entryId: number; status: WaitlistStatus; appointmentId?: number | undefined },
  ): Promise<WaitListChangeResponse>;
}

export function createStaffWaitlistService({
  repository,
  audit,
  now = Date.now,
}: {
  repository: StaffWaitlistRepository;
  audit: AuditLog;
  now?: () => number;
}): StaffWaitlistService {
  return {
    async waitlist(actor, query) {
      const { items, total } = await repository.waitlist(actor.clientId, {
        locationId: query.locationId,
        providerId: query.providerId,
        serviceId: query.appointmentTypeId,
        statuses: statusesOf(query.status),
        page: query.page,
        pageSize: query.pageSize,
      });
      await audit.recordFor(actor, 'waitlist.read', {
        type: 'waitlist',
        details: {
          entryIds: items.map((item) => item.entryId),
          filters: {
            locationId: query.locationId ?? null,
            providerId: query.providerId ?? null,
            appointmentTypeId: query.appointmentTypeId ?? null,
            status: query.status,
          },
        },
      });
      const at = now();
      const fallbackZone = (await repository.defaultTimeZone(actor.clientId)) ?? 'UTC';
      return {
        page: query.page,
        pageSize: query.pageSize,
        total,
        items: items.map((item) => ({
          waitlistEntryId: String(item.entryId),
          status: item.status,
          firstName: item.firstName,
          lastName: item.lastName,
          dateOfBirth: item.dateOfBirth,
          age: ageOn(item.dateOfBirth, localDateOf(at, item.location?.timeZone ?? fallbackZone)),
          phone: item.phone,
          email: item.email,
          preferredTimes: item.preferredTimes,
          notes: item.notes,
          patientId: item.patientId === null ? null : String(item.patientId),
          location:
            item.location === null
              ? null
              : { locationId: String(item.location.id), name: item.location.name },
          provider:
            item.provider === null
              ? null
              : { providerId: String(item.provider.id), name: providerDisplayName(item.provider) },
          service:
            item.service === null
              ? null
              : { appointmentTypeId: String(item.service.id), name: item.service.name },
          createdAt: iso(item.createdAt),
        })),
      };
    },

    async changeWaitlistStatus(actor, { entryId, status, appointmentId }) {
      const before = await repository.waitlistEntryStatus(actor.clientId, entryId);
      if (before === undefined)
        throw new DomainError('NOT_FOUND', WAITLIST_ENTRY_NOT_FOUND_MESSAGE, { field: 'waitlistEntryId' });
      if (appointmentId !== undefined && !(await repository.hasAppointment(actor.clientId, appointmentId)))
        throw new DomainError('NOT_FOUND', WAITLIST_APPOINTMENT_NOT_FOUND_MESSAGE, {
          field: 'appointmentId',
        });
      const at = now();
      if (!(await repository.setWaitlistStatus(actor.clientId, entryId, status, at)))
        throw new DomainError('NOT_FOUND', WAITLIST_ENTRY_NOT_FOUND_MESSAGE, { field: 'waitlistEntryId' });
      await audit.recordFor(actor, status === 'removed' ? 'waitlist.remove' : 'waitlist.update', {
        type: 'waitlist',
        id: entryId,
        details: { from: before, to: status, ...(appointmentId === undefined ? {} : { appointmentId }) },
      });
      return { waitlistEntryId: String(entryId), status, updatedAt: iso(at) };
    },
  };
}
