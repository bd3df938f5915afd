/*
 * The staff side of messages (contract: packages/contract/src/admin/messages.ts): the brand's
 * messages and one with its text (patients:read, audited), a resend (patients:write, audited),
 * a scheduler's reminder rules (config:read / config:write, audited change), the reminder figures
 * (reports:read; counts only).
 */
import type {
  MessageDetail,
  MessageListQuery,
  MessageListResponse,
  MessageReport,
  MessageReportQuery,
  MessageRules,
  MessageSummary,
  UpdateMessageRulesRequest,
} from '@scheduler/contract/admin/messages';
import {
  DEFAULT_QUIET_HOURS,
  DEFAULT_REMINDER_RULES,
  REMINDER_OFFSET_MAX_MINUTES,
} from '@scheduler/contract/admin/messages';
import { DomainError } from '@scheduler/domain/errors';
import { addCalendarDays } from '@scheduler/domain/local-date';
import { localDateOf, startOfLocalDay } from '@scheduler/domain/time-zone';
import type { AuditActor, AuditLog } from '../../platform/audit/audit-log.ts';
import type { Db } from '../../platform/db/database.ts';
import { pageOf } from '../../platform/db/paging.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { canResend, clockMinutes, clockText } from './message-record.ts';
import { saveRules, schedulerOfClient, selectRules } from './rules-repository.ts';
import {
  defaultTimeZone,
  findMessage,
  listMessages,
  queueResend,
  reportFigures,
} from './staff-repository.ts';
import type { MessageDetailRow, MessageRow } from './staff-repository.ts';

export const MESSAGE_NOT_FOUND = 'We could not find that message.';
export const NOT_RESENDABLE =
  'Only a failed message, or one not sent for lack of a transport, can be sent again.';
const REPORT_DEFAULT_DAYS = 30;
const MAX_REPORT_DAYS = 366;

export interface MessagesStaffDeps {
  db: Db;
  jobs: JobQueue;
  audit: AuditLog;
  now: () => Date;
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

export function toSummary(row: MessageRow): MessageSummary {
  return {
    messageId: String(row.id),
    appointmentId: String(row.appointmentId),
    patientId: String(row.patientId),
    patientName: `${row.patientLastName}, ${row.patientFirstName}`,
    kind: row.kind,
    channel: row.channel,
    status: row.status,
    statusReason: row.statusReason,
    toAddress: row.toAddress,
    scheduledAt: new Date(row.scheduledAt).toISOString(),
    appointmentStartUtc: new Date(row.appointmentStartAt).toISOString(),
    timeZone: row.timeZone,
    sentAt: iso(row.sentAt),
    deliveredAt: iso(row.deliveredAt),
    attempts: row.attempts,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    canResend: canResend(row.status, row.statusReason),
  };
}

function toDetail(row: MessageDetailRow): MessageDetail {
  return {
    ...toSummary(row),
    subject: row.subject,
    body: row.body,
    bodyHtml: row.bodyHtml,
    providerId: row.providerId,
    lastError: row.lastError,
  };
}

function rulesOf(schedulerId: number, stored: Awaited<ReturnType<typeof selectRules>>): MessageRules {
  if (stored === undefined)
    return {
      schedulerId: String(schedulerId),
      reminders: [...DEFAULT_REMINDER_RULES],
      quietHours: DEFAULT_QUIET_HOURS,
      isDefault: true,
      version: 0,
    };
  return {
    schedulerId: String(schedulerId),
    reminders: stored.reminders.filter((rule) => rule.offsetMinutes <= REMINDER_OFFSET_MAX_MINUTES),
    quietHours: { start: clockText(stored.quietStart), end: clockText(stored.quietEnd) },
    isDefault: false,
    version: stored.version,
  };
}

export function createMessagesStaffService({ db, jobs, audit, now }: MessagesStaffDeps) {
  const zoneOf = async (clientId: number, requested: string | undefined) =>
    requested ?? (await defaultTimeZone(db, clientId)) ?? 'UTC';

  const one = async (actor: AuditActor, messageId: number): Promise<MessageDetail> => {
    const row = await findMessage(db, actor.clientId, messageId);
    if (row === undefined) throw new DomainError('NOT_FOUND', MESSAGE_NOT_FOUND, { field: 'messageId' });
    return toDetail(row);
  };

  const requireScheduler = async (actor: AuditActor, schedulerId: number) => {
    if (!(await schedulerOfClient(db, actor.clientId, schedulerId)))
      throw new DomainError('NOT_FOUND', 'We could not find that scheduler.', { field: 'ruleId' });
  };

  return {
    async list(actor: AuditActor, query: MessageListQuery): Promise<MessageListResponse> {
      const zone =
        query.from === undefined && query.to === undefined
          ? 'UTC'
          : await zoneOf(actor.clientId, query.timeZone);
      const page = await listMessages(db, actor.clientId, {
        ...query,
        from: query.from === undefined ? undefined : startOfLocalDay(query.from, zone).getTime(),
        before:
          query.to === undefined ? undefined : startOfLocalDay(addCalendarDays(query.to, 1), zone).getTime(),
      });
      // The record the list is about, when it names one (the patient page, an appointment's messages).
      const target =
        query.patientId !== undefined
          ? { type: 'patient', id: query.patientId }
          : query.appointmentId !== undefined
            ? { type: 'appointment', id: query.appointmentId }
            : { type: 'message', id: null };
      await audit.recordFor(actor, 'messages.list', {
        ...target,
        details: {
          filters: Object.keys(query).filter((key) => query[key as keyof typeof query] !== undefined),
          count: page.rows.length,
        },
      });
      return pageOf(query, page.rows.map(toSummary), page.total);
    },

    async one(actor: AuditActor, messageId: number): Promise<{ message: MessageDetail }> {
      const message = await one(actor, messageId);
      await audit.recordFor(actor, 'messages.read', {
        type: 'message',
        id: messageId,
        details: { patientId: Number(message.patientId) },
      });
      return { message };
    },

    async resend(actor: AuditActor, messageId: number): Promise<{ message: MessageDetail }> {
      await one(actor, messageId); // 404 for another brand's or an unknown message
      const queued = await queueResend(db, jobs, actor.clientId, messageId, canResend, now().getTime());
      if (!queued) throw new DomainError('CONFLICT', NOT_RESENDABLE);
      await audit.recordFor(actor, 'messages.resend', { type: 'message', id: messageId });
      return { message: await one(actor, messageId) };
    },

    async rules(actor: AuditActor, schedulerId: number): Promise<{ rules: MessageRules }> {
      await requireScheduler(actor, schedulerId);
      return { rules: rulesOf(schedulerId, await selectRules(db, schedulerId)) };
    },

    async updateRules(
      actor: AuditActor,
      request: UpdateMessageRulesRequest,
    ): Promise<{ rules: MessageRules }> {
      await requireScheduler(actor, request.ruleId);
      const outcome = await saveRules(
        db,
        actor.clientId,
        request.ruleId,
        {
          reminders: [...request.reminders].sort((a, b) => b.offsetMinutes - a.offsetMinutes),
          quietStart: clockMinutes(request.quietHours.start),
          quietEnd: clockMinutes(request.quietHours.end),
        },
        request.version,
        now().getTime(),
      );
      if (outcome.kind === 'stale')
        throw new DomainError(
          'CONFLICT',
          'These reminder rules were changed by someone else. Reload and try again.',
          {
            field: 'version',
          },
        );
      await audit.recordFor(actor, 'scheduler.message-rules.update', {
        type: 'scheduler',
        id: request.ruleId,
        details: { reminders: request.reminders.length },
      });
      return { rules: rulesOf(request.ruleId, outcome.rules) };
    },

    report: (actor: AuditActor, query: MessageReportQuery) => messageReport(db, now, actor, query),
  };
}

/** The reminder figures of a range of local dates (default: the 30 days ending today). */
export async function messageReport(
  db: Db,
  now: () => Date,
  actor: AuditActor,
  query: MessageReportQuery,
): Promise<{ report: MessageReport }> {
  const zone = query.timeZone ?? (await defaultTimeZone(db, actor.clientId)) ?? 'UTC';
  const today = localDateOf(now(), zone);
  const to =
    query.to ?? (query.from === undefined ? today : addCalendarDays(query.from, REPORT_DEFAULT_DAYS - 1));
  const from = query.from ?? addCalendarDays(to, -(REPORT_DEFAULT_DAYS - 1));
  if (addCalendarDays(from, MAX_REPORT_DAYS) <= to)
    throw new DomainError('VALIDATION', `Choose a range of at most ${MAX_REPORT_DAYS} days`, {
      fields: [{ path: 'to', message: `Choose a range of at most ${MAX_REPORT_DAYS} days` }],
    });
  const figures = await reportFigures(
    db,
    actor.clientId,
    startOfLocalDay(from, zone).getTime(),
    startOfLocalDay(addCalendarDays(to, 1), zone).getTime(),
  );
  const rate = (f: { appointments: number; noShows: number }) => ({
    ...f,
    noShowRate: f.appointments === 0 ? null : f.noShows / f.appointments,
  });
  const { sent, delivered, failed, skipped, queued } = figures.reminders;
  return {
    report: {
      from,
      to,
      timeZone: zone,
      reminders: { sent, delivered, failed, skipped, queued },
      confirmedByReply: figures.confirmedByReply,
      reminded: rate(figures.reminded),
      notReminded: rate(figures.notReminded),
    },
  };
}
