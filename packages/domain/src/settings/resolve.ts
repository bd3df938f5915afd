/**
 * Reading stored setting values into the typed settings object, without zod: the booking page's
 * contract worker resolves getConfig's settings with this module and the rules table alone
 * (issue 16: the landing's script weight; the admin's labels and help, texts.ts, are not part of
 * it). values.ts re-exports it with the update schemas.
 */
import { SETTING_RULES, rowKey, settingRuleOf } from './rules.ts';
import type { SchedulerSettings, SettingKey, SettingKind, SettingRuleOf, StoredSettingRow } from './model.ts';

const HEX_COLOR = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i;

function readStoredText(raw: unknown): string | undefined {
  if (typeof raw === 'string') return raw.trim();
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
  if (typeof raw === 'boolean') return raw ? 'Yes' : 'No';
  return undefined;
}

/**
 * Reads a stored value leniently: 'Yes'/'No' in any case (and 'true'/'false'), numbers with
 * surrounding spaces, enum options in any case, '#abc' or 'abcdef' colours. Returns undefined
 * when the value cannot be read (empty, out of range, not an option …), meaning "use the default".
 */
export function parseStoredSettingValue<K extends SettingKey>(
  definition: SettingRuleOf<K>,
  raw: unknown,
): SchedulerSettings[K] | undefined {
  const text = readStoredText(raw);
  const kind: SettingKind = definition.kind;
  // An optional text (issue 21: the Spanish thank-you messages) reads '' as "not set", its default.
  if (kind.type === 'text' && kind.optional === true && text === '') return '' as SchedulerSettings[K];
  if (text === undefined || text === '') return undefined;
  switch (kind.type) {
    case 'boolean': {
      const lower = text.toLowerCase();
      if (lower === 'yes' || lower === 'true') return true as SchedulerSettings[K];
      if (lower === 'no' || lower === 'false') return false as SchedulerSettings[K];
      return undefined;
    }
    case 'number': {
      if (!/^\d+$/.test(text)) return undefined;
      const value = Number(text);
      return value >= kind.min && value <= kind.max ? (value as SchedulerSettings[K]) : undefined;
    }
    case 'enum': {
      const lower = text.toLowerCase();
      const option = kind.options.find((candidate) => candidate.value.toLowerCase() === lower);
      return (option?.value ?? kind.otherwise) as SchedulerSettings[K] | undefined;
    }
    case 'color': {
      const match = HEX_COLOR.exec(text);
      if (!match?.[1]) return undefined;
      const hex = match[1].length === 3 ? [...match[1]].map((digit) => digit + digit).join('') : match[1];
      return `#${hex.toUpperCase()}` as SchedulerSettings[K];
    }
    case 'text':
      return text as SchedulerSettings[K];
  }
}

/** The stored form of a typed value: booleans as 'Yes'/'No', numbers as digits. */
export function formatSettingValue<K extends SettingKey>(_key: K, value: SchedulerSettings[K]): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/**
 * A complete, typed settings object from stored rows. Every setting without a row, or whose
 * stored value cannot be read, takes its built-in default. Rows of unknown (group, order) are
 * ignored; when a (group, order) appears twice the last row wins.
 */
export function resolveSettings(rows: Iterable<StoredSettingRow> = []): SchedulerSettings {
  const stored = new Map<string, unknown>();
  for (const row of rows) stored.set(rowKey(row.group, row.order), row.value);

  function read<K extends SettingKey>(key: K): SchedulerSettings[K] {
    const definition = settingRuleOf(key);
    const value =
      parseStoredSettingValue(definition, stored.get(rowKey(definition.group, definition.order))) ??
      parseStoredSettingValue(definition, definition.defaultValue);
    if (value === undefined) throw new Error(`Built-in default of ${key} does not parse`);
    return value;
  }

  // Every setting's key (the compile-time check in rules.ts keeps them complete).
  const settings: Partial<Record<SettingKey, SchedulerSettings[SettingKey]>> = {};
  for (const rule of SETTING_RULES) settings[rule.key] = read(rule.key);
  return settings as SchedulerSettings;
}

/** The built-in defaults, typed. */
export const DEFAULT_SETTINGS: Readonly<SchedulerSettings> = Object.freeze(resolveSettings([]));
