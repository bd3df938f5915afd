/**
 * A provider's calendar feed (issue 20): a secret, read-only ICS address that calendar
 * applications subscribe to, listing the provider's appointments (times and places; no patient
 * details). Reading the address needs config:read, a new address config:write; both audited.
 *
 *  GET  /api/scheduler/admin/providers/:providerId/calendar-feed?clientId=   { feed }: the address, null while there is none
 *  POST /api/scheduler/admin/providers/:providerId/calendar-feed/rotate      { clientId } → { feed }: the first address, or a
 *                                                                            new one (the old one stops at once)
 *
 * Reading never makes an address (a GET changes nothing): making one is a change (config:write).
 *
 * The feed itself: GET /api/calendar/{token}.ics (public; the token is the credential).
 */
import * as z from 'zod';
import { brandQuerySchema } from './paging.ts';

/** The public feed's path prefix: `${CALENDAR_FEED_PREFIX}/{token}.ics`. */
export const CALENDAR_FEED_PREFIX = '/api/calendar';

/** A feed token: base64url of 32 bytes (256 bits). */
export const CALENDAR_FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const calendarFeedPath = (providerId: string | number): string =>
  `/api/scheduler/admin/providers/${encodeURIComponent(String(providerId))}/calendar-feed`;

export const calendarFeedQuerySchema = brandQuerySchema;
export const rotateCalendarFeedRequestSchema = brandQuerySchema;

export const calendarFeedSchema = z.object({
  /** The https address (what Android and "add by URL" screens take). */
  url: z.string(),
  /** The same address as webcal:// (opens the subscription in Apple Calendar, Outlook …). */
  webcalUrl: z.string(),
  /** When the feed was first made (ISO 8601, UTC). */
  createdAt: z.string(),
  /** When its address was last replaced (ISO 8601, UTC); null if never. */
  rotatedAt: z.string().nullable(),
});
export type CalendarFeed = z.output<typeof calendarFeedSchema>;

export const calendarFeedResponseSchema = z.object({
  /** null while the provider has no feed (POST …/rotate makes the first one). */
  feed: calendarFeedSchema.nullable(),
});
export type CalendarFeedResponse = z.output<typeof calendarFeedResponseSchema>;

export const rotateCalendarFeedResponseSchema = z.object({ feed: calendarFeedSchema });
export type RotateCalendarFeedResponse = z.output<typeof rotateCalendarFeedResponseSchema>;
