import type { SettingRow } from '@scheduler/domain/settings';
import { adminRequest } from './admin-request';
import { assignConfigResponseSchema } from '@scheduler/contract/admin/settings';

/** The scheduler's settings (assignConfig / updateConfig): the settings screen and the widget colour. */

export function fetchAssignConfig(clientId: string, ruleId: string, signal?: AbortSignal) {
  return adminRequest({
    path: 'getAssignConfig',
    params: { clientId, ruleId },
    signal,
    schema: assignConfigResponseSchema,
  });
}

/** `version`: the settings' version last read (a stale one answers 409). */
export function updateConfig(clientId: string, ruleId: string, version: number, settings: SettingRow[]) {
  return adminRequest({
    method: 'PATCH',
    path: 'updateConfig',
    data: { clientId, ruleId, version, settings },
    schema: assignConfigResponseSchema,
  });
}
