/*
 * Use cases of the patient management API. Every read or change of patient data writes one audit
 * entry (ids and field names only) before the data leaves; records of another brand are simply
 * not found (404), so their existence never leaks.
 */
import type { AuditLog } from '../../../platform/audit/audit-log.ts';
import { createAppointmentService } from './appointment-service.ts';
import type { AppointmentService } from './appointment-service.ts';
import { createNotesService } from './notes-service.ts';
import type { NotesService } from './notes-service.ts';
import type { PatientManagementRepository } from './patient-management-repository.ts';
import { createPatientDetailsService } from './patient-details-service.ts';
import type { PatientDetailsService } from './patient-details-service.ts';
import { createPatientListService } from './patient-list-service.ts';
import type { PatientListService } from './patient-list-service.ts';

export type { StaffActor } from './service-parts.ts';
export { PATIENT_APPOINTMENTS_LIMIT } from './service-parts.ts';
export { parseSearch } from './search-terms.ts';

export type PatientManagementService = PatientListService &
  PatientDetailsService &
  AppointmentService &
  NotesService;

export function createPatientManagementService(deps: {
  repository: PatientManagementRepository;
  audit: AuditLog;
  now: () => number;
}): PatientManagementService {
  return {
    ...createPatientListService(deps),
    ...createPatientDetailsService(deps),
    ...createAppointmentService(deps),
    ...createNotesService(deps),
  };
}
