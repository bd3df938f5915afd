/* One appointment for staff: its details with history and notes, and status changes (audited). */
import {
  APPOINTMENT_STATUS_LABELS,
  allowedStatusMoves,
  checkStatusMove,
  holdsSlot,
} from '@scheduler/domain/appointment-status';
import { DomainError } from '@scheduler/domain/errors';
import { STALE_APPOINTMENT_MESSAGE } from '@scheduler/domain/messages';
import type { Role } from '@scheduler/domain/roles';
import type {
  GetAppointmentDetailsResponse,
  UpdateAppointmentStatusRequest,
} from '@scheduler/contract/patient-management/appointments';
import { iso, toContact, toNote, toSummary } from './service-parts.ts';
import type { PatientServiceDeps, StaffActor } from './service-parts.ts';
import type { AppointmentState } from './status-change-repository.ts';

export interface AppointmentService {
  appointmentDetails(
    actor: StaffActor,
    appointmentId: number,
    patientId?: number,
  ): Promise<GetAppointmentDetailsResponse>;
  updateStatus(
    actor: StaffActor,
    request: UpdateAppointmentStatusRequest,
  ): Promise<GetAppointmentDetailsResponse>;
}

async function loadAppointmentDetails(
  { repository, now }: PatientServiceDeps,
  actor: StaffActor,
  appointmentId: number,
): Promise<GetAppointmentDetailsResponse | undefined> {
  const appointment = await repository.findAppointment(actor.clientId, appointmentId);
  if (appointment === undefined) return undefined;
  const [patient, history, notes] = await Promise.all([
    repository.findPatient(actor.clientId, appointment.patientId),
    repository.statusHistory(actor.clientId, appointmentId),
    repository.notesOf(actor.clientId, { appointmentId }),
  ]);
  if (patient === undefined) return undefined;
  return {
    appointment: {
      ...toSummary(appointment),
      schedulerId: appointment.schedulerId === null ? null : String(appointment.schedulerId),
      reasonForVisit: appointment.reason,
      patientNotes: appointment.notes,
      insurancePolicyId:
        appointment.insurancePolicyId === null ? null : String(appointment.insurancePolicyId),
      utmSource: appointment.utmSource,
      utmMedium: appointment.utmMedium,
      utmCampaign: appointment.utmCampaign,
      updatedAt: iso(appointment.updatedAt),
    },
    patient: toContact(patient),
    statusHistory: history.map((entry) => ({
      fromStatus: entry.fromStatus,
      toStatus: entry.toStatus,
      toLabel: APPOINTMENT_STATUS_LABELS[entry.toStatus],
      reason: entry.reason,
      changedBy:
        entry.changedBy === null
          ? null
          : { userId: String(entry.changedBy.userId), name: entry.changedBy.name },
      at: iso(entry.at),
    })),
    notes: notes.map((note) => toNote(note, actor.userId)),
    allowedStatuses: allowedStatusMoves({
      status: appointment.status,
      startUtcMs: appointment.startAt,
      timeZone: appointment.timeZone,
      role: actor.role,
      nowMs: now(),
    }),
    // Issue 18: "cancelled by patient online", "rescheduled by patient from …".
    selfService: {
      cancelledBy: appointment.cancelledBy,
      cancelReason: appointment.cancelledBy === null ? null : appointment.cancelReason,
      cancelNote: appointment.cancelNote,
      rescheduleCount: appointment.rescheduleCount,
      rescheduledFromUtc: appointment.rescheduledFromAt === null ? null : iso(appointment.rescheduledFromAt),
    },
  };
}

/**
 * The workflow's verdict (appointment-status.ts) on a change of the appointment as it is inside the
 * transaction, in its location's zone; throws to refuse (403 role, 400 no reason, 422 otherwise,
 * with the reason code and the current status in the details). Nothing is written then.
 */
function checkOrThrow(
  current: AppointmentState,
  request: UpdateAppointmentStatusRequest,
  role: Role,
  at: number,
): void {
  const verdict = checkStatusMove({
    status: current.status,
    to: request.status,
    role,
    startUtcMs: current.startAt,
    timeZone: current.timeZone,
    nowMs: at,
    reason: request.reason,
  });
  if (verdict.ok) return;
  switch (verdict.reason) {
    case 'role':
      throw new DomainError('FORBIDDEN', verdict.message);
    case 'reason-required':
      throw new DomainError('VALIDATION', verdict.message, {
        fields: [{ path: 'reason', message: verdict.message }],
      });
    case 'unchanged':
    case 'not-allowed':
    case 'not-arrived':
    case 'after-arrival':
    case 'not-today':
    case 'before-start':
      throw new DomainError('STATUS_CHANGE_NOT_ALLOWED', verdict.message, {
        field: 'status',
        reason: verdict.reason,
        currentStatus: current.status,
      });
  }
}

export function createAppointmentService(deps: PatientServiceDeps): AppointmentService {
  const { repository, audit, now } = deps;
  return {
    async appointmentDetails(actor, appointmentId, patientId) {
      const details = await loadAppointmentDetails(deps, actor, appointmentId);
      if (details === undefined) throw new DomainError('NOT_FOUND');
      if (patientId !== undefined && details.patient.patientId !== String(patientId)) {
        throw new DomainError('NOT_FOUND');
      }
      await audit.recordFor(actor, 'appointment.read', {
        type: 'appointment',
        id: appointmentId,
        details: { patientId: Number(details.patient.patientId) },
      });
      return details;
    },

    async updateStatus(actor, request) {
      const at = now();
      const outcome = await repository.changeStatus({
        clientId: actor.clientId,
        appointmentId: request.appointmentId,
        expectedVersion: request.version,
        to: request.status,
        reason: request.reason ?? null,
        releasesSlot: !holdsSlot(request.status),
        userId: actor.userId,
        now: at,
        check: (current) => {
          checkOrThrow(current, request, actor.role, at);
        },
      });
      if (outcome.kind === 'not-found') throw new DomainError('NOT_FOUND');
      if (outcome.kind === 'stale') {
        throw new DomainError('CONFLICT', STALE_APPOINTMENT_MESSAGE, {
          currentVersion: outcome.currentVersion,
        });
      }
      await audit.recordFor(actor, 'appointment.status.update', {
        type: 'appointment',
        id: request.appointmentId,
        details: {
          patientId: outcome.patientId,
          from: outcome.from,
          to: request.status,
          version: outcome.version,
          slotReleased: !holdsSlot(request.status),
        },
      });
      const details = await loadAppointmentDetails(deps, actor, request.appointmentId);
      if (details === undefined) throw new DomainError('NOT_FOUND');
      return details;
    },
  };
}
