/*
 * What sending one message reads and records. The send job runs outside any request (system
 * scope on PostgreSQL) and re-reads everything: the message, the appointment as it is now, and
 * the patient's details on file now. Every record is a single statement (no transaction held
 * across the provider call).
 */
import type { MessageChannel, MessageKind, MessageStatus } from '@scheduler/contract/admin/messages';
import { messageLanguageOf } from '@scheduler/domain/messages/kinds';
import type { MessageLanguage } from '@scheduler/domain/messages/kinds';
import type { Db } from '../../platform/db/database.ts';
import type { AppointmentStatus } from '../../platform/db/schema.ts';
import { inWriteTransaction } from '../../platform/db/transaction.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { SEND_QUEUE, sendJobKey } from './message-record.ts';

export interface MessageToSend {
  id: number;
  clientId: number;
  appointmentId: number;
  patientId: number;
  kind: MessageKind;
  channel: MessageChannel;
  status: MessageStatus;
  scheduledAt: number;
  appointmentStartAt: number;
  attempts: number;
}

/** The appointment, its place and people, as on file now. */
export interface SendFacts {
  appointmentId: number;
  schedulerId: number | null;
  status: AppointmentStatus;
  startAt: number;
  endAt: number;
  /** Grows with every change (the .ics SEQUENCE). */
  version: number;
  practiceName: string;
  practicePhone: string;
  location: {
    name: string;
    addressLine1: string;
    addressLine2: string | null;
    city: string;
    state: string;
    postalCode: string;
    phone: string;
    timeZone: string;
  };
  provider: { prefix: string | null; firstName: string; lastName: string };
  serviceName: string;
  patient: {
    firstName: string;
    email: string | null;
    phone: string | null;
    emailPermission: boolean;
    smsPermission: boolean;
  };
  /** The start of this appointment before its last move (from its earlier messages), if any. */
  previousStartAt: number | null;
  /** Issue 21: the language the patient booked in; the message goes out in it. */
  language: MessageLanguage;
}

export async function selectMessageToSend(db: Db, messageId: number): Promise<MessageToSend | undefined> {
  const row = await db
    .selectFrom('messages')
    .select([
      'id',
      'client_id',
      'appointment_id',
      'patient_id',
      'kind',
      'channel',
      'status',
      'scheduled_at',
      'appointment_start_at',
      'attempts',
    ])
    .where('id', '=', messageId)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      clientId: row.client_id,
      appointmentId: row.appointment_id,
      patientId: row.patient_id,
      kind: row.kind,
      channel: row.channel,
      status: row.status,
      scheduledAt: Number(row.scheduled_at),
      appointmentStartAt: Number(row.appointment_start_at),
      attempts: row.attempts,
    }
  );
}

export async function selectSendFacts(db: Db, appointmentId: number): Promise<SendFacts | undefined> {
  const row = await db
    .selectFrom('appointments as a')
    .innerJoin('clients as c', 'c.id', 'a.client_id')
    .innerJoin('locations as l', 'l.id', 'a.location_id')
    .innerJoin('providers as p', 'p.id', 'a.provider_id')
    .innerJoin('services as s', 's.id', 'a.service_id')
    .innerJoin('patients as pt', 'pt.id', 'a.patient_id')
    .select([
      'a.id',
      'a.scheduler_id',
      'a.status',
      'a.start_at',
      'a.end_at',
      'a.version',
      'a.language',
      'c.name as practice_name',
      'c.phone as practice_phone',
      'l.name as location_name',
      'l.address_line1',
      'l.address_line2',
      'l.city',
      'l.state',
      'l.postal_code',
      'l.phone as location_phone',
      'l.time_zone',
      'p.prefix',
      'p.first_name as provider_first_name',
      'p.last_name as provider_last_name',
      's.name as service_name',
      'pt.first_name',
      'pt.email',
      'pt.phone',
      'pt.email_permission',
      'pt.sms_permission',
    ])
    .where('a.id', '=', appointmentId)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const earlier = await db
    .selectFrom('messages')
    .select('appointment_start_at')
    .where('appointment_id', '=', appointmentId)
    .where('appointment_start_at', '<>', Number(row.start_at))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    appointmentId: row.id,
    schedulerId: row.scheduler_id,
    status: row.status,
    startAt: Number(row.start_at),
    endAt: Number(row.end_at),
    version: row.version,
    practiceName: row.practice_name,
    practicePhone: row.practice_phone,
    location: {
      name: row.location_name,
      addressLine1: row.address_line1,
      addressLine2: row.address_line2,
      city: row.city,
      state: row.state,
      postalCode: row.postal_code,
      phone: row.location_phone,
      timeZone: row.time_zone,
    },
    provider: { prefix: row.prefix, firstName: row.provider_first_name, lastName: row.provider_last_name },
    serviceName: row.service_name,
    patient: {
      firstName: row.first_name,
      email: row.email,
      phone: row.phone,
      emailPermission: row.email_permission === 1,
      smsPermission: row.sms_permission === 1,
    },
    previousStartAt: earlier === undefined ? null : Number(earlier.appointment_start_at),
    language: messageLanguageOf(row.language),
  };
}

export interface RenderedRecord {
  toAddress: string | null;
  subject: string | null;
  body: string | null;
  bodyHtml: string | null;
}

const rendered = (record: RenderedRecord) => ({
  to_address: record.toAddress,
  subject: record.subject,
  body: record.body,
  body_html: record.bodyHtml,
});

/** A queued message not sent, and why (with what it would have said, when rendered). */
export async function markSkipped(
  db: Db,
  messageId: number,
  reason: string,
  nowMs: number,
  record?: RenderedRecord,
): Promise<void> {
  await db
    .updateTable('messages')
    .set({ status: 'skipped', status_reason: reason, updated_at: nowMs, ...(record ? rendered(record) : {}) })
    .where('id', '=', messageId)
    .where('status', '=', 'queued')
    .execute();
}

/** Before the provider call: one more try, and what it says. */
export async function recordAttempt(
  db: Db,
  messageId: number,
  record: RenderedRecord,
  nowMs: number,
): Promise<void> {
  await db
    .updateTable('messages')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), updated_at: nowMs, ...rendered(record) }))
    .where('id', '=', messageId)
    .execute();
}

/** The provider took it. A delivery status that came first (SMS callback) is not overwritten. */
export async function markSent(db: Db, messageId: number, providerId: string, nowMs: number): Promise<void> {
  await db
    .updateTable('messages')
    .set({ provider_id: providerId, sent_at: nowMs, last_error: null, updated_at: nowMs })
    .where('id', '=', messageId)
    .execute();
  await db
    .updateTable('messages')
    .set({ status: 'sent', status_reason: null })
    .where('id', '=', messageId)
    .where('status', '=', 'queued')
    .execute();
}

/** A try failed: kept queued for the retry, or failed for good. */
export async function recordFailure(
  db: Db,
  messageId: number,
  error: string,
  final: boolean,
  nowMs: number,
): Promise<void> {
  await db
    .updateTable('messages')
    .set({
      last_error: error,
      updated_at: nowMs,
      ...(final ? { status: 'failed' as const, status_reason: error } : {}),
    })
    .where('id', '=', messageId)
    .execute();
}

/** A due SMS found in quiet hours (a backlog after downtime): a new send round at `runAt`. */
export function deferSend(
  db: Db,
  jobs: JobQueue,
  messageId: number,
  runAt: Date,
  nowMs: number,
): Promise<void> {
  return inWriteTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('messages')
      .set((eb) => ({ sends: eb('sends', '+', 1), updated_at: nowMs }))
      .where('id', '=', messageId)
      .where('status', '=', 'queued')
      .returning('sends')
      .executeTakeFirst();
    if (updated === undefined) return;
    await jobs.enqueue(trx, [
      { queue: SEND_QUEUE, key: sendJobKey(messageId, updated.sends), payload: { messageId }, runAt },
    ]);
  });
}
