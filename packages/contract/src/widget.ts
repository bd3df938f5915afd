/**
 * The embeddable widget's data: what the admin widget screen reads in one call
 * (GET /api/scheduler/admin/widget/setup: locations for the snippets, the widget colour =
 * appointment setting 20, the sites allowed to frame it), and the reading of the allow-list
 * (`clients.frame_ancestors`) into the widget pages' CSP `frame-ancestors`. Writes go through
 * PUT /api/scheduler/admin/widget (admin/widget.ts) and PATCH updateConfig.
 *
 * A frame ancestor is a CSP host source limited to what a practice needs: `https://www.example.com`,
 * `https://*.example.com`, `http://localhost:3101`, `http://127.0.0.1:*` — a scheme, a host (an
 * optional leading `*.` wildcard) and an optional port or `:*`, no path; plain http only for
 * localhost. The product's own origin is always allowed (the admin preview) and is not listed.
 */
import * as z from 'zod';
import { settingDefinitionOf } from '@scheduler/domain/settings';
import { recordIdSchema } from './admin-auth.ts';

export const MAX_FRAME_ANCESTORS = 50;
export const DEFAULT_WIDGET_COLOR = settingDefinitionOf('widgetColor').defaultValue;

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST = `(?:\\*\\.)?${LABEL}(?:\\.${LABEL})*`;
// CSP host sources have no IPv6 literals.
const FRAME_ANCESTOR = new RegExp(`^(https?)://(${HOST})(?::(\\d{1,5}|\\*))?$`);

/**
 * The canonical form of a frame-ancestor source (lower case, no trailing slash, no default port),
 * or undefined when `input` is not an acceptable source.
 */
export function normalizeFrameAncestor(input: string): string | undefined {
  const text = input.trim().toLowerCase().replace(/\/$/, '');
  if (text.length === 0 || text.length > 260) return undefined;
  const match = FRAME_ANCESTOR.exec(text);
  if (!match) return undefined;
  const [, scheme, host, port] = match;
  if (host === undefined || scheme === undefined) return undefined;
  // Plain http only for development on this machine (as admin/widget.ts's frameAncestorSchema).
  if (scheme === 'http' && host !== 'localhost' && host !== '127.0.0.1') return undefined;
  if (port !== undefined && port !== '*') {
    const number = Number(port);
    if (number < 1 || number > 65_535) return undefined;
    if ((scheme === 'https' && number === 443) || (scheme === 'http' && number === 80)) {
      return `${scheme}://${host}`;
    }
  }
  return port === undefined ? `${scheme}://${host}` : `${scheme}://${host}:${port}`;
}

/** Reads a stored list leniently: anything unreadable is dropped (never reaches a header). */
export function parseStoredFrameAncestors(stored: string | null | undefined): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const sources = parsed.flatMap((item) =>
    typeof item === 'string' ? (normalizeFrameAncestor(item) ?? []) : [],
  );
  return [...new Set(sources)].slice(0, MAX_FRAME_ANCESTORS);
}

// ---------------------------------------------------------------- GET /api/scheduler/admin/widget/setup

export const widgetSetupQuerySchema = z.object({
  clientId: recordIdSchema.optional(),
  ruleId: recordIdSchema,
});

export const widgetSetupResponseSchema = z.object({
  clientId: z.string(),
  clientSlug: z.string(),
  clientName: z.string(),
  schedulerId: z.string(),
  schedulerSlug: z.string(),
  schedulerName: z.string(),
  /** Appointment setting 20 in effect, '#RRGGBB'. */
  widgetColor: z.string(),
  /** True when no colour is stored (the default applies). */
  widgetColorIsDefault: z.boolean(),
  defaultWidgetColor: z.string(),
  frameAncestors: z.array(z.string()),
  /** The allow-list's version: PUT admin/widget sends it back (a stale one is refused with 409). */
  frameAncestorsVersion: z.number().int(),
  locations: z.array(
    z.object({ locationId: z.string(), slug: z.string(), name: z.string(), onlineEnabled: z.boolean() }),
  ),
});
export type WidgetSetup = z.output<typeof widgetSetupResponseSchema>;
