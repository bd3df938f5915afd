import { type AppointmentFilters, filterParams } from '../shared/api/patient-management-api';
import type { AppointmentStatus } from '@scheduler/domain/appointment-status';
import {
  getAppointmentDetailsResponseSchema,
  updateAppointmentStatusResponseSchema,
} from '@scheduler/contract/patient-management/appointments';
import {
  getFeedbackDetailsResponseSchema,
  noteResponseSchema,
} from '@scheduler/contract/patient-management/notes';
import {
  type PatientListSort,
  getPatientDetailsResponseSchema,
  getPatientListResponseSchema,
  getPatientsAndLastAppointmentsResponseSchema,
} from '@scheduler/contract/patient-management/patients';
import { adminRequest } from '../shared/api/admin-request';

/**
 * The patient screens' calls of the patient management API (spec section 7). Patient data travels
 * only in responses and request bodies: the search text is a query parameter of the API request
 * (never of the page URL), and nothing here is cached outside React Query's memory.
 */

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

/**
 * The scheduler API's staff search with each patient's last appointment (GET
 * getPatientsAndLastAppointments, spec section 7): used for a search by text without appointment
 * filters, sorted by name (what that call answers).
 */
export function fetchPatientsAndLastAppointments(
  clientId: string,
  request: Pick<PatientListRequest, 'page' | 'pageSize' | 'search'>,
  signal?: AbortSignal,
) {
  return adminRequest({
    api: 'scheduler',
    path: 'getPatientsAndLastAppointments',
    params: { clientId, page: request.page, pageSize: request.pageSize, search: request.search },
    id: `admin-patient-list-${clientId}`,
    signal,
    schema: getPatientsAndLastAppointmentsResponseSchema,
  });
}

/** True when the patient list's request is a plain staff search the scheduler API's call answers. */
export function usesLastAppointmentSearch(request: PatientListRequest, filtered: boolean): boolean {
  return request.search.trim() !== '' && !filtered && request.sort === 'name';
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
