/** Admin: the widget allow-list. */
import * as z from 'zod';
import { recordIdSchema } from '../admin-auth.ts';
import { versionSchema } from './paging.ts';

// ---------------------------------------------------------------- admin: widget allow-list

/**
 * A CSP source allowed to frame the widget: `https://host`, optionally `*.` before the host and a
 * port (or `:*`); plain `http://` only for localhost and 127.0.0.1 (development).
 */
export const frameAncestorSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(200)
  .refine(
    (value) =>
      /^https:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?$/.test(value) ||
      /^http:\/\/(localhost|127\.0\.0\.1)(:(\d{1,5}|\*))?$/.test(value),
    { error: 'Enter a site address such as https://www.example.com' },
  );

export const widgetSettingsResponseSchema = z.object({
  clientId: z.string(),
  clientSlug: z.string(),
  frameAncestors: z.array(z.string()),
  /** The allow-list's version: send it back with the PUT (a stale one is refused with 409). */
  version: z.number().int(),
});
export const updateWidgetSettingsRequestSchema = z.object({
  clientId: recordIdSchema.optional(),
  version: versionSchema,
  frameAncestors: z
    .array(frameAncestorSchema)
    .max(50, { error: 'List at most 50 sites' })
    .transform((values) => [...new Set(values)]),
});
