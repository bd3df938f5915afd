/*
 * The Twilio webhooks' statements. They run in system scope (a webhook names no brand): a
 * delivery status finds its message by our id (in the callback URL) or Twilio's SID; a reply finds
 * the patients on file with the sender's number, in every brand.
 */
import type { Db } from '../../platform/db/database.ts';
import type { AppointmentStatus, MessageReplyAction, MessageStatusColumn } from '../../platform/db/schema.ts';

export interface DeliveryUpdate {
  messageId: number | undefined;
  providerId: string;
  status: 'sent' | 'delivered' | 'failed';
  reason: string | null;
}

/** The statuses a delivery status may move a message from: never back from a final one. */
const MOVES_FROM: Record<DeliveryUpdate['status'], MessageStatusColumn[]> = {
  sent: ['queued'],
  delivered: ['queued', 'sent'],
  failed: ['queued', 'sent'],
};

/** Applies a delivery status; false when no message moved (unknown, or already final). */
export async function applyDeliveryStatus(db: Db, update: DeliveryUpdate, nowMs: number): Promise<boolean> {
  let query = db
    .updateTable('messages')
    .set((eb) => ({
      status: update.status,
      provider_id: eb.fn.coalesce('provider_id', eb.val(update.providerId)),
      updated_at: nowMs,
      ...(update.status === 'delivered' ? { delivered_at: nowMs, status_reason: null } : {}),
      ...(update.status === 'sent' ? { sent_at: eb.fn.coalesce('sent_at', eb.val(nowMs)) } : {}),
      ...(update.status === 'failed' ? { status_reason: update.reason, last_error: update.reason } : {}),
    }))
    .where('channel', '=', 'sms')
    .where('status', 'in', MOVES_FROM[update.status]);
  query =
    update.messageId === undefined
      ? query.where('provider_id', '=', update.providerId)
      : query
          .where('id', '=', update.messageId)
          .where((eb) => eb.or([eb('provider_id', 'is', null), eb('provider_id', '=', update.providerId)]));
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface ReplyPatient {
  patientId: number;
  clientId: number;
}

export async function selectPatientsByPhone(db: Db, storedForms: readonly string[]): Promise<ReplyPatient[]> {
  if (storedForms.length === 0) return [];
  const rows = await db
    .selectFrom('patients')
    .select(['id', 'client_id'])
    .where('phone', 'in', [...storedForms])
    .orderBy('id')
    .limit(50)
    .execute();
  return rows.map((row) => ({ patientId: row.id, clientId: row.client_id }));
}

export interface ReplyAppointment {
  appointmentId: number;
  clientId: number;
  patientId: number;
  status: AppointmentStatus;
  startAt: number;
  version: number;
  timeZone: string;
  practiceName: string;
}

/** The earliest upcoming pending or booked appointment of these patients. */
export async function selectNextAppointment(
  db: Db,
  patientIds: readonly number[],
  nowMs: number,
): Promise<ReplyAppointment | undefined> {
  if (patientIds.length === 0) return undefined;
  const row = await db
    .selectFrom('appointments as a')
    .innerJoin('locations as l', 'l.id', 'a.location_id')
    .innerJoin('clients as c', 'c.id', 'a.client_id')
    .select([
      'a.id',
      'a.client_id',
      'a.patient_id',
      'a.status',
      'a.start_at',
      'a.version',
      'l.time_zone',
      'c.name',
    ])
    .where('a.patient_id', 'in', [...patientIds])
    .where('a.status', 'in', ['pending', 'booked'])
    .where('a.start_at', '>', nowMs)
    .orderBy('a.start_at')
    .orderBy('a.id')
    .limit(1)
    .executeTakeFirst();
  return (
    row && {
      appointmentId: row.id,
      clientId: row.client_id,
      patientId: row.patient_id,
      status: row.status,
      startAt: Number(row.start_at),
      version: row.version,
      timeZone: row.time_zone,
      practiceName: row.name,
    }
  );
}

export async function selectPracticeOf(
  db: Db,
  clientId: number,
): Promise<{ name: string; phone: string } | undefined> {
  return db.selectFrom('clients').select(['name', 'phone']).where('id', '=', clientId).executeTakeFirst();
}

/** pending → booked with its history row (by the patient's reply: no staff user). False if it moved meanwhile. */
export async function confirmPending(
  trx: Db,
  appointment: ReplyAppointment,
  reason: string,
  nowMs: number,
): Promise<boolean> {
  const updated = await trx
    .updateTable('appointments')
    .set({ status: 'booked', version: appointment.version + 1, updated_at: nowMs })
    .where('id', '=', appointment.appointmentId)
    .where('status', '=', 'pending')
    .where('version', '=', appointment.version)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return false;
  await trx
    .insertInto('appointment_status_history')
    .values({
      client_id: appointment.clientId,
      appointment_id: appointment.appointmentId,
      from_status: 'pending',
      to_status: 'booked',
      reason,
      changed_by_user_id: null,
      created_at: nowMs,
    })
    .execute();
  return true;
}

export async function setSmsConsent(
  db: Db,
  patientIds: readonly number[],
  consent: boolean,
  nowMs: number,
): Promise<void> {
  if (patientIds.length === 0) return;
  await db
    .updateTable('patients')
    .set({ sms_permission: consent ? 1 : 0, updated_at: nowMs })
    .where('id', 'in', [...patientIds])
    .execute();
}

export async function insertReplies(
  db: Db,
  rows: readonly {
    clientId: number;
    patientId: number;
    appointmentId: number | null;
    action: MessageReplyAction;
  }[],
  nowMs: number,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('message_replies')
    .values(
      rows.map((row) => ({
        client_id: row.clientId,
        patient_id: row.patientId,
        appointment_id: row.appointmentId,
        action: row.action,
        created_at: nowMs,
      })),
    )
    .execute();
}
