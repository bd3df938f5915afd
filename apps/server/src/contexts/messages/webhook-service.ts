/*
 * Twilio's two webhooks, after their signature was checked (webhook-routes.ts):
 *  - a delivery status moves an SMS to sent, delivered or failed, never back from a final state;
 *  - a reply from a patient's number: "C"/"Y" confirms their next appointment (pending → booked,
 *    in one transaction with its history row, its reminders and the record of the reply, which the
 *    report counts as "confirmed by reply"); STOP/START set the SMS consent of every patient on
 *    file with that number; HELP is answered; anything else (CANCEL included) changes nothing.
 * The answer is TwiML; it names no health information (practice, date, time only).
 */
import { formatWhen } from '@scheduler/domain/messages/format';
import { isTransitionAllowed } from '@scheduler/domain/appointment-status';
import type { TwilioInboundBody, TwilioStatusBody } from '@scheduler/contract/admin/messages';
import type { Db } from '../../platform/db/database.ts';
import { inWriteTransaction } from '../../platform/db/transaction.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { storedFormsOf } from './phone-numbers.ts';
import { planAppointmentMessages } from './planner.ts';
import { meaningOf } from './reply-keywords.ts';
import {
  applyDeliveryStatus,
  confirmPending,
  insertReplies,
  selectNextAppointment,
  selectPatientsByPhone,
  selectPracticeOf,
  setSmsConsent,
} from './webhook-repository.ts';
import type { DeliveryUpdate, ReplyAppointment, ReplyPatient } from './webhook-repository.ts';

export const CONFIRMED_BY_REPLY_REASON = 'Confirmed by SMS reply';

export interface WebhookDeps {
  db: Db;
  now: () => Date;
  jobs: JobQueue;
}

export interface WebhookService {
  deliveryStatus(body: TwilioStatusBody, messageId: number | undefined): Promise<boolean>;
  /** The text to answer the patient with (null: no answer). */
  inbound(body: TwilioInboundBody): Promise<string | null>;
}

function deliveryOf(body: TwilioStatusBody, messageId: number | undefined): DeliveryUpdate | undefined {
  const base = { messageId, providerId: body.MessageSid };
  switch (body.MessageStatus) {
    case 'accepted':
    case 'scheduled':
    case 'queued':
    case 'sending':
    case 'sent':
      return { ...base, status: 'sent', reason: null };
    case 'delivered':
    case 'read':
      return { ...base, status: 'delivered', reason: null };
    case 'undelivered':
    case 'failed':
    case 'canceled': {
      const code =
        body.ErrorCode === undefined || body.ErrorCode === '' ? '' : ` (Twilio error ${body.ErrorCode})`;
      return { ...base, status: 'failed', reason: `${body.MessageStatus}${code}` };
    }
    case 'receiving':
    case 'received':
      return undefined; // inbound messages, not ours
  }
}

export function createWebhookService({ db, now, jobs }: WebhookDeps): WebhookService {
  const confirm = async (patients: ReplyPatient[], nowMs: number): Promise<string> => {
    const next = await selectNextAppointment(
      db,
      patients.map((patient) => patient.patientId),
      nowMs,
    );
    if (next === undefined) {
      return 'We found no upcoming appointment to confirm. Please call the office if you need help.';
    }
    await inWriteTransaction(db, async (trx) => {
      if (next.status === 'pending' && isTransitionAllowed('pending', 'booked')) {
        const moved = await confirmPending(trx, next, CONFIRMED_BY_REPLY_REASON, nowMs);
        // The confirmation is the reply's answer; the reminders are planned now.
        if (moved)
          await planAppointmentMessages(trx, jobs, {
            appointmentId: next.appointmentId,
            event: 'confirmed',
            at: nowMs,
            notify: false,
          });
      }
      await insertReplies(
        trx,
        [
          {
            clientId: next.clientId,
            patientId: next.patientId,
            appointmentId: next.appointmentId,
            action: 'confirm',
          },
        ],
        nowMs,
      );
    });
    return confirmedText(next);
  };

  return {
    async deliveryStatus(body, messageId) {
      const update = deliveryOf(body, messageId);
      if (update === undefined) return false;
      return applyDeliveryStatus(db, update, now().getTime());
    },

    async inbound(body) {
      const nowMs = now().getTime();
      const meaning = meaningOf(body.Body, body.OptOutType);
      const patients = await selectPatientsByPhone(db, storedFormsOf(body.From));
      if (patients.length === 0) return null;
      if (meaning.smsConsent !== undefined) {
        await setSmsConsent(
          db,
          patients.map((patient) => patient.patientId),
          meaning.smsConsent,
          nowMs,
        );
      }
      if (meaning.action === 'confirm') return confirm(patients, nowMs);
      if (meaning.action === 'other') return null;
      await insertReplies(
        db,
        patients.map((patient) => ({ ...patient, appointmentId: null, action: meaning.action })),
        nowMs,
      );
      if (meaning.answeredByTwilio) return null;
      if (meaning.action === 'help') {
        const practice =
          patients[0] === undefined ? undefined : await selectPracticeOf(db, patients[0].clientId);
        const call = practice?.phone ? ` Call ${practice.phone} for help.` : ' Call the office for help.';
        return `${practice?.name ?? 'Appointment messages'}: appointment texts. Reply C to confirm your next appointment, STOP to stop texts.${call}`;
      }
      if (meaning.action === 'start') return 'You will get appointment texts again. Reply STOP to stop.';
      return null; // stop: carriers and Twilio send the opt-out confirmation
    },
  };
}

export function confirmedText(appointment: ReplyAppointment): string {
  const when = formatWhen(appointment.startAt, appointment.timeZone);
  return `${appointment.practiceName}: thank you, your appointment on ${when.date} at ${when.time} ${when.zoneAbbreviation} is confirmed.`;
}
