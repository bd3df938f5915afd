/*
 * The widget's frame-ancestors allow-list of a brand (clients.frame_ancestors, a JSON array)
 * and its own version counter.
 */
import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database.ts';

export interface AllowListRecord {
  slug: string;
  frameAncestors: string[];
  version: number;
}

export interface AllowListRepository {
  /** The allow-list and the brand's slug; undefined for an unknown brand. */
  find(clientId: number): Promise<AllowListRecord | undefined>;
  /** Replaces the allow-list when `version` is still the stored one ('stale': nothing written). */
  replace(
    clientId: number,
    frameAncestors: readonly string[],
    version: number,
    at: number,
  ): Promise<'ok' | 'stale' | 'not-found'>;
}

function parseFrameAncestors(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export function createAllowListRepository(db: Db): AllowListRepository {
  return {
    async find(clientId) {
      const row = await db
        .selectFrom('clients')
        .select(['slug', 'frame_ancestors', 'frame_ancestors_version'])
        .where('id', '=', clientId)
        .executeTakeFirst();
      return (
        row && {
          slug: row.slug,
          frameAncestors: parseFrameAncestors(row.frame_ancestors),
          version: row.frame_ancestors_version,
        }
      );
    },
    async replace(clientId, frameAncestors, version, at) {
      const result = await db
        .updateTable('clients')
        .set({
          frame_ancestors: JSON.stringify(frameAncestors),
          frame_ancestors_version: sql<number>`frame_ancestors_version + 1`,
          updated_at: at,
        })
        .where('id', '=', clientId)
        .where('frame_ancestors_version', '=', version)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) return 'ok';
      const exists = await db
        .selectFrom('clients')
        .select('id')
        .where('id', '=', clientId)
        .executeTakeFirst();
      return exists === undefined ? 'not-found' : 'stale';
    },
  };
}
