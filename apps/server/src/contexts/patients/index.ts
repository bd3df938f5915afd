/*
 * Patients: the anonymous flow's patient lookup (POST createPatients), the staff search
 * (GET getPatients), the patient management API (patient list, details, appointments, notes,
 * status changes, audit trail) and a patient's appointments for staff screens. The only entry
 * other contexts and app.ts import.
 */
export { patientRoutes } from './routes.ts';
export { patientManagementRoutes } from './staff/routes.ts';
export type { PatientManagementRoutesOptions } from './staff/routes.ts';
export { auditLogRoutes } from './staff/audit-log-routes.ts';
export { patientAppointmentsRoutes } from './staff/patient-appointments-routes.ts';

// Matching a person to the brand's patients: used by the booking (scheduling) and the waitlist.
export {
  comparableEmail,
  comparablePhone,
  existingAppointmentParams,
  isExactIdentityMatch,
  normalizedPatientName,
  pickPatientMatch,
} from './matching.ts';
export type { PatientCandidate } from './matching.ts';
export {
  selectPatientCandidates,
  selectPatientProvider,
  selectUpcomingAppointment,
} from './lookup/patient-repository.ts';
export type { PatientProvider, UpcomingAppointment } from './lookup/patient-repository.ts';
// Issue 15: pending changes instead of overwriting a matched patient (finding 3); the lookups'
// per-identity limit (finding 10).
export { keepPendingContactChange } from './pending-changes/pending-change-repository.ts';
export type { PendingContactChangeInput } from './pending-changes/pending-change-repository.ts';
export { identityLookupLimit } from './lookup/identity-limit.ts';
// Issue 19: the staff search's tokens, written in the transaction of every write of a patient's
// name, e-mail or phone (the booking's new patient; pending changes are applied here).
export { writePatientSearchTokens } from './staff/search-tokens-repository.ts';
