import type { Db } from '../../../platform/db/database.ts';

export interface AvatarSubject {
  providerId: number;
  firstName: string;
  lastName: string;
}

export interface AvatarRepository {
  findProvider(providerId: number): Promise<AvatarSubject | undefined>;
}

export function createAvatarRepository(db: Db): AvatarRepository {
  return {
    async findProvider(providerId) {
      const row = await db
        .selectFrom('providers')
        .select(['id', 'first_name', 'last_name'])
        .where('id', '=', providerId)
        .executeTakeFirst();
      return row && { providerId: row.id, firstName: row.first_name, lastName: row.last_name };
    },
  };
}
