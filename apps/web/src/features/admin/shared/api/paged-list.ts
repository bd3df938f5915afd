/** The query of a server-side paged list (1-based page; sort 'key' or '-key'). */
export interface PagedListParams {
  page: number;
  pageSize: number;
  search: string;
  sort: string;
}

export const pagedQuery = (clientId: string, params: PagedListParams) => ({
  clientId,
  page: params.page,
  pageSize: params.pageSize,
  search: params.search || undefined,
  sort: params.sort,
});
