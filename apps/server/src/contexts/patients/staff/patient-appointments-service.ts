import { DomainError } from '@scheduler/domain/errors';
import type { AuditActor, AuditLog } from '../../../platform/audit/audit-log.ts';
import { providerDisplayName } from '@scheduler/domain/providers';
import type { PatientManagementRepository } from './patient-management-repository.ts';
import { PATIENT_APPOINTMENTS_LIMIT, iso } from './service-parts.ts';

/** A patient's appointments for staff screens. Every read writes an audit entry before the data leaves. */

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

export interface PatientAppointmentsService {
  patientAppointments(actor: AuditActor, patientId: number): Promise<PatientAppointmentsView>;
}

export function createPatientAppointmentsService({
  repository,
  audit,
}: {
  repository: Pick<PatientManagementRepository, 'findPatient' | 'appointmentsOfPatient'>;
  audit: AuditLog;
}): PatientAppointmentsService {
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
          providerId: String(a.provider.id),
          providerName: providerDisplayName(a.provider),
          locationId: String(a.location.id),
          locationName: a.location.name,
          appointmentTypeId: String(a.service.id),
          serviceName: a.service.name,
          isNewPatient: a.isNewPatient,
          channel: a.channel,
          reason: a.reason,
          cancelReason: a.cancelReason,
          createdAt: iso(a.createdAt),
        })),
      };
    },
  };
}
