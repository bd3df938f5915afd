import type { Db } from '../../platform/db/database.ts';
import { toLocationRecord } from '../catalogue/index.ts';
import type { LocationRecord } from '../catalogue/index.ts';

export interface WidgetSetupRecord {
  clientId: number;
  clientSlug: string;
  clientName: string;
  /** As stored: a JSON array of sources. */
  frameAncestorsJson: string;
  frameAncestorsVersion: number;
  schedulerId: number;
  schedulerSlug: string;
  schedulerName: string;
  /** The stored appointment-20 value, or null when none is stored. */
  storedColor: string | null;
  locations: LocationRecord[];
}

export interface WidgetRepository {
  /** The stored allow-list of the client with this slug; undefined when there is no such client. */
  findFrameAncestorsBySlug(clientSlug: string): Promise<string | undefined>;
  /** The scheduler of the client with what the widget screen shows; undefined when it is not the client's. */
  findSetup(clientId: number, schedulerId: number): Promise<WidgetSetupRecord | undefined>;
}

const COLOR_GROUP = 'appointment';
const COLOR_ORDER = 20;

export function createWidgetRepository(db: Db): WidgetRepository {
  return {
    async findFrameAncestorsBySlug(clientSlug) {
      const row = await db
        .selectFrom('clients')
        .select('frame_ancestors')
        .where('slug', '=', clientSlug)
        .executeTakeFirst();
      return row?.frame_ancestors;
    },

    async findSetup(clientId, schedulerId) {
      const head = await db
        .selectFrom('schedulers as s')
        .innerJoin('clients as c', 'c.id', 's.client_id')
        .leftJoin('scheduler_settings as ss', (join) =>
          join
            .onRef('ss.scheduler_id', '=', 's.id')
            .on('ss.setting_group', '=', COLOR_GROUP)
            .on('ss.setting_order', '=', COLOR_ORDER),
        )
        .select([
          'c.id as client_id',
          'c.slug as client_slug',
          'c.name as client_name',
          'c.frame_ancestors',
          'c.frame_ancestors_version',
          's.id as scheduler_id',
          's.slug as scheduler_slug',
          's.name as scheduler_name',
          'ss.value as color',
        ])
        .where('s.id', '=', schedulerId)
        .where('s.client_id', '=', clientId)
        .executeTakeFirst();
      if (head === undefined) return undefined;
      const locations = await db
        .selectFrom('locations')
        .selectAll()
        .where('client_id', '=', clientId)
        .orderBy('sort_order')
        .orderBy('name')
        .execute();
      return {
        clientId: head.client_id,
        clientSlug: head.client_slug,
        clientName: head.client_name,
        frameAncestorsJson: head.frame_ancestors,
        frameAncestorsVersion: head.frame_ancestors_version,
        schedulerId: head.scheduler_id,
        schedulerSlug: head.scheduler_slug,
        schedulerName: head.scheduler_name,
        storedColor: head.color,
        locations: locations.map((row) => toLocationRecord(row)),
      };
    },
  };
}
