import { msg } from '@lingui/core/macro';
import { getAppointmentDetailsResponseSchema } from '@scheduler/contract/patient-management/appointments';
import type { GetAppointmentDetailsResponse } from '@scheduler/contract/patient-management/appointments';
import type { AppointmentStatus } from '@scheduler/domain/appointment-status';
import type { QueryClient } from '@tanstack/react-query';
import { adminRequest } from '../shared/api/admin-request';
import { patientKeys } from '../shared/api/patient-management-api';
import { appointmentStatusLabel } from '../shared/status-labels';
import { updateAppointmentStatus } from './patients-api';
import { i18n } from '../../../i18n/catalogs';

/**
 * Status changes from screens that know an appointment without its details (the schedule's popover):
 * read the appointment's version, then POST update_appointment_status with it.
 */

/** An appointment by id alone (GET getAppointmentDetails without a patient id; audited as a read). */
export function fetchAppointmentById(clientId: string, appointmentId: string, signal?: AbortSignal) {
  return adminRequest({
    api: 'patientManagement',
    path: 'getAppointmentDetails',
    params: { clientId, appointmentId },
    signal,
    schema: getAppointmentDetailsResponseSchema,
  });
}

/** The screen showed a status that is no longer the appointment's: nothing was changed. */
export class StatusChangedMeanwhileError extends Error {
  constructor(readonly current: GetAppointmentDetailsResponse) {
    const status = appointmentStatusLabel(current.appointment.status);
    super(
      i18n._(msg`This appointment was changed in the meantime: it is now ${status}. Nothing was changed.`),
    );
    this.name = 'StatusChangedMeanwhileError';
  }
}

export interface StatusMove {
  appointmentId: string;
  /** The status the screen showed (the move is refused if the appointment moved on since). */
  from: AppointmentStatus;
  to: AppointmentStatus;
  reason: string;
  /** The version the screen showed, when it has one; read from the server otherwise. */
  version?: number | undefined;
}

/** Moves an appointment to another status, refusing if it is no longer in the status the user saw. */
export async function moveAppointmentStatus(
  clientId: string,
  move: StatusMove,
): Promise<GetAppointmentDetailsResponse> {
  let version = move.version;
  if (version === undefined) {
    const current = await fetchAppointmentById(clientId, move.appointmentId);
    if (current.appointment.status !== move.from) throw new StatusChangedMeanwhileError(current);
    version = current.appointment.version;
  }
  return updateAppointmentStatus(clientId, {
    appointmentId: move.appointmentId,
    status: move.to,
    version,
    reason: move.reason,
  });
}

/** After a status change: the cached appointment takes the answer; patient pages and lists reload. */
export async function refreshAfterStatusChange(
  queryClient: QueryClient,
  clientId: string,
  answer: GetAppointmentDetailsResponse,
): Promise<void> {
  queryClient.setQueryData(patientKeys.appointment(clientId, answer.appointment.appointmentId), answer);
  await Promise.all([
    queryClient.invalidateQueries({
      queryKey: patientKeys.details(clientId, answer.appointment.patientId),
    }),
    queryClient.invalidateQueries({ queryKey: [...patientKeys.all(clientId), 'list'] }),
  ]);
}
