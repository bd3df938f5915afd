/*
 * The pieces every catalogue record's repository shares: existence within the brand, a delete
 * refused while something still refers to the record, and a case-insensitive unique name.
 * Every statement filters by client_id.
 */
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { inWriteTransaction } from '../../platform/db/transaction.ts';

export type DeleteOutcome = 'ok' | 'not-found' | 'in-use';

/** An edit of a versioned record: the version the editor read and the changed fields. */
export interface VersionedEdit<Fields> {
  id: number;
  version: number;
  fields: Fields;
  at: number;
}

export type CatalogueTable =
  'services' | 'locations' | 'insurance_carriers' | 'insurance_plans' | 'insurance_types';

export const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);

export async function recordExists(
  executor: Db,
  table: CatalogueTable,
  clientId: number,
  id: number,
): Promise<boolean> {
  const row = await executor
    .selectFrom(table)
    .select('id')
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes a record of the brand unless `inUse` finds a reference to it, in one transaction. */
export function guardedDelete(
  db: Db,
  table: CatalogueTable,
  clientId: number,
  id: number,
  inUse: (trx: Db) => Promise<boolean>,
): Promise<DeleteOutcome> {
  return inWriteTransaction(db, async (trx) => {
    if (!(await recordExists(trx, table, clientId, id))) return 'not-found';
    if (await inUse(trx)) return 'in-use';
    await trx.deleteFrom(table).where('client_id', '=', clientId).where('id', '=', id).execute();
    return 'ok';
  });
}

/** Whether another record of the brand (not `exceptId`) has `name`, ignoring case. */
export async function nameTaken(
  db: Db,
  table: 'insurance_carriers' | 'insurance_types',
  clientId: number,
  name: string,
  exceptId: number | undefined,
): Promise<boolean> {
  let query = db
    .selectFrom(table)
    .select('id')
    .where('client_id', '=', clientId)
    .where(sql<boolean>`lower(name) = ${name.toLowerCase()}`);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}
