/*
 * A scheduler's reminder rules (table `message_rules`; no row = the defaults): read inside any
 * handle (the booking's transaction plans with them), replaced with a version check.
 */
import { DEFAULT_QUIET_HOURS } from '@scheduler/contract/admin/messages';
import type { ReminderRule } from '@scheduler/contract/admin/messages';
import { clockText } from './message-record.ts';
import type { Db } from '../../platform/db/database.ts';
import { inWriteTransaction } from '../../platform/db/transaction.ts';

export interface StoredRules {
  reminders: ReminderRule[];
  /** Minutes after local midnight. */
  quietStart: number;
  quietEnd: number;
  version: number;
}

export type SaveRulesOutcome =
  { kind: 'saved'; rules: StoredRules } | { kind: 'stale'; currentVersion: number };

function parseReminders(json: string): ReminderRule[] {
  const parsed: unknown = JSON.parse(json);
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((item: unknown): ReminderRule[] => {
    if (typeof item !== 'object' || item === null) return [];
    const { channel, offsetMinutes } = item as { channel?: unknown; offsetMinutes?: unknown };
    if ((channel !== 'email' && channel !== 'sms') || typeof offsetMinutes !== 'number') return [];
    return [{ channel: channel, offsetMinutes }];
  });
}

export async function selectRules(db: Db, schedulerId: number): Promise<StoredRules | undefined> {
  const row = await db
    .selectFrom('message_rules')
    .select(['reminders', 'quiet_start', 'quiet_end', 'version'])
    .where('scheduler_id', '=', schedulerId)
    .executeTakeFirst();
  return (
    row && {
      reminders: parseReminders(row.reminders),
      quietStart: row.quiet_start,
      quietEnd: row.quiet_end,
      version: row.version,
    }
  );
}

export async function schedulerOfClient(db: Db, clientId: number, schedulerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('schedulers')
    .select('id')
    .where('client_id', '=', clientId)
    .where('id', '=', schedulerId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Replaces the rules when `expectedVersion` is the stored one (0: none stored yet). */
export function saveRules(
  db: Db,
  clientId: number,
  schedulerId: number,
  rules: Omit<StoredRules, 'version'>,
  expectedVersion: number,
  nowMs: number,
): Promise<SaveRulesOutcome> {
  return inWriteTransaction(db, async (trx): Promise<SaveRulesOutcome> => {
    const current = await selectRules(trx, schedulerId);
    const currentVersion = current?.version ?? 0;
    if (currentVersion !== expectedVersion) return { kind: 'stale', currentVersion };
    const values = {
      reminders: JSON.stringify(rules.reminders),
      quiet_start: rules.quietStart,
      quiet_end: rules.quietEnd,
      version: currentVersion + 1,
      updated_at: nowMs,
    };
    if (current === undefined) {
      await trx
        .insertInto('message_rules')
        .values({ client_id: clientId, scheduler_id: schedulerId, ...values })
        .execute();
    } else {
      const updated = await trx
        .updateTable('message_rules')
        .set(values)
        .where('scheduler_id', '=', schedulerId)
        .where('version', '=', currentVersion)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return { kind: 'stale', currentVersion: currentVersion + 1 };
    }
    return { kind: 'saved', rules: { ...rules, version: currentVersion + 1 } };
  });
}

/** A scheduler's quiet hours ('HH:MM'), the default without rules. */
export async function selectQuietHours(
  db: Db,
  schedulerId: number | null,
): Promise<{ start: string; end: string }> {
  const stored = schedulerId === null ? undefined : await selectRules(db, schedulerId);
  return stored === undefined
    ? DEFAULT_QUIET_HOURS
    : { start: clockText(stored.quietStart), end: clockText(stored.quietEnd) };
}
