/**
 * The contract of the patient messages staff see (issue 17): every confirmation, reminder and notice
 * made for an appointment, on the Messages screen of a brand and on the patient page; one message
 * with its rendered text; resending a failed one; the reminder rules of a scheduler (channel +
 * offset before the start, quiet hours at the location); the reminder figures of the reports.
 *
 * Staff-only. Message reads need `patients:read` (they name patients; every read is audited),
 * resend needs `patients:write`, the reminder rules `config:read` / `config:write`, the figures
 * `reports:read` (counts only, no patient identity). `clientId` names the brand (query for GET, body
 * otherwise; the session's active brand when absent); a message of another brand answers 404.
 *
 * Routes:
 *  - GET  /api/scheduler/admin/messages                 list (query: messageListQuerySchema)
 *  - GET  /api/scheduler/admin/messages/:messageId      one, with its rendered text
 *  - POST /api/scheduler/admin/messages/:messageId/resend  a failed (or not-sent) one gets a new attempt
 *  - GET  /api/scheduler/admin/message-rules            a scheduler's reminder rules (query: ruleId)
 *  - PUT  /api/scheduler/admin/message-rules            replace them (a stale `version` answers 409)
 *  - GET  /api/scheduler/admin/message-report           the reminder figures of a date range
 */
import * as z from 'zod';
import {
  APPOINTMENT_MESSAGE_KINDS,
  MESSAGE_CHANNELS,
  MESSAGE_KIND_LABELS as DOMAIN_KIND_LABELS,
} from '@scheduler/domain/messages/kinds';
import type { AppointmentMessageKind, MessageChannel } from '@scheduler/domain/messages/kinds';
import { recordIdSchema } from '../admin-auth.ts';
import { isoDateSchema, isoInstantSchema, timeZoneSchema } from '../common.ts';
import { FROM_AFTER_TO, fromNotAfterTo } from '../patient-management/shared.ts';
import { brandQuerySchema, listSortSchema, pagedResponseSchema, schedulerQuerySchema } from './paging.ts';

export const MESSAGES_URL = '/api/scheduler/admin/messages';
export const MESSAGE_RULES_URL = '/api/scheduler/admin/message-rules';
export const MESSAGE_REPORT_URL = '/api/scheduler/admin/message-report';

/**
 * What a message is about: the appointment kinds of the domain (packages/domain/src/messages/kinds.ts,
 * one list and one set of labels for the Messages screen and the template editor).
 */
export const MESSAGE_KINDS = APPOINTMENT_MESSAGE_KINDS;
export type MessageKind = AppointmentMessageKind;
export const MESSAGE_KIND_LABELS: Readonly<Record<MessageKind, string>> = DOMAIN_KIND_LABELS;

export { MESSAGE_CHANNELS };
export type { MessageChannel };
export const MESSAGE_CHANNEL_LABELS: Readonly<Record<MessageChannel, string>> = {
  email: 'E-mail',
  sms: 'SMS',
};

/**
 * - queued: waiting for its time (or a retry);
 * - sent: handed to the provider (SMTP accepted it; Twilio queued/sent it);
 * - delivered: the provider reports delivery (SMS);
 * - failed: the provider refused it for good, or every try failed (`statusReason` has the error);
 * - skipped: not sent, and why (`statusReason`): no consent, no address, appointment cancelled or
 *   moved, no longer confirmed, or "not sent: no e-mail/SMS transport configured".
 */
export const MESSAGE_STATUSES = ['queued', 'sent', 'delivered', 'failed', 'skipped'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const MESSAGE_STATUS_LABELS: Readonly<Record<MessageStatus, string>> = {
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
  skipped: 'Not sent',
};

// ---------------------------------------------------------------- GET messages (list)

export const MESSAGE_SORT_KEYS = ['scheduledAt', 'updatedAt'] as const;

/**
 * Filters: status, channel, kind, patient, appointment and a range of local dates (inclusive, in
 * `timeZone`, default the brand's) on the planned send time. Newest first by default.
 */
export const messageListQuerySchema = brandQuerySchema
  .extend({
    status: z.enum(MESSAGE_STATUSES, { error: 'Choose a status' }).optional(),
    channel: z.enum(MESSAGE_CHANNELS, { error: 'Choose a channel' }).optional(),
    kind: z.enum(MESSAGE_KINDS, { error: 'Choose a kind of message' }).optional(),
    patientId: recordIdSchema.optional(),
    appointmentId: recordIdSchema.optional(),
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    timeZone: timeZoneSchema.optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
    sort: listSortSchema(MESSAGE_SORT_KEYS).default('-scheduledAt'),
  })
  .refine(fromNotAfterTo, FROM_AFTER_TO);
export type MessageListQuery = z.output<typeof messageListQuerySchema>;

/** One message as the list shows it (no text: open it for that). */
export const messageSummarySchema = z.object({
  messageId: z.string(),
  appointmentId: z.string(),
  patientId: z.string(),
  /** "Last, First" of the patient on file now. */
  patientName: z.string(),
  kind: z.enum(MESSAGE_KINDS),
  channel: z.enum(MESSAGE_CHANNELS),
  status: z.enum(MESSAGE_STATUSES),
  /** Why it is skipped or failed (or "not sent: no … transport configured"); null otherwise. */
  statusReason: z.string().nullable(),
  /** The address it went to (as at send time); null until sent or when there was none. */
  toAddress: z.string().nullable(),
  /** When it is (was) planned to go. */
  scheduledAt: isoInstantSchema,
  /** The appointment's start it was made for. */
  appointmentStartUtc: isoInstantSchema,
  /** The location's IANA zone: show times in it. */
  timeZone: z.string(),
  sentAt: isoInstantSchema.nullable(),
  deliveredAt: isoInstantSchema.nullable(),
  attempts: z.number().int(),
  createdAt: isoInstantSchema,
  updatedAt: isoInstantSchema,
  /** True when staff may resend it (failed, or not sent for lack of a transport). */
  canResend: z.boolean(),
});
export type MessageSummary = z.output<typeof messageSummarySchema>;

export const messageListResponseSchema = pagedResponseSchema(messageSummarySchema);
export type MessageListResponse = z.output<typeof messageListResponseSchema>;

// ---------------------------------------------------------------- GET messages/:messageId

export const messageParamsSchema = z.object({ messageId: recordIdSchema });
export const messageQuerySchema = brandQuerySchema;

export const messageDetailSchema = messageSummarySchema.extend({
  /** As rendered at send time (null before it was rendered; SMS have none). */
  subject: z.string().nullable(),
  /** The plain text (e-mail) or the SMS body, as rendered at send time. */
  body: z.string().nullable(),
  /** E-mail: the HTML part as sent (show it sandboxed); null for SMS or before it was rendered. */
  bodyHtml: z.string().nullable(),
  /** The provider's id (SMTP message id, Twilio SID). */
  providerId: z.string().nullable(),
  /** The provider's last error, if any. */
  lastError: z.string().nullable(),
});
export type MessageDetail = z.output<typeof messageDetailSchema>;

export const messageResponseSchema = z.object({ message: messageDetailSchema });
export type MessageResponse = z.output<typeof messageResponseSchema>;

// ---------------------------------------------------------------- POST messages/:messageId/resend

export const resendMessageRequestSchema = brandQuerySchema;
/** The message, queued again (a failed message only; others answer 409 CONFLICT). */
export const resendMessageResponseSchema = messageResponseSchema;

// ---------------------------------------------------------------- reminder rules (per scheduler)

/** At most two weeks ahead, at least five minutes. */
export const REMINDER_OFFSET_MIN_MINUTES = 5;
export const REMINDER_OFFSET_MAX_MINUTES = 14 * 24 * 60;
export const MAX_REMINDER_RULES = 6;

export const reminderRuleSchema = z.object({
  channel: z.enum(MESSAGE_CHANNELS, { error: 'Choose e-mail or SMS' }),
  /** Minutes before the appointment's start (2880 = 48 h). */
  offsetMinutes: z
    .number({ error: 'Enter how long before the appointment' })
    .int({ error: 'Enter whole minutes' })
    .min(REMINDER_OFFSET_MIN_MINUTES, {
      error: `Send at least ${REMINDER_OFFSET_MIN_MINUTES} minutes before`,
    })
    .max(REMINDER_OFFSET_MAX_MINUTES, { error: 'Send at most 14 days before' }),
});
export type ReminderRule = z.output<typeof reminderRuleSchema>;

/** Local clock time `HH:MM` (24 h) at the appointment's location. */
export const clockTimeSchema = z
  .string({ error: 'Enter a time as HH:MM' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Enter a time as HH:MM' });

/** No SMS between `start` and `end` (local time at the location; may span midnight). */
export const quietHoursSchema = z.object({ start: clockTimeSchema, end: clockTimeSchema });
export type QuietHours = z.output<typeof quietHoursSchema>;

export const DEFAULT_REMINDER_RULES: readonly ReminderRule[] = [
  { channel: 'email', offsetMinutes: 48 * 60 },
  { channel: 'sms', offsetMinutes: 2 * 60 },
];
export const DEFAULT_QUIET_HOURS: QuietHours = { start: '21:00', end: '08:00' };

export const messageRulesQuerySchema = schedulerQuerySchema;

export const messageRulesSchema = z.object({
  schedulerId: z.string(),
  reminders: z.array(reminderRuleSchema),
  quietHours: quietHoursSchema,
  /** True when nothing is stored for the scheduler yet (the defaults above are in effect). */
  isDefault: z.boolean(),
  /** Send it back with the change; 0 while the defaults are in effect. */
  version: z.number().int(),
});
export type MessageRules = z.output<typeof messageRulesSchema>;
export const messageRulesResponseSchema = z.object({ rules: messageRulesSchema });

export const updateMessageRulesRequestSchema = schedulerQuerySchema.extend({
  reminders: z
    .array(reminderRuleSchema, { error: 'Send the list of reminders' })
    .max(MAX_REMINDER_RULES, { error: `Keep to ${MAX_REMINDER_RULES} reminders or fewer` })
    .refine(
      (rules) => new Set(rules.map((rule) => `${rule.channel}:${rule.offsetMinutes}`)).size === rules.length,
      { error: 'Each reminder must differ in channel or time' },
    ),
  quietHours: quietHoursSchema,
  /** The version read (0 while the defaults were in effect); a stale one answers 409. */
  version: z.number({ error: 'Reload the page and try again' }).int().min(0),
});
export type UpdateMessageRulesRequest = z.output<typeof updateMessageRulesRequestSchema>;

// ---------------------------------------------------------------- GET message-report

/** Local dates (inclusive) in `timeZone` (default the brand's) on the appointments' start / messages' send time. */
export const messageReportQuerySchema = brandQuerySchema
  .extend({
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    timeZone: timeZoneSchema.optional(),
  })
  .refine(fromNotAfterTo, FROM_AFTER_TO);
export type MessageReportQuery = z.output<typeof messageReportQuerySchema>;

const noShowFiguresSchema = z.object({
  /** Appointments that ended (fulfilled or no-show) in the range. */
  appointments: z.number().int(),
  noShows: z.number().int(),
  /** noShows / appointments (0..1), null without appointments. */
  noShowRate: z.number().nullable(),
});

export const messageReportSchema = z.object({
  from: isoDateSchema,
  to: isoDateSchema,
  timeZone: z.string(),
  /** Reminders by status, among those planned in the range. */
  reminders: z.object({
    sent: z.number().int(),
    delivered: z.number().int(),
    failed: z.number().int(),
    skipped: z.number().int(),
    queued: z.number().int(),
  }),
  /** Appointments confirmed by an SMS reply ("C" / "Y") in the range. */
  confirmedByReply: z.number().int(),
  /** Appointments starting in the range with at least one reminder sent or delivered. */
  reminded: noShowFiguresSchema,
  /** Appointments starting in the range with none. */
  notReminded: noShowFiguresSchema,
});
export type MessageReport = z.output<typeof messageReportSchema>;
export const messageReportResponseSchema = z.object({ report: messageReportSchema });

// ---------------------------------------------------------------- Twilio webhooks (public, signed)

/**
 * POST /api/messages/twilio/status?messageId=… — Twilio's delivery status callback
 * (application/x-www-form-urlencoded, `X-Twilio-Signature` checked first: 403 without a valid one).
 * Only the fields we use are checked; Twilio sends more (AccountSid, From, To, ApiVersion, …).
 */
export const TWILIO_STATUS_URL = '/api/messages/twilio/status';
export const TWILIO_INBOUND_URL = '/api/messages/twilio/inbound';

export const twilioStatusQuerySchema = z.object({ messageId: recordIdSchema.optional() });
export const twilioStatusBodySchema = z.looseObject({
  MessageSid: z.string().regex(/^(SM|MM)[0-9a-fA-F]{32}$/, { error: 'Expected a message SID' }),
  MessageStatus: z.enum([
    'accepted',
    'scheduled',
    'queued',
    'sending',
    'sent',
    'delivered',
    'read',
    'undelivered',
    'failed',
    'canceled',
    'receiving',
    'received',
  ]),
  ErrorCode: z.string().max(10).optional(),
});
export type TwilioStatusBody = z.output<typeof twilioStatusBodySchema>;

/**
 * POST /api/messages/twilio/inbound — an SMS a patient sent to the practice's number. Answers
 * TwiML (text/xml). `OptOutType` (STOP, START, HELP) is present when Twilio's Advanced Opt-Out
 * recognised a keyword (it has then already answered the patient and blocked or unblocked them).
 */
export const twilioInboundBodySchema = z.looseObject({
  MessageSid: z.string().regex(/^(SM|MM)[0-9a-fA-F]{32}$/, { error: 'Expected a message SID' }),
  From: z.string().regex(/^\+[1-9]\d{6,14}$/, { error: 'Expected an E.164 number' }),
  To: z.string().max(40).optional(),
  Body: z.string().max(1600).default(''),
  OptOutType: z.enum(['STOP', 'START', 'HELP']).optional(),
});
export type TwilioInboundBody = z.output<typeof twilioInboundBodySchema>;
