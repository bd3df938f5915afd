/*
 * The one write transaction of every repository.
 *
 *  - SQLite: `BEGIN IMMEDIATE` on one connection of the handle. The write lock is taken at the
 *    start, so a transaction that reads and then writes never has to upgrade a read lock (in WAL
 *    mode an upgrade after another process's commit fails at once with SQLITE_BUSY_SNAPSHOT; a
 *    lock taken at BEGIN waits the connection's busy_timeout instead). Within the process,
 *    Kysely's connection mutex serialises transactions anyway.
 *  - PostgreSQL: an ordinary transaction at the default isolation (read committed): concurrent
 *    writers are told apart by the constraints (UNIQUE keys, row versions) and row locks, as
 *    each repository documents. The connection is put on the current tenant (database.ts).
 *
 * Any error rolls the whole transaction back and is re-thrown unchanged.
 */
import { sql } from 'kysely';
import { dialectOf } from './database.ts';
import type { Db } from './database.ts';

/** Runs `work` in one write transaction; `trx` is the handle every statement of it must use. */
export async function inWriteTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (dialectOf(db) === 'postgres') return db.transaction().execute(work);
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => undefined);
      throw error;
    }
  });
}
