/** GET getAssignConfig, PATCH updateConfig: the scheduler settings. */
import * as z from 'zod';
import { SETTING_GROUPS, settingsUpdateSchema } from '@scheduler/domain/settings';
import { recordIdSchema } from '../admin-auth.ts';
import { versionSchema } from './paging.ts';

// ---------------------------------------------------------------- GET getAssignConfig, PATCH updateConfig

const settingKindSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('boolean') }),
  z.object({ type: z.literal('number'), min: z.number(), max: z.number() }),
  z.object({
    type: z.literal('enum'),
    options: z.array(z.object({ value: z.string(), label: z.string() })),
    otherwise: z.string().optional(),
  }),
  z.object({ type: z.literal('color') }),
  z.object({
    type: z.literal('text'),
    maxLength: z.number(),
    /** Issue 21: '' is valid and means "not set" (the Spanish thank-you messages). */
    optional: z.boolean().optional(),
  }),
]);

export const settingDefinitionResponseSchema = z.object({
  key: z.string(),
  group: z.enum(SETTING_GROUPS),
  order: z.number().int(),
  label: z.string(),
  description: z.string(),
  defaultValue: z.string(),
  kind: settingKindSchema,
  /** The value in effect, in stored form (the default when no row is stored). */
  value: z.string(),
  /** True when no (readable) row is stored, so the default applies. */
  isDefault: z.boolean(),
});

export const assignConfigResponseSchema = z.object({
  clientId: z.string(),
  schedulerId: z.string(),
  schedulerName: z.string(),
  schedulerSlug: z.string(),
  /** The rows stored for the scheduler, as stored. */
  settings: z.array(z.object({ group: z.string(), order: z.number().int(), value: z.string() })),
  /** The settings' version: send it back with updateConfig. */
  version: z.number().int(),
  /** Spec section 9, with the value in effect for each setting. */
  definitions: z.array(settingDefinitionResponseSchema),
});
export type AssignConfigResponse = z.output<typeof assignConfigResponseSchema>;

export const updateConfigRequestSchema = z.object({
  clientId: recordIdSchema.optional(),
  ruleId: recordIdSchema,
  /** The settings' version last read (getAssignConfig); a stale one is refused with 409. */
  version: versionSchema,
  /** `{group, order, value}` rows; each is validated against its definition and upserted. */
  settings: settingsUpdateSchema.min(1, { error: 'Change at least one setting' }),
});
export type UpdateConfigRequest = z.output<typeof updateConfigRequestSchema>;
