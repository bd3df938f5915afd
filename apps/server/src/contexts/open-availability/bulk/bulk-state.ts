/*
 * What a brand's bulk publication is made from, and its HTTP validators (issue 20, SMART Scheduling
 * Links: `Cache-Control: max-age`, `ETag`, `Last-Modified`, 304 on `If-None-Match` /
 * `If-Modified-Since`).
 *
 * Everything the manifest and its files show is a function of:
 *  - the publication settings (their version, the scheduler published) and the brand's names;
 *  - the client's `search_config_versions` counter, raised by database triggers on every row the
 *    slot search reads besides busy periods (locations, providers, services, hours, closures,
 *    settings, …: migrations 010 and 018);
 *  - the sum of the client's `provider_busy_versions` (raised on every change to appointments,
 *    time off and holds; each only ever rises);
 *  - the clock, through the booking window: the files are a snapshot of the slot search at the
 *    start of the current 5-minute bucket (`snapshotAt`), the polling interval of `max-age`.
 * Equal inputs, equal bytes (on every instance): the ETag is a digest of those inputs. The
 * Last-Modified time (and the manifest's transactionTime) is when this instance first saw the
 * current inputs, never earlier than the snapshot's clock.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Publication } from '../publication/publication-repository.ts';

/** Seconds a client should wait before polling again (the spec's example, five minutes). */
export const BULK_MAX_AGE_SECONDS = 300;
const BUCKET_MS = BULK_MAX_AGE_SECONDS * 1000;
/** Raise when the files' format changes, so that kept copies are not revalidated as current. */
const FORMAT = 1;

/** The counters behind a brand's publication (bulk-repository.ts). */
export interface BulkVersions {
  configVersion: number;
  busySum: number;
}

export interface BulkState {
  /** The instant the files are computed at: the start of the current bucket. */
  snapshotAt: Date;
  /** Strong validator of the manifest and of every file (quoted). */
  etag: string;
  /** Whole seconds, UTC epoch ms. */
  lastModifiedMs: number;
}

/** The start of the clock bucket of `now`. */
export function snapshotOf(now: Date): Date {
  return new Date(Math.floor(now.getTime() / BUCKET_MS) * BUCKET_MS);
}

/** When this instance first saw each brand's current ETag (bounded). */
export class FirstSeen {
  private readonly seen = new Map<number, { etag: string; atMs: number }>();

  constructor(private readonly limit = 10_000) {}

  /** Whole seconds at or after `floorMs`: when `etag` was first seen for the client. */
  of(clientId: number, etag: string, nowMs: number, floorMs: number): number {
    const kept = this.seen.get(clientId);
    if (kept !== undefined && kept.etag === etag) return Math.max(kept.atMs, floorMs);
    const atMs = Math.max(Math.floor(nowMs / 1000) * 1000, floorMs);
    if (this.seen.size >= this.limit) this.seen.clear();
    this.seen.set(clientId, { etag, atMs });
    return atMs;
  }
}

/** The publication's state at `now`: snapshot clock, ETag, Last-Modified. */
export function bulkStateOf(
  publication: Publication,
  versions: BulkVersions,
  publicUrl: string,
  now: Date,
  firstSeen: FirstSeen,
): BulkState {
  const snapshotAt = snapshotOf(now);
  const inputs = JSON.stringify([
    FORMAT,
    publicUrl,
    publication.clientId,
    publication.clientSlug,
    publication.clientName,
    publication.phone,
    publication.scheduler,
    publication.version,
    publication.updatedAt,
    versions.configVersion,
    versions.busySum,
    snapshotAt.getTime(),
  ]);
  const etag = `"${createHash('sha256').update(inputs).digest('base64url').slice(0, 27)}"`;
  const lastModifiedMs = firstSeen.of(publication.clientId, etag, now.getTime(), snapshotAt.getTime());
  return { snapshotAt, etag, lastModifiedMs };
}

/** An instant with seconds and an offset (the spec's timestamps): `2026-11-25T15:00:00+00:00`. */
export function instantOf(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}+00:00`;
}

/** The header values every manifest and file answer carries (200 and 304 alike). */
export function cacheHeaders(state: BulkState): Record<string, string> {
  return {
    'cache-control': `public, max-age=${BULK_MAX_AGE_SECONDS}`,
    etag: state.etag,
    'last-modified': new Date(state.lastModifiedMs).toUTCString(),
  };
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * Whether a GET may be answered 304 (RFC 9110 §13.2.2): If-None-Match (weak comparison, `*`)
 * when present, else If-Modified-Since (a valid HTTP date at or after Last-Modified).
 */
export function notModified(request: FastifyRequest, state: BulkState): boolean {
  const ifNoneMatch = header(request, 'if-none-match');
  if (ifNoneMatch !== undefined) {
    const opaque = (tag: string): string => tag.trim().replace(/^W\//, '');
    return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(state.etag));
  }
  const ifModifiedSince = header(request, 'if-modified-since');
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && state.lastModifiedMs <= since;
}
