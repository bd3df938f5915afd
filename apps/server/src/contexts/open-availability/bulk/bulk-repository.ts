/*
 * The SQL of the bulk publication (issue 20): the counters its ETag is made of (bulk-state.ts). The
 * published locations its manifest lists are fhir/published-catalogue.ts's selectPublishedLocations.
 */
import type { Db } from '../../../platform/db/database.ts';
import type { BulkVersions } from './bulk-state.ts';

/** The client's configuration counter and the sum of its providers' busy versions. */
export async function selectBulkVersions(db: Db, clientId: number): Promise<BulkVersions> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('search_config_versions')
        .select('version')
        .where('client_id', '=', clientId)
        .as('config_version'),
      eb
        .selectFrom('provider_busy_versions as bv')
        .innerJoin('providers as p', 'p.id', 'bv.provider_id')
        .select((inner) => inner.fn.sum<number | string | null>('bv.version').as('busy_sum'))
        .where('p.client_id', '=', clientId)
        .as('busy_sum'),
    ])
    .executeTakeFirst();
  return {
    configVersion: Number(row?.config_version ?? 0),
    busySum: Number(row?.busy_sum ?? 0),
  };
}
