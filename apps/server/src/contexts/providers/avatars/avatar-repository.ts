import type { Db } from '../../../platform/db/database.ts';

export interface AvatarSubject {
  providerId: number;
  firstName: string;
  lastName: string;
}

export interface AvatarRepository {
  /**
   * The provider, when it belongs to the brand of `clientSlug` and is published (bookable online);
   * else undefined (issue 15, finding 11: no name of another brand's or an unpublished provider).
   */
  findPublishedProvider(clientSlug: string, providerId: number): Promise<AvatarSubject | undefined>;
}

export function createAvatarRepository(db: Db): AvatarRepository {
  return {
    async findPublishedProvider(clientSlug, providerId) {
      const row = await db
        .selectFrom('providers as p')
        .innerJoin('clients as c', 'c.id', 'p.client_id')
        .select(['p.id', 'p.first_name', 'p.last_name'])
        .where('c.slug', '=', clientSlug)
        .where('p.id', '=', providerId)
        .where('p.online_bookable', '=', 1)
        .executeTakeFirst();
      return row && { providerId: row.id, firstName: row.first_name, lastName: row.last_name };
    },
  };
}
