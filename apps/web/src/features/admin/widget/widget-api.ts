import { widgetSettingsResponseSchema } from '@scheduler/contract/admin/widget';
import { widgetSetupResponseSchema } from '@scheduler/contract/widget';
import { adminRequest } from '../shared/api/admin-request';
import { updateConfig } from '../shared/api/settings-api';

/**
 * The widget screen's calls: one read of everything it shows (GET admin/widget/setup), the
 * allow-list (PUT admin/widget) and the colour, appointment setting 20 (PATCH updateConfig).
 */

export const widgetKeys = {
  setup: (clientId: string, ruleId: string) => ['admin', clientId, 'widget', ruleId] as const,
};

export function fetchWidgetSetup(clientId: string, ruleId: string, signal?: AbortSignal) {
  return adminRequest({
    path: 'admin/widget/setup',
    params: { clientId, ruleId },
    signal,
    schema: widgetSetupResponseSchema,
  });
}

/**
 * `version`: the allow-list's version the screen read (setup.frameAncestorsVersion); a change by
 * someone else since then answers 409 and changes nothing.
 */
export function saveFrameAncestors(clientId: string, frameAncestors: readonly string[], version: number) {
  return adminRequest({
    method: 'PUT',
    path: 'admin/widget',
    data: { clientId, frameAncestors, version },
    schema: widgetSettingsResponseSchema,
  });
}

/**
 * The colour alone: appointment setting 20 through updateConfig, with the settings' version the
 * screen read (a change by someone else since then answers 409, shown by the form).
 */
export async function saveWidgetColor(
  clientId: string,
  ruleId: string,
  version: number,
  color: string,
): Promise<void> {
  await updateConfig(clientId, ruleId, version, [{ group: 'appointment', order: 20, value: color }]);
}
