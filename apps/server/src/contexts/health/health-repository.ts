import { sql } from 'kysely';
import { dialectOf } from '../../platform/db/database.ts';
import type { Db, DbDialect } from '../../platform/db/database.ts';

export interface HealthRepository {
  readonly dialect: DbDialect;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
}

export function createHealthRepository(db: Db): HealthRepository {
  return {
    dialect: dialectOf(db),
    async ping() {
      await sql`select 1`.execute(db);
    },
  };
}
