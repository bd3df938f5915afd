/*
 * POST createPatients (anonymous flow): identifies the patient on the server and answers only
 * what the flow needs — existing or not, an upcoming appointment (as the spec's message), a
 * refusal. It writes nothing; the booking transaction creates or updates the record.
 */
import {
  BOOKING_MESSAGES,
  CALL_OFFICE_MESSAGE,
  EXISTING_PATIENTS_ONLY_MESSAGE,
  NEW_PATIENTS_ONLY_MESSAGE,
  formatMessage,
} from '@scheduler/domain/messages';
import type { PatientIdentity } from '@scheduler/contract/patient';
import type {
  PatientLookupResponse,
  SchedulerScope as SchedulerScopeQuery,
} from '@scheduler/contract/scheduler-api';
import { parseRecordId, requireScope } from '../../catalogue/index.ts';
import {
  existingAppointmentParams,
  isExactIdentityMatch,
  normalizedPatientName,
  pickPatientMatch,
} from '../matching.ts';
import type { PatientRepository } from './patient-repository.ts';

export interface PatientLookup extends SchedulerScopeQuery {
  patient: PatientIdentity;
  appointmentTypeId?: string | undefined;
}

export interface PatientService {
  lookupPatient(request: PatientLookup): Promise<PatientLookupResponse>;
}

export function createPatientService(repository: PatientRepository, now: () => Date): PatientService {
  return {
    async lookupPatient(request) {
      const serviceId = parseRecordId(request.appointmentTypeId);
      const found = await repository.findScope(request.clientName, request.scheduler, serviceId);
      const scope = requireScope(found?.scope);
      const service = found?.service ?? null;
      const { patient } = request;

      const candidates = await repository.findCandidates(
        scope.clientId,
        normalizedPatientName(patient.firstName, patient.lastName),
        patient.dateOfBirth,
      );
      const match = pickPatientMatch(candidates, patient);
      const isExistingPatient = match !== undefined;

      let refusal: PatientLookupResponse['refusal'] = null;
      if (isExistingPatient && !scope.settings.existingPatientsMaySchedule)
        refusal = { code: 'EXISTING_PATIENTS_BLOCKED', message: BOOKING_MESSAGES.EXISTING_PATIENTS_BLOCKED };
      else if (service !== null && isExistingPatient && !service.existingPatients)
        refusal = { code: 'SERVICE_NOT_ONLINE', message: NEW_PATIENTS_ONLY_MESSAGE };
      else if (service !== null && !isExistingPatient && !service.newPatients)
        refusal = { code: 'SERVICE_NOT_ONLINE', message: EXISTING_PATIENTS_ONLY_MESSAGE };

      let existingAppointment: PatientLookupResponse['existingAppointment'] = null;
      if (match !== undefined && !scope.settings.allowMultipleAppointments) {
        const upcoming = await repository.findUpcomingAppointment(scope.clientId, match.id, now().getTime());
        // The date and time only to someone who gave every identity field exactly (issue 15,
        // finding 10); otherwise only that the office will help.
        if (upcoming !== undefined && !isExactIdentityMatch(match, patient)) {
          refusal ??= { code: 'CALL_OFFICE', message: CALL_OFFICE_MESSAGE };
        } else if (upcoming !== undefined) {
          existingAppointment = {
            startUtc: new Date(upcoming.startAt).toISOString(),
            message: formatMessage(
              'EXISTING_APPOINTMENT',
              existingAppointmentParams(upcoming.startAt, upcoming.timeZone),
            ),
          };
        }
      }
      return { isExistingPatient, existingAppointment, refusal };
    },
  };
}
