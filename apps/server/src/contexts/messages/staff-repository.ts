/*
 * The staff side's reads and writes of messages, always within one brand (`client_id`): the paged
 * list with its filters, one message with its text, queuing a resend, the brand's default zone,
 * and the reminder figures of a range.
 */
import { sql } from 'kysely';
import type { MessageChannel, MessageKind, MessageStatus } from '@scheduler/contract/admin/messages';
import type { Db } from '../../platform/db/database.ts';
import { onePage, parseSort } from '../../platform/db/paging.ts';
import type { PagedRows } from '../../platform/db/paging.ts';
import { inWriteTransaction } from '../../platform/db/transaction.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { SEND_QUEUE, sendJobKey } from './message-record.ts';

export interface MessageFilter {
  status?: MessageStatus | undefined;
  channel?: MessageChannel | undefined;
  kind?: MessageKind | undefined;
  patientId?: number | undefined;
  appointmentId?: number | undefined;
  /** [from, before) on the planned send time, epoch ms. */
  from?: number | undefined;
  before?: number | undefined;
  page: number;
  pageSize: number;
  sort: 'scheduledAt' | '-scheduledAt' | 'updatedAt' | '-updatedAt';
}

export interface MessageRow {
  id: number;
  appointmentId: number;
  patientId: number;
  patientFirstName: string;
  patientLastName: string;
  kind: MessageKind;
  channel: MessageChannel;
  status: MessageStatus;
  statusReason: string | null;
  toAddress: string | null;
  scheduledAt: number;
  appointmentStartAt: number;
  timeZone: string;
  sentAt: number | null;
  deliveredAt: number | null;
  attempts: number;
  createdAt: number;
  updatedAt: number;
}

export interface MessageDetailRow extends MessageRow {
  subject: string | null;
  body: string | null;
  bodyHtml: string | null;
  providerId: string | null;
  lastError: string | null;
  sends: number;
}

function joined(db: Db, clientId: number) {
  return db
    .selectFrom('messages as m')
    .innerJoin('patients as p', 'p.id', 'm.patient_id')
    .innerJoin('appointments as a', 'a.id', 'm.appointment_id')
    .innerJoin('locations as l', 'l.id', 'a.location_id')
    .where('m.client_id', '=', clientId);
}

const SUMMARY_COLUMNS = [
  'm.id',
  'm.appointment_id',
  'm.patient_id',
  'p.first_name',
  'p.last_name',
  'm.kind',
  'm.channel',
  'm.status',
  'm.status_reason',
  'm.to_address',
  'm.scheduled_at',
  'm.appointment_start_at',
  'l.time_zone',
  'm.sent_at',
  'm.delivered_at',
  'm.attempts',
  'm.created_at',
  'm.updated_at',
] as const;

type SummaryColumns = {
  id: number;
  appointment_id: number;
  patient_id: number;
  first_name: string;
  last_name: string;
  kind: MessageKind;
  channel: MessageChannel;
  status: MessageStatus;
  status_reason: string | null;
  to_address: string | null;
  scheduled_at: number;
  appointment_start_at: number;
  time_zone: string;
  sent_at: number | null;
  delivered_at: number | null;
  attempts: number;
  created_at: number;
  updated_at: number;
};

const nullableNumber = (value: number | null): number | null => (value === null ? null : Number(value));

function toRow(row: SummaryColumns): MessageRow {
  return {
    id: row.id,
    appointmentId: row.appointment_id,
    patientId: row.patient_id,
    patientFirstName: row.first_name,
    patientLastName: row.last_name,
    kind: row.kind,
    channel: row.channel,
    status: row.status,
    statusReason: row.status_reason,
    toAddress: row.to_address,
    scheduledAt: Number(row.scheduled_at),
    appointmentStartAt: Number(row.appointment_start_at),
    timeZone: row.time_zone,
    sentAt: nullableNumber(row.sent_at),
    deliveredAt: nullableNumber(row.delivered_at),
    attempts: row.attempts,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export async function listMessages(
  db: Db,
  clientId: number,
  filter: MessageFilter,
): Promise<PagedRows<MessageRow>> {
  let base = joined(db, clientId);
  if (filter.status !== undefined) base = base.where('m.status', '=', filter.status);
  if (filter.channel !== undefined) base = base.where('m.channel', '=', filter.channel);
  if (filter.kind !== undefined) base = base.where('m.kind', '=', filter.kind);
  if (filter.patientId !== undefined) base = base.where('m.patient_id', '=', filter.patientId);
  if (filter.appointmentId !== undefined) base = base.where('m.appointment_id', '=', filter.appointmentId);
  if (filter.from !== undefined) base = base.where('m.scheduled_at', '>=', filter.from);
  if (filter.before !== undefined) base = base.where('m.scheduled_at', '<', filter.before);
  const counted = await base.select(sql<number | string>`count(*)`.as('total')).executeTakeFirst();
  const { key, descending } = parseSort(filter.sort);
  const column = key === 'scheduledAt' ? 'm.scheduled_at' : 'm.updated_at';
  const direction = descending ? 'desc' : 'asc';
  const rows = await base
    .select(SUMMARY_COLUMNS)
    .orderBy(column, direction)
    .orderBy('m.id', direction)
    .$call(onePage(filter))
    .execute();
  return { rows: rows.map((row) => toRow(row)), total: Number(counted?.total ?? 0) };
}

export async function findMessage(
  db: Db,
  clientId: number,
  messageId: number,
): Promise<MessageDetailRow | undefined> {
  const row = await joined(db, clientId)
    .where('m.id', '=', messageId)
    .select([
      ...SUMMARY_COLUMNS,
      'm.subject',
      'm.body',
      'm.body_html',
      'm.provider_id',
      'm.last_error',
      'm.sends',
    ])
    .executeTakeFirst();
  return (
    row && {
      ...toRow(row),
      subject: row.subject,
      body: row.body,
      bodyHtml: row.body_html,
      providerId: row.provider_id,
      lastError: row.last_error,
      sends: row.sends,
    }
  );
}

/**
 * Queues a message again for a new send round (a new job, key `${id}.${round}`), when it is
 * still in one of `from` with one of `reasons` (null reason allowed for failed). False otherwise.
 */
export function queueResend(
  db: Db,
  jobs: JobQueue,
  clientId: number,
  messageId: number,
  resendable: (status: MessageStatus, reason: string | null) => boolean,
  nowMs: number,
): Promise<boolean> {
  return inWriteTransaction(db, async (trx) => {
    const current = await trx
      .selectFrom('messages')
      .select(['status', 'status_reason', 'sends'])
      .where('client_id', '=', clientId)
      .where('id', '=', messageId)
      .executeTakeFirst();
    if (current === undefined || !resendable(current.status, current.status_reason)) return false;
    const round = current.sends + 1;
    const updated = await trx
      .updateTable('messages')
      .set({ status: 'queued', status_reason: null, sends: round, updated_at: nowMs })
      .where('id', '=', messageId)
      .where('sends', '=', current.sends)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    await jobs.enqueue(trx, [
      {
        queue: SEND_QUEUE,
        key: sendJobKey(messageId, round),
        payload: { messageId },
        runAt: new Date(nowMs),
      },
    ]);
    return true;
  });
}

export async function defaultTimeZone(db: Db, clientId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('locations')
    .select('time_zone')
    .where('client_id', '=', clientId)
    .orderBy('sort_order')
    .orderBy('id')
    .executeTakeFirst();
  return row?.time_zone;
}

export interface ReportFigures {
  reminders: Record<MessageStatus, number>;
  confirmedByReply: number;
  reminded: { appointments: number; noShows: number };
  notReminded: { appointments: number; noShows: number };
}

/** Reminder figures: reminders planned in [from, before); appointments starting in it. */
export async function reportFigures(
  db: Db,
  clientId: number,
  from: number,
  before: number,
): Promise<ReportFigures> {
  const byStatus = await db
    .selectFrom('messages')
    .select(['status', sql<number | string>`count(*)`.as('n')])
    .where('client_id', '=', clientId)
    .where('kind', '=', 'reminder')
    .where('scheduled_at', '>=', from)
    .where('scheduled_at', '<', before)
    .groupBy('status')
    .execute();
  const reminders: Record<MessageStatus, number> = {
    queued: 0,
    sent: 0,
    delivered: 0,
    failed: 0,
    skipped: 0,
  };
  for (const row of byStatus) reminders[row.status] = Number(row.n);

  const confirmed = await db
    .selectFrom('message_replies')
    .select(sql<number | string>`count(distinct appointment_id)`.as('n'))
    .where('client_id', '=', clientId)
    .where('action', '=', 'confirm')
    .where('appointment_id', 'is not', null)
    .where('created_at', '>=', from)
    .where('created_at', '<', before)
    .executeTakeFirst();

  const outcomes = await db
    .selectFrom('appointments as a')
    .select([
      sql<number>`case when exists (select 1 from messages r where r.appointment_id = a.id and r.kind = 'reminder' and r.status in ('sent', 'delivered')) then 1 else 0 end`.as(
        'reminded',
      ),
      sql<number | string>`count(*)`.as('n'),
      sql<number | string>`sum(case when a.status = 'noshow' then 1 else 0 end)`.as('noshows'),
    ])
    .where('a.client_id', '=', clientId)
    .where('a.status', 'in', ['fulfilled', 'noshow'])
    .where('a.start_at', '>=', from)
    .where('a.start_at', '<', before)
    .groupBy(sql`1`)
    .execute();
  const figures = { reminded: { appointments: 0, noShows: 0 }, notReminded: { appointments: 0, noShows: 0 } };
  for (const row of outcomes) {
    const target = Number(row.reminded) === 1 ? figures.reminded : figures.notReminded;
    target.appointments = Number(row.n);
    target.noShows = Number(row.noshows ?? 0);
  }
  return { reminders, confirmedByReply: Number(confirmed?.n ?? 0), ...figures };
}
