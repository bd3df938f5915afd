/*
 * The SQL of the front desk (issue 19) that the booking, the slot search and the manage link do
 * not already have: the scheduler whose rules a staff booking is judged by, a service, a patient
 * on file, and one appointment as the dialogs show it. Every statement is scoped by client_id.
 */
import type { Db } from '../../../platform/db/database.ts';
import type { AppointmentStatus } from '../../../platform/db/schema.ts';
import { requireScope, selectSchedulerScopeById } from '../../catalogue/index.ts';
import type { SchedulerScope } from '../../catalogue/index.ts';

/**
 * The scheduler whose settings (minimum notice, contact permissions) a staff change is judged by:
 * `schedulerId` when it is the brand's, else the brand's first scheduler. Undefined without one.
 */
export async function selectStaffScope(
  db: Db,
  clientId: number,
  schedulerId: number | null,
): Promise<SchedulerScope | undefined> {
  const schedulers = await db
    .selectFrom('schedulers')
    .select('id')
    .where('client_id', '=', clientId)
    .orderBy('id')
    .execute();
  const chosen = schedulers.find((row) => row.id === schedulerId) ?? schedulers[0];
  if (chosen === undefined) return undefined;
  const record = await selectSchedulerScopeById(db, clientId, chosen.id);
  return record === undefined ? undefined : requireScope(record);
}

export interface StaffService {
  id: number;
  name: string;
  durationMinutes: number;
}

export async function selectService(
  db: Db,
  clientId: number,
  serviceId: number,
): Promise<StaffService | undefined> {
  const row = await db
    .selectFrom('services')
    .select(['id', 'name', 'duration_minutes'])
    .where('client_id', '=', clientId)
    .where('id', '=', serviceId)
    .executeTakeFirst();
  return row && { id: row.id, name: row.name, durationMinutes: row.duration_minutes };
}

export interface PatientOnFile {
  id: number;
  firstName: string;
  lastName: string;
  normalizedName: string;
  dateOfBirth: string;
}

export async function selectPatientOnFile(
  db: Db,
  clientId: number,
  patientId: number,
): Promise<PatientOnFile | undefined> {
  const row = await db
    .selectFrom('patients')
    .select(['id', 'first_name', 'last_name', 'normalized_name', 'date_of_birth'])
    .where('client_id', '=', clientId)
    .where('id', '=', patientId)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      normalizedName: row.normalized_name,
      dateOfBirth: row.date_of_birth,
    }
  );
}

/**
 * Issue 21: the language of the patient's most recently made booking (its messages went out in
 * it), or undefined for a patient with none. One row by the (patient_id, start_at) index.
 */
export async function selectLastBookingLanguage(
  db: Db,
  clientId: number,
  patientId: number,
): Promise<'en' | 'es' | undefined> {
  const row = await db
    .selectFrom('appointments')
    .select('language')
    .where('client_id', '=', clientId)
    .where('patient_id', '=', patientId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return row.language === 'es' ? 'es' : 'en';
}

/** One appointment as the front desk's dialogs show it. */
export interface AppointmentView {
  id: number;
  schedulerId: number | null;
  status: AppointmentStatus;
  startAt: number;
  endAt: number;
  timeZone: string;
  patient: { id: number; firstName: string; lastName: string };
  provider: {
    id: number;
    prefix: string | null;
    firstName: string;
    lastName: string;
    credentials: string | null;
  };
  location: { id: number; name: string };
  service: { id: number; name: string };
}

export async function selectAppointmentView(
  db: Db,
  clientId: number,
  appointmentId: number,
): Promise<AppointmentView | undefined> {
  const row = await db
    .selectFrom('appointments as a')
    .innerJoin('patients as pt', 'pt.id', 'a.patient_id')
    .innerJoin('providers as p', 'p.id', 'a.provider_id')
    .innerJoin('locations as l', 'l.id', 'a.location_id')
    .innerJoin('services as sv', 'sv.id', 'a.service_id')
    .select([
      'a.id',
      'a.scheduler_id',
      'a.status',
      'a.start_at',
      'a.end_at',
      'l.time_zone',
      'pt.id as patient_id',
      'pt.first_name as patient_first_name',
      'pt.last_name as patient_last_name',
      'p.id as provider_id',
      'p.prefix',
      'p.first_name as provider_first_name',
      'p.last_name as provider_last_name',
      'p.credentials',
      'l.id as location_id',
      'l.name as location_name',
      'sv.id as service_id',
      'sv.name as service_name',
    ])
    .where('a.client_id', '=', clientId)
    .where('a.id', '=', appointmentId)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    id: row.id,
    schedulerId: row.scheduler_id,
    status: row.status,
    startAt: Number(row.start_at),
    endAt: Number(row.end_at),
    timeZone: row.time_zone,
    patient: { id: row.patient_id, firstName: row.patient_first_name, lastName: row.patient_last_name },
    provider: {
      id: row.provider_id,
      prefix: row.prefix,
      firstName: row.provider_first_name,
      lastName: row.provider_last_name,
      credentials: row.credentials,
    },
    location: { id: row.location_id, name: row.location_name },
    service: { id: row.service_id, name: row.service_name },
  };
}

/** The provider and time an appointment holds (a reschedule's own time, left out of the busy periods). */
export async function selectManagedOwnTime(
  db: Db,
  clientId: number,
  appointmentId: number,
): Promise<{ providerId: number; startAt: number; endAt: number } | undefined> {
  const row = await db
    .selectFrom('appointments')
    .select(['provider_id', 'start_at', 'end_at'])
    .where('client_id', '=', clientId)
    .where('id', '=', appointmentId)
    .executeTakeFirst();
  return row && { providerId: row.provider_id, startAt: Number(row.start_at), endAt: Number(row.end_at) };
}
