/*
 * Issue 20: providers' calendar feeds (migration 021) and what a feed lists: the provider's
 * appointments at every location of the brand, with their location and service. Selects no
 * patient column (the feed must never carry one).
 */
import type { Db } from '../../../platform/db/database.ts';
import type { AppointmentStatus } from '../../../platform/db/schema.ts';
import { deriveFeedToken, feedTokenHash, newFeedNonce } from './feed-token.ts';

export interface FeedRecord {
  clientId: number;
  providerId: number;
  nonce: string;
  createdAt: number;
  rotatedAt: number | null;
}

export interface FeedProvider {
  prefix: string | null;
  firstName: string;
  lastName: string;
}

export interface FeedAppointmentRow {
  id: number;
  startAt: number;
  endAt: number;
  status: AppointmentStatus;
  version: number;
  updatedAt: number;
  timeZone: string;
  locationName: string;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string;
  postalCode: string;
  serviceName: string;
}

const feedColumns = [
  'client_id as clientId',
  'provider_id as providerId',
  'nonce',
  'created_at as createdAt',
  'rotated_at as rotatedAt',
] as const;

const toRecord = (row: {
  clientId: number;
  providerId: number;
  nonce: string;
  createdAt: number | string;
  rotatedAt: number | string | null;
}): FeedRecord => ({
  ...row,
  createdAt: Number(row.createdAt),
  rotatedAt: row.rotatedAt === null ? null : Number(row.rotatedAt),
});

/** The provider of the brand, or undefined (another brand's, or none). */
export function selectFeedProvider(
  db: Db,
  clientId: number,
  providerId: number,
): Promise<FeedProvider | undefined> {
  return db
    .selectFrom('providers')
    .select(['prefix', 'first_name as firstName', 'last_name as lastName'])
    .where('client_id', '=', clientId)
    .where('id', '=', providerId)
    .executeTakeFirst();
}

/** The zones of the provider's locations (described in the feed even on days without appointments). */
export async function selectProviderZones(db: Db, clientId: number, providerId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('provider_locations as pl')
    .innerJoin('locations as l', 'l.id', 'pl.location_id')
    .select('l.time_zone')
    .distinct()
    .where('pl.client_id', '=', clientId)
    .where('pl.provider_id', '=', providerId)
    .execute();
  return rows.map((row) => row.time_zone);
}

/** The provider's feed, or undefined while it has none. */
export async function selectFeed(
  db: Db,
  clientId: number,
  providerId: number,
): Promise<FeedRecord | undefined> {
  const row = await db
    .selectFrom('provider_calendar_feeds')
    .select(feedColumns)
    .where('client_id', '=', clientId)
    .where('provider_id', '=', providerId)
    .executeTakeFirst();
  return row === undefined ? undefined : toRecord(row);
}

/**
 * A new nonce for the provider's feed, in one statement: the first feed (rotated_at null), or a
 * replaced one (rotated_at = at) whose old token stops matching at once. Answers whether it was new.
 */
export async function renewFeed(
  db: Db,
  key: Buffer,
  { clientId, providerId, at }: { clientId: number; providerId: number; at: number },
): Promise<{ feed: FeedRecord; created: boolean }> {
  const nonce = newFeedNonce();
  const tokenHash = feedTokenHash(deriveFeedToken(key, providerId, nonce));
  const existed = (await selectFeed(db, clientId, providerId)) !== undefined;
  await db
    .insertInto('provider_calendar_feeds')
    .values({
      client_id: clientId,
      provider_id: providerId,
      nonce,
      token_hash: tokenHash,
      created_at: at,
      rotated_at: null,
    })
    .onConflict((oc) =>
      oc.column('provider_id').doUpdateSet({ nonce, token_hash: tokenHash, rotated_at: at }),
    )
    .execute();
  const feed = await selectFeed(db, clientId, providerId);
  if (feed === undefined) throw new Error('the calendar feed was not stored');
  return { feed, created: !existed };
}

/** The feed whose token hashes to `tokenHash` (any brand: run in system scope), or undefined. */
export async function selectFeedByTokenHash(db: Db, tokenHash: string): Promise<FeedRecord | undefined> {
  const row = await db
    .selectFrom('provider_calendar_feeds')
    .select(feedColumns)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row === undefined ? undefined : toRecord(row);
}

/** The provider's appointments starting in [fromMs, toMs), every status, by start. */
export async function selectFeedAppointments(
  db: Db,
  {
    clientId,
    providerId,
    fromMs,
    toMs,
  }: { clientId: number; providerId: number; fromMs: number; toMs: number },
): Promise<FeedAppointmentRow[]> {
  const rows = await db
    .selectFrom('appointments as a')
    .innerJoin('locations as l', 'l.id', 'a.location_id')
    .innerJoin('services as s', 's.id', 'a.service_id')
    .select([
      'a.id as id',
      'a.start_at as startAt',
      'a.end_at as endAt',
      'a.status as status',
      'a.version as version',
      'a.updated_at as updatedAt',
      'l.time_zone as timeZone',
      'l.name as locationName',
      'l.address_line1 as addressLine1',
      'l.address_line2 as addressLine2',
      'l.city as city',
      'l.state as state',
      'l.postal_code as postalCode',
      's.name as serviceName',
    ])
    .where('a.client_id', '=', clientId)
    .where('a.provider_id', '=', providerId)
    .where('a.start_at', '>=', fromMs)
    .where('a.start_at', '<', toMs)
    .orderBy('a.start_at')
    .orderBy('a.id')
    .execute();
  return rows.map((row) => ({
    ...row,
    startAt: Number(row.startAt),
    endAt: Number(row.endAt),
    updatedAt: Number(row.updatedAt),
  }));
}
