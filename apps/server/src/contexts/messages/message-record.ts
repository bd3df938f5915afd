/*
 * The message lifecycle's shared words: the events of an appointment that call for messages, the
 * job queue's name, the reasons a message is not sent, and one message as the context passes it.
 */
import type { MessageChannel, MessageKind, MessageStatus } from '@scheduler/contract/admin/messages';
import { EMAIL_NOT_CONFIGURED, SMS_NOT_CONFIGURED } from '../../platform/outbound/transports.ts';

/** What happened to an appointment. */
export type AppointmentEvent = 'booked' | 'confirmed' | 'cancelled' | 'rescheduled';
export const APPOINTMENT_EVENTS: readonly AppointmentEvent[] = [
  'booked',
  'confirmed',
  'cancelled',
  'rescheduled',
];

export interface AppointmentChange {
  appointmentId: number;
  event: AppointmentEvent;
  /** When it happened (default: the planner's clock). */
  at?: Date | number;
  /**
   * False: plan the reminders but no notice of the event (a patient who confirmed by SMS reply
   * already got the answer in the reply). Default true.
   */
  notify?: boolean;
}

/** The queue whose jobs send one message each (payload `{ messageId }`). */
export const SEND_QUEUE = 'messages.send';

/** Why a message was not sent (its `status_reason`; shown to staff as is). */
export const SKIP_REASONS = {
  cancelled: 'appointment cancelled',
  rescheduled: 'appointment rescheduled',
  notConfirmed: 'appointment no longer confirmed',
  notCancelled: 'appointment no longer cancelled',
  noEmailConsent: 'no e-mail consent',
  noSmsConsent: 'no SMS consent',
  noEmail: 'no e-mail address on file',
  noPhone: 'no mobile number on file',
  emailNotConfigured: EMAIL_NOT_CONFIGURED,
  smsNotConfigured: SMS_NOT_CONFIGURED,
  gone: 'appointment no longer exists',
  quietHours: 'quiet hours until the appointment',
} as const;

/** Reasons staff may resend after (the failure, or the lack of a transport, is now fixed). */
export const RESENDABLE_REASONS: readonly string[] = [
  SKIP_REASONS.emailNotConfigured,
  SKIP_REASONS.smsNotConfigured,
];

export function canResend(status: MessageStatus, reason: string | null): boolean {
  return (
    status === 'failed' || (status === 'skipped' && reason !== null && RESENDABLE_REASONS.includes(reason))
  );
}

/** The job key of a message's send round (round 1: the message id; resends `${id}.${round}`). */
export function sendJobKey(messageId: number, round: number): string {
  return round <= 1 ? String(messageId) : `${messageId}.${round}`;
}

/** A message to make (one row). */
export interface NewMessage {
  clientId: number;
  appointmentId: number;
  patientId: number;
  kind: MessageKind;
  channel: MessageChannel;
  scheduledAt: number;
  appointmentStartAt: number;
}

/** 'HH:MM' → minutes after midnight. */
export function clockMinutes(clock: string): number {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  return hours * 60 + minutes;
}

/** Minutes after midnight → 'HH:MM'. */
export function clockText(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
