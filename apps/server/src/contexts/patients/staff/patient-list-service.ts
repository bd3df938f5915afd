/* The filter menus and the staff patient list (audited). */
import { APPOINTMENT_STATUSES, APPOINTMENT_STATUS_LABELS } from '@scheduler/domain/appointment-status';
import { providerDisplayName } from '@scheduler/domain/providers';
import { confirmationNumberOf } from '@scheduler/domain/messages/format';
import { localPartsOf } from '@scheduler/domain/time-zone';
import type {
  GetFiltersResponse,
  GetPatientListQuery,
  GetPatientListResponse,
  GetPatientsAndLastAppointmentsQuery,
  GetPatientsAndLastAppointmentsResponse,
  LastAppointment,
} from '@scheduler/contract/patient-management/patients';
import type { AppointmentCriteria } from './patient-search-repository.ts';
import type { AppointmentRecord } from './records.ts';
import { searchTermsOf } from './search-terms.ts';
import { appointmentZoneLookup } from './appointment-zones-repository.ts';
import { iso, rangeOf, usedFilters, zoneOf } from './service-parts.ts';
import type { PatientServiceDeps, StaffActor } from './service-parts.ts';

export interface PatientListService {
  filters(actor: StaffActor): Promise<GetFiltersResponse>;
  patientList(actor: StaffActor, query: GetPatientListQuery): Promise<GetPatientListResponse>;
  /** GET getPatientsAndLastAppointments: the staff search (sorted by name) with each one's last appointment. */
  patientsAndLastAppointments(
    actor: StaffActor,
    query: GetPatientsAndLastAppointmentsQuery,
  ): Promise<GetPatientsAndLastAppointmentsResponse>;
}

const pad = (value: number): string => String(value).padStart(2, '0');

/** The last appointment on the wire: its time in the location's zone, its confirmation number. */
export function toLastAppointment(a: AppointmentRecord): LastAppointment {
  const local = localPartsOf(a.startAt, a.timeZone);
  return {
    appointmentId: String(a.appointmentId),
    confirmationNumber: confirmationNumberOf(a.appointmentId),
    startUtc: iso(a.startAt),
    endUtc: iso(a.endAt),
    timeZone: a.timeZone,
    dateLocal: `${local.year}-${pad(local.month)}-${pad(local.day)}`,
    timeLocal: `${pad(local.hour)}:${pad(local.minute)}`,
    status: a.status,
    statusLabel: APPOINTMENT_STATUS_LABELS[a.status],
    service: { appointmentTypeId: String(a.service.id), name: a.service.name },
    provider: { providerId: String(a.provider.id), name: providerDisplayName(a.provider) },
    location: { locationId: String(a.location.id), name: a.location.name },
  };
}

export function createPatientListService({ repository, audit, now }: PatientServiceDeps): PatientListService {
  /** One page of the staff patient list (not audited: the callers audit what they send). */
  async function listing(actor: StaffActor, query: GetPatientListQuery): Promise<GetPatientListResponse> {
    const range = await rangeOf(repository, actor.clientId, query);
    const appointments: AppointmentCriteria = {
      locationId: query.locationId,
      providerId: query.providerId,
      serviceId: query.appointmentTypeId,
      statuses: query.status,
      startFrom: range.from,
      startBefore: range.before,
    };
    const { items, total } = await repository.listPatients(actor.clientId, {
      terms: searchTermsOf(query),
      appointments,
      sort: query.sort,
      page: query.page,
      pageSize: query.pageSize,
      now: now(),
    });
    // Each last / next appointment's location zone (issue 19: its time is shown there, zone named).
    const zoneAt = await appointmentZoneLookup(repository, actor.clientId, items);
    return {
      page: query.page,
      pageSize: query.pageSize,
      total,
      items: items.map((item) => ({
        patientId: String(item.patientId),
        firstName: item.firstName,
        lastName: item.lastName,
        dateOfBirth: item.dateOfBirth,
        gender: item.gender,
        phone: item.phone,
        email: item.email,
        createdAt: iso(item.createdAt),
        appointmentCount: item.appointmentCount,
        lastAppointmentUtc: item.lastAppointmentAt === null ? null : iso(item.lastAppointmentAt),
        nextAppointmentUtc: item.nextAppointmentAt === null ? null : iso(item.nextAppointmentAt),
        lastAppointmentTimeZone: zoneAt(item.patientId, item.lastAppointmentAt),
        nextAppointmentTimeZone: zoneAt(item.patientId, item.nextAppointmentAt),
      })),
    };
  }

  /** The audit row of a list read: the patients shown and which filters were used, never their text. */
  async function auditList(
    actor: StaffActor,
    query: Record<string, unknown> & { page: number },
    items: readonly { patientId: string }[],
    total: number,
    action: string,
    extra: Record<string, unknown> = {},
  ): Promise<void> {
    await audit.recordFor(actor, action, {
      type: 'patient',
      details: {
        patientIds: items.map((item) => Number(item.patientId)),
        total,
        page: query.page,
        filters: usedFilters(query, [
          'search',
          'name',
          'phone',
          'email',
          'dateOfBirth',
          'locationId',
          'providerId',
          'appointmentTypeId',
          'status',
          'from',
          'to',
        ]),
        ...extra,
      },
    });
  }

  return {
    async filters(actor) {
      const [options, zone] = await Promise.all([
        repository.filterOptions(actor.clientId),
        zoneOf(repository, actor.clientId, undefined),
      ]);
      return {
        locations: options.locations.map((l) => ({
          locationId: String(l.id),
          name: l.name,
          timeZone: l.timeZone,
        })),
        providers: options.providers.map((p) => ({ providerId: String(p.id), name: providerDisplayName(p) })),
        services: options.services.map((s) => ({ appointmentTypeId: String(s.id), name: s.name })),
        statuses: APPOINTMENT_STATUSES.map((value) => ({ value, label: APPOINTMENT_STATUS_LABELS[value] })),
        defaultTimeZone: zone,
      };
    },

    async patientList(actor, query) {
      const page = await listing(actor, query);
      await auditList(actor, query, page.items, page.total, 'patient.list.read');
      return page;
    },

    async patientsAndLastAppointments(actor, query) {
      const page = await listing(actor, { ...query, sort: 'name' });
      const last = await repository.lastAppointmentsOf(
        actor.clientId,
        page.items.map((item) => Number(item.patientId)),
        now(),
      );
      const items = page.items.map((item) => {
        const appointment = last.get(Number(item.patientId));
        return { ...item, lastAppointment: appointment ? toLastAppointment(appointment) : null };
      });
      await auditList(actor, query, page.items, page.total, 'patient.list.read', {
        appointmentIds: items.flatMap((item) =>
          item.lastAppointment ? [item.lastAppointment.appointmentId] : [],
        ),
      });
      return { ...page, items };
    },
  };
}
