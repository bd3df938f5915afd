/*
 * The one record type and row mapper of a patient and of an appointment (with the names of its
 * location, provider and service) for the staff screens, and the query that reads them.
 */
import type { Db } from '../../../platform/db/database.ts';
import type { AppointmentStatus, Gender } from '../../../platform/db/schema.ts';

export interface NamedRecord {
  id: number;
  name: string;
}

export interface ProviderNameRecord {
  id: number;
  prefix: string | null;
  firstName: string;
  lastName: string;
}

export interface PatientRecord {
  patientId: number;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  gender: Gender | null;
  phone: string | null;
  email: string | null;
  smsPermission: boolean;
  emailPermission: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface AppointmentRecord {
  appointmentId: number;
  patientId: number;
  startAt: number;
  endAt: number;
  timeZone: string;
  status: AppointmentStatus;
  location: NamedRecord;
  provider: ProviderNameRecord;
  service: NamedRecord;
  isNewPatient: boolean;
  channel: string | null;
  reason: string | null;
  cancelReason: string | null;
  version: number;
  createdAt: number;
}

export const patientColumns = [
  'id',
  'first_name',
  'last_name',
  'date_of_birth',
  'gender',
  'phone',
  'email',
  'sms_permission',
  'email_permission',
  'created_at',
  'updated_at',
] as const;

export function toPatient(row: {
  id: number;
  first_name: string;
  last_name: string;
  date_of_birth: string;
  gender: Gender | null;
  phone: string | null;
  email: string | null;
  sms_permission: number;
  email_permission: number;
  created_at: number;
  updated_at: number;
}): PatientRecord {
  return {
    patientId: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    dateOfBirth: row.date_of_birth,
    gender: row.gender,
    phone: row.phone,
    email: row.email,
    smsPermission: row.sms_permission === 1,
    emailPermission: row.email_permission === 1,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export const appointmentColumns = [
  'a.id',
  'a.patient_id',
  'a.start_at',
  'a.end_at',
  'a.status',
  'a.is_new_patient',
  'a.channel',
  'a.reason',
  'a.cancel_reason',
  'a.version',
  'a.created_at',
  'l.id as location_id',
  'l.name as location_name',
  'l.time_zone',
  'pr.id as provider_id',
  'pr.prefix as provider_prefix',
  'pr.first_name as provider_first_name',
  'pr.last_name as provider_last_name',
  's.id as service_id',
  's.name as service_name',
] as const;

/** Appointments joined with the names of their location, provider and service (`a`, `l`, `pr`, `s`). */
export function appointmentsWithNames(db: Db) {
  return db
    .selectFrom('appointments as a')
    .innerJoin('locations as l', 'l.id', 'a.location_id')
    .innerJoin('providers as pr', 'pr.id', 'a.provider_id')
    .innerJoin('services as s', 's.id', 'a.service_id');
}

interface AppointmentRow {
  id: number;
  patient_id: number;
  start_at: number;
  end_at: number;
  status: AppointmentStatus;
  is_new_patient: number;
  channel: string | null;
  reason: string | null;
  cancel_reason: string | null;
  version: number;
  created_at: number;
  location_id: number;
  location_name: string;
  time_zone: string;
  provider_id: number;
  provider_prefix: string | null;
  provider_first_name: string;
  provider_last_name: string;
  service_id: number;
  service_name: string;
}

export function toAppointment(row: AppointmentRow): AppointmentRecord {
  return {
    appointmentId: row.id,
    patientId: row.patient_id,
    startAt: Number(row.start_at),
    endAt: Number(row.end_at),
    timeZone: row.time_zone,
    status: row.status,
    location: { id: row.location_id, name: row.location_name },
    provider: {
      id: row.provider_id,
      prefix: row.provider_prefix,
      firstName: row.provider_first_name,
      lastName: row.provider_last_name,
    },
    service: { id: row.service_id, name: row.service_name },
    isNewPatient: row.is_new_patient === 1,
    channel: row.channel,
    reason: row.reason,
    cancelReason: row.cancel_reason,
    version: row.version,
    createdAt: Number(row.created_at),
  };
}
