/* A patient's details for staff: contact, insurance, upcoming and past appointments, notes (audited). */
import { DomainError } from '@scheduler/domain/errors';
import type { GetPatientDetailsResponse } from '@scheduler/contract/patient-management/patients';
import { PATIENT_APPOINTMENTS_LIMIT, iso, toContact, toNote, toSummary } from './service-parts.ts';
import type { PatientServiceDeps, StaffActor } from './service-parts.ts';

export interface PatientDetailsService {
  patientDetails(actor: StaffActor, patientId: number): Promise<GetPatientDetailsResponse>;
}

export function createPatientDetailsService({
  repository,
  audit,
  now,
}: PatientServiceDeps): PatientDetailsService {
  return {
    async patientDetails(actor, patientId) {
      const patient = await repository.findPatient(actor.clientId, patientId);
      if (patient === undefined) throw new DomainError('NOT_FOUND');
      const [policies, appointments, notes] = await Promise.all([
        repository.policiesOfPatient(actor.clientId, patientId),
        repository.appointmentsOfPatient(actor.clientId, patientId, PATIENT_APPOINTMENTS_LIMIT),
        repository.notesOf(actor.clientId, { patientId }),
      ]);
      await audit.recordFor(actor, 'patient.read', {
        type: 'patient',
        id: patientId,
        details: {
          appointments: appointments.length,
          insurancePolicies: policies.length,
          notes: notes.length,
        },
      });
      const at = now();
      const summaries = appointments.map((a) => ({ startAt: a.startAt, summary: toSummary(a) }));
      return {
        patient: toContact(patient),
        insurancePolicies: policies.map((p) => ({
          policyId: String(p.policyId),
          plan: p.plan === null ? null : { planId: String(p.plan.id), name: p.plan.name },
          carrier: p.carrier === null ? null : { carrierId: String(p.carrier.id), name: p.carrier.name },
          relationship: p.relationship,
          memberId: p.memberId,
          groupNumber: p.groupNumber,
          subscriberFirstName: p.subscriberFirstName,
          subscriberLastName: p.subscriberLastName,
          subscriberDateOfBirth: p.subscriberDateOfBirth,
          selfPay: p.selfPay,
          updatedAt: iso(p.updatedAt),
        })),
        // The repository returns latest first.
        upcomingAppointments: summaries
          .filter((a) => a.startAt >= at)
          .reverse()
          .map((a) => a.summary),
        pastAppointments: summaries.filter((a) => a.startAt < at).map((a) => a.summary),
        notes: notes.map((note) => toNote(note, actor.userId)),
      };
    },
  };
}
