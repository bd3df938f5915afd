/*
 * The SQL of the patient management API, one repository per query family: the patient search,
 * a patient's record, appointments, notes and status changes (the audit trail: audit-read-repository.ts).
 * Every statement is scoped by client_id; the services audit every read and change.
 */
import type { Db } from '../../../platform/db/database.ts';
import { createAppointmentZonesRepository } from './appointment-zones-repository.ts';
import type { AppointmentZonesRepository } from './appointment-zones-repository.ts';
import { createAppointmentReadRepository } from './appointment-read-repository.ts';
import type { AppointmentReadRepository } from './appointment-read-repository.ts';
import { createLastAppointmentRepository } from './last-appointment-repository.ts';
import type { LastAppointmentRepository } from './last-appointment-repository.ts';
import { createNotesRepository } from './notes-repository.ts';
import type { NotesRepository } from './notes-repository.ts';
import { createPatientRecordRepository } from './patient-record-repository.ts';
import type { PatientRecordRepository } from './patient-record-repository.ts';
import { createPatientSearchRepository } from './patient-search-repository.ts';
import type { PatientSearchRepository } from './patient-search-repository.ts';
import { createStatusChangeRepository } from './status-change-repository.ts';
import type { StatusChangeRepository } from './status-change-repository.ts';
import type { AppointmentMessages } from '../../messages/index.ts';
import type { WaitlistOffers } from '../../waitlist/index.ts';

export type PatientManagementRepository = PatientSearchRepository &
  PatientRecordRepository &
  AppointmentReadRepository &
  LastAppointmentRepository &
  AppointmentZonesRepository &
  NotesRepository &
  StatusChangeRepository;

export function createPatientManagementRepository(
  db: Db,
  messages?: AppointmentMessages,
  waitlistOffers?: WaitlistOffers,
): PatientManagementRepository {
  return {
    ...createPatientSearchRepository(db),
    ...createPatientRecordRepository(db),
    ...createAppointmentReadRepository(db),
    ...createLastAppointmentRepository(db),
    ...createAppointmentZonesRepository(db),
    ...createNotesRepository(db),
    ...createStatusChangeRepository(db, messages, waitlistOffers),
  };
}
