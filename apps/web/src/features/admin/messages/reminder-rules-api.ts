import {
  messageRulesResponseSchema,
  type QuietHours,
  type ReminderRule,
} from '@scheduler/contract/admin/messages';
import { adminRequest } from '../shared/api/admin-request';

/** A scheduler's reminder rules (config:read to see, config:write to change). */

export const ruleKeys = {
  one: (clientId: string, ruleId: string) => ['admin', clientId, 'message-rules', ruleId] as const,
};

export function fetchMessageRules(clientId: string, ruleId: string, signal?: AbortSignal) {
  return adminRequest({
    path: 'admin/message-rules',
    params: { clientId, ruleId },
    signal,
    schema: messageRulesResponseSchema,
  });
}

export function saveMessageRules(
  clientId: string,
  ruleId: string,
  change: { reminders: ReminderRule[]; quietHours: QuietHours; version: number },
) {
  return adminRequest({
    method: 'PUT',
    path: 'admin/message-rules',
    data: { clientId, ruleId, ...change },
    schema: messageRulesResponseSchema,
  });
}
