/*
 * A brand's publication (issue 20, migration 022): whether its open times are published and which
 * scheduler's view. A brand without a settings row publishes its first scheduler (by id) with the
 * defaults (published, no service names in feeds, version 1 like a new row). A brand without any scheduler has
 * nothing to publish (undefined, like an unknown brand).
 */
import type { Db } from '../../../platform/db/database.ts';
import type { Flag } from '../../../platform/db/schema.ts';

export interface PublishedScheduler {
  id: number;
  slug: string;
  name: string;
}

export interface Publication {
  clientId: number;
  clientSlug: string;
  clientName: string;
  /** The brand's phone (the booking phone when a location has none). */
  phone: string;
  published: boolean;
  /** The scheduler whose view is published (the chosen one, else the brand's first by id). */
  scheduler: PublishedScheduler;
  /** The chosen scheduler id as stored (null: the first one): what the admin shows. */
  chosenSchedulerId: number | null;
  /** Calendar feeds show the service name in event titles. */
  feedServiceNames: boolean;
  /** Optimistic concurrency of the settings; 1 while the brand has no row (a new row's). */
  version: number;
  /** When the settings last changed (UTC epoch ms); null while the brand has no row. */
  updatedAt: number | null;
}

export type PublicationKey = { clientSlug: string } | { clientId: number };

/** The brand's publication, or undefined for an unknown brand or one without a scheduler. */
export async function readPublication(db: Db, key: PublicationKey): Promise<Publication | undefined> {
  let clients = db
    .selectFrom('clients as c')
    .leftJoin('open_availability_settings as o', 'o.client_id', 'c.id')
    .select([
      'c.id as clientId',
      'c.slug as clientSlug',
      'c.name as clientName',
      'c.phone as phone',
      'o.published as published',
      'o.scheduler_id as schedulerId',
      'o.feed_service_names as feedServiceNames',
      'o.version as version',
      'o.updated_at as updatedAt',
    ]);
  clients =
    'clientSlug' in key
      ? clients.where('c.slug', '=', key.clientSlug)
      : clients.where('c.id', '=', key.clientId);
  const client = await clients.executeTakeFirst();
  if (client === undefined) return undefined;
  const schedulers = await db
    .selectFrom('schedulers')
    .select(['id', 'slug', 'name'])
    .where('client_id', '=', client.clientId)
    .orderBy('id')
    .execute();
  const chosen = schedulers.find((s) => s.id === client.schedulerId) ?? schedulers[0];
  if (chosen === undefined) return undefined;
  return {
    clientId: client.clientId,
    clientSlug: client.clientSlug,
    clientName: client.clientName,
    phone: client.phone,
    published: client.published === null ? true : client.published === 1,
    scheduler: { id: chosen.id, slug: chosen.slug, name: chosen.name },
    chosenSchedulerId: client.schedulerId ?? null,
    feedServiceNames: client.feedServiceNames === 1,
    version: client.version ?? 1,
    updatedAt: client.updatedAt ?? null,
  };
}

/** The brand's schedulers, by id (the admin's choice list). */
export function listSchedulers(db: Db, clientId: number): Promise<PublishedScheduler[]> {
  return db
    .selectFrom('schedulers')
    .select(['id', 'slug', 'name'])
    .where('client_id', '=', clientId)
    .orderBy('id')
    .execute();
}

export interface PublicationChanges {
  published?: boolean;
  /** null: the brand's first scheduler. */
  schedulerId?: number | null;
  feedServiceNames?: boolean;
}

/**
 * Writes the settings when `version` is still the stored one (1 for a brand without a row, which
 * is then inserted with version 2): 'stale' writes nothing. The client's row exists (the caller
 * checked the brand); a scheduler id is checked against the brand by the caller.
 */
export async function writePublication(
  db: Db,
  clientId: number,
  version: number,
  changes: PublicationChanges,
  at: number,
): Promise<'ok' | 'stale'> {
  const flag = (value: boolean): Flag => (value ? 1 : 0);
  const columns = {
    ...(changes.published === undefined ? {} : { published: flag(changes.published) }),
    ...(changes.schedulerId === undefined ? {} : { scheduler_id: changes.schedulerId }),
    ...(changes.feedServiceNames === undefined ? {} : { feed_service_names: flag(changes.feedServiceNames) }),
  } as const;
  const updated = await db
    .updateTable('open_availability_settings')
    .set((eb) => ({ ...columns, version: eb('version', '+', 1), updated_at: at }))
    .where('client_id', '=', clientId)
    .where('version', '=', version)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return 'ok';
  if (version !== 1) return 'stale';
  // No row yet (the defaults, version 1): insert it; a row another editor inserted meanwhile wins.
  const inserted = await db
    .insertInto('open_availability_settings')
    .values({ client_id: clientId, ...columns, version: 2, updated_at: at })
    .onConflict((oc) => oc.column('client_id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 ? 'ok' : 'stale';
}
