import { DomainError } from '@scheduler/domain/errors';
import { parseIsoDate } from '@scheduler/domain/local-date';
import type { GetWaitListQuery, WaitlistEntry } from '@scheduler/contract/admin-config';
import type { WaitListChangeResponse } from '@scheduler/contract/waitlist';
import { localDateOf } from '@scheduler/domain/time-zone';
import type { AuditActor, AuditLog } from '../../platform/audit/audit-log.ts';
import type { WaitlistStatus } from '../../platform/db/schema.ts';
import { providerDisplayName } from './service.ts';
import type { StaffDataRepository } from './staff-data-repository.ts';

/** Patient data for staff screens. Every read writes an audit entry before the data leaves. */

/** Newest appointments shown per patient. */
export const PATIENT_APPOINTMENTS_LIMIT = 500;

const iso = (epochMs: number): string => new Date(epochMs).toISOString();

/** Whole years from a date of birth to `today` (both 'YYYY-MM-DD'); null when either is unreadable. */
export function ageOn(dateOfBirth: string | null, today: string): number | null {
  if (dateOfBirth === null) return null;
  const born = parseIsoDate(dateOfBirth);
  const now = parseIsoDate(today);
  if (born === null || now === null) return null;
  const hadBirthday = now.month > born.month || (now.month === born.month && now.day >= born.day);
  const age = now.year - born.year - (hadBirthday ? 0 : 1);
  return age >= 0 ? age : null;
}

function statusesOf(filter: GetWaitListQuery['status']): WaitlistStatus[] {
  if (filter === 'open') return ['waiting', 'contacted'];
  if (filter === 'all') return [];
  return [filter];
}

export interface PatientAppointmentsView {
  patient: {
    patientId: string;
    firstName: string;
    lastName: string;
    dateOfBirth: string;
    phone: string | null;
    email: string | null;
  };
  appointments: {
    appointmentId: string;
    startUtc: string;
    endUtc: string;
    status: string;
    timeZone: string;
    providerId: string;
    providerName: string;
    locationId: string;
    locationName: string;
    appointmentTypeId: string;
    serviceName: string;
    isNewPatient: boolean;
    channel: string | null;
    reason: string | null;
    cancelReason: string | null;
    createdAt: string;
  }[];
}

export interface StaffDataService {
  patientAppointments(actor: AuditActor, patientId: number): Promise<PatientAppointmentsView>;
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

export const WAITLIST_ENTRY_NOT_FOUND_MESSAGE = 'This waitlist entry does not exist.';
export const WAITLIST_APPOINTMENT_NOT_FOUND_MESSAGE = 'This appointment does not exist.';

export function createStaffDataService({
  repository,
  audit,
  now = Date.now,
}: {
  repository: StaffDataRepository;
  audit: AuditLog;
  now?: () => number;
}): StaffDataService {
  return {
    async patientAppointments(actor, patientId) {
      const patient = await repository.findPatient(actor.clientId, patientId);
      if (patient === undefined) throw new DomainError('NOT_FOUND');
      const appointments = await repository.appointmentsOfPatient(
        actor.clientId,
        patientId,
        PATIENT_APPOINTMENTS_LIMIT,
      );
      await audit.recordFor(actor, 'patient.appointments.read', {
        type: 'patient',
        id: patientId,
        details: { appointments: appointments.length },
      });
      return {
        patient: {
          patientId: String(patient.patientId),
          firstName: patient.firstName,
          lastName: patient.lastName,
          dateOfBirth: patient.dateOfBirth,
          phone: patient.phone,
          email: patient.email,
        },
        appointments: appointments.map((a) => ({
          appointmentId: String(a.appointmentId),
          startUtc: iso(a.startAt),
          endUtc: iso(a.endAt),
          status: a.status,
          timeZone: a.timeZone,
          providerId: String(a.providerId),
          providerName: providerDisplayName({
            prefix: a.providerPrefix,
            firstName: a.providerFirstName,
            lastName: a.providerLastName,
          }),
          locationId: String(a.locationId),
          locationName: a.locationName,
          appointmentTypeId: String(a.serviceId),
          serviceName: a.serviceName,
          isNewPatient: a.isNewPatient,
          channel: a.channel,
          reason: a.reason,
          cancelReason: a.cancelReason,
          createdAt: iso(a.createdAt),
        })),
      };
    },

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
