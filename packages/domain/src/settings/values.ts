/** Reading stored setting values, formatting them back, and validating updates. */
import * as z from 'zod';
import { SETTING_GROUPS, type SchedulerSettings, type SettingKind, type SettingRow } from './model.ts';
import { SETTING_DEFINITIONS, findSettingDefinition } from './definitions.ts';
import { formatSettingValue } from './resolve.ts';

// Reading stored values (no zod) lives in resolve.ts, for the booking page's contract worker.
export { DEFAULT_SETTINGS, formatSettingValue, parseStoredSettingValue, resolveSettings } from './resolve.ts';

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
      if (kind.optional === true) {
        // '' (or blank) means "not set": the setting's default, which is ''.
        return z
          .string({ error: 'Enter a message' })
          .trim()
          .max(kind.maxLength, { error: `Keep the message to ${kind.maxLength} characters or fewer` });
      }
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
