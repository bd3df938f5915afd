import type { GetConfigResponse } from '@scheduler/contract/scheduler-api';
// The model only: the settings barrel also holds the zod schemas of settings updates (not for the page).
import { SETTING_GROUPS, type StoredSettingRow } from '@scheduler/domain/settings/model';
import type { RulesConfigItem } from '../state/patientdetails-slice';

export type ConfigRow = GetConfigResponse['rulesConfig'][number];

const GROUPS = SETTING_GROUPS;

/**
 * The spec's rulesConfig item (clientid and the groups of {order, value} settings) from the
 * getConfig answer, to keep in the patientdetails slice.
 */
export function toRulesConfigItem(row: ConfigRow): RulesConfigItem {
  const item: RulesConfigItem = {
    clientid: row.clientid,
    clientName: row.clientName,
    schedulerId: row.schedulerId,
    schedulerName: row.schedulerName,
    phone: row.phone,
  };
  for (const group of GROUPS) {
    item[group] = row.settings
      .filter((setting) => setting.group === group)
      .map((setting) => ({ order: setting.order, value: setting.value }));
  }
  return item;
}

/** The stored setting rows of a rulesConfig item, for resolveSettings. */
export function settingRowsOf(item: RulesConfigItem): StoredSettingRow[] {
  return GROUPS.flatMap((group) =>
    (item[group] ?? []).map((setting) => ({ group, order: setting.order, value: setting.value })),
  );
}
