/* Retiring and restoring a provider (issue 19): the versioned UPDATE of `providers.retired_at`. */
import type { Db } from '../../platform/db/database.ts';
import { inWriteTransaction } from '../../platform/db/transaction.ts';

export type RetirementOutcome = 'ok' | 'unchanged' | 'not-found' | 'stale';

/** Sets or clears `retired_at` when `version` is the stored one; bumps the version. */
export function setProviderRetired(
  db: Db,
  input: { clientId: number; providerId: number; version: number; retired: boolean; at: number },
): Promise<RetirementOutcome> {
  return inWriteTransaction(db, async (trx): Promise<RetirementOutcome> => {
    const row = await trx
      .selectFrom('providers')
      .select(['version', 'retired_at'])
      .where('client_id', '=', input.clientId)
      .where('id', '=', input.providerId)
      .executeTakeFirst();
    if (row === undefined) return 'not-found';
    if (row.version !== input.version) return 'stale';
    if ((row.retired_at !== null) === input.retired) return 'unchanged';
    const updated = await trx
      .updateTable('providers')
      .set({
        retired_at: input.retired ? input.at : null,
        version: input.version + 1,
        updated_at: input.at,
      })
      .where('client_id', '=', input.clientId)
      .where('id', '=', input.providerId)
      .where('version', '=', input.version)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1 ? 'ok' : 'stale';
  });
}

/** Whether the provider belongs to the brand (retired or not). */
export async function providerExists(db: Db, clientId: number, providerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('providers')
    .select('id')
    .where('client_id', '=', clientId)
    .where('id', '=', providerId)
    .executeTakeFirst();
  return row !== undefined;
}
