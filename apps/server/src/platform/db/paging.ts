import { sql } from 'kysely';
import type { Expression, RawBuilder, SelectQueryBuilder, SqlBool } from 'kysely';
import type { DB as Database } from './schema.ts';

/*
 * The one paging helper every list uses, so that no entity writes its own: `pagedRows` reads one
 * page of a brand's records, filtered by a case-insensitive "contains" search over some columns,
 * ordered by a sort key (ties broken by id), and the total count; `pageOf` is the route's answer.
 */

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
    .$call(onePage(request))
    .execute();
  return {
    rows,
    total: Number((counted as { total?: number | string } | undefined)?.total ?? 0),
  };
}

/**
 * One page of a query (`query.$call(onePage(request))`): `pageSize` rows after the first
 * `(page - 1) * pageSize`, pages counted from 1. Every paged list pages through this.
 */
export function onePage(request: { page: number; pageSize: number }) {
  return <DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> =>
    query.limit(request.pageSize).offset((request.page - 1) * request.pageSize);
}

/** The answer of a paged list route. */
export interface Page<Item> {
  items: Item[];
  page: number;
  pageSize: number;
  total: number;
}

export function pageOf<Item>(
  request: { page: number; pageSize: number },
  items: Item[],
  total: number,
): Page<Item> {
  return { items, page: request.page, pageSize: request.pageSize, total };
}
