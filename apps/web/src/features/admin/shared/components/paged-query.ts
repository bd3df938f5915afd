import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PagedListParams } from '../api/paged-list';
import type { ListQuery, ListQueryControls } from './data-table';

/** A page of a server-side list, as every list call answers it. */
export interface PageOf<Item> {
  items: Item[];
  page: number;
  pageSize: number;
  total: number;
}

/** The list call's query for the table's state (the table's page is 0-based, the API's 1-based). */
export function pagedParamsOf(query: ListQuery): PagedListParams {
  return {
    page: query.page + 1,
    pageSize: query.pageSize,
    search: query.search,
    sort: query.direction === 'desc' ? `-${query.sort}` : query.sort,
  };
}

/**
 * Reads the page the table shows: paging, search and sort are done by the server. The previous page
 * stays on screen while the next one loads.
 */
export function usePagedQuery<Item>(
  queryKey: readonly unknown[],
  controls: ListQueryControls,
  fetchPage: (params: PagedListParams, signal: AbortSignal) => Promise<PageOf<Item>>,
) {
  const params = pagedParamsOf(controls.query);
  return useQuery({
    queryKey: [...queryKey, params],
    queryFn: ({ signal }) => fetchPage(params, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * After a conflict (409): reads the list again and answers the fresh copy of the row being edited,
 * or undefined when it is no longer on the page (deleted, or moved by the sort).
 */
export async function reloadRow<Item>(
  refetch: () => Promise<{ data?: PageOf<Item> | undefined }>,
  matches: (item: Item) => boolean,
): Promise<Item | undefined> {
  const result = await refetch();
  return result.data?.items.find(matches);
}

/** What `usePagedQuery` answers (the page on screen, its loading and error state). */
export type PagedQueryResult<Item> = ReturnType<typeof usePagedQuery<Item>>;
