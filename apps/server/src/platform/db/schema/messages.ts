import type { Generated } from 'kysely';
import type { EpochMs } from './columns.ts';

/** Patient messages (issue 17, migration 2026-11-27-013): see contexts/messages/. */

export type MessageKindColumn =
  'confirmation' | 'request-received' | 'confirmed' | 'reminder' | 'cancelled' | 'rescheduled';
export type MessageChannelColumn = 'email' | 'sms';
export type MessageStatusColumn = 'queued' | 'sent' | 'delivered' | 'failed' | 'skipped';

export interface MessagesTable {
  id: Generated<number>;
  client_id: number;
  appointment_id: number;
  patient_id: number;
  kind: MessageKindColumn;
  channel: MessageChannelColumn;
  /** When it is planned to go (a reminder: start − offset, moved out of quiet hours). */
  scheduled_at: EpochMs;
  /** The appointment's start it was planned for. */
  appointment_start_at: EpochMs;
  status: MessageStatusColumn;
  status_reason: string | null;
  to_address: string | null;
  subject: string | null;
  body: string | null;
  /** E-mail: the HTML part as sent. */
  body_html: string | null;
  provider_id: string | null;
  /** Tries made (every send round counted). */
  attempts: Generated<number>;
  /** Send rounds (1 + resends); the job key of round n > 1 is `${id}.${n}`. */
  sends: Generated<number>;
  last_error: string | null;
  sent_at: EpochMs | null;
  delivered_at: EpochMs | null;
  created_at: EpochMs;
  updated_at: EpochMs;
}

/** A scheduler's reminder rules; no row = the defaults. */
export interface MessageRulesTable {
  id: Generated<number>;
  client_id: number;
  scheduler_id: number;
  /** JSON: [{ channel, offsetMinutes }]. */
  reminders: string;
  /** Minutes after local midnight. */
  quiet_start: number;
  quiet_end: number;
  version: number;
  updated_at: EpochMs;
}

export type MessageReplyAction = 'confirm' | 'stop' | 'start' | 'help' | 'other';

/** What an inbound SMS did (never its text). */
export interface MessageRepliesTable {
  id: Generated<number>;
  client_id: number;
  patient_id: number;
  appointment_id: number | null;
  action: MessageReplyAction;
  created_at: EpochMs;
}
