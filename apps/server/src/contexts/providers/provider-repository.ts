/*
 * The brand's providers as the configuration screens list, create and delete them; one
 * provider's detail and its edit live in provider-detail-repository.ts and
 * provider-update-repository.ts. Every statement filters by client_id.
 */
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { pagedRows } from '../../platform/db/paging.ts';
import type { ListSpec } from '../../platform/db/paging.ts';
import { inWriteTransaction } from '../../platform/db/transaction.ts';
import { selectProviderDetail } from './provider-detail-repository.ts';
import { PROVIDER_COLUMNS, toProviderRecord } from './provider-record.ts';
import type { ProviderDetailRecord, ProviderFields, ProviderListRecord } from './provider-record.ts';
import { toColumns, updateProvider } from './provider-update-repository.ts';
import type {
  HoursReplacedHook,
  ProviderUpdate,
  ProviderUpdateOutcome,
} from './provider-update-repository.ts';

export type { ProviderDetailRecord, ProviderFields, ProviderListRecord } from './provider-record.ts';
export type {
  HoursReplacedHook,
  ProviderUpdateOutcome,
  TimeOffRow,
  WorkingHoursRow,
} from './provider-update-repository.ts';

export type ProviderSortKey = 'name' | 'sortOrder' | 'updatedAt';

export interface ProviderListQuery {
  page: number;
  pageSize: number;
  search?: string | undefined;
  /** A sort key, '-key' for descending. */
  sort: ProviderSortKey | `-${ProviderSortKey}`;
  /** Active providers only (the default), retired ones only, or all (issue 19). */
  status?: 'active' | 'retired' | 'all' | undefined;
}

const byName = [{ text: 'providers.last_name' }, { text: 'providers.first_name' }] as const;

/** Search: the full name, with or without prefix and middle name; sort by name, order or last change. */
const PROVIDER_LIST: ListSpec<ProviderSortKey> = {
  searchColumns: [
    {
      expression: sql`coalesce(providers.prefix, '') || ' ' || providers.first_name || ' ' || coalesce(providers.middle_name, '') || ' ' || providers.last_name || ' ' || providers.first_name`,
    },
  ],
  sortColumns: {
    name: byName,
    sortOrder: ['providers.sort_order', ...byName],
    updatedAt: ['providers.updated_at', ...byName],
  },
  idColumn: 'providers.id',
};

export interface ProviderRepository {
  list(clientId: number, query: ProviderListQuery): Promise<{ items: ProviderListRecord[]; total: number }>;
  detail(clientId: number, providerId: number): Promise<ProviderDetailRecord | undefined>;
  update(input: ProviderUpdate): Promise<ProviderUpdateOutcome>;
  create(
    clientId: number,
    fields: ProviderFields & { firstName: string; lastName: string },
    at: number,
  ): Promise<number>;
  /** 'in-use' when appointments refer to the provider (turn off online booking instead). */
  delete(clientId: number, providerId: number): Promise<'ok' | 'not-found' | 'in-use'>;
}

async function locationIdsByProvider(db: Db, clientId: number, providerIds: readonly number[]) {
  const map = new Map<number, number[]>();
  if (providerIds.length === 0) return map;
  const rows = await db
    .selectFrom('provider_locations')
    .innerJoin('locations', 'locations.id', 'provider_locations.location_id')
    .select(['provider_locations.provider_id', 'provider_locations.location_id'])
    .where('provider_locations.client_id', '=', clientId)
    .where('provider_locations.provider_id', 'in', [...providerIds])
    .orderBy('locations.sort_order')
    .orderBy('locations.id')
    .execute();
  for (const row of rows) {
    const list = map.get(row.provider_id) ?? [];
    list.push(row.location_id);
    map.set(row.provider_id, list);
  }
  return map;
}

export function createProviderRepository(
  db: Db,
  hooks: { hoursReplaced?: HoursReplacedHook | undefined } = {},
): ProviderRepository {
  return {
    async list(clientId, request) {
      let scope = db.selectFrom('providers').where('providers.client_id', '=', clientId);
      const status = request.status ?? 'active';
      if (status === 'active') scope = scope.where('providers.retired_at', 'is', null);
      if (status === 'retired') scope = scope.where('providers.retired_at', 'is not', null);
      const { rows, total } = await pagedRows(scope, PROVIDER_LIST, request, (query) =>
        query.select(PROVIDER_COLUMNS),
      );
      const locations = await locationIdsByProvider(
        db,
        clientId,
        rows.map((row) => row.id),
      );
      return {
        total,
        items: rows.map((row) => ({ ...toProviderRecord(row), locationIds: locations.get(row.id) ?? [] })),
      };
    },

    detail: (clientId, providerId) => selectProviderDetail(db, clientId, providerId),

    update: (input) => updateProvider(db, input, hooks.hoursReplaced),

    async create(clientId, fields, at) {
      const columns = toColumns(fields);
      const row = await db
        .insertInto('providers')
        .values({
          client_id: clientId,
          prefix: columns.prefix ?? null,
          first_name: fields.firstName,
          middle_name: columns.middle_name ?? null,
          last_name: fields.lastName,
          credentials: columns.credentials ?? null,
          specialty: columns.specialty ?? null,
          gender: columns.gender ?? null,
          bio: columns.bio ?? null,
          photo_url: columns.photo_url ?? null,
          online_bookable: columns.online_bookable ?? 1,
          accepting_new_patients: columns.accepting_new_patients ?? 1,
          sort_order: columns.sort_order ?? 0,
          version: 1,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async delete(clientId, providerId) {
      return inWriteTransaction(db, async (trx) => {
        const exists = await trx
          .selectFrom('providers')
          .select('id')
          .where('client_id', '=', clientId)
          .where('id', '=', providerId)
          .executeTakeFirst();
        if (exists === undefined) return 'not-found' as const;
        const used = await trx
          .selectFrom('appointments')
          .select('id')
          .where('client_id', '=', clientId)
          .where('provider_id', '=', providerId)
          .limit(1)
          .executeTakeFirst();
        if (used !== undefined) return 'in-use' as const;
        await trx
          .deleteFrom('providers')
          .where('client_id', '=', clientId)
          .where('id', '=', providerId)
          .execute();
        return 'ok' as const;
      });
    },
  };
}
