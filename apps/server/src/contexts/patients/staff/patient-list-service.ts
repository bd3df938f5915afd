/* The filter menus and the staff patient list (audited). */
import { APPOINTMENT_STATUSES, APPOINTMENT_STATUS_LABELS } from '@scheduler/domain/appointment-status';
import { providerDisplayName } from '@scheduler/domain/providers';
import type {
  GetFiltersResponse,
  GetPatientListQuery,
  GetPatientListResponse,
} from '@scheduler/contract/patient-management/patients';
import type { AppointmentCriteria } from './patient-search-repository.ts';
import { searchTermsOf } from './search-terms.ts';
import { iso, rangeOf, usedFilters, zoneOf } from './service-parts.ts';
import type { PatientServiceDeps, StaffActor } from './service-parts.ts';

export interface PatientListService {
  filters(actor: StaffActor): Promise<GetFiltersResponse>;
  patientList(actor: StaffActor, query: GetPatientListQuery): Promise<GetPatientListResponse>;
}

export function createPatientListService({ repository, audit, now }: PatientServiceDeps): PatientListService {
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
      await audit.recordFor(actor, 'patient.list.read', {
        type: 'patient',
        details: {
          patientIds: items.map((item) => item.patientId),
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
        },
      });
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
        })),
      };
    },
  };
}
