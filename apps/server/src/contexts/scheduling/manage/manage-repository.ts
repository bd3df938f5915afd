/*
 * The SQL of the manage link (issue 18): the appointment a token names (by the token's SHA-256),
 * its link nonce (made on first use, replaced by "resend link"), and the patient's cancel and
 * reschedule writes. Public requests run in system scope on PostgreSQL (they name no client): the
 * lookup by hash is the only statement that crosses clients; the rest is scoped by client_id.
 */
import type { Db } from '../../../platform/db/database.ts';
import type { AppointmentStatus, EpochMs } from '../../../platform/db/schema.ts';
import { slotUnitStarts } from '../../../platform/db/slot-units.ts';
import { deriveManageToken, manageTokenHash, newManageNonce } from './manage-token.ts';

/** An appointment as the manage page needs it. */
export interface ManagedAppointment {
  id: number;
  clientId: number;
  clientSlug: string;
  schedulerSlug: string | null;
  status: AppointmentStatus;
  startAt: EpochMs;
  endAt: EpochMs;
  providerId: number;
  locationId: number;
  serviceId: number;
  patientId: number;
  isNewPatient: boolean;
  patientFirstName: string;
  provider: {
    id: number;
    prefix: string | null;
    firstName: string;
    lastName: string;
    credentials: string | null;
  };
  rescheduleCount: number;
  rescheduledFromAt: EpochMs | null;
  version: number;
  cancelCutoffHours: number;
  rescheduleCutoffHours: number;
  rescheduleLimit: number;
}

function managedQuery(db: Db) {
  return db
    .selectFrom('appointments as a')
    .innerJoin('clients as c', 'c.id', 'a.client_id')
    .leftJoin('schedulers as sc', 'sc.id', 'a.scheduler_id')
    .innerJoin('patients as pt', 'pt.id', 'a.patient_id')
    .innerJoin('services as sv', 'sv.id', 'a.service_id')
    .innerJoin('providers as p', 'p.id', 'a.provider_id')
    .select([
      'p.prefix',
      'p.first_name as provider_first_name',
      'p.last_name as provider_last_name',
      'p.credentials',
      'a.id',
      'a.client_id',
      'c.slug as client_slug',
      'sc.slug as scheduler_slug',
      'a.status',
      'a.start_at',
      'a.end_at',
      'a.provider_id',
      'a.location_id',
      'a.service_id',
      'a.patient_id',
      'a.is_new_patient',
      'pt.first_name',
      'a.reschedule_count',
      'a.rescheduled_from_at',
      'a.version',
      'sv.patient_cancel_cutoff_hours',
      'sv.patient_reschedule_cutoff_hours',
      'sv.patient_reschedule_limit',
    ]);
}

type ManagedRow = NonNullable<Awaited<ReturnType<ReturnType<typeof managedQuery>['executeTakeFirst']>>>;

function toManaged(row: ManagedRow): ManagedAppointment {
  return {
    id: row.id,
    clientId: row.client_id,
    clientSlug: row.client_slug,
    schedulerSlug: row.scheduler_slug,
    status: row.status,
    startAt: Number(row.start_at),
    endAt: Number(row.end_at),
    providerId: row.provider_id,
    locationId: row.location_id,
    serviceId: row.service_id,
    patientId: row.patient_id,
    isNewPatient: row.is_new_patient === 1,
    patientFirstName: row.first_name,
    provider: {
      id: row.provider_id,
      prefix: row.prefix,
      firstName: row.provider_first_name,
      lastName: row.provider_last_name,
      credentials: row.credentials,
    },
    rescheduleCount: Number(row.reschedule_count),
    rescheduledFromAt: row.rescheduled_from_at === null ? null : Number(row.rescheduled_from_at),
    version: row.version,
    cancelCutoffHours: Number(row.patient_cancel_cutoff_hours),
    rescheduleCutoffHours: Number(row.patient_reschedule_cutoff_hours),
    rescheduleLimit: Number(row.patient_reschedule_limit),
  };
}

/** The appointment whose link's token hashes to `tokenHash` (any state: the caller decides). */
export async function selectByTokenHash(db: Db, tokenHash: string): Promise<ManagedAppointment | undefined> {
  const row = await managedQuery(db).where('a.manage_token_hash', '=', tokenHash).executeTakeFirst();
  return row && toManaged(row);
}

export async function selectManaged(
  db: Db,
  clientId: number,
  appointmentId: number,
): Promise<ManagedAppointment | undefined> {
  const row = await managedQuery(db)
    .where('a.client_id', '=', clientId)
    .where('a.id', '=', appointmentId)
    .executeTakeFirst();
  return row && toManaged(row);
}

/**
 * The appointment's current token: its nonce's, made (with the hash) when it has none yet. Two
 * concurrent first uses agree: only the first update finds the nonce null, both read it back.
 */
export async function ensureManageToken(db: Db, key: Buffer, appointmentId: number): Promise<string> {
  const nonce = newManageNonce();
  await db
    .updateTable('appointments')
    .set({
      manage_nonce: nonce,
      manage_token_hash: manageTokenHash(deriveManageToken(key, appointmentId, nonce)),
    })
    .where('id', '=', appointmentId)
    .where('manage_nonce', 'is', null)
    .execute();
  const row = await db
    .selectFrom('appointments')
    .select('manage_nonce')
    .where('id', '=', appointmentId)
    .executeTakeFirstOrThrow();
  return deriveManageToken(key, appointmentId, row.manage_nonce ?? nonce);
}

/** A new nonce (every earlier link of the appointment stops working); the new token. */
export async function rotateManageToken(db: Db, key: Buffer, appointmentId: number): Promise<string> {
  const nonce = newManageNonce();
  const token = deriveManageToken(key, appointmentId, nonce);
  await db
    .updateTable('appointments')
    .set({ manage_nonce: nonce, manage_token_hash: manageTokenHash(token) })
    .where('id', '=', appointmentId)
    .execute();
  return token;
}

export interface PatientCancellation {
  appointment: ManagedAppointment;
  reasonLabel: string;
  note: string | null;
  nowMs: number;
  /** A front-desk cancellation (issue 19): by this staff user, `cancelled_by = 'staff'`. */
  byStaffUserId?: number;
}

/**
 * Cancels by the patient: status cancelled, who and why, a status-history row (no staff user),
 * the time freed (slot units deleted). False when the appointment was changed meanwhile.
 */
export async function cancelByPatient(trx: Db, change: PatientCancellation): Promise<boolean> {
  const { appointment, nowMs } = change;
  const byStaff = change.byStaffUserId !== undefined;
  const updated = await trx
    .updateTable('appointments')
    .set({
      status: 'cancelled',
      cancelled_by: byStaff ? 'staff' : 'patient',
      cancel_reason: change.reasonLabel,
      cancel_note: change.note,
      version: appointment.version + 1,
      updated_at: nowMs,
    })
    .where('client_id', '=', appointment.clientId)
    .where('id', '=', appointment.id)
    .where('version', '=', appointment.version)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return false;
  await trx
    .insertInto('appointment_status_history')
    .values({
      client_id: appointment.clientId,
      appointment_id: appointment.id,
      from_status: appointment.status,
      to_status: 'cancelled',
      reason: byStaff ? change.reasonLabel : `Cancelled by patient online: ${change.reasonLabel}`,
      changed_by_user_id: change.byStaffUserId ?? null,
      created_at: nowMs,
    })
    .execute();
  await trx.deleteFrom('appointment_slot_units').where('appointment_id', '=', appointment.id).execute();
  return true;
}

export interface PatientMove {
  appointment: ManagedAppointment;
  providerId: number;
  /** The location (default: the appointment's own); staff may move it to another one (issue 19). */
  locationId?: number;
  /** A staff move: not counted against the patient's own reschedules (`reschedule_count`). */
  byStaff?: boolean;
  startAt: EpochMs;
  endAt: EpochMs;
  nowMs: number;
}

/**
 * Moves the appointment (same row: same id, confirmation number, link and calendar UID): the new
 * start, end and provider, one more reschedule, the old start kept; the old slot units released
 * and the new ones taken. The slot-unit key refuses a taken time (isSlotUnitConflict), and the
 * caller's transaction rolls everything back. False when the appointment was changed meanwhile.
 */
export async function moveByPatient(trx: Db, move: PatientMove): Promise<boolean> {
  const { appointment, nowMs } = move;
  const updated = await trx
    .updateTable('appointments')
    .set({
      start_at: move.startAt,
      end_at: move.endAt,
      provider_id: move.providerId,
      location_id: move.locationId ?? appointment.locationId,
      ...(move.byStaff === true
        ? {}
        : { reschedule_count: appointment.rescheduleCount + 1, rescheduled_from_at: appointment.startAt }),
      version: appointment.version + 1,
      updated_at: nowMs,
    })
    .where('client_id', '=', appointment.clientId)
    .where('id', '=', appointment.id)
    .where('version', '=', appointment.version)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return false;
  await trx.deleteFrom('appointment_slot_units').where('appointment_id', '=', appointment.id).execute();
  await trx
    .insertInto('appointment_slot_units')
    .values(
      slotUnitStarts(move.startAt, move.endAt).map((unitStart) => ({
        client_id: appointment.clientId,
        provider_id: move.providerId,
        unit_start: unitStart,
        appointment_id: appointment.id,
      })),
    )
    .execute();
  return true;
}
