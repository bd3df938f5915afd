import {
  MAX_REMINDER_RULES,
  REMINDER_OFFSET_MAX_MINUTES,
  REMINDER_OFFSET_MIN_MINUTES,
  type MessageChannel,
  type MessageRules,
  type ReminderRule,
} from '@scheduler/contract/admin/messages';
import { plural, t } from '@lingui/core/macro';
import { isApiError } from '../../../lib/api-client';
import { fieldErrorsOf } from '../../../lib/api-errors';
import { staffText } from '../shared/contract-texts';

/** The reminder rules form: each row's channel and "how long before" as an amount and a unit. */

export const OFFSET_UNITS = ['minutes', 'hours', 'days'] as const;
export type OffsetUnit = (typeof OFFSET_UNITS)[number];
const MINUTES_PER: Readonly<Record<OffsetUnit, number>> = { minutes: 1, hours: 60, days: 1440 };

export interface RuleRow {
  /** A stable key for React (rows are added and removed). */
  key: string;
  channel: MessageChannel;
  /** As typed. */
  amount: string;
  unit: OffsetUnit;
}

export interface RulesForm {
  rows: RuleRow[];
  quietStart: string;
  quietEnd: string;
}

/** Field messages by path: 'reminders.0.offsetMinutes', 'reminders', 'quietHours.start' … */
export type RulesErrors = Record<string, string>;

let nextKey = 0;
export const newRowKey = () => `rule-${(nextKey += 1)}`;

/** The largest unit that divides the offset evenly: 2880 → 2 days, 90 → 90 minutes. */
export function splitOffset(minutes: number): { amount: string; unit: OffsetUnit } {
  if (minutes > 0 && minutes % MINUTES_PER.days === 0)
    return { amount: String(minutes / MINUTES_PER.days), unit: 'days' };
  if (minutes > 0 && minutes % MINUTES_PER.hours === 0)
    return { amount: String(minutes / MINUTES_PER.hours), unit: 'hours' };
  return { amount: String(minutes), unit: 'minutes' };
}

/** The row's offset in minutes, or null when the amount is not a whole number. */
export function offsetMinutesOf(row: Pick<RuleRow, 'amount' | 'unit'>): number | null {
  const text = row.amount.trim();
  if (!/^\d+$/.test(text)) return null;
  return Number(text) * MINUTES_PER[row.unit];
}

export function formOf(rules: Pick<MessageRules, 'reminders' | 'quietHours'>): RulesForm {
  return {
    rows: rules.reminders.map((rule) => ({
      key: newRowKey(),
      channel: rule.channel,
      ...splitOffset(rule.offsetMinutes),
    })),
    quietStart: rules.quietHours.start,
    quietEnd: rules.quietHours.end,
  };
}

/** What the browser can tell before saving (the server checks it all again). */
export function validateRules(form: RulesForm): RulesErrors {
  const errors: RulesErrors = {};
  const seen = new Set<string>();
  form.rows.forEach((row, index) => {
    const minutes = offsetMinutesOf(row);
    const path = `reminders.${index}.offsetMinutes`;
    if (minutes === null) errors[path] = t`Enter a whole number`;
    else if (minutes < REMINDER_OFFSET_MIN_MINUTES)
      errors[path] = t`Send at least ${REMINDER_OFFSET_MIN_MINUTES} minutes before`;
    else if (minutes > REMINDER_OFFSET_MAX_MINUTES) errors[path] = t`Send at most 14 days before`;
    else {
      const id = `${row.channel}:${minutes}`;
      if (seen.has(id)) errors[path] = t`Another reminder has the same channel and time`;
      seen.add(id);
    }
  });
  if (form.rows.length > MAX_REMINDER_RULES)
    errors.reminders = t`Keep to ${MAX_REMINDER_RULES} reminders or fewer`;
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(form.quietStart))
    errors['quietHours.start'] = t`Enter a time as HH:MM`;
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(form.quietEnd)) errors['quietHours.end'] = t`Enter a time as HH:MM`;
  return errors;
}

/** The rules to send (call after validateRules found nothing). */
export function rulesOf(form: RulesForm): ReminderRule[] {
  return form.rows.map((row) => ({ channel: row.channel, offsetMinutes: offsetMinutesOf(row) ?? 0 }));
}

/** The server's field messages of a refused save, by path. */
export function serverRulesErrors(error: unknown): RulesErrors {
  const errors: RulesErrors = {};
  if (!isApiError(error)) return errors;
  for (const { path, message } of fieldErrorsOf(error.body)) errors[path] ??= staffText(message);
  return errors;
}

/** 'E-mail 2 days before' — how a rule reads in a sentence. */
export function ruleSummary(rule: ReminderRule): string {
  const { amount, unit } = splitOffset(rule.offsetMinutes);
  const count = Number(amount);
  const span =
    unit === 'days'
      ? plural(count, { one: `${amount} day`, other: `${amount} days` })
      : unit === 'hours'
        ? plural(count, { one: `${amount} hour`, other: `${amount} hours` })
        : plural(count, { one: `${amount} minute`, other: `${amount} minutes` });
  return rule.channel === 'email' ? t`E-mail ${span} before` : t`SMS ${span} before`;
}

/** A unit as the unit select names it ('days'). */
export function offsetUnitLabel(unit: OffsetUnit): string {
  if (unit === 'days') return t`days`;
  return unit === 'hours' ? t`hours` : t`minutes`;
}
