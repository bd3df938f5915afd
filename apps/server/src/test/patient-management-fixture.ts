/*
 * Rows for the patient management and report tests, written straight to the database (the way the
 * booking transaction writes them: appointment, first status-history row, slot units).
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../platform/db/database.ts';
import type { AppointmentStatus } from '../platform/db/schema.ts';
import { holdsSlotUnits, slotUnitStarts } from '../platform/db/slot-units.ts';
import { writePatientSearchTokens } from '../contexts/patients/index.ts';

export interface TestPatient {
  clientId: number;
  firstName: string;
  lastName: string;
  dateOfBirth?: string;
  phone?: string | null;
  email?: string | null;
  createdAt?: number;
}

export async function insertPatient(db: Db, patient: TestPatient): Promise<number> {
  const at = patient.createdAt ?? Date.UTC(2026, 0, 1);
  const { id } = await db
    .insertInto('patients')
    .values({
      client_id: patient.clientId,
      first_name: patient.firstName,
      last_name: patient.lastName,
      normalized_name: `${patient.firstName.toLowerCase()}|${patient.lastName.toLowerCase()}`,
      date_of_birth: patient.dateOfBirth ?? '1980-01-01',
      gender: null,
      phone: patient.phone ?? null,
      email: patient.email ?? null,
      sms_permission: 1,
      email_permission: 0,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // As the booking writes a patient: with the staff search's tokens.
  await writePatientSearchTokens(db, patient.clientId, id, {
    firstName: patient.firstName,
    lastName: patient.lastName,
    email: patient.email ?? null,
    phone: patient.phone ?? null,
  });
  return id;
}

export interface TestAppointment {
  clientId: number;
  patientId: number;
  providerId: number;
  locationId: number;
  serviceId: number;
  startAt: number;
  minutes?: number;
  status?: AppointmentStatus;
  channel?: string | null;
  isNewPatient?: boolean;
  createdAt?: number;
}

export async function insertAppointment(db: Db, a: TestAppointment): Promise<number> {
  const status = a.status ?? 'booked';
  const endAt = a.startAt + (a.minutes ?? 30) * 60_000;
  // Booked well before the pinned test clock (2026-11-25) unless a test says otherwise.
  const createdAt = a.createdAt ?? Math.min(a.startAt - 7 * 86_400_000, Date.UTC(2026, 6, 1));
  const { id } = await db
    .insertInto('appointments')
    .values({
      client_id: a.clientId,
      scheduler_id: null,
      provider_id: a.providerId,
      location_id: a.locationId,
      service_id: a.serviceId,
      patient_id: a.patientId,
      insurance_policy_id: null,
      start_at: a.startAt,
      end_at: endAt,
      status,
      is_new_patient: a.isNewPatient === true ? 1 : 0,
      idempotency_key: randomUUID(),
      session_id: null,
      channel: a.channel === undefined ? 'website' : a.channel,
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
      utm_term: null,
      rwg_token: null,
      reason: 'Check-up',
      notes: null,
      cancel_reason: null,
      version: 1,
      created_by_user_id: null,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('appointment_status_history')
    .values({
      client_id: a.clientId,
      appointment_id: id,
      from_status: null,
      to_status: status,
      reason: null,
      changed_by_user_id: null,
      created_at: createdAt,
    })
    .execute();
  if (holdsSlotUnits(status)) {
    await db
      .insertInto('appointment_slot_units')
      .values(
        slotUnitStarts(a.startAt, endAt).map((unitStart) => ({
          client_id: a.clientId,
          provider_id: a.providerId,
          unit_start: unitStart,
          appointment_id: id,
        })),
      )
      .execute();
  }
  return id;
}

export async function slotUnitCount(db: Db, appointmentId: number): Promise<number> {
  const row = await db
    .selectFrom('appointment_slot_units')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('appointment_id', '=', appointmentId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function auditRows(
  db: Db,
  filter: { action: string; recordId?: number | string; clientId?: number },
): Promise<
  { user_id: number | null; client_id: number | null; ip: string | null; details: string | null }[]
> {
  let query = db
    .selectFrom('audit_log')
    .select(['user_id', 'client_id', 'ip', 'details'])
    .where('action', '=', filter.action);
  if (filter.recordId !== undefined) query = query.where('record_id', '=', String(filter.recordId));
  if (filter.clientId !== undefined) query = query.where('client_id', '=', filter.clientId);
  return query.orderBy('id').execute();
}

export async function userIdOf(db: Db, email: string): Promise<number> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.id;
}

/** A provider with no appointments at all (for tests that need times near the pinned clock). */
export async function insertProvider(db: Db, clientId: number, lastName = 'Idle'): Promise<number> {
  const at = Date.UTC(2026, 0, 1);
  const { id } = await db
    .insertInto('providers')
    .values({
      client_id: clientId,
      prefix: null,
      first_name: 'Test',
      middle_name: null,
      last_name: lastName,
      credentials: null,
      specialty: null,
      gender: null,
      bio: null,
      photo_url: null,
      online_bookable: 0,
      accepting_new_patients: 1,
      sort_order: 999,
      version: 1,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
