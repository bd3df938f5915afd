import { useMemo } from 'react';
import type { ListQuery } from './data-table';

export interface LocalListOptions<Row> {
  /** The text a search matches against (case-insensitive). */
  searchText: (row: Row) => string;
  /** Comparators by sort field. */
  sorters: Record<string, (a: Row, b: Row) => number>;
}

/**
 * Search, sort and paging done in the browser, for lists whose endpoint answers the whole (small)
 * list at once (services, locations, insurance plans, users).
 */
export function useLocalList<Row>(
  rows: readonly Row[] | undefined,
  query: ListQuery,
  options: LocalListOptions<Row>,
) {
  const { searchText, sorters } = options;
  return useMemo(() => {
    if (rows === undefined) return { pageRows: undefined, total: 0 };
    const needle = query.search.toLowerCase();
    const matching = needle
      ? rows.filter((row) => searchText(row).toLowerCase().includes(needle))
      : [...rows];
    const compare = sorters[query.sort];
    if (compare) matching.sort((a, b) => (query.direction === 'asc' ? compare(a, b) : compare(b, a)));
    const start = query.page * query.pageSize;
    return { pageRows: matching.slice(start, start + query.pageSize), total: matching.length };
  }, [rows, query.search, query.sort, query.direction, query.page, query.pageSize, searchText, sorters]);
}

export const byText =
  <Row>(get: (row: Row) => string) =>
  (a: Row, b: Row): number =>
    get(a).localeCompare(get(b), undefined, { sensitivity: 'base', numeric: true });

export const byNumber =
  <Row>(get: (row: Row) => number) =>
  (a: Row, b: Row): number =>
    get(a) - get(b);
