import {
  SETTING_DEFINITIONS,
  SETTING_GROUPS,
  settingValueSchemaFor,
  type SettingDefinition,
  type SettingGroup,
  type SettingRow,
} from '@scheduler/domain/settings';
import * as z from 'zod';

/** Form model of the scheduler settings screen: one field per setting of spec section 9, named by its key. */

export const GROUP_TITLES: Record<SettingGroup, string> = {
  landingPage: 'Landing page',
  appointment: 'Appointment',
  insurance: 'Insurance',
  thankYouScreen: 'Thank-you screen',
  patientIntake: 'Patient intake',
  selfService: 'Patient self-service',
  waitlistOffers: 'Waitlist offers',
};

/** Booleans as switches (true/false); every other kind as the text of its stored form. */
export type SettingsFormValues = Record<string, string | boolean>;

export const DEFINITIONS_BY_GROUP: readonly {
  group: SettingGroup;
  definitions: readonly SettingDefinition[];
}[] = SETTING_GROUPS.map((group) => ({
  group,
  definitions: SETTING_DEFINITIONS.filter((definition) => definition.group === group),
}));

const rowKey = (group: string, order: number) => `${group}:${order}`;

/** Form values from the values in effect (server rows in stored form; defaults for anything missing). */
export function formValuesOf(
  effective: readonly { group: string; order: number; value: string }[],
): SettingsFormValues {
  const byRow = new Map(effective.map((row) => [rowKey(row.group, row.order), row.value]));
  const values: SettingsFormValues = {};
  for (const definition of SETTING_DEFINITIONS) {
    const stored = byRow.get(rowKey(definition.group, definition.order)) ?? definition.defaultValue;
    values[definition.key] = definition.kind.type === 'boolean' ? stored.toLowerCase() === 'yes' : stored;
  }
  return values;
}

/** Validates every field with the domain's schema for its (group, order); issues land on the field. */
export const settingsFormSchema = z
  .record(z.string(), z.union([z.string(), z.boolean()]))
  .superRefine((values, ctx) => {
    for (const definition of SETTING_DEFINITIONS) {
      const value = values[definition.key];
      const schema = settingValueSchemaFor(definition.group, definition.order);
      const result = schema?.safeParse(value);
      if (result && !result.success) {
        ctx.addIssue({
          code: 'custom',
          path: [definition.key],
          message: result.error.issues[0]?.message ?? 'Enter a valid value',
        });
      }
    }
  });

/** The rows whose stored form differs from what was loaded (what updateConfig must receive). */
export function changedRows(initial: SettingsFormValues, next: Record<string, unknown>): SettingRow[] {
  const rows: SettingRow[] = [];
  for (const definition of SETTING_DEFINITIONS) {
    const stored = storedFormOf(next[definition.key]);
    if (stored !== storedFormOf(initial[definition.key])) {
      rows.push({ group: definition.group, order: definition.order, value: stored });
    }
  }
  return rows;
}

function storedFormOf(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' ? value.trim() : '';
}

/** 'settings.3.value' from the server → the form field of the 4th changed row. */
export function fieldOfServerPath(path: string, sent: readonly SettingRow[]): string | undefined {
  const match = /^settings\.(\d+)/.exec(path);
  const row = match ? sent[Number(match[1])] : undefined;
  return row
    ? SETTING_DEFINITIONS.find((d) => d.group === row.group && d.order === row.order)?.key
    : undefined;
}

/** How the default is shown next to a field ('Yes', 'Business days (weekends skipped)', …). */
export function defaultLabelOf(definition: SettingDefinition): string {
  const kind = definition.kind;
  if (kind.type === 'enum') {
    return (
      kind.options.find((option) => option.value === definition.defaultValue)?.label ??
      definition.defaultValue
    );
  }
  return definition.defaultValue;
}
