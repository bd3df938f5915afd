import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import {
  SETTING_DEFINITIONS,
  SETTING_GROUPS,
  settingValueSchemaFor,
  type SettingDefinition,
  type SettingGroup,
  type SettingRow,
} from '@scheduler/domain/settings';
import * as z from 'zod';
import { settingValueLabel, settingValueMessage } from './setting-texts';

/** Form model of the scheduler settings screen: one field per setting of spec section 9, named by its key. */

export const GROUP_TITLES: Record<SettingGroup, MessageDescriptor> = {
  landingPage: msg`Landing page`,
  appointment: msg`Appointment`,
  insurance: msg`Insurance`,
  thankYouScreen: msg`Thank-you screen`,
  patientIntake: msg`Patient intake`,
  selfService: msg`Patient self-service`,
  waitlistOffers: msg`Waitlist offers`,
};

/**
 * Issue 21: the practice's texts that have a Spanish version beside them (English key → Spanish
 * key). The form shows each Spanish text right under its English one.
 */
export const SPANISH_TEXT_OF: Readonly<Record<string, string>> = {
  thankYouPrimary: 'thankYouPrimaryEs',
  thankYouSecondary: 'thankYouSecondaryEs',
};
const ENGLISH_TEXT_OF: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(SPANISH_TEXT_OF).map(([english, spanish]) => [spanish, english]),
);

/** The English setting a Spanish text translates (undefined for any other setting). */
export function englishTextOf(key: string): string | undefined {
  return ENGLISH_TEXT_OF[key];
}

/** A group's settings in the order shown: each Spanish text moved right after its English one. */
export function inShownOrder(definitions: readonly SettingDefinition[]): SettingDefinition[] {
  const byKey = new Map(definitions.map((definition) => [definition.key as string, definition]));
  const shown: SettingDefinition[] = [];
  for (const definition of definitions) {
    const english = englishTextOf(definition.key);
    if (english !== undefined && byKey.has(english)) continue;
    shown.push(definition);
    const spanishKey = SPANISH_TEXT_OF[definition.key];
    const spanish = spanishKey === undefined ? undefined : byKey.get(spanishKey);
    if (spanish) shown.push(spanish);
  }
  return shown;
}

/**
 * What an empty Spanish text means on the booking page (the same choice as the thank-you page):
 * the Spanish of the shipped default while the English is the default, else the English as written.
 */
export function spanishFallbackOf(englishKey: string, englishValue: unknown): 'default' | 'english' {
  const definition = SETTING_DEFINITIONS.find((candidate) => candidate.key === englishKey);
  const value = typeof englishValue === 'string' ? englishValue.trim() : '';
  return definition !== undefined && value === definition.defaultValue ? 'default' : 'english';
}

/** Booleans as switches (true/false); every other kind as the text of its stored form. */
export type SettingsFormValues = Record<string, string | boolean>;

export const DEFINITIONS_BY_GROUP: readonly {
  group: SettingGroup;
  definitions: readonly SettingDefinition[];
}[] = SETTING_GROUPS.map((group) => ({
  group,
  definitions: inShownOrder(SETTING_DEFINITIONS.filter((definition) => definition.group === group)),
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
          message: settingValueMessage(result.error.issues[0]?.message ?? t`Enter a valid value`),
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

/**
 * How the default is shown next to a field ('Yes', 'Business days (weekends skipped)', …), in the
 * active language; a number, colour or text as it is.
 */
export function defaultLabelOf(definition: SettingDefinition): string {
  const kind = definition.kind;
  return kind.type === 'enum' || kind.type === 'boolean'
    ? settingValueLabel(definition.defaultValue)
    : definition.defaultValue;
}
