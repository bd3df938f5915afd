/*
 * Planning an appointment's messages IN THE TRANSACTION OF THE CHANGE (issue 17 "Durable jobs"):
 * the rows and their send jobs exist exactly when the booking, confirmation, cancellation or
 * reschedule commits. One call per change:
 *
 *   booked      → "confirmation" (status booked) or "request received" (pending), e-mail + SMS now;
 *                 the reminders when booked.
 *   confirmed   → "confirmed" now (unless `notify: false`) and the reminders.
 *   cancelled   → every queued message of it skipped ("appointment cancelled"); "cancelled" now.
 *   rescheduled → queued messages planned for the old start skipped ("appointment rescheduled");
 *                 "rescheduled" now and the reminders of the new start.
 *
 * Reminders follow the scheduler's rules (channel + minutes before), default e-mail 48 h and SMS
 * 2 h; an SMS never falls in the quiet hours at the location (C1's `sendTimeFor`: a reminder goes
 * earlier, a notice later, none after the start); a reminder whose time has passed is not made. Consent, addresses and the appointment's
 * state are checked again when a message is sent (dispatch.ts), from what is on file then.
 */
import {
  DEFAULT_QUIET_HOURS,
  DEFAULT_REMINDER_RULES,
  MESSAGE_CHANNELS,
} from '@scheduler/contract/admin/messages';
import type { MessageChannel, MessageKind, ReminderRule } from '@scheduler/contract/admin/messages';
import type { Db } from '../../platform/db/database.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { SEND_QUEUE, SKIP_REASONS, sendJobKey } from './message-record.ts';
import type { AppointmentChange, AppointmentEvent, NewMessage } from './message-record.ts';
import { insertNewMessages, reviveSkipped, selectPlanningFacts, skipQueued } from './planning-repository.ts';
import type { PlannedRow, PlanningFacts } from './planning-repository.ts';
import { selectRules } from './rules-repository.ts';
import { sendTimeFor } from '@scheduler/domain/messages/quiet-hours';
import type { QuietHours } from '@scheduler/domain/messages/quiet-hours';
import { clockText } from './message-record.ts';

const MS_PER_MINUTE = 60_000;

export interface MessageRulesInEffect {
  reminders: readonly ReminderRule[];
  quiet: QuietHours;
}

export const DEFAULT_RULES: MessageRulesInEffect = {
  reminders: DEFAULT_REMINDER_RULES,
  quiet: DEFAULT_QUIET_HOURS,
};

function noticeKind(event: AppointmentEvent, facts: PlanningFacts): MessageKind {
  if (event === 'booked') return facts.status === 'pending' ? 'request-received' : 'confirmation';
  return event;
}

/** The rows an event calls for (pure). */
export function messagesFor(
  change: Required<Pick<AppointmentChange, 'event' | 'notify'>>,
  facts: PlanningFacts,
  rules: MessageRulesInEffect,
  atMs: number,
): NewMessage[] {
  const base = {
    clientId: facts.clientId,
    appointmentId: facts.appointmentId,
    patientId: facts.patientId,
    appointmentStartAt: facts.startAt,
  };
  const rows: NewMessage[] = [];
  const timing = (kind: MessageKind, channel: MessageChannel, dueAt: number) =>
    sendTimeFor({
      kind,
      channel,
      dueAt: new Date(dueAt),
      timeZone: facts.timeZone,
      now: new Date(atMs),
      appointmentStart: new Date(facts.startAt),
      quiet: rules.quiet,
    }).sendAt;
  if (change.notify) {
    const kind = noticeKind(change.event, facts);
    for (const channel of MESSAGE_CHANNELS) {
      // An SMS notice in quiet hours waits for their end (none once the appointment has begun).
      const sendAt = timing(kind, channel, atMs);
      if (sendAt !== null) rows.push({ ...base, kind, channel, scheduledAt: sendAt.getTime() });
    }
  }
  if (change.event !== 'cancelled' && facts.status === 'booked') {
    for (const rule of rules.reminders) {
      const due = facts.startAt - rule.offsetMinutes * MS_PER_MINUTE;
      if (due <= atMs) continue; // too late for this one
      // An SMS reminder due in quiet hours goes before them.
      const sendAt = timing('reminder', rule.channel, due);
      if (sendAt !== null)
        rows.push({ ...base, kind: 'reminder', channel: rule.channel, scheduledAt: sendAt.getTime() });
    }
  }
  return rows;
}

/** Reasons after which the same message, planned again, is queued again. */
const REVIVABLE = [SKIP_REASONS.rescheduled, SKIP_REASONS.notConfirmed];

/**
 * Plans the messages of `change` on `trx` (the change's own write transaction) and adds one send
 * job per row made, on the same transaction. Returns the ids of the rows made or queued again.
 */
export async function planAppointmentMessages(
  trx: Db,
  jobs: JobQueue,
  change: AppointmentChange,
  now: () => Date = () => new Date(),
): Promise<number[]> {
  const facts = await selectPlanningFacts(trx, change.appointmentId);
  if (facts === undefined) return [];
  const atMs = change.at === undefined ? now().getTime() : new Date(change.at).getTime();
  if (change.event === 'cancelled') {
    await skipQueued(
      trx,
      { appointmentId: facts.appointmentId, exceptKinds: ['cancelled'] },
      SKIP_REASONS.cancelled,
      atMs,
    );
  }
  if (change.event === 'rescheduled') {
    await skipQueued(
      trx,
      { appointmentId: facts.appointmentId, startOtherThan: facts.startAt },
      SKIP_REASONS.rescheduled,
      atMs,
    );
  }
  const stored = facts.schedulerId === null ? undefined : await selectRules(trx, facts.schedulerId);
  const rules: MessageRulesInEffect =
    stored === undefined
      ? DEFAULT_RULES
      : {
          reminders: stored.reminders,
          quiet: { start: clockText(stored.quietStart), end: clockText(stored.quietEnd) },
        };
  const wanted = messagesFor({ event: change.event, notify: change.notify ?? true }, facts, rules, atMs);
  const made = await insertNewMessages(trx, wanted, atMs);
  const planned: PlannedRow[] = [...made];
  // Some rows existed already: those skipped for a reason that no longer holds are queued again
  // (the rows just made are queued, so they do not match).
  if (made.length < wanted.length) {
    for (const row of wanted) planned.push(...(await reviveSkipped(trx, row, REVIVABLE, atMs)));
  }
  if (planned.length > 0) {
    await jobs.enqueue(
      trx,
      planned.map((row) => ({
        queue: SEND_QUEUE,
        key: sendJobKey(row.id, row.round),
        payload: { messageId: row.id },
        runAt: new Date(row.scheduledAt),
      })),
    );
  }
  return planned.map((row) => row.id);
}
