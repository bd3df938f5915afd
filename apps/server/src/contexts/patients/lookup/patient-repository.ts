import type { Db } from '../../../platform/db/database.ts';
import type { AppointmentStatus } from '../../../platform/db/schema.ts';
import { selectSchedulerScope } from '../../catalogue/index.ts';
import type { ScopeWithService } from '../../catalogue/index.ts';
import type { PatientCandidate } from '../matching.ts';

/** Statuses of an appointment that is still to come (it holds its time and is not over). */
export const upcomingStatuses: readonly AppointmentStatus[] = ['pending', 'booked', 'arrived', 'checked-in'];

export interface UpcomingAppointment {
  appointmentId: number;
  startAt: number;
  timeZone: string;
}

/** Patients of the client with this normalised name and date of birth. */
export async function selectPatientCandidates(
  db: Db,
  clientId: number,
  normalizedName: string,
  dateOfBirth: string,
): Promise<PatientCandidate[]> {
  return db
    .selectFrom('patients')
    .select(['id', 'phone', 'email'])
    .where('client_id', '=', clientId)
    .where('normalized_name', '=', normalizedName)
    .where('date_of_birth', '=', dateOfBirth)
    .orderBy('id')
    .execute();
}

/** The patient's next active appointment that has not ended yet, with its location's zone. */
export async function selectUpcomingAppointment(
  db: Db,
  clientId: number,
  patientId: number,
  nowMs: number,
): Promise<UpcomingAppointment | undefined> {
  const row = await db
    .selectFrom('appointments as a')
    .innerJoin('locations as l', 'l.id', 'a.location_id')
    .select(['a.id', 'a.start_at', 'l.time_zone'])
    .where('a.client_id', '=', clientId)
    .where('a.patient_id', '=', patientId)
    .where('a.status', 'in', [...upcomingStatuses])
    .where('a.end_at', '>', nowMs)
    .orderBy('a.start_at')
    .limit(1)
    .executeTakeFirst();
  return row && { appointmentId: row.id, startAt: Number(row.start_at), timeZone: row.time_zone };
}

/** The provider whose appointment decides appointment 3 (provider change for existing patients). */
export interface PatientProvider {
  id: number;
  prefix: string | null;
  firstName: string;
  lastName: string;
}

/**
 * The provider of the patient's latest appointment by start time (past or upcoming), cancelled and
 * entered-in-error ones left out; undefined when there is none.
 */
export async function selectPatientProvider(
  db: Db,
  clientId: number,
  patientId: number,
): Promise<PatientProvider | undefined> {
  const row = await db
    .selectFrom('appointments as a')
    .innerJoin('providers as p', 'p.id', 'a.provider_id')
    .select(['p.id', 'p.prefix', 'p.first_name', 'p.last_name'])
    .where('a.client_id', '=', clientId)
    .where('a.patient_id', '=', patientId)
    .where('a.status', 'not in', ['cancelled', 'entered-in-error'])
    .orderBy('a.start_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { id: row.id, prefix: row.prefix, firstName: row.first_name, lastName: row.last_name };
}

export interface PatientRepository {
  findScope(
    clientSlug: string,
    schedulerSlug: string,
    serviceId?: number,
  ): Promise<ScopeWithService | undefined>;
  findCandidates(clientId: number, normalizedName: string, dateOfBirth: string): Promise<PatientCandidate[]>;
  findUpcomingAppointment(
    clientId: number,
    patientId: number,
    nowMs: number,
  ): Promise<UpcomingAppointment | undefined>;
}

export function createPatientRepository(db: Db): PatientRepository {
  return {
    findScope: (clientSlug, schedulerSlug, serviceId) =>
      selectSchedulerScope(db, clientSlug, schedulerSlug, serviceId),
    findCandidates: (clientId, normalizedName, dateOfBirth) =>
      selectPatientCandidates(db, clientId, normalizedName, dateOfBirth),
    findUpcomingAppointment: (clientId, patientId, nowMs) =>
      selectUpcomingAppointment(db, clientId, patientId, nowMs),
  };
}
