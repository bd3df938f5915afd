import {
  FRONT_DESK_PATHS,
  freeTimesResponseSchema,
  frontDeskAppointmentSchema,
  frontDeskBookingSchema,
  frontDeskChangeResponseSchema,
  frontDeskMessageLanguageSchema,
  type FrontDeskBookRequestInput,
  type FrontDeskCancelRequestInput,
  type FrontDeskRescheduleRequestInput,
} from '@scheduler/contract/admin/front-desk';
import { insuranceControlDataResponseSchema } from '@scheduler/contract/admin/maps';
import { getPatientsResponseSchema } from '@scheduler/contract/patient-management/patients';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client';
import { fieldErrorsOf } from '../../../lib/api-errors';
import { adminRequest } from '../shared/api/admin-request';
import { fetchFilters, patientKeys } from '../shared/api/patient-management-api';
import { useOverrideReasonPrompt } from './override-reason-prompt';

export { OverrideDeclinedError } from './override-reason-prompt';

/**
 * The front desk's calls (issue 19; contract packages/contract/src/admin/front-desk.ts): free
 * times of a day, one appointment, book, move and cancel; the staff patient search and the
 * brand's services, locations, providers and insurance plans for the dialogs. Patient data travels
 * only in request bodies and API query parameters, never in the page URL.
 */

export const frontDeskKeys = {
  all: (clientId: string) => ['admin', clientId, 'front-desk'] as const,
  freeTimes: (clientId: string, query: FreeTimesParams) =>
    ['admin', clientId, 'front-desk', 'free-times', query] as const,
  appointment: (clientId: string, appointmentId: string) =>
    ['admin', clientId, 'front-desk', 'appointment', appointmentId] as const,
  messageLanguage: (clientId: string, patientId: string | null) =>
    ['admin', clientId, 'front-desk', 'message-language', patientId] as const,
  search: (clientId: string, text: string) => ['admin', clientId, 'front-desk', 'patients', text] as const,
  insurance: (clientId: string) => ['admin', clientId, 'front-desk', 'insurance'] as const,
};

export interface FreeTimesParams {
  appointmentTypeId: string;
  locationId: string;
  providerId?: string | undefined;
  /** 'YYYY-MM-DD' at the location. */
  date: string;
  /** A reschedule: this appointment's own time counts as free. */
  appointmentId?: string | undefined;
}

export function fetchFreeTimes(clientId: string, params: FreeTimesParams, signal?: AbortSignal) {
  return adminRequest({
    path: FRONT_DESK_PATHS.freeTimes,
    params: { clientId, ...params },
    signal,
    schema: freeTimesResponseSchema,
  });
}

export function fetchFrontDeskAppointment(clientId: string, appointmentId: string, signal?: AbortSignal) {
  return adminRequest({
    path: FRONT_DESK_PATHS.appointment,
    params: { clientId, appointmentId },
    signal,
    schema: frontDeskAppointmentSchema,
  });
}

/**
 * Issue 21: the language a booking's messages default to — the patient's last booking's
 * (`patientId`), else the practice's default language, else English.
 */
export function fetchMessageLanguage(clientId: string, patientId: string | null, signal?: AbortSignal) {
  return adminRequest({
    path: FRONT_DESK_PATHS.messageLanguage,
    params: patientId === null ? { clientId } : { clientId, patientId },
    signal,
    schema: frontDeskMessageLanguageSchema,
  });
}

export function bookForCaller(clientId: string, request: FrontDeskBookRequestInput) {
  return adminRequest({
    method: 'POST',
    path: FRONT_DESK_PATHS.book,
    data: { ...request, clientId },
    schema: frontDeskBookingSchema,
  });
}

export function rescheduleAppointment(clientId: string, request: FrontDeskRescheduleRequestInput) {
  return adminRequest({
    method: 'POST',
    path: FRONT_DESK_PATHS.reschedule,
    data: { ...request, clientId },
    schema: frontDeskChangeResponseSchema,
  });
}

export function cancelAppointment(clientId: string, request: FrontDeskCancelRequestInput) {
  return adminRequest({
    method: 'POST',
    path: FRONT_DESK_PATHS.cancel,
    data: { ...request, clientId },
    schema: frontDeskChangeResponseSchema,
  });
}

/** The staff patient search (GET getPatients: name, phone, e-mail or date of birth in one box). */
export function searchPatients(clientId: string, search: string, signal?: AbortSignal) {
  return adminRequest({
    path: 'getPatients',
    params: { clientId, search, page: 1, pageSize: 10 },
    id: `front-desk-patient-search-${clientId}`,
    signal,
    schema: getPatientsResponseSchema,
  });
}

export function useFreeTimes(clientId: string, params: FreeTimesParams | null) {
  return useQuery({
    queryKey: frontDeskKeys.freeTimes(
      clientId,
      params ?? { appointmentTypeId: '', locationId: '', date: '' },
    ),
    queryFn: ({ signal }) => fetchFreeTimes(clientId, params!, signal),
    enabled: params !== null,
    staleTime: 10_000,
  });
}

export function useFrontDeskAppointment(clientId: string, appointmentId: string, enabled = true) {
  return useQuery({
    queryKey: frontDeskKeys.appointment(clientId, appointmentId),
    queryFn: ({ signal }) => fetchFrontDeskAppointment(clientId, appointmentId, signal),
    enabled,
  });
}

/** The default of the booking form's "Messages in" for the chosen patient (null: a new patient). */
export function useMessageLanguage(clientId: string, patientId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: frontDeskKeys.messageLanguage(clientId, patientId),
    queryFn: ({ signal }) => fetchMessageLanguage(clientId, patientId, signal),
    enabled,
    staleTime: 10_000,
    retry: false,
  });
}

/** Services, locations (with zones) and providers of the brand (get_filters, shared with the patient list). */
export function useBookingChoices(clientId: string) {
  return useQuery({
    queryKey: patientKeys.filters(clientId),
    queryFn: ({ signal }) => fetchFilters(clientId, signal),
    staleTime: 60_000,
  });
}

/** The brand's insurance carriers and plans; a role that may not read them books without a plan. */
export function useInsurancePlans(clientId: string, enabled: boolean) {
  return useQuery({
    queryKey: frontDeskKeys.insurance(clientId),
    queryFn: ({ signal }) =>
      adminRequest({
        path: 'insurance/getInsuranceControlData',
        params: { clientId },
        signal,
        schema: insuranceControlDataResponseSchema,
      }),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

/** The patient search of the dialog: at least two characters. */
export function usePatientSearch(clientId: string, text: string) {
  const search = text.trim();
  return useQuery({
    queryKey: frontDeskKeys.search(clientId, search),
    queryFn: ({ signal }) => searchPatients(clientId, search, signal),
    enabled: search.length >= 2,
    staleTime: 10_000,
  });
}

/** True when the server refused a time because it needs a reason to override a rule (400 on `overrideReason`). */
export function needsOverrideReason(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 400) return false;
  return fieldErrorsOf(error.body).some((field) => field.path === 'overrideReason');
}

/** After a change, the schedule, the patient's appointments and the free times are read again. */
function useInvalidateAfterChange(clientId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admin', clientId] }),
      queryClient.invalidateQueries({ queryKey: frontDeskKeys.all(clientId) }),
    ]);
}

export function useBookForCaller(clientId: string) {
  const invalidate = useInvalidateAfterChange(clientId);
  return useMutation({
    mutationFn: (request: FrontDeskBookRequestInput) => bookForCaller(clientId, request),
    onSuccess: () => invalidate(),
  });
}

export function useRescheduleAppointment(clientId: string) {
  const invalidate = useInvalidateAfterChange(clientId);
  return useMutation({
    mutationFn: (request: FrontDeskRescheduleRequestInput) => rescheduleAppointment(clientId, request),
    onSuccess: () => invalidate(),
  });
}

export function useCancelAppointment(clientId: string) {
  const invalidate = useInvalidateAfterChange(clientId);
  return useMutation({
    mutationFn: (request: FrontDeskCancelRequestInput) => cancelAppointment(clientId, request),
    onSuccess: () => invalidate(),
  });
}

export interface MoveRequest {
  appointmentId: string;
  providerId: string;
  locationId: string;
  /** ISO 8601 instant. */
  startUtc: string;
  overrideReason?: string;
}

/**
 * Contract 5: the schedule's drag and drop. `mutateAsync(move)` moves the appointment; when the
 * server answers that the time overrides a rule that protects patients (the minimum notice), the
 * hook asks the user for a reason in a dialog (`prompt`, which the caller renders) and sends the
 * move again with it. Closing that dialog rejects with `OverrideDeclinedError` (nothing moved).
 */
export function useMoveAppointment(clientId: string) {
  const move = useRescheduleAppointment(clientId);
  const { ask, prompt } = useOverrideReasonPrompt();
  const mutateAsync = async (request: MoveRequest) => {
    try {
      return await move.mutateAsync(request);
    } catch (error) {
      if (!needsOverrideReason(error) || request.overrideReason !== undefined) throw error;
      const overrideReason = await ask(error);
      return move.mutateAsync({ ...request, overrideReason });
    }
  };
  return {
    mutateAsync,
    isPending: move.isPending,
    error: move.error,
    reset: move.reset,
    /** The override-reason dialog: render it once beside the schedule. */
    prompt,
  };
}
