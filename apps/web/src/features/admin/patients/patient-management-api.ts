import type { AppointmentStatus } from '@scheduler/domain/appointment-status';
import {
  getAppointmentDetailsResponseSchema,
  getAuditLogResponseSchema,
  getFeedbackDetailsResponseSchema,
  getFiltersResponseSchema,
  getPatientDetailsResponseSchema,
  getPatientListResponseSchema,
  noteResponseSchema,
  updateAppointmentStatusResponseSchema,
  type PatientListSort,
} from '@scheduler/contract/patient-management';
import type { QueryParams } from '../../../lib/api-client';
import { adminRequest } from '../api/admin-request';

/**
 * Calls of the patient management API (spec section 7). Patient data travels only in responses
 * and request bodies: the search text is a query parameter of the API request (never of the page
 * URL), and nothing here is cached outside React Query's memory.
 */

export const patientKeys = {
  all: (clientId: string) => ['admin', clientId, 'patients'] as const,
  filters: (clientId: string) => ['admin', clientId, 'patients', 'filters'] as const,
  list: (clientId: string, query: PatientListRequest) =>
    ['admin', clientId, 'patients', 'list', query] as const,
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

export interface PatientListRequest {
  /** 1-based. */
  page: number;
  pageSize: number;
  search: string;
  sort: PatientListSort;
  filters: AppointmentFilters;
}

export function fetchPatientList(clientId: string, request: PatientListRequest, signal?: AbortSignal) {
  return adminRequest({
    api: 'patientManagement',
    path: 'getPatientList',
    params: {
      clientId,
      page: request.page,
      pageSize: request.pageSize,
      search: request.search || undefined,
      sort: request.sort,
      ...filterParams(request.filters),
    },
    // A newer search or page replaces the one in flight.
    id: `admin-patient-list-${clientId}`,
    signal,
    schema: getPatientListResponseSchema,
  });
}

export function fetchPatientDetails(clientId: string, patientId: string, signal?: AbortSignal) {
  return adminRequest({
    api: 'patientManagement',
    path: 'getPatientDetails',
    params: { clientId, patientId },
    signal,
    schema: getPatientDetailsResponseSchema,
  });
}

export function fetchAppointmentDetails(
  clientId: string,
  patientId: string,
  appointmentId: string,
  signal?: AbortSignal,
) {
  return adminRequest({
    api: 'patientManagement',
    path: 'getAppointmentDetails',
    params: { clientId, patientId, appointmentId },
    signal,
    schema: getAppointmentDetailsResponseSchema,
  });
}

export function fetchFeedback(clientId: string, patientId: string, signal?: AbortSignal) {
  return adminRequest({
    api: 'patientManagement',
    path: 'getFeedbackDetails',
    params: { clientId, patientId },
    signal,
    schema: getFeedbackDetailsResponseSchema,
  });
}

export interface StatusChange {
  appointmentId: string;
  status: AppointmentStatus;
  version: number;
  reason: string;
}

export function updateAppointmentStatus(clientId: string, change: StatusChange) {
  return adminRequest({
    api: 'patientManagement',
    method: 'POST',
    path: 'update_appointment_status',
    data: {
      clientId,
      appointmentId: change.appointmentId,
      status: change.status,
      version: change.version,
      reason: change.reason.trim() || undefined,
    },
    schema: updateAppointmentStatusResponseSchema,
  });
}

export type NoteTarget = { appointmentId: string } | { patientId: string };

export function addNote(clientId: string, target: NoteTarget, text: string) {
  return adminRequest({
    api: 'patientManagement',
    method: 'POST',
    path: 'addNote',
    data: { clientId, ...target, text },
    schema: noteResponseSchema,
  });
}

export function editNote(clientId: string, noteId: string, text: string) {
  return adminRequest({
    api: 'patientManagement',
    method: 'PUT',
    path: 'editNote',
    data: { clientId, noteId, text },
    schema: noteResponseSchema,
  });
}

export interface AuditLogRequest {
  page: number;
  pageSize: number;
  action: string;
  from: string;
  to: string;
}

export function fetchAuditLog(clientId: string, request: AuditLogRequest, signal?: AbortSignal) {
  return adminRequest({
    api: 'patientManagement',
    path: 'auditLog',
    params: {
      clientId,
      page: request.page,
      pageSize: request.pageSize,
      action: request.action || undefined,
      from: request.from || undefined,
      to: request.to || undefined,
    },
    id: `admin-audit-log-${clientId}`,
    signal,
    schema: getAuditLogResponseSchema,
  });
}
