import {
  cancelAppointmentResponseSchema,
  manageAppointmentResponseSchema,
  MANAGE_TOKEN_HEADER,
  MANAGE_TOKEN_PATTERN,
  type CancelAppointmentRequestInput,
  type CancelAppointmentResponse,
  type ManageAppointmentResponse,
  type RescheduleAppointmentRequestInput,
} from '@scheduler/contract/manage';
import { request } from '../../../lib/api-client';

/**
 * The manage page's calls (issue 18, packages/contract/src/manage.ts). The token is the only
 * credential: it travels in the X-Manage-Token header, never in an API path or query, and these
 * requests are told to no tracking hook (`report: false`: the page's own address carries the
 * token). The POSTs are JSON with that custom header, which a foreign page cannot send.
 */

/** A token that cannot be one: the page says the link is not valid without asking the server. */
export function isWellFormedManageToken(token: string): boolean {
  return MANAGE_TOKEN_PATTERN.test(token);
}

const tokenHeaders = (token: string) => ({ [MANAGE_TOKEN_HEADER]: token });

export const manageKey = (token: string) => ['manage', token] as const;

/** GET manage/:token — reads the appointment; changes nothing. */
export function fetchManagedAppointment(
  token: string,
  signal?: AbortSignal,
): Promise<ManageAppointmentResponse> {
  return request({
    path: 'manage',
    headers: tokenHeaders(token),
    signal,
    report: false,
    schema: manageAppointmentResponseSchema,
  });
}

export function cancelManagedAppointment(
  token: string,
  body: CancelAppointmentRequestInput,
): Promise<CancelAppointmentResponse> {
  return request({
    method: 'POST',
    path: 'manage/cancel',
    data: body,
    headers: tokenHeaders(token),
    report: false,
    schema: cancelAppointmentResponseSchema,
  });
}

export function rescheduleManagedAppointment(
  token: string,
  body: RescheduleAppointmentRequestInput,
): Promise<ManageAppointmentResponse> {
  return request({
    method: 'POST',
    path: 'manage/reschedule',
    data: body,
    headers: tokenHeaders(token),
    report: false,
    schema: manageAppointmentResponseSchema,
  });
}
