/*
 * Issue 20: each provider's secret, read-only ICS feed.
 *  - The feed (public, the token is the credential): the provider's appointments from 7 days ago
 *    to 60 days ahead at every location of the brand, built by the domain's feed builder
 *    (packages/domain/src/messages/ics-feed.ts: the e-mails' UID and SEQUENCE, TZID = the
 *    location's zone with its VTIMEZONE). Titles are "Booked: 30 min", or "Cleaning: 30 min" when
 *    the brand's publication turns `feed_service_names` on. Never anything about the patient.
 *    Cancelled and entered-in-error appointments stay as STATUS:CANCELLED, so that subscribed
 *    calendars remove them. Its ETag is weak: a hash of what the feed says (not of DTSTAMP, the
 *    moment of the answer), so a subscriber gets 304 until an appointment, a name or the window
 *    changes.
 *  - The admin: the address (config:read; null while there is none: a read changes nothing) and
 *    the first or a new address (config:write; the old one answers 404 at once), both audited.
 */
import { createHash } from 'node:crypto';
import { CALENDAR_FEED_PREFIX } from '@scheduler/contract/admin/calendar-feeds';
import type { CalendarFeed } from '@scheduler/contract/admin/calendar-feeds';
import { DomainError } from '@scheduler/domain/errors';
import { buildIcsFeed, feedEventSummary, feedStatusOf } from '@scheduler/domain/messages/ics-feed';
import type { IcsFeed } from '@scheduler/domain/messages/ics-feed';
import { providerDisplayName } from '@scheduler/domain/providers';
import type { AuditActor, AuditLog } from '../../../platform/audit/audit-log.ts';
import type { Db } from '../../../platform/db/database.ts';
import { readPublication } from '../publication/publication-repository.ts';
import {
  renewFeed,
  selectFeed,
  selectFeedAppointments,
  selectFeedByTokenHash,
  selectFeedProvider,
  selectProviderZones,
} from './calendar-feed-repository.ts';
import type { FeedAppointmentRow, FeedRecord } from './calendar-feed-repository.ts';
import { deriveFeedToken, feedTokenHash, isFeedTokenShape } from './feed-token.ts';

const DAY_MS = 86_400_000;
/** The feed's window: appointments starting from 7 days ago to 60 days ahead. */
export const FEED_DAYS_BEHIND = 7;
export const FEED_DAYS_AHEAD = 60;
/** How often subscribers are asked to look again (REFRESH-INTERVAL, X-PUBLISHED-TTL), minutes. */
export const FEED_REFRESH_MINUTES = 15;

export interface RenderedFeed {
  /** Weak (`W/"…"`): the same for any two answers that say the same. */
  etag: string;
  /** Builds the text (skipped for a 304). */
  body(): string;
}

export interface CalendarFeedService {
  /** The feed of a token, or undefined for an unknown, rotated or malformed one. */
  feedOf(token: string): Promise<{ clientId: number; render(): Promise<RenderedFeed> } | undefined>;
  /** The provider's feed address, or null while it has none (makes nothing). */
  address(actor: AuditActor, providerId: number): Promise<CalendarFeed | null>;
  /** The provider's first feed address, or a new one (the old one stops at once). */
  rotate(actor: AuditActor, providerId: number): Promise<CalendarFeed>;
}

export interface CalendarFeedServiceOptions {
  db: Db;
  now: () => Date;
  audit: AuditLog;
  /** calendarFeedKeyOf(config). */
  key: Buffer;
  /** PUBLIC_URL, without a trailing slash. */
  publicUrl: string;
}

/** 'Downtown Clinic, 120 Main Street, Suite 2, Springfield, IL 62701'. */
function locationText(row: FeedAppointmentRow): string {
  const street = [row.addressLine1, row.addressLine2].filter((part) => part !== null && part.trim() !== '');
  const place = `${row.state} ${row.postalCode}`.trim();
  return [row.locationName, ...street, row.city, place].filter((part) => part !== '').join(', ');
}

function weakEtag(content: unknown): string {
  return `W/"${createHash('sha256').update(JSON.stringify(content)).digest('base64url').slice(0, 32)}"`;
}

export function createCalendarFeedService({
  db,
  now,
  audit,
  key,
  publicUrl,
}: CalendarFeedServiceOptions): CalendarFeedService {
  const uidHost = new URL(publicUrl).hostname;

  const responseOf = (feed: FeedRecord): CalendarFeed => {
    const url = `${publicUrl}${CALENDAR_FEED_PREFIX}/${deriveFeedToken(key, feed.providerId, feed.nonce)}.ics`;
    return {
      url,
      webcalUrl: url.replace(/^https?:\/\//, 'webcal://'),
      createdAt: new Date(feed.createdAt).toISOString(),
      rotatedAt: feed.rotatedAt === null ? null : new Date(feed.rotatedAt).toISOString(),
    };
  };

  const requireProvider = async (actor: AuditActor, providerId: number) => {
    if ((await selectFeedProvider(db, actor.clientId, providerId)) === undefined) {
      throw new DomainError('NOT_FOUND');
    }
  };

  const render = async (feed: FeedRecord): Promise<RenderedFeed> => {
    const at = now();
    const { clientId, providerId } = feed;
    const [provider, publication, zones, rows] = await Promise.all([
      selectFeedProvider(db, clientId, providerId),
      readPublication(db, { clientId }),
      selectProviderZones(db, clientId, providerId),
      selectFeedAppointments(db, {
        clientId,
        providerId,
        fromMs: at.getTime() - FEED_DAYS_BEHIND * DAY_MS,
        toMs: at.getTime() + FEED_DAYS_AHEAD * DAY_MS,
      }),
    ]);
    const serviceNames = publication?.feedServiceNames ?? false;
    const input: Omit<IcsFeed, 'now'> = {
      calendarName: provider === undefined ? 'Appointments' : providerDisplayName(provider),
      uidHost,
      product: 'Provider calendar feed',
      refreshMinutes: FEED_REFRESH_MINUTES,
      timeZones: zones,
      events: rows.map((row) => ({
        appointmentId: row.id,
        sequence: row.version,
        startUtc: new Date(row.startAt),
        endUtc: new Date(row.endAt),
        timeZone: row.timeZone,
        summary: feedEventSummary((row.endAt - row.startAt) / 60_000, serviceNames ? row.serviceName : null),
        locationText: locationText(row),
        status: feedStatusOf(row.status),
        lastModified: new Date(row.updatedAt),
      })),
    };
    return { etag: weakEtag(input), body: () => buildIcsFeed({ ...input, now: at }) };
  };

  return {
    async feedOf(token) {
      if (!isFeedTokenShape(token)) return undefined;
      const feed = await selectFeedByTokenHash(db, feedTokenHash(token));
      if (feed === undefined) return undefined;
      return { clientId: feed.clientId, render: () => render(feed) };
    },

    async address(actor, providerId) {
      await requireProvider(actor, providerId);
      const feed = await selectFeed(db, actor.clientId, providerId);
      await audit.recordFor(actor, 'provider.calendar-feed.read', {
        type: 'provider',
        id: providerId,
        details: { exists: feed !== undefined },
      });
      return feed === undefined ? null : responseOf(feed);
    },

    async rotate(actor, providerId) {
      await requireProvider(actor, providerId);
      const { feed, created } = await renewFeed(db, key, {
        clientId: actor.clientId,
        providerId,
        at: now().getTime(),
      });
      await audit.recordFor(
        actor,
        created ? 'provider.calendar-feed.create' : 'provider.calendar-feed.rotate',
        {
          type: 'provider',
          id: providerId,
        },
      );
      return responseOf(feed);
    },
  };
}
