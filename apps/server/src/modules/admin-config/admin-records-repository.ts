import { DomainError } from '@scheduler/domain/errors';
import { sql } from 'kysely';
import type { Expression, RawBuilder, SelectQueryBuilder, SqlBool } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type { DB as Database } from '../../platform/db/schema.ts';

/*
 * The two generic pieces every configuration list and edit uses, so that no entity writes its own:
 *
 *  - `pagedRows`: one page of a brand's records, filtered by a case-insensitive "contains" search
 *    over some columns, ordered by a sort key (ties broken by id), and the total count;
 *  - `versionedUpdate`: an UPDATE that matches the version the editor read and bumps it; a stale
 *    version changes no row and is told apart from a missing record.
 */

export const STALE_RECORD_MESSAGE =
  'This record was changed by someone else. Reload to see the latest version.';

// ---------------------------------------------------------------- paged lists

/** A list request as the routes validate it (`sort` is 'key' or '-key'). */
export interface ListRequest<Key extends string> {
  page: number;
  pageSize: number;
  search?: string | undefined;
  sort: Key | `-${Key}`;
}

export interface PagedRows<Row> {
  rows: Row[];
  total: number;
}

/** How to page one kind of record: the columns a search looks in and the order of each sort key. */
export interface ListSpec<Key extends string> {
  /** Qualified columns (`table.column`) or text expressions; null counts as ''. */
  searchColumns: readonly SearchColumn[];
  /**
   * The order of each key: columns or expressions, first to last. Text columns marked `text` sort
   * case-insensitively. The id column always breaks ties.
   */
  sortColumns: Readonly<Record<Key, readonly SortColumn[]>>;
  idColumn: string;
}

export type SortColumn = string | { text: string } | { expression: RawBuilder<unknown> };
export type SearchColumn = string | { expression: RawBuilder<unknown> };

/** Splits '-name' into { key: 'name', descending: true }. */
export function parseSort<Key extends string>(sort: Key | `-${Key}`): { key: Key; descending: boolean } {
  return sort.startsWith('-')
    ? { key: sort.slice(1) as Key, descending: true }
    : { key: sort as Key, descending: false };
}

/** A LIKE pattern matching `text` anywhere, case-insensitively, with its wildcards escaped ('\'). */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function searchCondition(columns: readonly SearchColumn[], search: string): Expression<SqlBool> {
  const pattern = containsPattern(search);
  const matches = columns.map((column) => {
    const text = typeof column === 'string' ? sql`${sql.ref(column)}` : column.expression;
    return sql<SqlBool>`lower(coalesce(${text}, '')) like ${pattern} escape ${'\\'}`;
  });
  return sql<SqlBool>`(${sql.join(matches, sql` or `)})`;
}

function orderExpression(column: SortColumn): RawBuilder<unknown> {
  if (typeof column === 'string') return sql`${sql.ref(column)}`;
  if ('text' in column) return sql`lower(${sql.ref(column.text)})`;
  return column.expression;
}

/**
 * One page of `base` (already filtered by brand and joined as needed) and the number of rows
 * matching the search. `select` adds the columns of the page's rows.
 */
export async function pagedRows<TB extends keyof Database, O, Key extends string, Row>(
  base: SelectQueryBuilder<Database, TB, O>,
  spec: ListSpec<Key>,
  request: ListRequest<Key>,
  select: (query: SelectQueryBuilder<Database, TB, O>) => SelectQueryBuilder<Database, TB, Row>,
): Promise<PagedRows<Row>> {
  const search = request.search?.trim() ?? '';
  const filtered = search === '' ? base : base.where(searchCondition(spec.searchColumns, search));
  const counted = await filtered.select(sql<number | string>`count(*)`.as('total')).executeTakeFirst();
  const { key, descending } = parseSort(request.sort);
  const direction = descending ? sql`desc` : sql`asc`;
  const order = [...spec.sortColumns[key], spec.idColumn].map(
    (column) => sql`${orderExpression(column)} ${direction}`,
  );
  const rows = await select(filtered)
    .orderBy(sql`${sql.join(order)}`)
    .limit(request.pageSize)
    .offset((request.page - 1) * request.pageSize)
    .execute();
  return {
    rows,
    total: Number((counted as { total?: number | string } | undefined)?.total ?? 0),
  };
}

/** The answer of a paged list route. */
export function pageOf<Item>(
  request: { page: number; pageSize: number },
  items: Item[],
  total: number,
): { items: Item[]; page: number; pageSize: number; total: number } {
  return { items, page: request.page, pageSize: request.pageSize, total };
}

// ---------------------------------------------------------------- versioned updates

/** Tables whose rows carry a `version` bumped by every edit. */
export type VersionedTable =
  'services' | 'locations' | 'insurance_carriers' | 'insurance_types' | 'insurance_plans';

export type VersionedOutcome = 'ok' | 'not-found' | 'stale';

/**
 * `UPDATE table SET …columns, version = version + 1 WHERE client_id = ? AND id = ? AND version = ?`
 * (`versionColumn` names another counter, e.g. schedulers.settings_version). Writes nothing when
 * the version is stale. Run it in the caller's transaction when more writes depend on it.
 */
export async function versionedUpdate(
  executor: Db,
  target: {
    table: VersionedTable | 'schedulers';
    clientId: number;
    id: number;
    version: number;
    versionColumn?: string;
  },
  columns: Readonly<Record<string, unknown>>,
): Promise<VersionedOutcome> {
  const versionColumn = target.versionColumn ?? 'version';
  const assignments = [
    ...Object.entries(columns)
      .filter(([, value]) => value !== undefined)
      .map(([column, value]) => sql`${sql.ref(column)} = ${value}`),
    sql`${sql.ref(versionColumn)} = ${sql.ref(versionColumn)} + 1`,
  ];
  const result = await sql`update ${sql.table(target.table)} set ${sql.join(assignments)}
    where client_id = ${target.clientId} and id = ${target.id} and ${sql.ref(versionColumn)} = ${target.version}`.execute(
    executor,
  );
  if (Number(result.numAffectedRows ?? 0) > 0) return 'ok';
  const exists = await sql<{ id: number }>`select id from ${sql.table(target.table)}
    where client_id = ${target.clientId} and id = ${target.id}`.execute(executor);
  return exists.rows.length > 0 ? 'stale' : 'not-found';
}

/** Turns a refused versioned update into the API's 404 / 409. */
export function assertUpdated(outcome: VersionedOutcome): void {
  if (outcome === 'not-found') throw new DomainError('NOT_FOUND');
  if (outcome === 'stale') throw new DomainError('CONFLICT', STALE_RECORD_MESSAGE);
}
