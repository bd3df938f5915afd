/*
 * The SQL of a location's closed days (issue 19, migration 018): `location_closures`, one row per
 * location and local date. Every statement filters by client_id (and PostgreSQL's row-level
 * security confines it to the brand's rows anyway). Every write raises the brand's search counter
 * through the table's triggers, so a kept slot search is never reused across a change.
 */
import type { ClosureSource } from '../../../platform/db/schema.ts';
import type { Db } from '../../../platform/db/database.ts';
import { inWriteTransaction } from '../../../platform/db/transaction.ts';

export interface ClosureRecord {
  id: number;
  locationId: number;
  dateLocal: string;
  name: string;
  source: ClosureSource;
}

export interface ClosureLocation {
  id: number;
  name: string;
  timeZone: string;
}

/**
 * Contract 6: the closed local dates of the locations in [fromDate, toDate] (both included,
 * `YYYY-MM-DD` in each location's zone), by location then date. `db` may be a transaction's handle.
 */
export async function listClosedDates(
  db: Db,
  clientId: number,
  locationIds: readonly number[],
  fromDate: string,
  toDate: string,
): Promise<{ locationId: number; dateLocal: string }[]> {
  if (locationIds.length === 0 || fromDate > toDate) return [];
  const rows = await db
    .selectFrom('location_closures')
    .select(['location_id', 'date_local'])
    .where('client_id', '=', clientId)
    .where('location_id', 'in', [...new Set(locationIds)])
    .where('date_local', '>=', fromDate)
    .where('date_local', '<=', toDate)
    .orderBy('location_id')
    .orderBy('date_local')
    .execute();
  return rows.map((row) => ({ locationId: row.location_id, dateLocal: row.date_local }));
}

const COLUMNS = ['id', 'location_id', 'date_local', 'name', 'source'] as const;

function toRecord(row: {
  id: number;
  location_id: number;
  date_local: string;
  name: string;
  source: ClosureSource;
}): ClosureRecord {
  return {
    id: row.id,
    locationId: row.location_id,
    dateLocal: row.date_local,
    name: row.name,
    source: row.source,
  };
}

export interface ClosureRepository {
  findLocation(clientId: number, locationId: number): Promise<ClosureLocation | undefined>;
  /** The location's closures in [fromDate, toDate], by date. */
  list(clientId: number, locationId: number, fromDate: string, toDate: string): Promise<ClosureRecord[]>;
  /** The location's closed dates from `fromDate` on (for the appointments to rebook). */
  datesFrom(clientId: number, locationId: number, fromDate: string): Promise<string[]>;
  /** The new closure, or undefined when the date is already closed (nothing written). */
  insert(
    clientId: number,
    closure: { locationId: number; dateLocal: string; name: string; source: ClosureSource },
    at: number,
  ): Promise<ClosureRecord | undefined>;
  /** Inserts the days not closed yet, in one transaction; answers the added ones and the existing ones. */
  insertMissing(
    clientId: number,
    locationId: number,
    days: readonly { dateLocal: string; name: string }[],
    source: ClosureSource,
    at: number,
  ): Promise<{ added: ClosureRecord[]; existing: ClosureRecord[] }>;
  /** The deleted closure, or undefined when that date was not closed. */
  remove(clientId: number, locationId: number, dateLocal: string): Promise<ClosureRecord | undefined>;
}

export function createClosureRepository(db: Db): ClosureRepository {
  const insertOne = async (
    handle: Db,
    clientId: number,
    closure: { locationId: number; dateLocal: string; name: string; source: ClosureSource },
    at: number,
  ): Promise<ClosureRecord | undefined> => {
    const row = await handle
      .insertInto('location_closures')
      .values({
        client_id: clientId,
        location_id: closure.locationId,
        date_local: closure.dateLocal,
        name: closure.name,
        source: closure.source,
        created_at: at,
      })
      .onConflict((oc) => oc.columns(['location_id', 'date_local']).doNothing())
      .returning(COLUMNS)
      .executeTakeFirst();
    return row === undefined ? undefined : toRecord(row);
  };

  return {
    async findLocation(clientId, locationId) {
      const row = await db
        .selectFrom('locations')
        .select(['id', 'name', 'time_zone'])
        .where('client_id', '=', clientId)
        .where('id', '=', locationId)
        .executeTakeFirst();
      return row && { id: row.id, name: row.name, timeZone: row.time_zone };
    },

    async list(clientId, locationId, fromDate, toDate) {
      const rows = await db
        .selectFrom('location_closures')
        .select(COLUMNS)
        .where('client_id', '=', clientId)
        .where('location_id', '=', locationId)
        .where('date_local', '>=', fromDate)
        .where('date_local', '<=', toDate)
        .orderBy('date_local')
        .execute();
      return rows.map(toRecord);
    },

    async datesFrom(clientId, locationId, fromDate) {
      const rows = await db
        .selectFrom('location_closures')
        .select('date_local')
        .where('client_id', '=', clientId)
        .where('location_id', '=', locationId)
        .where('date_local', '>=', fromDate)
        .orderBy('date_local')
        .execute();
      return rows.map((row) => row.date_local);
    },

    insert: (clientId, closure, at) => inWriteTransaction(db, (trx) => insertOne(trx, clientId, closure, at)),

    insertMissing(clientId, locationId, days, source, at) {
      return inWriteTransaction(db, async (trx) => {
        const added: ClosureRecord[] = [];
        for (const day of days) {
          const row = await insertOne(trx, clientId, { locationId, ...day, source }, at);
          if (row !== undefined) added.push(row);
        }
        const addedDates = new Set(added.map((closure) => closure.dateLocal));
        const wanted = days.map((day) => day.dateLocal).filter((date) => !addedDates.has(date));
        const existing =
          wanted.length === 0
            ? []
            : (
                await trx
                  .selectFrom('location_closures')
                  .select(COLUMNS)
                  .where('client_id', '=', clientId)
                  .where('location_id', '=', locationId)
                  .where('date_local', 'in', wanted)
                  .orderBy('date_local')
                  .execute()
              ).map(toRecord);
        return { added, existing };
      });
    },

    remove(clientId, locationId, dateLocal) {
      return inWriteTransaction(db, async (trx) => {
        const row = await trx
          .selectFrom('location_closures')
          .select(COLUMNS)
          .where('client_id', '=', clientId)
          .where('location_id', '=', locationId)
          .where('date_local', '=', dateLocal)
          .executeTakeFirst();
        if (row === undefined) return undefined;
        await trx
          .deleteFrom('location_closures')
          .where('client_id', '=', clientId)
          .where('id', '=', row.id)
          .execute();
        return toRecord(row);
      });
    },
  };
}
