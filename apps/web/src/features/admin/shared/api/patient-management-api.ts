import type { AppointmentStatus } from '@scheduler/domain/appointment-status';
import type { QueryParams } from '../../../../lib/api-client';
import { adminRequest } from './admin-request';
import { getFiltersResponseSchema } from '@scheduler/contract/patient-management/patients';

/**
 * What several admin areas share of the patient management API (spec section 7): its React Query
 * keys and the appointment filters (get_filters) of the patient list, the reports and the waitlist.
 * The patient screens' own calls are in patients/patients-api.ts, the audit log's in audit/.
 */

export const patientKeys = {
  all: (clientId: string) => ['admin', clientId, 'patients'] as const,
  filters: (clientId: string) => ['admin', clientId, 'patients', 'filters'] as const,
  /** `query`: the list request (page, search, sort, filters). */
  list: (clientId: string, query: object) => ['admin', clientId, 'patients', 'list', query] as const,
  details: (clientId: string, patientId: string) =>
    ['admin', clientId, 'patients', 'details', patientId] as const,
  appointment: (clientId: string, appointmentId: string) =>
    ['admin', clientId, 'patients', 'appointment', appointmentId] as const,
  feedback: (clientId: string, patientId: string) =>
    ['admin', clientId, 'patients', 'feedback', patientId] as const,
  audit: (clientId: string) => ['admin', clientId, 'audit'] as const,
};

/** Appointment filters shared by the patient list and the reports (choices from get_filters). */
export interface AppointmentFilters {
  locationId: string;
  providerId: string;
  appointmentTypeId: string;
  statuses: AppointmentStatus[];
  /** Local dates 'YYYY-MM-DD' (inclusive), '' for none. */
  from: string;
  to: string;
}

export const NO_FILTERS: AppointmentFilters = {
  locationId: '',
  providerId: '',
  appointmentTypeId: '',
  statuses: [],
  from: '',
  to: '',
};

/** The query parameters of the filters that are set (empty ones are left out). */
export function filterParams(filters: AppointmentFilters): QueryParams {
  const params: QueryParams = {};
  if (filters.locationId) params.locationId = filters.locationId;
  if (filters.providerId) params.providerId = filters.providerId;
  if (filters.appointmentTypeId) params.appointmentTypeId = filters.appointmentTypeId;
  if (filters.statuses.length > 0) params.status = filters.statuses.join(',');
  if (filters.from) params.from = filters.from;
  if (filters.to) params.to = filters.to;
  return params;
}

export function fetchFilters(clientId: string, signal?: AbortSignal) {
  return adminRequest({
    api: 'patientManagement',
    path: 'get_filters',
    params: { clientId },
    signal,
    schema: getFiltersResponseSchema,
  });
}
