/**
 * The analytics event (POST updateUserSession), spec section 3. Every page view and meaningful
 * click sends one. All text is trimmed and bounded; empty and null values become undefined.
 * UTM values and `rwg_token` come from the landing URL.
 */
import * as z from 'zod';
import { idSchema, optionalTextSchema, sessionIdSchema } from './common.ts';

/** The campaign reported when the visit came from no campaign. */
export const DEFAULT_CHANNEL = 'website';

const UTM_MAX = 200;
const PATH_MAX = 2048;
const NAME_MAX = 100;

const optionalId = idSchema.nullish().transform((value) => value ?? undefined);
const optionalFlag = z
  .boolean()
  .nullish()
  .transform((value) => value ?? undefined);

/** Campaign text, 'website' when absent or blank. */
const channelSchema = optionalTextSchema(UTM_MAX).transform((value) => value ?? DEFAULT_CHANNEL);

const eventDetailValue = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]);

/** Free-form details of an event: a short text, or a small flat object (at most 20 keys). */
export const eventDetailsSchema = z.union([
  z.string().trim().max(2000),
  z
    .record(z.string().max(64), eventDetailValue)
    .refine((value) => Object.keys(value).length <= 20, { error: 'Too many event details' }),
]);

export const googleSessionDetailsSchema = z.object({
  utmSource: optionalTextSchema(UTM_MAX),
  utmMedium: optionalTextSchema(UTM_MAX),
  utmCampaign: channelSchema,
  utmTerm: optionalTextSchema(UTM_MAX),
  rwgToken: optionalTextSchema(UTM_MAX),
});

export const analyticsEventSchema = z.object({
  sessionId: sessionIdSchema,
  clientId: idSchema,
  pagePath: z.string().trim().min(1).max(PATH_MAX),
  pageName: z.string().trim().min(1).max(NAME_MAX),
  eventLabel: optionalTextSchema(NAME_MAX),
  action: optionalTextSchema(NAME_MAX),
  locationId: optionalId,
  /** The text of an alert the patient saw (e.g. a section 8 message). */
  alert: optionalTextSchema(500),
  appointmentTypeId: optionalId,
  clickPagePath: optionalTextSchema(PATH_MAX),
  clickPageName: optionalTextSchema(NAME_MAX),
  /** Never sent from the identity and landing pages (spec section 2). */
  providerId: optionalId,
  eventDetails: eventDetailsSchema.nullish().transform((value) => value ?? undefined),
  isExistingPatient: optionalFlag,
  googleSessionDetails: googleSessionDetailsSchema.prefault({}),
  utm_source: optionalTextSchema(UTM_MAX),
  utm_medium: optionalTextSchema(UTM_MAX),
  utm_campaign: optionalTextSchema(UTM_MAX),
  utm_term: optionalTextSchema(UTM_MAX),
  isAptBooked: optionalFlag,
  /** The campaign, or 'website'. */
  channelFilters: channelSchema,
  rwgToken: optionalTextSchema(UTM_MAX),
});
export type AnalyticsEvent = z.output<typeof analyticsEventSchema>;
export type AnalyticsEventInput = z.input<typeof analyticsEventSchema>;

/**
 * The page path analytics reports: the current path with its last segment replaced by the page
 * name ('/acme/main/all/landing' + 'identity' → '/acme/main/all/identity').
 */
export function analyticsPagePath(pathname: string, pageName: string): string {
  const trimmed = pathname.endsWith('/') && pathname.length > 1 ? pathname.slice(0, -1) : pathname;
  const cut = trimmed.lastIndexOf('/');
  return `${cut >= 0 ? trimmed.slice(0, cut) : ''}/${pageName}`;
}
