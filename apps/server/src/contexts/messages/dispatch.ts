/*
 * The send job (queue `messages.send`, one job per message and send round). At send time it
 * re-reads the message, the appointment and the patient's details on file, and:
 *  - does nothing when the message is no longer queued (sent, skipped, failed: a duplicate job);
 *  - skips it, with the reason, when the appointment is gone, cancelled (all but the cancellation
 *    notice), moved (its start differs from the one the message was planned for), or no longer
 *    confirmed (reminders and "confirmed"); when the patient has no consent or no address;
 *  - renders it, and without a transport records it as "not sent: no … transport configured";
 *  - otherwise counts the try, sends it, and records it sent with the provider's id. A failure is
 *    recorded and rethrown (the queue retries with backoff); a permanent refusal, or the last try,
 *    marks it failed with the provider's error.
 */
import type { Db } from '../../platform/db/database.ts';
import { PermanentJobError } from '../../platform/jobs/job-queue.ts';
import type { JobQueue, RunningJob } from '../../platform/jobs/job-queue.ts';
import { isQuietTime, sendTimeFor } from '@scheduler/domain/messages/quiet-hours';
import { DEFAULT_MESSAGE_LANGUAGE } from '@scheduler/domain/messages/kinds';
import type { MessageLanguage } from '@scheduler/domain/messages/kinds';
import { PermanentDeliveryError } from '../../platform/outbound/transports.ts';
import type { EmailTransport, SmsTransport } from '../../platform/outbound/transports.ts';
import {
  deferSend,
  markSent,
  markSkipped,
  recordAttempt,
  recordFailure,
  selectMessageToSend,
  selectSendFacts,
} from './dispatch-repository.ts';
import type { MessageToSend, RenderedRecord, SendFacts } from './dispatch-repository.ts';
import { SKIP_REASONS } from './message-record.ts';
import { toE164 } from './phone-numbers.ts';
import { selectQuietHours } from './rules-repository.ts';
import { renderForSend } from './rendering.ts';
import type { CalendarSource, TemplateSource } from './rendering.ts';

export interface DispatchDeps {
  db: Db;
  jobs: JobQueue;
  now: () => Date;
  email: EmailTransport;
  sms: SmsTransport;
  templates: TemplateSource;
  calendar: CalendarSource;
  /** The server's public base URL (status callbacks, links). */
  publicUrl: string;
  /**
   * Issue 18: the appointment's manage page link, or null (self-service off, cancelled, started).
   * Derived at send time: the token is never stored, and the stored copy of the message shows
   * `[manage link]` in its place.
   */
  manageLinks?: ManageLinkSource | undefined;
}

export type ManageLinkSource = (clientId: number, appointmentId: number) => Promise<string | null>;

/** The stored copy of a rendered message: the manage link's token (a credential) replaced. */
export function withoutManageLink(record: RenderedRecord, link: string | null): RenderedRecord {
  if (link === null) return record;
  const hide = (text: string | null) => (text === null ? null : text.replaceAll(link, STORED_LINK_TEXT));
  return {
    ...record,
    subject: hide(record.subject),
    body: hide(record.body),
    bodyHtml: hide(record.bodyHtml),
  };
}

export const STORED_LINK_TEXT = '[manage link]';

/**
 * Issue 21: a link in a message of another language than English opens its page in that
 * language (`lang=es`); English links stay as they are.
 */
export function linkInLanguage(link: string | null, language: MessageLanguage): string | null {
  if (link === null || language === DEFAULT_MESSAGE_LANGUAGE) return link;
  const url = new URL(link);
  url.searchParams.set('lang', language);
  return url.toString();
}

/** Where Twilio posts delivery statuses (the message id lets a status find its row before the sid is recorded). */
export const STATUS_CALLBACK_PATH = '/api/messages/twilio/status';

/** Why the message must not go now, from the appointment as it is; undefined: it may go. */
export function appointmentSkipReason(
  message: MessageToSend,
  facts: SendFacts | undefined,
): string | undefined {
  if (facts === undefined) return SKIP_REASONS.gone;
  if (facts.status === 'cancelled' || facts.status === 'entered-in-error') {
    return message.kind === 'cancelled' ? undefined : SKIP_REASONS.cancelled;
  }
  if (message.kind === 'cancelled') return SKIP_REASONS.notCancelled;
  if (facts.startAt !== message.appointmentStartAt) return SKIP_REASONS.rescheduled;
  if ((message.kind === 'reminder' || message.kind === 'confirmed') && facts.status !== 'booked')
    return SKIP_REASONS.notConfirmed;
  return undefined;
}

/** The address to send to, or why there is none (consent first). */
export function addressOf(
  message: MessageToSend,
  patient: SendFacts['patient'],
): { to: string } | { skip: string } {
  if (message.channel === 'email') {
    if (!patient.emailPermission) return { skip: SKIP_REASONS.noEmailConsent };
    const email = patient.email?.trim() ?? '';
    return email === '' ? { skip: SKIP_REASONS.noEmail } : { to: email };
  }
  if (!patient.smsPermission) return { skip: SKIP_REASONS.noSmsConsent };
  const phone = toE164(patient.phone);
  return phone === null ? { skip: SKIP_REASONS.noPhone } : { to: phone };
}

const errorText = (error: unknown): string => {
  const message = error instanceof Error ? error.message : String(error);
  const code = error instanceof PermanentDeliveryError && error.code !== undefined ? ` (${error.code})` : '';
  return `${message}${code}`.slice(0, 500);
};

export function createDispatcher(deps: DispatchDeps): (job: RunningJob) => Promise<void> {
  const { db } = deps;
  const nowMs = () => deps.now().getTime();

  const send = async (
    message: MessageToSend,
    to: string,
    record: RenderedRecord,
    attachments: RenderedForSendAttachments,
  ) =>
    message.channel === 'email'
      ? deps.email.send({
          to,
          subject: record.subject ?? '',
          text: record.body ?? '',
          html: record.bodyHtml ?? '',
          attachments,
          // Stable per message: a resend after a crash between acceptance and our record is recognisable.
          messageId: `<message-${message.id}@${new URL(deps.publicUrl).hostname}>`,
        })
      : deps.sms.send({
          to,
          body: record.body ?? '',
          statusCallback: `${deps.publicUrl}${STATUS_CALLBACK_PATH}?messageId=${message.id}`,
        });

  return async (job) => {
    const messageId = Number(job.payload.messageId);
    const message = await selectMessageToSend(db, messageId);
    if (message?.status !== 'queued') return;
    const facts = await selectSendFacts(db, message.appointmentId);
    const notNow = appointmentSkipReason(message, facts);
    if (notNow !== undefined || facts === undefined) {
      await markSkipped(db, messageId, notNow ?? SKIP_REASONS.gone, nowMs());
      return;
    }
    if (message.channel === 'sms' && (await heldByQuietHours(deps, message, facts))) return;
    const address = addressOf(message, facts.patient);
    if ('skip' in address) {
      await markSkipped(db, messageId, address.skip, nowMs());
      return;
    }
    const manageLink = linkInLanguage(
      message.kind === 'cancelled' || deps.manageLinks === undefined
        ? null
        : await deps.manageLinks(message.clientId, message.appointmentId),
      facts.language,
    );
    const rendered = await renderForSend(
      deps.templates,
      deps.calendar,
      deps.publicUrl,
      message,
      facts,
      manageLink,
    );
    const sent: RenderedRecord = {
      toAddress: address.to,
      subject: rendered.subject,
      body: rendered.text,
      bodyHtml: rendered.html,
    };
    const record = withoutManageLink(sent, manageLink);
    const transport = message.channel === 'email' ? deps.email : deps.sms;
    if (!transport.configured) {
      const reason =
        message.channel === 'email' ? SKIP_REASONS.emailNotConfigured : SKIP_REASONS.smsNotConfigured;
      await markSkipped(db, messageId, reason, nowMs(), record);
      return;
    }
    await recordAttempt(db, messageId, record, nowMs());
    let providerId: string;
    try {
      ({ providerId } = await send(message, address.to, sent, rendered.attachments));
    } catch (error) {
      const permanent = error instanceof PermanentDeliveryError;
      const final = permanent || job.attempt >= job.maxAttempts;
      await recordFailure(db, messageId, errorText(error), final, nowMs());
      // The provider's text (it may quote the address) stays on the row; the queue logs only this.
      const code = (error as { code?: unknown }).code;
      const summary = `message ${messageId}: not sent (${typeof code === 'string' || typeof code === 'number' ? code : 'error'})`;
      if (permanent) throw new PermanentJobError(summary);
      throw new Error(summary);
    }
    await markSent(db, messageId, providerId, nowMs());
  };
}

/**
 * A due SMS that finds itself in quiet hours (the queue was down overnight): not sent now — a new
 * send round when they end, or skipped if that is not before the appointment. True when held.
 */
async function heldByQuietHours(
  deps: DispatchDeps,
  message: MessageToSend,
  facts: SendFacts,
): Promise<boolean> {
  const now = deps.now();
  const quiet = await selectQuietHours(deps.db, facts.schedulerId);
  if (!isQuietTime(now, facts.location.timeZone, quiet)) return false;
  const timing = sendTimeFor({
    kind: message.kind,
    channel: 'sms',
    dueAt: now,
    timeZone: facts.location.timeZone,
    now,
    appointmentStart: new Date(facts.startAt),
    quiet,
  });
  if (timing.sendAt === null) await markSkipped(deps.db, message.id, SKIP_REASONS.quietHours, now.getTime());
  else await deferSend(deps.db, deps.jobs, message.id, timing.sendAt, now.getTime());
  return true;
}

type RenderedForSendAttachments = Awaited<ReturnType<typeof renderForSend>>['attachments'];
