/** Reading stored setting values, formatting them back, and validating updates. */
import * as z from 'zod';
import {
  SETTING_GROUPS,
  type SchedulerSettings,
  type SettingDefinitionOf,
  type SettingKey,
  type SettingKind,
  type SettingRow,
  type StoredSettingRow,
} from './model.ts';
import { SETTING_DEFINITIONS, findSettingDefinition, rowKey, settingDefinitionOf } from './definitions.ts';

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
  definition: SettingDefinitionOf<K>,
  raw: unknown,
): SchedulerSettings[K] | undefined {
  const text = readStoredText(raw);
  if (text === undefined || text === '') return undefined;
  const kind: SettingKind = definition.kind;
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
    const definition = settingDefinitionOf(key);
    const value =
      parseStoredSettingValue(definition, stored.get(rowKey(definition.group, definition.order))) ??
      parseStoredSettingValue(definition, definition.defaultValue);
    if (value === undefined) throw new Error(`Built-in default of ${key} does not parse`);
    return value;
  }

  // Every definition's key (the compile-time check in definitions.ts keeps them complete).
  const settings: Partial<Record<SettingKey, SchedulerSettings[SettingKey]>> = {};
  for (const definition of SETTING_DEFINITIONS) settings[definition.key] = read(definition.key);
  return settings as SchedulerSettings;
}

/** The built-in defaults, typed. */
export const DEFAULT_SETTINGS: Readonly<SchedulerSettings> = Object.freeze(resolveSettings([]));

/** Typed settings back to stored rows (one per setting, in table order). */
export function toSettingRows(settings: SchedulerSettings): SettingRow[] {
  return SETTING_DEFINITIONS.map((definition) => ({
    group: definition.group,
    order: definition.order,
    value: formatSettingValue(definition.key, settings[definition.key]),
  }));
}

function valueSchemaForKind(kind: SettingKind): z.ZodType<string> {
  switch (kind.type) {
    case 'boolean':
      return z.union([z.enum(['Yes', 'No']), z.boolean().transform((value) => (value ? 'Yes' : 'No'))], {
        error: 'Choose Yes or No',
      });
    case 'number': {
      const message = `Enter a whole number from ${kind.min} to ${kind.max}`;
      return z
        .union(
          [
            z.number(),
            z
              .string()
              .trim()
              .regex(/^-?\d+$/)
              .transform(Number),
          ],
          { error: message },
        )
        .pipe(
          z
            .number()
            .int({ error: message })
            .min(kind.min, { error: message })
            .max(kind.max, { error: message }),
        )
        .transform(String);
    }
    case 'enum': {
      const values = kind.options.map((option) => option.value);
      return z.string().refine((value) => values.includes(value), {
        error: `Choose one of: ${kind.options.map((option) => option.label).join(', ')}`,
      });
    }
    case 'color':
      return z
        .string({ error: 'Enter a colour as #RRGGBB' })
        .trim()
        .regex(/^#[0-9a-fA-F]{6}$/, { error: 'Enter a colour as #RRGGBB' })
        .transform((value) => value.toUpperCase());
    case 'text':
      return z
        .string({ error: 'Enter a message' })
        .trim()
        .min(1, { error: 'Enter a message' })
        .max(kind.maxLength, { error: `Keep the message to ${kind.maxLength} characters or fewer` });
  }
}

/**
 * The schema that validates an admin's new value for the setting at (group, order) and outputs
 * its stored form ('Yes'/'No', digits, '#RRGGBB' upper case, trimmed text). Undefined for a
 * (group, order) the product does not know.
 */
export function settingValueSchemaFor(group: string, order: number): z.ZodType<string> | undefined {
  const definition = findSettingDefinition(group, order);
  return definition ? valueSchemaForKind(definition.kind) : undefined;
}

/** One admin update `{group, order, value}`; the output value is in stored form. */
export const settingUpdateSchema = z
  .object({
    group: z.enum(SETTING_GROUPS, { error: 'Unknown settings group' }),
    order: z.number({ error: 'Unknown setting' }).int({ error: 'Unknown setting' }),
    value: z.unknown(),
  })
  .transform((input, ctx): SettingRow => {
    const schema = settingValueSchemaFor(input.group, input.order);
    if (!schema) {
      ctx.addIssue({ code: 'custom', message: 'Unknown setting', path: ['order'] });
      return z.NEVER;
    }
    const result = schema.safeParse(input.value);
    if (!result.success) {
      for (const issue of result.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['value', ...issue.path] });
      }
      return z.NEVER;
    }
    return { group: input.group, order: input.order, value: result.data };
  });

/** A batch of admin updates (the whole settings form at once). */
export const settingsUpdateSchema = z.array(settingUpdateSchema).max(SETTING_DEFINITIONS.length * 2);
